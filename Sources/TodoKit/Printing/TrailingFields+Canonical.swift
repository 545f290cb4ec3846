/// The canonical form of the fields at the end of a Tasks or Dataview task (docs/FORMAT.md 5.1, rule 10): as the
/// plugin's serializer writes them, `#tags` first (ending the description), then the fields in `TaskField` order,
/// a Tasks field after one space as `emoji value`, a Dataview field after two spaces as written, the block link
/// last after one space. A field keeps its dialect, its emoji and its value as written.
extension TrailingFields {
    /// Whether the fields of `b` (a body whose description starts at `floor`) already stand in canonical form.
    func isCanonical(_ b: [UInt8], floor: Int) -> Bool {
        var at = start
        var last: TaskField?
        for span in spans {
            if let field = span.field {
                if let last, field < last { return false }
                last = field
            } else if last != nil {
                return false
            }
            let separator = at == floor ? 0 : span.dialect == .dataview && span.field != nil ? 2 : 1
            guard span.range.lowerBound - at == separator, (at..<span.range.lowerBound).allSatisfy({ b[$0] == .space }),
                  TrailingFields.innerSpacingIsCanonical(span, b) else { return false }
            at = span.range.upperBound
        }
        if let link = blockLink { return link.lowerBound == at && (at == floor || b[at] == .space) }
        return true
    }

    /// The description of `b` from `floor` (where it starts) to the end of the fields, in canonical form: nil when
    /// it is canonical already, or when the canonical text would not read as the same fields (the line then
    /// stays as written).
    func canonicalDescription(_ b: [UInt8], floor: Int) -> [UInt8]? {
        guard !isCanonical(b, floor: floor) else { return nil }
        var out = Array(b[floor..<start])
        let ordered = spans.filter { $0.field == nil } + TrailingFields.stableSorted(spans.filter { $0.field != nil })
        for span in ordered {
            if !out.isEmpty { out.append(contentsOf: span.dialect == .dataview && span.field != nil ? [.space, .space] : [.space]) }
            out.append(contentsOf: TrailingFields.canonicalText(of: span, b))
        }
        if let link = blockLink {
            if !out.isEmpty { out.append(.space) }
            out.append(contentsOf: b[TrailingFields.trimmedStart(b, link)..<link.upperBound])
        }
        // The fields read back from the canonical text must be the same, in the canonical order.
        let reread = TrailingFields(out, from: 0, to: out.count)
        guard reread.spans.count == ordered.count, (reread.blockLink == nil) == (blockLink == nil),
              zip(reread.spans, ordered).allSatisfy({ new, old in
                  new.field == old.field && new.dialect == old.dialect && out[new.value].elementsEqual(b[old.value])
              }) else { return nil }
        return out
    }

    /// The fields sorted by `TaskField` order, those of one kind in the order written (so the first one written
    /// stays the one that counts).
    static func stableSorted(_ fields: [FieldSpan]) -> [FieldSpan] {
        fields.enumerated().sorted { ($0.element.field!, $0.offset) < ($1.element.field!, $1.offset) }.map(\.element)
    }

    /// A span as canonical form writes it: a Tasks field as its emoji (as written), one space and its value; a
    /// tag, a priority emoji and a Dataview field as written.
    static func canonicalText(of span: FieldSpan, _ b: [UInt8]) -> ArraySlice<UInt8> {
        guard span.dialect == .tasks, let field = span.field, field != .priority else { return b[span.range] }
        let emojiEnd = emojiEnd(of: span, b)
        return b[span.range.lowerBound..<emojiEnd] + [.space] + b[span.value]
    }

    /// Whether a Tasks field has exactly one space between its emoji and its value.
    static func innerSpacingIsCanonical(_ span: FieldSpan, _ b: [UInt8]) -> Bool {
        guard span.dialect == .tasks, let field = span.field, field != .priority else { return true }
        let emojiEnd = emojiEnd(of: span, b)
        return span.value.lowerBound == emojiEnd + 1 && b[emojiEnd] == .space
    }

    /// Where the emoji of a Tasks field (and a variation selector after it) ends.
    static func emojiEnd(of span: FieldSpan, _ b: [UInt8]) -> Int {
        var end = span.range.lowerBound
        for emoji in TaskField.emojiBytes[span.field!.rawValue]
        where b[span.range.lowerBound...].starts(with: emoji) {
            end += emoji.count
            break
        }
        if b[end...].starts(with: variationSelector) { end += variationSelector.count }
        return end
    }

    /// The block link without the whitespace before its caret.
    static func trimmedStart(_ b: [UInt8], _ link: Range<Int>) -> Int {
        var start = link.lowerBound
        while start < link.upperBound, b[start] != UInt8(ascii: "^") { start += 1 }
        return start
    }
}
