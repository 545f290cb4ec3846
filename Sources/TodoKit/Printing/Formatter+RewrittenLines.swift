extension Formatter {
    /// Whether an edit that rewrote `lines` (0-based, task lines) of `original` in place, giving `result` (read in
    /// place: `Document(rewritingTaskLines:of:text:)`, the same structure), leaves `result` as it is where an edit
    /// of a canonical document puts its result in canonical form: when every rewritten line stands canonical in
    /// `result`, every other line stands as it did in `original` (a line's canonical form follows from the
    /// structure and its own bytes), so `result` is canonical wherever `original` was; and when one of them did not
    /// stand canonical in `original`, `original` was not canonical. Otherwise only the whole canonical form tells.
    static func keepsRewrittenLines(_ lines: [Int], of original: Document, in result: Document,
                                    options: FormatOptions = FormatOptions()) -> Bool {
        switch original.format {
        case .todotxt:
            return lines.allSatisfy { TodoTxtCanonicalizer.standsCanonical($0, in: result) }
                || lines.contains { !TodoTxtCanonicalizer.standsCanonical($0, in: original) }
        case .markdown:
            // The item layouts follow from the structure and the marker lines up to their content: the same in both.
            // The unit follows from the items' indentation, which the edit does not touch.
            let unit = options.indentUnit ?? IndentUnit.mostlyUsed(in: original)
            let layouts = ItemLayout.layouts(for: result, unit: unit)
            return !MarkdownCanonicalizer.standCanonical(lines, in: result, unit: unit, layouts: layouts).contains(false)
                || MarkdownCanonicalizer.standCanonical(lines, in: original, unit: unit, layouts: layouts).contains(false)
        }
    }
}
