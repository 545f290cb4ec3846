/// Writing the fields of the Tasks and Dataview dialects: a value replaced in place, a new field put where the
/// plugin's serializer puts it among the others, a field taken out with the whitespace that came with it.
extension BodyText {
    /// The fields at the end of the body, as `TaskBody` reads them.
    var trailing: TrailingFields {
        let body = parsed
        return TrailingFields(bytes, from: body.descriptionStart, to: body.descriptionEnd)
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
        let text = BodyText.fieldText(field, value, dialect: dialect)
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

    /// Adds ` key:value` at the end of the description, before any trailing fields, so that removing its word
    /// takes back exactly what was added.
    mutating func appendDescriptionTag(_ key: String, _ value: String) {
        let end = descriptionEnd
        guard end < layout.contentEnd else { return appendTag(key, value) }
        replace(end..<end, with: (end > 0 ? " " : "") + "\(key):\(value)")
    }
}
