/// Text typed for a task that cannot be written as it is: a date that does not exist, a value a known key
/// cannot take, a key given twice. `column` is the 1-based character column in `text`, the text as typed.
public struct TypedTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the text.
    public var message: String
    /// The 1-based column of the text where the problem is.
    public var column: Int
    /// The text that was given.
    public var text: String
    /// Whether `--force` would write the text anyway (as text); a word that cannot be a tag at all, say,
    /// cannot be forced.
    public var canForce: Bool

    /// Text that cannot be written as given, at `column` of `text`; `canForce` says whether `--force` may write it anyway.
    public init(_ message: String, column: Int, text: String, canForce: Bool = true) {
        self.message = message
        self.column = column
        self.text = text
        self.canForce = canForce
    }

    /// `column 10: due:2026-02-30 is not a real date (February 2026 has 28 days)`.
    public var description: String { "column \(column): \(message)" }

    /// The text with a caret under the column, for a terminal: two lines, each indented two spaces.
    public var pointer: String {
        "  \(text)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}

/// Text typed for a task (`add`, `append`, `prepend`, `replace`, `tag`), made ready to write: line breaks
/// become spaces, date words in `due:`, `t:` and `remind:` become dates (as `--due` reads them; `due:` and
/// `remind:` keep a time of day: `due:friT14:30`, or `due:fri 14:30`, the time typed as the next word), and, when
/// checked, a value a known key cannot take (`KnownTag`), a leading date that does not exist, or a second tag
/// of a single-valued key is refused with its column rather than written as text.
package enum TypedText {
    /// The text with its line breaks as spaces; nothing else is changed.
    static func flattened(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }

    /// The text ready to write. `startsTask`: the text starts a task's body, so a leading date is its
    /// creation date (`add`, `replace`). `taskDue`: the due date of the task it goes into (a relative
    /// `remind:` counts from it). Unchecked, values that are not dates are kept as text.
    static func prepared(_ text: String, today: CalendarDate, checked: Bool, startsTask: Bool,
                         taskDue: Moment? = nil) throws -> String {
        var body = EditableBody(flattened(text), allowsDoneMark: false, isClosed: false)
        guard !body.bytes.allSatisfy({ $0 == .space || $0 == .tab }) else { throw EditError.emptyText }
        body.joiningTypedTimes(today: today)
        if checked { try check(body.text, typed: text, today: today, startsTask: startsTask, taskDue: taskDue) }
        body.resolveRelativeDates(today: today)
        return body.text
    }

    /// Throws for the first value in `flat` (the typed text, flattened) that cannot be written.
    static func check(_ flat: String, typed: String, today: CalendarDate, startsTask: Bool, taskDue: Moment?) throws {
        let bytes = Array(flat.utf8)
        func fail(_ message: String, at offset: Int) -> TypedTextError {
            TypedTextError(message, column: String(decoding: bytes[..<offset], as: UTF8.self).count + 1, text: flattened(typed))
        }
        let body = EditableBody(flat, allowsDoneMark: false, isClosed: false).parsed
        if startsTask, body.creationDate == nil {
            // A date-shaped first word that names no day would be read as text, with a warning.
            var start = body.descriptionStart
            while start < bytes.count, bytes[start] == .space || bytes[start] == .tab { start += 1 }
            let end = bytes[start...].firstIndex(where: { $0 == .space || $0 == .tab }) ?? bytes.count
            let word = String(decoding: bytes[start..<end], as: UTF8.self)
            if CalendarDate.hasISOShape(word), let reason = CalendarDate.whyNotReal(word) {
                throw fail("\(word) is not a real date (\(reason))", at: start)
            }
        }
        if body.hasTrailingFields { try checkFields(bytes, from: body.descriptionStart, to: body.descriptionEnd, fail) }
        var seen = Set<String>()
        let tags = body.tokens.filter { $0.kind == .tag }
        let typedDue = tags.first { body.slice($0.nameRange) == "due" }.flatMap { resolvedMoment(body.slice($0.valueRange), today) }
        let due = typedDue ?? body.dueMoment ?? taskDue
        for token in tags {
            let key = String(body.slice(token.nameRange)), value = body.slice(token.valueRange)
            guard KnownTag.keys.contains(key) else { continue }
            if KnownTag.singleValued.contains(key), !seen.insert(key).inserted {
                throw fail("\(key): is given twice; a task has one", at: token.range.lowerBound)
            }
            // Date words become dates when written (with a time of day for `due:` and `remind:`).
            if key == "t", resolvedDate(value, today) != nil { continue }
            if key == "due" || (key == "remind" && Reminder(value) == nil), resolvedMoment(value, today) != nil { continue }
            guard let found = KnownTag.problem(key: key, value: value, hasDue: due != nil, dueHasTime: due?.time != nil)
            else { continue }
            throw fail("\(key):\(value) \(whyNoDay(value) ?? found.phrase)", at: token.valueRange.lowerBound)
        }
    }

    /// Why a typed date names no day, as text for a task and `--due` both say it: `is not a real date
    /// (February 2026 has 28 days)`, `is not a real time (there is no hour 25)`; nil for a value that is no
    /// impossible date (a date word, or no date at all). A time after a space (`2026-02-30 14:30`) is left out.
    package static func whyNoDay(_ value: some StringProtocol) -> String? {
        let word = Substring(value).prefix { $0 != " " }
        let problem = KnownTag.dateProblem(word)
        switch problem.code {
        case .impossibleDate: return CalendarDate.whyNotReal(word.prefix(10)).map { "\(problem.phrase) (\($0))" } ?? problem.phrase
        case .malformedTime: return problem.phrase
        default: return nil
        }
    }

    /// Throws for a Tasks or Dataview field typed with a value it cannot take: a date that does not exist, a rule
    /// the plugin does not read, an on-completion action other than keep or delete.
    static func checkFields(_ bytes: [UInt8], from start: Int, to end: Int, _ fail: (String, Int) -> TypedTextError) throws {
        for span in TrailingFields(bytes, from: start, to: end).spans {
            guard let field = span.field else { continue }
            let value = String(decoding: bytes[span.value], as: UTF8.self)
            let written = String(decoding: bytes[span.range], as: UTF8.self)
            if field.isDate, CalendarDate(iso: value) == nil {
                throw fail("\(written) is not a real date (\(CalendarDate.whyNotReal(value) ?? "no such day"))", span.value.lowerBound)
            } else if field == .recurrence, RecurrenceRule(value) == nil {
                throw fail("\(written) is not a rule the Tasks plugin reads (e.g. every day, every 2 weeks, every month on the 15th)",
                           span.value.lowerBound)
            } else if field == .onCompletion, OnCompletion(word: value) == nil {
                throw fail("\(written) is not an action (keep or delete)", span.value.lowerBound)
            }
        }
    }

    /// The date a typed value names: an ISO date or a date word.
    static func resolvedDate(_ value: Substring, _ today: CalendarDate) -> CalendarDate? {
        DateExpression.resolve(value, today: today)
    }

    /// The moment a typed value names: a date as `resolvedDate` reads it, with a time of day after a `T`
    /// (`2026-12-01T14:30`, `friT14:30`), or a time alone (today at it).
    static func resolvedMoment(_ value: Substring, _ today: CalendarDate) -> Moment? {
        DateExpression.resolveMoment(value, today: today)
    }
}
