/// Reads the todo.txt grammar of a task body: `[x ][(A) ][date ][date ]description`.
struct TaskBodyParser {
    /// todo.txt lines may start with the `x ` mark; Markdown tasks say "done" with their checkbox instead.
    var allowsDoneMark: Bool
    /// For Markdown: the checkbox says the task is closed, so a leading date is the completion date.
    var isClosed: Bool
    /// Where the body starts in its line, for diagnostics: 1-based line and UTF-8 column.
    var line: Int
    var column: Int
    /// The dialects a Markdown body's fields are read in (a todo.txt line reads todo.txt's alone).
    var reads: FieldReading = .every

    /// The dialects this body's fields are read in.
    private var reading: FieldReading { allowsDoneMark ? .todotxt : reads }

    /// Reads the body `source` (a slice of its line), whose bytes are `bytes`.
    func parse(_ source: TextSlice, bytes: Span<UInt8>, diagnostics: inout [Diagnostic]) -> TaskBody {
        var body = TaskBody(unparsed: source)
        parse(bytes, into: &body, diagnostics: &diagnostics)
        return body
    }

    /// Reads the body `source` (a slice of its line).
    func parse(_ source: TextSlice, diagnostics: inout [Diagnostic]) -> TaskBody {
        source.withBytes { parse(source, bytes: $0, diagnostics: &diagnostics) }
    }

    /// Reads the body `text`.
    func parse(_ text: Substring, diagnostics: inout [Diagnostic]) -> TaskBody {
        parse(TextSlice(text), diagnostics: &diagnostics)
    }

    /// Calls `visit` with each whitespace-separated word of `b[from..<to]`, classified, until it returns false.
    static func forEachToken(_ b: Span<UInt8>, from: Int, to: Int, _ visit: (Token) -> Bool) {
        var start = b.skippingSpaces(from: from)
        while start < to {
            let end = min(b.word(from: start).end, to)
            if !visit(classify(b, start..<end)) { return }
            start = b.skippingSpaces(from: end)
        }
    }

    private func parse(_ b: Span<UInt8>, into body: inout TaskBody, diagnostics: inout [Diagnostic]) {
        let end = b.count
        let reading = self.reading
        body.fieldReading = reading
        // A todo.txt line's prefix starts at its first byte: ` x ` and ` (A) ` are plain text, as the spec says
        // a line "starts with" them. A Markdown body starts at the first non-blank byte after the checkbox. Where
        // todo.txt's fields are not read (a vault's task format), there is no prefix: `(A)` is text.
        let hasPrefix = reading.contains(.todotxt) && (!allowsDoneMark || (end > 0 && b[0] != .space && b[0] != .tab))
        // Whitespace at the start of a Markdown body (a no-break space too) is no part of its text, as the plugin
        // trims it.
        var pos = allowsDoneMark ? b.skippingSpaces(from: 0) : TrailingFields.skippingWhitespace(b, from: 0)
        var closed = isClosed
        if hasPrefix, allowsDoneMark, pos + 1 < end, b[pos] == UInt8(ascii: "x"), b[pos + 1] == .space {
            body.hasDoneMark = true
            closed = true
            pos = b.skippingSpaces(from: pos + 2)
        }
        // A field glued to the word before it ends that word (`(B)🔁 every week` is priority B and a rule), so a
        // prefix word may end where the trailing fields start.
        var fieldsAt = end
        if hasPrefix, !allowsDoneMark, pos < end, b[pos] == UInt8(ascii: "(") || TrailingFields.isDigit(b[pos]),
           !reading.isDisjoint(with: [.tasks, .dataview]), TrailingFields.mayHoldFields(b, from: pos) {
            fieldsAt = TrailingFields(b.array(0..<end), from: pos, to: b.trimmedEnd(from: pos), reading: reading).start
        }
        if hasPrefix {
            readPriority(b, &pos, fieldsAt, into: &body, closed: closed, diagnostics: &diagnostics)
            if closed {
                body.completionDate = readDate(b, &pos, fieldsAt, diagnostics: &diagnostics)
                if body.completionDate != nil {
                    // `x 2026-01-02 (A) 2026-01-01 …`, as Simpletask writes a kept priority.
                    readPriority(b, &pos, fieldsAt, into: &body, closed: closed, diagnostics: &diagnostics)
                    body.creationDate = readDate(b, &pos, fieldsAt, diagnostics: &diagnostics)
                }
            } else {
                body.creationDate = readDate(b, &pos, fieldsAt, diagnostics: &diagnostics)
            }
        }
        if !allowsDoneMark { pos = TrailingFields.skippingWhitespace(b, from: pos) }
        body.descriptionStart = pos
        body.descriptionEnd = b.trimmedEnd(from: pos)
        body.fieldsStart = body.descriptionEnd
        let tagWarnings = diagnostics.count
        // The Tasks and Dataview dialects are Markdown's: a todo.txt file is read as todo.txt alone.
        if !reading.isDisjoint(with: [.tasks, .dataview]), TrailingFields.mayHoldFields(b, from: pos) {
            readTrailingFields(b.array(0..<b.count), into: &body, diagnostics: &diagnostics)
        }
        // The tags are checked once the fields are read (a `remind:` counts from a due date in any dialect), and
        // warned about before them, in the order they are written.
        var tagDiagnostics: [Diagnostic] = []
        checkTags(b, from: pos, body: body, diagnostics: &tagDiagnostics)
        diagnostics.insert(contentsOf: tagDiagnostics, at: tagWarnings)
    }

    /// Reads the fields of the Tasks and Dataview dialects at the end of the description: where they start,
    /// the body's dialect, the dates and priority they say, and a warning for a date the calendar lacks, a rule
    /// or action the plugin does not read, and a field written again (only the first counts).
    private func readTrailingFields(_ b: [UInt8], into body: inout TaskBody, diagnostics: inout [Diagnostic]) {
        let trailing = body.trailingFields(b)
        guard trailing.start < body.descriptionEnd else { return }
        body.fieldsStart = trailing.start
        var hasTasks = false, hasDataview = false
        // Fields written before: the todo.txt prefix, and the todo.txt tags of the same meaning.
        var seen: UInt16 = 0
        func bit(_ field: TaskField) -> UInt16 { 1 << UInt16(field.rawValue) }
        if body.priority != nil { seen |= bit(.priority) }
        if body.creationDate != nil { seen |= bit(.created) }
        if body.completionDate != nil { seen |= bit(.done) }
        if reading.contains(.todotxt) { body.forEachTag(nil) { token, bytes in
            let key = token.nameRange
            func keyIs(_ name: StaticString) -> Bool { key.count == name.utf8CodeUnitCount && bytes.hasPrefix(name, at: key.lowerBound) }
            if keyIs("due") { seen |= bit(.due) } else if keyIs("t") { seen |= bit(.start) }
            else if keyIs("rec") { seen |= bit(.recurrence) } else if keyIs("id") { seen |= bit(.id) }
            return true
        } }
        for span in trailing.spans {
            guard let field = span.field else { continue }
            if span.dialect == .tasks { hasTasks = true } else { hasDataview = true }
            guard seen & bit(field) == 0 else {
                let written = String(decoding: b[span.range], as: UTF8.self)
                diagnostics.append(.warning("a second \(field) field \(written): only the first counts", line: line,
                                            column: column + span.range.lowerBound, code: .repeatedTag,
                                            length: span.range.count))
                continue
            }
            seen |= bit(field)
            var problem: (String, Diagnostic.Code)?
            if field.isDate {
                let v = span.value.lowerBound
                let date = CalendarDate.isoFields(b[v..<(v + 10)]).flatMap { CalendarDate(year: $0.0, month: $0.1, day: $0.2) }
                body.fieldDays.set(field, date)
                if date == nil { problem = ("is not a real date", .impossibleDate) }
            } else if field == .priority {
                body.fieldDays.priority = TaskBody.level(of: b[span.value], dialect: span.dialect).priority
            } else if field == .recurrence {
                if RecurrenceRule(String(decoding: b[span.value], as: UTF8.self)) == nil {
                    problem = ("is not a rule the Tasks plugin reads (e.g. every day, every 2 weeks, every month on the 15th)",
                               .malformedRecurrence)
                }
            } else if field == .onCompletion {
                if OnCompletion(word: String(decoding: b[span.value], as: UTF8.self)) == nil {
                    problem = ("is not an action (keep or delete)", .unknownAction)
                }
            }
            if let (phrase, code) = problem {
                let written = String(decoding: b[span.range], as: UTF8.self)
                let value = String(decoding: b[span.value], as: UTF8.self)
                let name = span.dialect == .tasks ? field.emoji.first { written.hasPrefix($0) } ?? field.emoji[0]
                    : "\(field.dataviewKey)::"
                diagnostics.append(.warning("\(name) \(value.trimmingWhitespace()) \(phrase)", line: line,
                                            column: column + span.value.lowerBound, code: code, length: span.value.count))
            }
        }
        body.dialect = hasTasks ? .tasks : hasDataview ? .dataview : .todotxt
        body.fieldsAreCanonical = body.dialect == .todotxt || trailing.isCanonical(b, floor: body.descriptionStart)
        body.wordsAreCut = trailing.cutsWords(b, floor: body.descriptionStart)
        body.hasBlockLink = trailing.blockLink != nil
        body.recordFields(of: trailing)
    }

    /// Whether offset `i` ends a word of `b`: its end, or a space or tab.
    private static func isWordEnd(_ b: Span<UInt8>, _ i: Int) -> Bool {
        i == b.count || b[i] == .space || b[i] == .tab
    }

    /// Reads `(X)` at `pos`, if there, into the body (a lowercase letter is warned about on an open task).
    private func readPriority(_ b: Span<UInt8>, _ pos: inout Int, _ fieldsAt: Int, into body: inout TaskBody, closed: Bool,
                              diagnostics: inout [Diagnostic]) {
        guard body.priority == nil, pos + 2 < b.count, b[pos] == UInt8(ascii: "("), b[pos + 2] == UInt8(ascii: ")"),
              Self.isWordEnd(b, pos + 3) || pos + 3 == fieldsAt else { return }
        let letter = b[pos + 1]
        if letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "Z") {
            body.priority = Priority(code: letter)
            body.priorityOffset = pos
            pos = b.skippingSpaces(from: pos + 3)
        } else if letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z"), !closed {
            diagnostics.append(.warning(
                "priority must be an uppercase letter: '(\(Character(Unicode.Scalar(letter))))' is read as text",
                line: line, column: column + pos, code: .lowercasePriority, length: 3))
        }
    }

    /// Reads a `YYYY-MM-DD` word at `pos`, if there and a real date (a date that is not real is warned about).
    private func readDate(_ b: Span<UInt8>, _ pos: inout Int, _ fieldsAt: Int, diagnostics: inout [Diagnostic]) -> CalendarDate? {
        guard pos + 10 <= b.count, Self.isWordEnd(b, pos + 10) || pos + 10 == fieldsAt,
              let (y, m, d) = CalendarDate.isoFields(b, at: pos) else {
            return nil
        }
        guard let date = CalendarDate(year: y, month: m, day: d) else {
            diagnostics.append(.warning("invalid date '\(b.string(pos..<(pos + 10)))' is read as text",
                                        line: line, column: column + pos, code: .impossibleDate, length: 10))
            return nil
        }
        pos = b.skippingSpaces(from: pos + 10)
        return date
    }

    /// Warns about known tags whose values do not read as their kind, and about a second tag of a key a
    /// task has one of.
    private func checkTags(_ b: Span<UInt8>, from pos: Int, body: TaskBody, diagnostics: inout [Diagnostic]) {
        // Tags are words of the description's own text, which ends where its trailing fields start.
        let end = body.fieldsStart
        // The tokens are read again from the bytes when asked for; here only the values of known tags are
        // checked, whose keys are at most 6 bytes: only a word with a colon that near its start needs reading.
        var colon = b.firstIndex(of: UInt8(ascii: ":"), from: pos)
        var seen: UInt8 = 0
        while colon < end {
            var start = colon
            while start > pos, colon - start <= 6, b[start - 1] != .space, b[start - 1] != .tab { start -= 1 }
            let wordEnd = min(b.word(from: colon).end, end)
            let atWordStart = start == pos || b[start - 1] == .space || b[start - 1] == .tab
            if atWordStart, colon > start, colon - start <= 6 {
                let token = TaskBodyParser.classify(b, start..<wordEnd)
                if token.kind == .tag { check(tag: token, in: b, body: body, seen: &seen, diagnostics: &diagnostics) }
            }
            colon = b.firstIndex(of: UInt8(ascii: ":"), from: wordEnd)
        }
    }

    /// Decides what the word at `range` of `b` is: `+project`, `@context`, `key:value` or a plain word.
    static func classify(_ b: Span<UInt8>, _ range: Range<Int>) -> Token {
        let start = range.lowerBound, count = range.count
        let sigil = b[start]
        if (sigil == UInt8(ascii: "+") || sigil == UInt8(ascii: "@")), count > 1 {
            var nameEnd = range.upperBound
            while nameEnd > start + 2 {
                let closing = closingLength(b, end: nameEnd)
                if closing > 0, nameEnd - closing >= start + 2 {
                    nameEnd -= closing
                } else if isTrailingPunctuation(b[nameEnd - 1]) {
                    nameEnd -= 1
                } else {
                    break
                }
            }
            return Token(kind: sigil == UInt8(ascii: "+") ? .project : .context, range: range, nameLength: nameEnd - start - 1)
        }
        var colon = start
        while colon < range.upperBound, b[colon] != UInt8(ascii: ":") { colon += 1 }
        if colon > start, colon < range.upperBound - 1, b[colon + 1] != UInt8(ascii: ":"),
           (start..<colon).allSatisfy({ isKeyByte(b[$0]) }),
           !(b[colon + 1] == UInt8(ascii: "/") && colon + 2 < range.upperBound && b[colon + 2] == UInt8(ascii: "/")),
           !isClockTime(b, range, colon: colon) {
            return Token(kind: .tag, range: range, nameLength: colon - start)
        }
        return Token(kind: .word, range: range, nameLength: count)
    }

    /// The length in bytes of a closing bracket or quote that ends `b` at `end` (`)`, `]`, `}`, `"`, `'`,
    /// `”`, `’`, `»`), or 0: in `(re +taxes)` the project is `taxes`.
    static func closingLength(_ b: Span<UInt8>, end: Int) -> Int {
        switch b[end - 1] {
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return 1
        case 0xBB where end >= 2 && b[end - 2] == 0xC2:
            return 2
        case 0x9D, 0x99:
            return end >= 3 && b[end - 3] == 0xE2 && b[end - 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }

    static func isTrailingPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"),
             UInt8(ascii: "!"), UInt8(ascii: "?"): return true
        default: return false
        }
    }

    /// Keys are letters (any script), digits, `_`, `-` and `.`: so `**Note:**` and `[link](http://…)` are
    /// not tags.
    static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return byte >= 0x80
        }
    }

    /// Whether `key` can be the key of a tag: not empty, and only key bytes.
    static func isTagKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy(isKeyByte)
    }

    /// `14:30` and `9:05` are clock times, not tags (topydo's rule: one or two digits each side).
    static func isClockTime(_ b: Span<UInt8>, _ range: Range<Int>, colon: Int) -> Bool {
        let key = colon - range.lowerBound, value = range.upperBound - colon - 1
        guard (1...2).contains(key), (1...2).contains(value) else { return false }
        return range.allSatisfy { (b[$0] >= 48 && b[$0] <= 57) || b[$0] == UInt8(ascii: ":") }
    }

    /// Warns about the value of a known tag (`KnownTag`) that does not read as its kind, and about a second
    /// tag of a single-valued key (`seen` holds a bit for each such key met so far). A well-formed date is told
    /// from its bytes; other values are checked by `KnownTag`, and only a bad one is worded.
    private func check(tag token: Token, in b: Span<UInt8>, body: TaskBody, seen: inout UInt8,
                       diagnostics: inout [Diagnostic]) {
        let key = token.nameRange, value = token.valueRange
        func keyIs(_ name: StaticString) -> Bool { key.count == name.utf8CodeUnitCount && b.hasPrefix(name, at: key.lowerBound) }
        // The slots follow `KnownTag.singleValued`; `remind` may repeat.
        let slot: Int
        if keyIs("due") { slot = 0 } else if keyIs("t") { slot = 1 } else if keyIs("rec") { slot = 2 }
        else if keyIs("pri") { slot = 3 } else if keyIs("est") { slot = 4 } else if keyIs("remind") { slot = 5 }
        else { return }
        // todo.txt's fields are text where only another dialect's are read.
        if slot <= 2, !reading.contains(.todotxt) { return }
        if slot < 5 {
            let bit = UInt8(1) << slot
            if seen & bit != 0 {
                diagnostics.append(.warning("a second \(b.string(key)): tag: only the first counts", line: line,
                                            column: column + token.range.lowerBound, code: .repeatedTag,
                                            length: token.range.count))
                return
            }
            seen |= bit
        }
        if slot <= 1, value.count == 10, let (y, m, d) = CalendarDate.isoFields(b, at: value.lowerBound),
           CalendarDate(year: y, month: m, day: d) != nil { return }
        if slot == 0, Moment.read(b, value) != nil { return }
        let keyText = b.string(key), valueText = b.string(value)
        let due = slot == 5 ? body.dueMoment : nil
        guard let problem = KnownTag.problem(key: keyText, value: valueText, hasDue: due != nil,
                                             dueHasTime: due?.time != nil) else { return }
        diagnostics.append(.warning("\(keyText):\(valueText) \(problem.phrase)", line: line,
                                    column: column + value.lowerBound, code: problem.code, length: value.count))
    }
}
