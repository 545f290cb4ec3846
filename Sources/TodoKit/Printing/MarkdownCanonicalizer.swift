/// Rewrites the lines of a Markdown todo file in canonical form (docs/FORMAT.md, "5 Canonical form").
///
/// Works line by line from the structure the parser found: list item marker lines are rebuilt, lines in an
/// item's block are re-indented to the item's new content column, trailing whitespace goes, and then blank
/// lines are settled. Lines that need no change are reused as they are.
struct MarkdownCanonicalizer {
    private let document: Document
    private let layouts: [ItemLayout]
    /// The task each list item is, if any.
    private let taskOfItem: [Int?]

    /// The canonical lines of `document`, or nil when it is already canonical.
    static func canonicalLines(of document: Document) -> [Line]? {
        var taskOfItem = [Int?](repeating: nil, count: document.items.count)
        for index in document.tasks.indices where document.tasks[index].item32 >= 0 {
            taskOfItem[Int(document.tasks[index].item32)] = index
        }
        let canonicalizer = MarkdownCanonicalizer(document: document, layouts: ItemLayout.layouts(for: document),
                                                  taskOfItem: taskOfItem)
        var buffer: [UInt8] = []
        // Made at the first line that changes: until then the rewritten lines are the document's own.
        var rewritten: [Line]?
        // The lines of a read text are sliced from one view of it rather than each opening its own.
        LineBytes.withAccess(to: document.lines) { bytes, lines in
            for index in lines.indices {
                let line: Line
                if let b = bytes(index) {
                    line = canonicalizer.rewrite(index, b, buffer: &buffer)
                } else {
                    line = lines[index].withUTF8Bytes { canonicalizer.rewrite(index, $0, buffer: &buffer) }
                }
                if rewritten == nil {
                    if line == lines[index] { continue }
                    var start: [Line] = []
                    start.reserveCapacity(lines.count)
                    start.append(contentsOf: lines[0..<index])
                    rewritten = start
                }
                rewritten!.append(line)
            }
        }
        return BlankLines.settle(rewritten ?? document.lines, of: document, changed: rewritten != nil)
    }

    // MARK: One line

    /// Line `index`, whose bytes are `b`, in canonical form.
    private func rewrite(_ index: Int, _ b: UnsafeBufferPointer<UInt8>, buffer: inout [UInt8]) -> Line {
        let line = document.lines[index]
        let role = document.roles[index]
        if endsWithHardBreak(index, b) {
            // The line's trailing whitespace becomes exactly the two spaces of the break.
            let rewritten = rewriteTrimmed(index, line, b, role, buffer: &buffer)
            return rewritten.withUTF8Bytes { r in
                MarkdownCanonicalizer.rebuild(rewritten, r, &buffer) { b, out in
                    out.append(original: 0..<b.count)
                    out.append(repeating: .space, count: 2)
                }
            }
        }
        return rewriteTrimmed(index, line, b, role, buffer: &buffer)
    }

    private func rewriteTrimmed(_ index: Int, _ line: Line, _ b: UnsafeBufferPointer<UInt8>, _ role: LineRole,
                                buffer: inout [UInt8]) -> Line {
        switch role.kind {
        case .blank:
            return line.utf8Count == 0 ? line : Line("", ending: line.ending)
        case .frontMatter:
            return line
        case .itemStart:
            return MarkdownCanonicalizer.rebuild(line, b, &buffer) { canonicalItemLine(role.item!, index: index, $0, &$1) }
        default:
            guard let item = role.item else {
                // Outside list items nothing moves; only trailing whitespace goes.
                if role.isVerbatim || role.kind == .blockQuote { return line }
                return MarkdownCanonicalizer.rebuild(line, b, &buffer) { b, out in out.append(original: 0..<trimmedEnd(b, from: 0)) }
            }
            return MarkdownCanonicalizer.rebuild(line, b, &buffer) { nestedLine(role.kind, in: item, $0, &$1) }
        }
    }

    /// Whether line `index` ends in a hard line break (CommonMark 6.7): two or more spaces at the end of a line
    /// of paragraph text that the next line continues. Removing them would join the two lines when rendered.
    /// An item's first line counts when its content is paragraph text: a task with a body, or a plain item
    /// whose content starts no other block.
    private func endsWithHardBreak(_ index: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index + 1 < document.lines.count else { return false }
        switch document.roles[index + 1].kind {
        case .text, .lazyText: break
        default: return false
        }
        let role = document.roles[index]
        guard b.count >= 2, b[b.count - 1] == .space, b[b.count - 2] == .space else { return false }
        switch role.kind {
        case .text, .lazyText:
            return true
        case .itemStart:
            guard let item = role.item else { return false }
            let layout = layouts[item]
            guard layout.hasContent, layout.spaces <= 4 else { return false }
            if let t = taskOfItem[item] {
                return document.tasks[t].body.withUTF8Bytes { $0.contains { $0 != .space && $0 != .tab } }
            }
            return !LinePlacement.wouldStartBlock(b, layout.contentOffset)
        default:
            return false
        }
    }

    /// Runs `build` on the line's bytes `b`; returns the line itself when the bytes come out the same, and a
    /// shorter view of it when they come out cut short (trailing whitespace removed).
    private static func rebuild(_ line: Line, _ b: UnsafeBufferPointer<UInt8>, _ buffer: inout [UInt8],
                                _ build: (UnsafeBufferPointer<UInt8>, inout LineRewrite) -> Void) -> Line {
        var out = LineRewrite(of: b, reusing: &buffer)
        build(b, &out)
        switch out.finish(into: &buffer) {
        case .same: return line
        case .prefix(let count):
            var shorter = line
            shorter.count = UInt32(count)
            return shorter
        case .new: return Line(String(decoding: buffer, as: UTF8.self), ending: line.ending)
        }
    }

    /// A line in item `item`'s block that is not an item's marker line.
    private func nestedLine(_ kind: LineRole.Kind, in item: Int, _ b: UnsafeBufferPointer<UInt8>, _ out: inout LineRewrite) {
        let layout = layouts[item]
        let scan = LineScan(b)
        let keepsTrailing = kind == .code || kind == .html || kind == .blockQuote
        let end = keepsTrailing ? b.count : trimmedEnd(b, from: 0)
        guard let relative = LinePlacement.relativeColumn(of: kind, b, scan: scan, contentColumn: layout.oldContentColumn) else {
            out.append(original: 0..<end)
            return
        }
        switch kind {
        case .code, .html, .fence:
            // Shift as a block: keep the bytes right of the old content column (a tab straddling it becomes
            // the spaces left of it), unless a tab there would then reach another column: then the whole
            // indentation becomes spaces.
            if layout.shift == 0 {
                out.append(original: 0..<end)
                return
            }
            out.append(repeating: .space, count: layout.newContentColumn)
            let (offset, column) = LineScan.offset(b, atColumn: layout.oldContentColumn)
            out.append(repeating: .space, count: column - layout.oldContentColumn)
            if offset < end { out.append(original: offset..<end) }
            let moved = out.withOutput { LineScan($0).indent }
            if !scan.isBlank, moved != layout.newContentColumn + relative {
                out.removeAll()
                out.append(repeating: .space, count: layout.newContentColumn + relative)
                out.append(original: scan.start..<end)
            }
        default:
            out.append(repeating: .space, count: layout.newContentColumn + relative)
            out.append(original: scan.start..<max(scan.start, end))
        }
    }

    /// The marker line of item `item`: indentation, marker, one space, content (a task's checkbox, one space
    /// and its body).
    private func canonicalItemLine(_ item: Int, index: Int, _ b: UnsafeBufferPointer<UInt8>, _ out: inout LineRewrite) {
        let layout = layouts[item]
        let marker = b[layout.markerStart]
        let isBullet = layout.markerEnd - layout.markerStart == 1 && !BlockStart.isDigit(marker)
        var useMarker = marker
        if isBullet && marker != UInt8(ascii: "-") && !keepsBullet(layout, index: index) { useMarker = UInt8(ascii: "-") }
        buildItemLine(item, layout, b, marker: useMarker, &out)
        if useMarker != marker {
            let breaks = out.withOutput { o -> Bool in
                let scan = LineScan(o)
                return BlockStart.isThematicBreak(o, scan.start)
            }
            if breaks {
                out.removeAll()
                buildItemLine(item, layout, b, marker: marker, &out)
            }
        }
    }

    /// An empty item right under paragraph text keeps its bullet: a `-` there could read as a setext underline.
    private func keepsBullet(_ layout: ItemLayout, index: Int) -> Bool {
        guard !layout.hasContent, index > 0 else { return false }
        switch document.roles[index - 1].kind {
        case .text, .lazyText, .itemStart, .blockQuote: return true
        default: return false
        }
    }

    private func buildItemLine(_ item: Int, _ layout: ItemLayout, _ b: UnsafeBufferPointer<UInt8>, marker: UInt8,
                               _ out: inout LineRewrite) {
        out.append(repeating: .space, count: layout.newIndent)
        if layout.markerEnd - layout.markerStart == 1 {
            out.append(marker)
        } else {
            out.append(original: layout.markerStart..<layout.markerEnd)
        }
        guard layout.hasContent else { return }
        if layout.keepsSpacing {
            if layout.newIndent == layout.oldIndent {
                out.append(original: layout.markerEnd..<layout.contentOffset)
            } else {
                out.append(repeating: .space, count: layout.spaces)
            }
        } else {
            out.append(.space)
        }
        guard let t = taskOfItem[item] else {
            out.append(original: layout.contentOffset..<trimmedEnd(b, from: layout.contentOffset))
            return
        }
        // `[c]`, then one space and the body when there is one.
        let bodyStart = min(document.tasks[t].bodyColumn - 1, b.count)
        var close = bodyStart
        while close > layout.contentOffset, b[close - 1] != UInt8(ascii: "]") { close -= 1 }
        out.append(UInt8(ascii: "["))
        if document.tasks[t].checkbox32 == 0x58 {  // `X`
            out.append(UInt8(ascii: "x"))
        } else {
            out.append(original: (layout.contentOffset + 1)..<(close - 1))
        }
        out.append(UInt8(ascii: "]"))
        var start = bodyStart
        while start < b.count, b[start] == .space || b[start] == .tab { start += 1 }
        let end = trimmedEnd(b, from: start)
        if start < end {
            out.append(.space)
            out.append(original: start..<end)
        }
    }
}

/// The offset just past the last byte of `b` (from `start` on) that is not a space or tab.
func trimmedEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var end = b.count
    while end > start, b[end - 1] == .space || b[end - 1] == .tab { end -= 1 }
    return end
}

extension LineScan {
    /// The first byte offset at or past `column` in the leading whitespace of `b`, and the column it starts at
    /// (past `column` when a tab straddles it).
    static func offset(_ b: UnsafeBufferPointer<UInt8>, atColumn target: Int) -> (offset: Int, column: Int) {
        var i = 0, column = 0
        while i < b.count, column < target {
            if b[i] == .space { column += 1 } else if b[i] == .tab { column += 4 - column % 4 } else { break }
            i += 1
        }
        return (i, column)
    }
}
