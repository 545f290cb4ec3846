/// Where one Markdown list item's marker and content go in canonical form.
///
/// A canonical item sits at its parent's indentation plus one `IndentUnit`, but never left of its parent's content
/// column nor more than 3 columns right of it (column 0 at the top level), with one space after its marker, so its
/// content column is `indent + marker width + 1`. With the canonical unit that is the parent's content column. An item is *frozen* (keeps its
/// indentation and spacing relative to its parent) when moving its content column left would pull the line
/// that follows its block into it; see `ItemLayout.layouts(for:)`.
struct ItemLayout {
    // A layout is made for every list item, and they are all held at once while a document is formatted, so
    // the columns of the marker and content (held in 32 bits by the parser too: an item's are at most a few
    // more than its parent's) and the UTF-8 offsets in the marker line (a line is at most 4 GiB) take 32 bits
    // each. The whitespace after the marker may be wider (a line's worth of tabs): it is held up to
    // `Int32.max` columns and counted again from the line when wider.
    private var spaces32: Int32
    private var oldIndent32: Int32
    private var newIndent32: Int32
    private var oldContentColumn32: Int32
    private var markerStart32: UInt32
    private var markerEnd32: UInt32
    private var contentOffset32: UInt32
    var isFrozen = false
    var hasContent: Bool

    init(indent: Int, contentColumn: Int, markerStart: Int, markerEnd: Int, contentOffset: Int, spaces: Int,
         hasContent: Bool) {
        spaces32 = Int32(clamping: spaces)
        oldIndent32 = Int32(indent)
        newIndent32 = Int32(indent)
        oldContentColumn32 = Int32(contentColumn)
        markerStart32 = UInt32(markerStart)
        markerEnd32 = UInt32(markerEnd)
        contentOffset32 = UInt32(contentOffset)
        self.hasContent = hasContent
    }

    var oldIndent: Int { Int(oldIndent32) }
    var newIndent: Int {
        get { Int(newIndent32) }
        set { newIndent32 = Int32(newValue) }
    }
    var oldContentColumn: Int { Int(oldContentColumn32) }
    /// Set by `layouts(for:)` with `newIndent`: a frozen item keeps the distance from its marker to its
    /// content, any other has one space after its marker.
    var newContentColumn: Int {
        newIndent + (isFrozen ? oldContentColumn - oldIndent : markerEnd - markerStart + 1)
    }
    /// Facts about the marker line, as UTF-8 offsets in its text.
    var markerStart: Int { Int(markerStart32) }
    var markerEnd: Int { Int(markerEnd32) }
    var contentOffset: Int { Int(contentOffset32) }
    /// Columns of whitespace between the marker and the content, or `Int32.max` when at least that many.
    var spaces: Int { Int(spaces32) }

    /// Columns of whitespace between the marker and the content of the item's marker line `b`.
    func spaces(in b: Span<UInt8>) -> Int {
        guard spaces32 == .max else { return spaces }
        let markerEndColumn = oldIndent + markerEnd - markerStart
        return LineScan.skipWhitespace(b, from: markerEnd, column: markerEndColumn).column - markerEndColumn
    }

    /// How far the item's block moves right (negative: left).
    var shift: Int { newContentColumn - oldContentColumn }

    /// Whether the whitespace after the marker is kept (as columns) instead of becoming one space: the item is
    /// frozen, or its content starts with indented code (more than 4 columns after the marker).
    var keepsSpacing: Bool { isFrozen || spaces > 4 }

    /// The layout of every item of `document`, in the order of `document.items`, nesting by `unit`.
    ///
    /// An item B is frozen when the first non-blank line L after its block, owned by B's parent, would land at
    /// or right of B's canonical content column: L would then join B. L's new column (relative to the parent's
    /// new content column) depends only on L, or, when L is B's next sibling, on whether that sibling is frozen;
    /// B's canonical column depends on whether its parent is frozen (`childOffset`). So the layouts are decided
    /// from the outermost items in, each depth from its last item back to its first, then placed from the first on.
    ///
    /// The items of `pinned` (top-level items) stay where they are, with their spacing.
    static func layouts(for document: Document, unit: IndentUnit = .canonical, pinned: Set<Int> = []) -> [ItemLayout] {
        let items = document.items, lines = document.lines
        let text = lines.text
        let bytes = text.utf8.span
        var layouts = items.map { item in
            markerFacts(indent: item.indent, contentColumn: item.contentColumn, bytes.extracting(lines.range(item.line - 1)))
        }
        var depths = [Int](repeating: 0, count: items.count)
        for index in items.indices {
            if let parent = items[index].parent { depths[index] = depths[parent] + 1 }
        }
        // Shallowest first, and at one depth the last item first: the items counted out by depth, not compared.
        var atDepth = [Int](repeating: 0, count: (depths.max() ?? 0) + 2)
        for depth in depths { atDepth[depth + 1] += 1 }
        for depth in atDepth.indices.dropFirst() { atDepth[depth] += atDepth[depth - 1] }
        var order = [Int](repeating: 0, count: items.count)
        for index in items.indices.reversed() {
            order[atDepth[depths[index]]] = index
            atDepth[depths[index]] += 1
        }
        for index in order {
            if !pinned.isEmpty, pinned.contains(index) {
                layouts[index].isFrozen = true
                continue
            }
            let offset = items[index].parent.map { layouts[$0].childOffset(unit) } ?? 0
            guard let relative = closingLineColumn(after: index, offset: offset, document, layouts) else { continue }
            let markerWidth = layouts[index].markerEnd - layouts[index].markerStart
            layouts[index].isFrozen = relative >= offset + markerWidth + 1
        }
        for index in items.indices {
            let parent = items[index].parent
            let parentOld = parent.map { layouts[$0].oldContentColumn } ?? 0
            let parentNew = parent.map { layouts[$0].newContentColumn } ?? 0
            if layouts[index].isFrozen {
                layouts[index].newIndent = layouts[index].oldIndent + (parentNew - parentOld)
            } else {
                layouts[index].newIndent = parentNew + (parent.map { layouts[$0].childOffset(unit) } ?? 0)
            }
        }
        return layouts
    }

    /// How far right of this item's new content column a canonical child goes: to the item's indentation plus one
    /// unit, but 0 to 3 columns in, where it is still a child and not indented code.
    func childOffset(_ unit: IndentUnit) -> Int {
        min(max(newIndent + unit.columns - newContentColumn, 0), 3)
    }

    private static func markerFacts(indent: Int, contentColumn: Int, _ b: Span<UInt8>) -> ItemLayout {
        let scan = LineScan(b)
        let markerEnd = BlockStart.itemMarkerEnd(b, scan.start)?.end ?? min(scan.start + 1, b.count)
        let markerWidth = markerEnd - scan.start
        let (contentOffset, afterColumn) = LineScan.skipWhitespace(b, from: markerEnd, column: scan.indent + markerWidth)
        return ItemLayout(indent: indent, contentColumn: contentColumn, markerStart: scan.start, markerEnd: markerEnd,
                          contentOffset: contentOffset, spaces: afterColumn - (scan.indent + markerWidth),
                          hasContent: contentOffset < b.count)
    }

    /// The new column, relative to the new content column of the item's parent (0 at the top level), of the
    /// first non-blank line after the item's block; nil when there is none or it belongs further out.
    /// A canonical sibling goes `offset` columns right of that content column.
    private static func closingLineColumn(after index: Int, offset: Int, _ document: Document, _ layouts: [ItemLayout]) -> Int? {
        let items = document.items, roles = document.roles
        let parent = items[index].parent
        var line = items[index].endLine  // 0-based index of the line after the block
        while line < roles.count, roles[line].kind == .blank { line += 1 }
        guard line < roles.count else { return nil }
        let role = roles[line]
        if role.kind == .itemStart, let next = role.item {
            guard items[next].parent == parent else { return nil }
            let parentOld = parent.map { layouts[$0].oldContentColumn } ?? 0
            return layouts[next].isFrozen ? layouts[next].oldIndent - parentOld : offset
        }
        guard role.item == parent else { return nil }
        let lineText = document.lines.text(line)
        let b = lineText.utf8.span
        let scan = LineScan(b)
        guard let owner = role.item else { return scan.indent }  // top-level lines never move
        let oldColumn = layouts[owner].oldContentColumn
        return LinePlacement.relativeColumn(of: role.kind, b, scan: scan, contentColumn: oldColumn) ?? scan.indent - oldColumn
    }
}
