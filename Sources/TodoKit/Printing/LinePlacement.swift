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
            || BlockStart.itemMarker(b, s) != nil || BlockStart.setextLevel(b, s) != nil
            || b[s] == UInt8(ascii: "|")
    }

    /// How many of a verbatim line's columns right of its container's content column (`relative` of them before
    /// its first byte that is not whitespace) are the block's own indentation rather than its content: all of a
    /// fence line's, 4 of indented code, up to its fence's indentation (`fenceIndent`) of fenced code, none of HTML.
    /// What follows them is the block's content, byte for byte: a tab there is a tab wherever it stands.
    static func ownColumns(of kind: LineRole.Kind, relative: Int, fenceIndent: Int?) -> Int {
        switch kind {
        case .fence: max(0, relative)
        case .code: max(0, min(relative, fenceIndent ?? 4))
        default: 0
        }
    }

    /// For each line of fenced code (by 0-based index), its fence's indentation relative to the content column of
    /// the item holding it (column 0 at the top level).
    static func fenceIndents(in document: Document) -> [Int: Int] {
        var indents: [Int: Int] = [:]
        var open: (item: Int?, indent: Int)?
        for (index, role) in document.roles.enumerated() {
            switch role.kind {
            case .fence:
                if let fence = open, fence.item == role.item {
                    open = nil
                } else {
                    let indent = LineScan.indentation(of: document.lines.text(index))
                    open = (role.item, indent - (role.item.map { document.items[$0].contentColumn } ?? 0))
                }
            case .code:
                if let fence = open, fence.item == role.item { indents[index] = fence.indent }
            default:
                open = nil
            }
        }
        return indents
    }
}
