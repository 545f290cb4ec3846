/// A task body as bytes being edited: each change re-reads the todo.txt grammar, so an edit touches only
/// the bytes of the field it changes and everything else in the body stays as written.
struct EditableBody {
    var bytes: [UInt8]
    /// todo.txt bodies carry their own `x ` mark; Markdown bodies take "closed" from the checkbox.
    var allowsDoneMark: Bool
    var isClosed: Bool
    /// The dialects a Markdown body's fields are read in: its task's (a vault's task format), so that an edit
    /// finds the fields its file reads.
    var reads: FieldReading

    init(_ text: String, allowsDoneMark: Bool, isClosed: Bool, reads: FieldReading = .every) {
        self.bytes = Array(text.utf8)
        self.allowsDoneMark = allowsDoneMark
        self.isClosed = isClosed
        self.reads = reads
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    var parsed: TaskBody {
        var ignored: [Diagnostic] = []
        return TaskBodyParser(allowsDoneMark: allowsDoneMark, isClosed: isClosed, line: 1, column: 1, reads: reads)
            .parse(Substring(text), diagnostics: &ignored)
    }

    /// Where the fields of the body's prefix sit, each range taking the whitespace after it.
    struct Layout {
        var first = 0
        var mark: Range<Int>?
        var priority: Range<Int>?
        var completion: Range<Int>?
        var creation: Range<Int>?
        /// Where the description starts (after the prefix fields).
        var descriptionStart = 0
        /// One past the last non-blank byte.
        var contentEnd = 0
    }

    var layout: Layout {
        let body = parsed
        var layout = Layout()
        var pos = 0
        func skipSpaces() { while pos < bytes.count, bytes[pos] == .space || bytes[pos] == .tab { pos += 1 } }
        func field(_ width: Int) -> Range<Int> {
            let start = pos
            pos += width
            skipSpaces()
            return start..<pos
        }
        skipSpaces()
        layout.first = pos
        if body.hasDoneMark { layout.mark = field(1) }
        if body.priorityOffset == pos { layout.priority = field(3) }
        if body.completionDate != nil {
            layout.completion = field(10)
            if layout.priority == nil, body.priorityOffset == pos { layout.priority = field(3) }
        }
        if body.creationDate != nil { layout.creation = field(10) }
        layout.descriptionStart = body.descriptionStart
        var end = bytes.count
        while end > layout.descriptionStart, bytes[end - 1] == .space || bytes[end - 1] == .tab { end -= 1 }
        layout.contentEnd = max(end, layout.descriptionStart)
        return layout
    }

    mutating func replace(_ range: Range<Int>, with text: String) {
        bytes.replaceSubrange(range, with: Array(text.utf8))
    }

    // MARK: Priority

    /// Removes `(X)` and the whitespace after it; returns the priority it had.
    @discardableResult
    mutating func removePriority() -> Priority? {
        let layout = layout
        guard let range = layout.priority else { return nil }
        let priority = parsed.priority
        bytes.removeSubrange(range)
        return priority
    }

    /// Sets `(X)`: replaces the letter in place, or puts `(X) ` first (after a todo.txt done mark; at the
    /// start of an indented todo.txt line, as todo.sh does).
    mutating func setPriority(_ priority: Priority) {
        let layout = layout
        if let range = layout.priority {
            bytes[range.lowerBound + 1] = priority.letter.asciiValue!
        } else {
            replace(insertionPointAfterMark(layout)..<insertionPointAfterMark(layout), with: "(\(priority)) ")
        }
    }

    /// Where a field goes in front: after the todo.txt `x ` mark; at the very start of a todo.txt line (an
    /// indented one included, where the prefix is only read at the start); after a Markdown body's whitespace.
    private func insertionPointAfterMark(_ layout: Layout) -> Int {
        layout.mark?.upperBound ?? (allowsDoneMark ? 0 : layout.first)
    }

    // MARK: Dates

    /// Sets the creation date: replaces it, or writes it after the priority (and completion date).
    mutating func setCreationDate(_ date: CalendarDate) {
        let layout = layout
        if let range = layout.creation {
            replace(range.lowerBound..<(range.lowerBound + 10), with: date.description)
        } else {
            let at = layout.completion?.upperBound ?? layout.priority?.upperBound ?? insertionPointAfterMark(layout)
            replace(at..<at, with: "\(date) ")
        }
    }

    // MARK: Text

    /// Adds text after the description, without a space when it starts with `,.:;` (as todo.sh does),
    /// unless the description ends in a `key:value` tag, whose value the punctuation would change.
    /// Whitespace after the description (Markdown's two-space line break) stays after the new text. In a
    /// task of the Tasks or Dataview dialect the text goes before its fields, which are read only at the end.
    mutating func append(_ text: String) {
        let body = parsed
        let end = body.dialect != .todotxt && body.hasTrailingFields ? body.fieldsStart : layout.contentEnd
        let endsInTag = body.tokens.contains { $0.kind == .tag && $0.range.upperBound == end }
        let glued = !endsInTag && (text.first.map { ",.:;".contains($0) } ?? false)
        let needsSpace = end > 0 && !glued && !(bytes[end - 1] == .space || bytes[end - 1] == .tab)
        replace(end..<end, with: (needsSpace ? " " : "") + text)
    }

    /// Puts text at the start of the description, after the priority and dates (as todo.sh does).
    mutating func prepend(_ text: String) {
        let start = layout.descriptionStart
        let needsSpace = start < bytes.count
        replace(start..<start, with: text + (needsSpace ? " " : ""))
    }

    /// Throws when words put into the description (`added`, as typed) are read as a field of the prefix
    /// instead: a priority or a date where `original` had none (`x 2026-01-01 (C) urgent` reads `(C)` as the
    /// done task's priority). The description cannot hold them there, so the text is refused.
    func refuseFieldsReadFrom(_ added: String, comparedWith original: TaskBody) throws {
        let now = parsed
        let field: (word: String, name: String)
        if now.priority != original.priority, let priority = now.priority {
            field = ("(\(priority))", "priority")
        } else if now.completionDate != original.completionDate, let date = now.completionDate {
            field = (date.description, "completion date")
        } else if now.creationDate != original.creationDate, let date = now.creationDate {
            field = (date.description, "creation date")
        } else {
            return
        }
        throw TypedTextError("\(field.word) at the start of the description would be read as the task's \(field.name), not as text",
                            column: added.column(of: field.word), text: added, canForce: false)
    }

    // MARK: Tags

    /// The first `key:value` token of a key.
    func tagToken(_ key: String) -> Token? { parsed.tagTokens(key).first }

    /// Sets the first `key:` tag's value, or appends `key:value`.
    mutating func setTag(_ key: String, _ value: String) {
        if let token = tagToken(key) {
            replace(token.valueRange, with: value)
        } else {
            append("\(key):\(value)")
        }
    }

    /// Removes the first `key:` tag and the whitespace before it.
    mutating func removeTag(_ key: String) {
        guard let token = tagToken(key) else { return }
        removeWord(token.range)
    }

    /// Removes every `key:` tag.
    mutating func removeTags(_ key: String) {
        while tagToken(key) != nil { removeTag(key) }
    }

    /// Sets the first `key:` tag's value (or appends `key:value`) and removes any other `key:` tag: a key a
    /// task has one of.
    mutating func setSingleTag(_ key: String, _ value: String) {
        setTag(key, value)
        while let second = parsed.tagTokens(key).dropFirst().first { removeWord(second.range) }
    }

    /// Adds ` key:value` right after the body's last non-blank byte (trailing whitespace stays after it), so
    /// that removing its word takes back exactly what was added.
    mutating func appendTag(_ key: String, _ value: String) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == .space || bytes[end - 1] == .tab { end -= 1 }
        replace(end..<end, with: (end > 0 ? " " : "") + "\(key):\(value)")
    }

    /// The last `key:` tag token.
    func lastTag(_ key: String) -> Token? { parsed.lastTagToken(key) }

    /// Removes the word at `range` with the whitespace before it (after it, for the body's first word).
    mutating func removeWord(_ range: Range<Int>) {
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == .space || bytes[start - 1] == .tab { start -= 1 }
        if start == 0 {
            var end = range.upperBound
            while end < bytes.count, bytes[end] == .space || bytes[end] == .tab { end += 1 }
            bytes.removeSubrange(range.lowerBound..<end)
        } else {
            bytes.removeSubrange(start..<range.upperBound)
        }
    }

    /// Sets, from `text` (words to add to the body), each tag of a single-valued key (`KnownTag.singleValued`)
    /// that the body already has, and returns the rest of `text`: the words still to add.
    mutating func replacingSingleValuedTags(from text: String) -> String {
        var rest = EditableBody(text, allowsDoneMark: false, isClosed: false)
        for token in rest.parsed.tokens.reversed() where token.kind == .tag {
            let key = String(decoding: rest.bytes[token.nameRange], as: UTF8.self)
            guard KnownTag.singleValued.contains(key), tagToken(key) != nil else { continue }
            setSingleTag(key, String(decoding: rest.bytes[token.valueRange], as: UTF8.self))
            rest.removeWord(token.range)
        }
        return rest.text.trimmingWhitespace()
    }

    /// Joins a time of day typed as the word after a `due:` or `remind:` date to it with a `T` (`due:fri 2pm`
    /// becomes `due:friT2pm`, `due:today 10:00` `due:todayT10:00`), so that it is the due time rather than a
    /// word of the title. A value that has a time already, or names no date, keeps the word after it.
    mutating func joiningTypedTimes(today: CalendarDate) {
        for token in parsed.tokens.reversed() where token.kind == .tag {
            let key = String(decoding: bytes[token.nameRange], as: UTF8.self)
            guard key == "due" || key == "remind" else { continue }
            let value = String(decoding: bytes[token.valueRange], as: UTF8.self)
            if key == "remind", Reminder(value)?.isRelative == true { continue }
            guard let moment = DateExpression.resolveMoment(value, today: today), moment.time == nil else { continue }
            var start = token.range.upperBound
            while start < bytes.count, bytes[start] == .space || bytes[start] == .tab { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != .space, bytes[end] != .tab { end += 1 }
            guard start > token.range.upperBound, end > start,
                  TimeOfDay(typed: String(decoding: bytes[start..<end], as: UTF8.self)) != nil else { continue }
            replace(token.range.upperBound..<start, with: "T")
        }
    }

    /// Writes relative dates in `due:`, `t:` and `remind:` tags (`due:fri`, `t:+3d`, `remind:tomorrow`) as
    /// ISO dates, and a time of day in `due:` and `remind:` after them (`due:friT14:30`, `due:fri 2pm` is two
    /// words, so `due:friT2pm`). A signed period in `remind:` (`remind:-3d`) counts from the due date and stays.
    mutating func resolveRelativeDates(today: CalendarDate) {
        for key in ["due", "t", "remind"] {
            for token in parsed.tagTokens(key).reversed() {
                let value = String(decoding: bytes[token.valueRange], as: UTF8.self)
                if key == "remind", Reminder(value) != nil { continue }
                if key == "t" {
                    if DateExpression.isRelative(value), let date = DateExpression.resolve(value, today: today) {
                        replace(token.valueRange, with: date.description)
                    }
                } else if Moment(iso: value) == nil, let moment = DateExpression.resolveMoment(value, today: today) {
                    replace(token.valueRange, with: moment.description)
                }
            }
        }
    }
}

extension String {
    /// The 1-based character column where `word` first stands in the text (1 when it does not).
    func column(of word: String) -> Int {
        var rest = self[...]
        var column = 1
        while !rest.isEmpty {
            if rest.hasPrefix(word) { return column }
            rest = rest.dropFirst()
            column += 1
        }
        return 1
    }
}
