/// The todo.txt part of a task: optional priority and dates, then a description holding `+projects`,
/// `@contexts` and `key:value` tags anywhere.
///
/// The body keeps its text exactly as written (a slice of its document's text); the fields read from its
/// start point back into it, and its tokens are read from the text when asked for, so an edit can rewrite
/// one field and leave the rest of the line byte for byte.
package struct TaskBody: Hashable, Sendable {
    /// The body's bytes in the text of its line or file (another text holding the same bytes, once rebased).
    var source: TextSlice
    package internal(set) var priority: Priority?
    package internal(set) var completionDate: CalendarDate?
    package internal(set) var creationDate: CalendarDate?
    /// A todo.txt `x ` completion mark at the start.
    package internal(set) var hasDoneMark = false
    private var descriptionStart32: Int32 = 0
    /// Where the description ends, trailing spaces and tabs left out.
    private var descriptionEnd32: Int32 = 0
    /// -1 for none.
    private var priorityOffset32: Int32 = -1
    /// Where fields of the Tasks or Dataview dialect start at the end of the description (`descriptionEnd`
    /// when there are none).
    private var fieldsStart32: Int32 = 0
    private var dialect8: UInt8 = 0
    /// The dialects the body's fields are read in (`FieldReading`).
    private var reading8: UInt8 = FieldReading.every.rawValue
    /// Whether the fields of the Tasks or Dataview dialect stand in canonical form (FORMAT.md 5.1, rule 10).
    var fieldsAreCanonical = true
    /// Whether the description's words must be read span by span (`TrailingFields.cutsWords`): a field is glued to
    /// what stands before it, or other whitespace than spaces and tabs stands among the fields.
    var wordsAreCut = false
    /// Whether a block link (`^abc123`) ends the body.
    var hasBlockLink = false
    /// A bit for each field (by `TaskField.rawValue`) among the trailing fields, read once while parsing, so that
    /// asking whether a task has an id or a dependency reads no fields.
    private var trailingFieldBits: UInt16 = 0
    /// The dates and priority the trailing fields say, read once while parsing (`FieldDay`), so that filters,
    /// sorting and listings need not read the fields again.
    var fieldDays = FieldDays()

    /// The body holding a copy of its text alone (its fields' offsets are the body's own, so they hold).
    func detached() -> TaskBody {
        var body = self
        body.source = TextSlice(source.string)
        return body
    }

    /// A body of `source` with no fields read yet; `TaskBodyParser` reads them.
    init(unparsed source: TextSlice) {
        self.source = source
    }

    /// A body that is all description: no prefix fields read from it, its trailing fields read as a Markdown
    /// task's in the dialects `reading` names.
    init(descriptionOnly source: TextSlice, reading: FieldReading) {
        self.source = source
        fieldReading = reading
        descriptionEnd = source.withBytes { $0.trimmedEnd(from: 0) }
        fieldsStart = descriptionEnd
        source.withBytes { b in
            if !reading.isDisjoint(with: [.tasks, .dataview]), TrailingFields.mayHoldFields(b, from: 0) {
                let trailing = TrailingFields(b.array(0..<b.count), from: 0, to: descriptionEnd, reading: reading)
                fieldsStart = trailing.start
                let spans = trailing.spans.filter { $0.field != nil }
                dialect = spans.contains { $0.dialect == .tasks } ? .tasks : spans.isEmpty ? .todotxt : .dataview
                let bytes = b.array(0..<b.count)
                fieldsAreCanonical = dialect == .todotxt || trailing.isCanonical(bytes, floor: 0)
                wordsAreCut = trailing.cutsWords(bytes, floor: 0)
                hasBlockLink = trailing.blockLink != nil
                recordFields(of: trailing)
            }
        }
    }

    /// The body as written: for Markdown, the text after the checkbox; for todo.txt, the whole line.
    package var text: Substring { source.substring }

    /// UTF-8 offset in `text` where the description starts (after the mark, priority and dates).
    package internal(set) var descriptionStart: Int {
        get { Int(descriptionStart32) }
        set { descriptionStart32 = Int32(newValue) }
    }
    /// UTF-8 offset in `text` where the description ends, trailing spaces and tabs left out.
    var descriptionEnd: Int {
        get { Int(descriptionEnd32) }
        set { descriptionEnd32 = Int32(newValue) }
    }
    /// UTF-8 offset of the `(X)` priority, if any.
    package internal(set) var priorityOffset: Int? {
        get { priorityOffset32 < 0 ? nil : Int(priorityOffset32) }
        set { priorityOffset32 = newValue.map { Int32($0) } ?? -1 }
    }

    /// UTF-8 offset in `text` where the trailing fields of the Tasks or Dataview dialect start (their block link
    /// and `#tags` among them); `descriptionEnd` when the body has none.
    package internal(set) var fieldsStart: Int {
        get { Int(fieldsStart32) }
        set { fieldsStart32 = Int32(newValue) }
    }

    /// The dialect the body writes its fields in: Tasks when it has a field of the plugin's emoji, else
    /// Dataview when it has an inline field, else todo.txt.
    package internal(set) var dialect: Dialect {
        get { dialect8 == 1 ? .tasks : dialect8 == 2 ? .dataview : .todotxt }
        set { dialect8 = newValue == .tasks ? 1 : newValue == .dataview ? 2 : 0 }
    }

    /// Whether fields of the Tasks or Dataview dialect (or a block link, or `#tags` among them) end the body.
    var hasTrailingFields: Bool { fieldsStart32 < descriptionEnd32 }

    /// Notes which fields `trailing` (the body's trailing fields) holds.
    mutating func recordFields(of trailing: TrailingFields) {
        var bits: UInt16 = 0
        for span in trailing.spans { if let field = span.field { bits |= 1 << UInt16(field.rawValue) } }
        trailingFieldBits = bits
    }

    /// Whether the trailing fields hold `field` (written once or more).
    func hasTrailingField(_ field: TaskField) -> Bool { trailingFieldBits & (1 << UInt16(field.rawValue)) != 0 }

    /// The dialects the body's fields are read in: todo.txt's alone in a todo.txt file; in Markdown every
    /// dialect, or a vault's task format alone.
    var fieldReading: FieldReading {
        get { FieldReading(rawValue: reading8) }
        set { reading8 = newValue.rawValue }
    }

    /// The fields at the end of the description (`bytes` is the body's text), read in the body's dialects.
    func trailingFields(_ bytes: [UInt8]) -> TrailingFields {
        TrailingFields(bytes, from: descriptionStart, to: descriptionEnd, reading: fieldReading)
    }

    /// Every word of the description, classified, in order.
    package var tokens: [Token] {
        var tokens: [Token] = []
        forEachToken { token in
            tokens.append(token)
            return true
        }
        return tokens
    }

    /// Calls `visit` with each token of the description, in order, until it returns false. The words of the
    /// description's own text end where its trailing fields start, and each field and `#tag` among them is words
    /// of its own: a field glued to the word before it (`milk🔺`, `due:2026-1:📅 2026-12-01`) is no part of that
    /// word, as the plugin reads it.
    func forEachToken(_ visit: (Token) -> Bool) {
        source.withBytes { b in
            // Where every field stands apart, splitting at spaces and tabs gives the same words.
            guard wordsAreCut else {
                TaskBodyParser.forEachToken(b, from: descriptionStart, to: b.count, visit)
                return
            }
            var goesOn = true
            TaskBodyParser.forEachToken(b, from: descriptionStart, to: fieldsStart) { goesOn = visit($0); return goesOn }
            guard goesOn else { return }
            let bytes = b.array(0..<b.count)
            let trailing = trailingFields(bytes)
            var ranges = trailing.spans.map(\.range)
            if let link = trailing.blockLink { ranges.append(TrailingFields.trimmedStart(bytes, link)..<link.upperBound) }
            for range in ranges where goesOn {
                TaskBodyParser.forEachToken(b, from: range.lowerBound, to: range.upperBound) { goesOn = visit($0); return goesOn }
            }
        }
    }

    /// The text at UTF-8 offsets `range` of the body.
    func slice(_ range: Range<Int>) -> Substring { source.slice(range).substring }

    /// The text of `token` as written in the task.
    package func text(of token: Token) -> String { String(slice(token.range)) }
    /// A project's or context's name (without the sigil), or a tag's key.
    package func name(of token: Token) -> String { String(slice(token.nameRange)) }
    /// A tag's value.
    package func value(of token: Token) -> String { String(slice(token.valueRange)) }

    /// The description: the body after the mark, priority and leading dates, tags kept, as written.
    package var description: String { trimmedDescription.string }

    /// `description` as a slice of the body, without trailing spaces and tabs.
    var trimmedDescription: TextSlice { source.slice(descriptionStart..<max(descriptionStart, descriptionEnd)) }

    /// The description with its Tasks or Dataview fields in canonical form (FORMAT.md 5.1, rule 10), which is what
    /// it means: the order of the fields and the spaces between them say nothing.
    var canonicalDescription: TextSlice {
        guard !fieldsAreCanonical, let canonical = canonicalFieldsDescription else { return trimmedDescription }
        return TextSlice(String(decoding: canonical, as: UTF8.self))
    }

    /// The fields of the Tasks or Dataview dialect at the end of the body (`#tags` among them, with no field), and
    /// the block link, each as written.
    var trailingSpanTexts: [(field: TaskField?, text: String)] {
        guard hasTrailingFields else { return [] }
        return source.withBytes { b in
            let bytes = b.array(0..<b.count)
            let trailing = trailingFields(bytes)
            let link = trailing.blockLink.map { [(TaskField?.none, String(decoding: bytes[TrailingFields.trimmedStart(bytes, $0)..<$0.upperBound], as: UTF8.self))] } ?? []
            return trailing.spans.map { ($0.field, String(decoding: bytes[$0.range], as: UTF8.self)) } + link
        }
    }

    /// The description's bytes with its fields in canonical form, when they are not and can be (nil otherwise).
    var canonicalFieldsDescription: [UInt8]? {
        guard !fieldsAreCanonical else { return nil }
        return source.withBytes { b in
            let bytes = b.array(0..<b.count)
            return trailingFields(bytes).canonicalDescription(bytes, floor: descriptionStart)
        }
    }

    /// The description without projects, contexts and tags, its spaces collapsed.
    package var title: String {
        var words: [Substring] = []
        forEachToken { token in
            if isTitleWord(token) { words.append(slice(token.range)) }
            return true
        }
        return words.joined(separator: " ")
    }

    /// Whether `token` is a word of the title: a plain word, but none of the fields of the Tasks and Dataview
    /// dialects (the `#tags` among them are).
    func isTitleWord(_ token: Token) -> Bool {
        token.kind == .word && (token.range.lowerBound < fieldsStart || slice(token.range).first == "#")
    }

    /// Project names without the `+`, in order of first appearance, each once.
    package var projects: [String] { uniqueNames(of: .project) }
    /// Context names without the `@`, in order of first appearance, each once.
    package var contexts: [String] { uniqueNames(of: .context) }

    private func uniqueNames(of kind: Token.Kind) -> [String] {
        var names: [String] = []
        forEachToken { token in
            if token.kind == kind {
                let name = String(slice(token.nameRange))
                if !names.contains(name) { names.append(name) }
            }
            return true
        }
        return names
    }

    /// Every `key:value` tag in order, repeats kept.
    package var tags: [(key: String, value: String)] {
        var tags: [(key: String, value: String)] = []
        forEachToken { token in
            if token.kind == .tag { tags.append((String(slice(token.nameRange)), String(slice(token.valueRange)))) }
            return true
        }
        return tags
    }

    /// The tokens of tag key `key`, in order.
    package func tagTokens(_ key: String) -> [Token] {
        var found: [Token] = []
        forEachTag(key) { token, _ in
            found.append(token)
            return true
        }
        return found
    }

    /// The first value of a tag key, e.g. `tag("due")`.
    package func tag(_ key: String) -> String? {
        var value: String?
        forEachTag(key) { token, _ in
            value = String(slice(token.valueRange))
            return false
        }
        return value
    }

    /// The first value of tag `key` read as a date, when it is a real one.
    func tagDate(_ key: String) -> CalendarDate? {
        var date: CalendarDate?
        forEachTag(key) { token, b in
            let value = token.valueRange
            if value.count == 10, let (y, m, d) = CalendarDate.isoFields(b, at: value.lowerBound) {
                date = CalendarDate(year: y, month: m, day: d)
            }
            return false
        }
        return date
    }

    /// The first value of tag `key` read as a moment (`2026-12-01` or `2026-12-01T14:30`), when it is a real one.
    func tagMoment(_ key: String) -> Moment? {
        var moment: Moment?
        forEachTag(key) { token, b in
            moment = Moment.read(b, token.valueRange)
            return false
        }
        return moment
    }

    /// Calls `visit` with each tag token, in order, found by the colons (only a word with one can be a tag),
    /// without reading the other words.
    func forEachTag(_ visit: (Token) -> Void) {
        forEachTag(nil) { token, _ in
            visit(token)
            return true
        }
    }

    /// Calls `visit` with each tag token of key `key` (every tag, for nil), in order, and the body's bytes, until
    /// it returns false: what `forEachToken` gives of them, found by the colons (only a word with one can be a
    /// tag), without reading the other words. Tags are words of the description's own text: none stands among
    /// its trailing fields, and a word ends where they start.
    func forEachTag(_ key: String?, _ visit: (Token, Span<UInt8>) -> Bool) {
        let from = descriptionStart, to = fieldsStart
        let wanted = key ?? ""
        source.withBytes { b in
            let keyBytes = wanted.utf8.span
            var colon = b.firstIndex(of: UInt8(ascii: ":"), from: from)
            while colon < to {
                var start = colon
                while start > from, b[start - 1] != .space, b[start - 1] != .tab { start -= 1 }
                let end = min(b.word(from: colon).end, to)
                // The first colon of its word (after exactly the key, when one is wanted).
                if key == nil || (colon - start == keyBytes.count && b.equals(start..<colon, keyBytes)),
                   b.firstIndex(of: UInt8(ascii: ":"), from: start) == colon {
                    let token = TaskBodyParser.classify(b, start..<end)
                    if token.kind == .tag, !visit(token, b) { return }
                }
                colon = b.firstIndex(of: UInt8(ascii: ":"), from: end)
            }
        }
    }

    /// The due day (`due:`, `📅`, `[due:: ]`), when it is a real date (with or without a time of day).
    package var due: CalendarDate? { dueMoment?.date }
    /// The due date as a moment: its day, and its time of day when it has one (`due:2026-12-01T14:30`).
    package var dueMoment: Moment? {
        switch fieldDays.day(.due) {
        case .absent: return fieldReading.contains(.todotxt) ? tagMoment("due") : nil
        case .invalid: return nil
        case .day(let date): return Moment(date)
        }
    }
    /// The time of day of the due date, when it has one.
    package var dueTime: TimeOfDay? { dueMoment?.time }
    /// The start date (`t:`, the threshold; `🛫`, `[start:: ]`), when it is a real one.
    package var threshold: CalendarDate? {
        switch fieldDays.day(.start) {
        case .absent: return fieldReading.contains(.todotxt) ? tagDate("t") : nil
        case .invalid: return nil
        case .day(let date): return date
        }
    }
    /// The scheduled date (`⏳`, `[scheduled:: ]`), when it is a real one.
    package var scheduled: CalendarDate? { fieldDays.day(.scheduled).date }
    /// The cancelled date (`❌`, `[cancelled:: ]`), when it is a real one.
    package var cancelled: CalendarDate? { fieldDays.day(.cancelled).date }
    /// The creation date in every dialect: the todo.txt prefix date, else `➕` or `[created:: ]`.
    package var created: CalendarDate? { creationDate ?? fieldDays.day(.created).date }
    /// The completion date in every dialect: the todo.txt prefix date, else `✅` or `[completion:: ]`.
    package var completed: CalendarDate? { completionDate ?? fieldDays.day(.done).date }
    /// The priority in every dialect: the todo.txt `(A)`, else the level of `⏫` or `[priority:: ]` as its letter.
    package var anyPriority: Priority? { priority ?? fieldDays.priority }
    /// `rec:` as a recurrence, when it is well formed (and todo.txt's fields are read).
    package var recurrence: TodoTxtRecurrence? {
        fieldReading.contains(.todotxt) ? tag("rec").flatMap { TodoTxtRecurrence($0) } : nil
    }
    /// `est:` as a duration, when it is well formed.
    package var estimate: Duration? { tag("est").flatMap { Duration(parsing: $0) } }
    /// `pri:` on a completed task, the priority it had: the last `pri:` tag, the one `done` appended.
    package var keptPriority: Priority? { lastTagToken("pri").flatMap { Priority(lenient: slice($0.valueRange)) } }

    /// The last tag token of key `key`.
    func lastTagToken(_ key: String) -> Token? {
        var last: Token?
        forEachTag(key) { token, _ in
            last = token
            return true
        }
        return last
    }

    package static func == (lhs: TaskBody, rhs: TaskBody) -> Bool {
        lhs.priority == rhs.priority && lhs.completionDate == rhs.completionDate && lhs.creationDate == rhs.creationDate
            && lhs.hasDoneMark == rhs.hasDoneMark && lhs.descriptionStart32 == rhs.descriptionStart32
            && lhs.priorityOffset32 == rhs.priorityOffset32 && lhs.source.hasSameBytes(as: rhs.source)
    }

    package func hash(into hasher: inout Hasher) {
        source.withBytes { b in for i in b.indices { hasher.combine(b[i]) } }
        hasher.combine(descriptionStart32)
    }
}
