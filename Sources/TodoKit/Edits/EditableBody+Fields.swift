/// Writing the fields of the Tasks and Dataview dialects: a value replaced in place, a new field put where the
/// plugin's serializer puts it among the others, a field taken out with the whitespace that came with it.
extension EditableBody {
    /// The fields at the end of the body, as `TaskBody` reads them.
    var trailing: TrailingFields {
        let body = parsed
        return body.trailingFields(bytes)
    }

    /// The first span of `field`.
    func fieldSpan(_ field: TaskField) -> FieldSpan? {
        parsed.hasTrailingFields ? trailing.spans.first { $0.field == field } : nil
    }

    /// `📅 2026-12-01` or `[due:: 2026-12-01]`: a field as the plugin writes it (a priority's value is its level).
    static func fieldText(_ field: TaskField, _ value: String, dialect: Dialect) -> String {
        if dialect == .dataview { return "[\(field.dataviewKey):: \(value)]" }
        if field == .priority { return PriorityLevel(name: value)?.emoji ?? value }
        return "\(field.emoji[0]) \(value)"
    }

    /// Sets `field` to `value` in `dialect`: the first such field gets the value in place, else the field goes
    /// after the fields the plugin writes before it (after the description when there are none), after a
    /// space (two before a Dataview field, as the plugin writes them).
    mutating func setField(_ field: TaskField, _ value: String, dialect: Dialect) {
        if let span = fieldSpan(field) {
            if field == .priority, span.dialect == .tasks {
                replace(span.value, with: PriorityLevel(name: value)?.emoji ?? value)
            } else {
                replace(span.value, with: value)
            }
            return
        }
        let text = EditableBody.fieldText(field, value, dialect: dialect)
        let body = parsed
        let spans = body.hasTrailingFields ? trailing.spans : []
        var at = body.hasTrailingFields ? body.fieldsStart : layout.contentEnd
        for span in spans {
            if let other = span.field, other > field { break }
            at = span.range.upperBound
        }
        if at <= body.descriptionStart, at == 0 || bytes[at - 1] == .space || bytes[at - 1] == .tab {
            // Nothing before it: the field starts the body.
            replace(at..<at, with: text + (spans.isEmpty ? "" : dialect == .dataview ? "  " : " "))
        } else {
            replace(at..<at, with: (dialect == .dataview ? "  " : " ") + text)
        }
    }

    /// Removes every field `field`, each with the whitespace before it (after it, when it starts the body).
    mutating func removeField(_ field: TaskField) {
        while let span = fieldSpan(field) { removeWord(span.range) }
    }

    /// Where text added to the description goes: after its own last word, before the fields of the Tasks or
    /// Dataview dialect (which the plugin reads only at the end of a line).
    var descriptionEnd: Int {
        let body = parsed
        return body.hasTrailingFields ? body.fieldsStart : layout.contentEnd
    }

    /// Puts the global filter first in the description, with a space after it, when the body lacks it (as the
    /// plugin's "create or edit task" puts it on a task it saves).
    mutating func ensureGlobalFilter(_ filter: GlobalFilter) {
        guard !filter.isIncluded(in: bytes.span) else { return }
        let start = layout.descriptionStart
        replace(start..<start, with: filter.text + (start < bytes.count ? " " : ""))
    }

    /// The Dataview inline fields `[key:: value]` (and `(key:: value)`) of the description, whose key is written
    /// exactly `key`: each one's range, brackets included, and its value's, trimmed.
    func inlineFields(_ key: String) -> [(range: Range<Int>, value: Range<Int>)] {
        let end = descriptionEnd, start = layout.descriptionStart
        let head = Array((key + "::").utf8)
        var found: [(range: Range<Int>, value: Range<Int>)] = []
        var i = start
        while i + 1 + head.count <= end {
            let open = bytes[i]
            guard open == UInt8(ascii: "[") || open == UInt8(ascii: "("), bytes[(i + 1)..<(i + 1 + head.count)].elementsEqual(head) else {
                i += 1
                continue
            }
            let close: UInt8 = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ")")
            guard let closing = bytes[(i + 1 + head.count)..<end].firstIndex(of: close) else { break }
            var valueStart = i + 1 + head.count, valueEnd = closing
            while valueStart < valueEnd, bytes[valueStart] == .space || bytes[valueStart] == .tab { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == .space || bytes[valueEnd - 1] == .tab { valueEnd -= 1 }
            found.append((i..<(closing + 1), valueStart..<valueEnd))
            i = closing + 1
        }
        return found
    }

    /// Sets the Dataview inline field `key` to `value`: the first one's value replaced, the others removed,
    /// else `[key:: value]` added at the end of the description (two spaces before it, as Dataview fields are
    /// written); `value` nil removes every one. Returns false when that changes nothing.
    mutating func setInlineField(_ key: String, to value: String?) -> Bool {
        let fields = inlineFields(key)
        guard let value else {
            guard !fields.isEmpty else { return false }
            for field in fields.reversed() { removeWord(field.range) }
            return true
        }
        if let first = fields.first {
            if fields.count == 1, bytes[first.value].elementsEqual(value.utf8) { return false }
            for field in fields.dropFirst().reversed() { removeWord(field.range) }
            replace(first.value, with: value)
            return true
        }
        let end = descriptionEnd
        replace(end..<end, with: (end > 0 ? "  " : "") + "[\(key):: \(value)]")
        return true
    }

    /// Adds ` key:value` at the end of the description, before any trailing fields, so that removing its word
    /// takes back exactly what was added.
    mutating func appendDescriptionTag(_ key: String, _ value: String) {
        let end = descriptionEnd
        guard end < layout.contentEnd else { return appendTag(key, value) }
        replace(end..<end, with: (end > 0 ? " " : "") + "\(key):\(value)")
    }
}

/// Fields typed in todo.txt's way (`(A)`, a creation date, `due:fri`, `t:`, `start:`, `scheduled:`, `rec:1w`) for a
/// task of the Tasks or Dataview dialect, which writes them as fields of its own (FORMAT.md 8.10).
struct TypedFields {
    /// The typed text without those fields.
    var text: String
    /// The fields, each with its value as the dialect writes it (a priority as its level's name), in the order typed.
    var fields: [(field: TaskField, value: String)]

    /// Takes the fields out of `typed` (text made ready by `TypedText`). A value a field cannot take (a date with a
    /// time of day, `rec:3b`) is refused when `checked`, else left as text.
    /// `readsPrefix`: a priority and a creation date the text starts with are fields too (text that starts a
    /// task's description: `add`, `replace`).
    init(_ typed: String, today: CalendarDate, checked: Bool, readsPrefix: Bool = true) throws {
        var body = EditableBody(typed, allowsDoneMark: false, isClosed: false)
        var found: [(TaskField, String)] = []
        var taken: [Range<Int>] = []
        let parsed = body.parsed
        if readsPrefix {
            if let priority = parsed.priority { found.append((.priority, PriorityLevel(priority).description)) }
            if let created = parsed.creationDate { found.append((.created, created.description)) }
        }
        for token in parsed.tokens where token.kind == .tag {
            let key = String(parsed.slice(token.nameRange)), value = String(parsed.slice(token.valueRange))
            // The first of a field counts; another stays text, as reading leaves it.
            guard let field = TypedFields.field(forKey: key), !found.contains(where: { $0.0 == field }) else { continue }
            do {
                found.append((field, try TypedFields.value(of: field, key: key, value, today: today)))
                taken.append(token.range)
            } catch let error as TypedTextError {
                guard checked else { continue }
                let column = String(decoding: typed.utf8.prefix(token.range.lowerBound), as: UTF8.self).count + 1
                throw TypedTextError(error.message, column: column, text: typed)
            }
        }
        for range in taken.reversed() { body.removeWord(range) }
        if readsPrefix {
            if let range = body.layout.creation { body.bytes.removeSubrange(range) }
            body.removePriority()
        }
        text = body.text.trimmingWhitespace()
        fields = found
    }

    /// The field a todo.txt-style key stands for in the Tasks and Dataview dialects.
    static func field(forKey key: String) -> TaskField? {
        switch key {
        case "due": return .due
        case "t", "start": return .start
        case "scheduled": return .scheduled
        case "created": return .created
        case "rec": return .recurrence
        default: return nil
        }
    }

    /// The value as the field writes it: a date (date words resolved), or a topydo `rec:` as the plugin's rule.
    static func value(of field: TaskField, key: String, _ value: String, today: CalendarDate) throws -> String {
        if field == .recurrence {
            guard let recurrence = TodoTxtRecurrence(value) else {
                throw TypedTextError("rec:\(value) is not a recurrence ([+]N[dwmyb])", column: 1, text: value)
            }
            guard let rule = recurrence.pluginRule else {
                throw TypedTextError("rec:\(value) has no rule the Tasks plugin reads (it counts working days one by one "
                                    + "only); write 🔁 and a rule such as 'every week on Monday'", column: 1, text: value)
            }
            return rule
        }
        if let date = DateExpression.resolve(value, today: today) { return date.description }
        if Moment(iso: value) != nil {
            throw TypedTextError("\(key):\(value): \(field) dates of the Tasks and Dataview dialects are days without a time",
                                column: 1, text: value)
        }
        if let why = TypedText.whyNoDay(value) { throw TypedTextError("\(key):\(value) \(why)", column: 1, text: value) }
        throw TypedTextError("\(key):\(value) is not a date (YYYY-MM-DD, today, fri, +3d …)", column: 1, text: value)
    }
}

extension TodoTxtRecurrence {
    /// The rule in the Tasks plugin's words: `rec:+1w` is `every week`, `rec:2d` (counted from the day it is done)
    /// `every 2 days when done`; `rec:1b` is `every weekday`. Nil for every N working days but one.
    var pluginRule: String? {
        let words: String
        switch unit {
        case .businessDay:
            guard count == 1 else { return nil }
            words = "every weekday"
        default:
            let name = ["d": "day", "w": "week", "m": "month", "y": "year"][String(unit.rawValue)]!
            words = count == 1 ? "every \(name)" : "every \(count) \(name)s"
        }
        return isStrict ? words : words + " when done"
    }
}
