/// Where a line inside a list item's block (other than an item's own marker line) goes in canonical form,
/// relative to the item's content column.
enum LinePlacement {
    /// The line's new column relative to its item's content column, or nil when the line stays as written.
    ///
    /// - Code, fences and HTML keep their place relative to the content column (they shift with the item).
    /// - Paragraph text, block quotes and thematic breaks that sit 0 to 3 columns in go to the content column.
    /// - A paragraph continuation line indented further, or a lazy line written left of the content column,
    ///   goes to the content column too, unless its text would start a block there (a list marker, a heading,
    ///   a fence, a setext underline…): then it keeps its relative indentation, and a lazy one goes 4 columns
    ///   in, where it still continues the paragraph.
    static func relativeColumn(of kind: LineRole.Kind, _ b: Span<UInt8>, scan: LineScan,
                               contentColumn: Int) -> Int? {
        let relative = scan.indent - contentColumn
        switch kind {
        case .fence, .code, .html:
            return relative >= 0 ? relative : nil
        case .text, .lazyText, .blockQuote, .thematicBreak:
            if scan.isBlank { return nil }
            if relative >= 0 && relative <= 3 { return 0 }
            let continuesAnywhere = !wouldStartBlock(b, scan.start)
            if relative >= 4 { return continuesAnywhere ? 0 : relative }
            return continuesAnywhere ? 0 : 4
        default:
            return nil
        }
    }

    /// Whether text starting at `s` would begin a block (or underline a setext heading) if written at the
    /// content column right under a paragraph line.
    static func wouldStartBlock(_ b: Span<UInt8>, _ s: Int) -> Bool {
        BlockStart.atxHeadingLevel(b, s) != nil || BlockStart.fenceOpening(b, s) != nil
            || BlockStart.isThematicBreak(b, s) || b[s] == UInt8(ascii: ">")
            || BlockStart.htmlBlockStart(b, s, interruptsParagraph: true) != nil
            || BlockStart.listMarker(b, s) != nil || BlockStart.setextLevel(b, s) != nil
            || b[s] == UInt8(ascii: "|")
    }
}
