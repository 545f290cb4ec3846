/// Rewrites the lines of a Markdown todo file in canonical form (docs/FORMAT.md, "5 Canonical form").
///
/// Works line by line from the structure the parser found: list item marker lines are rebuilt, lines in an
/// item's block are re-indented to the item's new content column, trailing whitespace goes, and then blank
/// lines are settled. Lines that need no change are reused as they are.
struct MarkdownCanonicalizer {
    // The document's arrays, read in place while `canonicalLines` runs (a line or task copied out costs a
    // retain of each reference it holds).
    private let lines: UnsafeBufferPointer<Line>
    private let roles: UnsafeBufferPointer<LineRole>
    private let layouts: UnsafeBufferPointer<ItemLayout>
    private let tasks: UnsafeBufferPointer<Task>
    /// The list items, each knowing the task it is (`task32`, -1 for none).
    private let items: UnsafeBufferPointer<ListItem>
    /// The bytes of the storage most lines share (`LineBytes.commonStorage`), and its identity: the lines of
    /// a read text are sliced from this one view of it rather than each opening its own.
    private let common: UnsafeBufferPointer<UInt8>
    private let commonIdentity: StorageIdentity

    /// The canonical lines of `document`, or nil when it is already canonical.
    static func canonicalLines(of document: Document) -> [Line]? {
        withLineRewrite(of: document) { rewrite in BlankLines.settle(document, rewrite: rewrite) }
    }

    /// The canonical lines of one part of a file (`SectionedFormatting`), or nil when they are already
    /// canonical; `ending` is the file's dominant line ending, `carry` what the parts before left (see
    /// `BlankLines.settle(_:ending:carry:isFirst:isLast:rewrite:)`).
    static func canonicalLines(ofPart document: Document, ending: LineEnding, carry: inout BlankLines.Carry,
                               isFirst: Bool, isLast: Bool) -> [Line]? {
        withLineRewrite(of: document) { rewrite in
            BlankLines.settle(document, ending: ending, carry: &carry, isFirst: isFirst, isLast: isLast, rewrite: rewrite)
        }
    }

    /// Calls `settle` with the rewrite of each line of `document` into canonical form (nil: the line itself).
    private static func withLineRewrite(of document: Document, _ settle: ((Int) -> Line?) -> [Line]?) -> [Line]? {
        let layouts = ItemLayout.layouts(for: document)
        return document.lines.withUnsafeBufferPointer { lines in
            let storage = lines.isEmpty ? "" : LineBytes.commonStorage(of: lines)
            let commonIdentity = storage.storageIdentity
            return storage.withUTF8Bytes { common in
                document.roles.withUnsafeBufferPointer { roles in
                    layouts.withUnsafeBufferPointer { layouts in
                        document.tasks.withUnsafeBufferPointer { tasks in
                            document.items.withUnsafeBufferPointer { items in
                                let canonicalizer = MarkdownCanonicalizer(
                                    lines: lines, roles: roles, layouts: layouts, tasks: tasks, items: items,
                                    common: common, commonIdentity: commonIdentity)
                                var buffer: [UInt8] = []
                                return settle { canonicalizer.rewrite($0, buffer: &buffer) }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: One line

    /// Line `index` in canonical form; nil when that is the line itself.
    private func rewrite(_ index: Int, buffer: inout [UInt8]) -> Line? {
        let kind = roles[index].kind
        switch kind {
        case .blank:
            return lines[index].count == 0 ? nil : Line("", ending: lines[index].ending)
        case .frontMatter:
            return nil
        default:
            break
        }
        if lines[index].storage.storageIdentity == commonIdentity {
            let start = Int(lines[index].start), end = start + Int(lines[index].count)
            return rewrite(index, UnsafeBufferPointer(rebasing: common[start..<end]), buffer: &buffer)
        }
        return lines[index].withUTF8Bytes { rewrite(index, $0, buffer: &buffer) }
    }

    /// Line `index`, whose bytes are `b`, in canonical form; nil when that is the line itself.
    private func rewrite(_ index: Int, _ b: UnsafeBufferPointer<UInt8>, buffer: inout [UInt8]) -> Line? {
        if endsWithHardBreak(index, b) {
            // The line's trailing whitespace becomes exactly the two spaces of the break.
            let rewritten = rewriteTrimmed(index, b, buffer: &buffer) ?? lines[index]
            let line = rewritten.withUTF8Bytes { r -> Line in
                var out = LineRewrite(of: r, reusing: &buffer)
                out.append(original: 0..<r.count)
                out.append(repeating: .space, count: 2)
                return MarkdownCanonicalizer.line(rewritten, out.finish(into: &buffer), buffer)
            }
            return line == lines[index] ? nil : line
        }
        return rewriteTrimmed(index, b, buffer: &buffer)
    }

    /// Line `index`, whose bytes are `b`, in canonical form with no trailing whitespace (outside verbatim
    /// blocks); nil when that is the line itself. Never a blank or front-matter line: `rewrite` answers those.
    private func rewriteTrimmed(_ index: Int, _ b: UnsafeBufferPointer<UInt8>, buffer: inout [UInt8]) -> Line? {
        let role = roles[index]
        var out = LineRewrite(of: b, reusing: &buffer)
        switch role.kind {
        case .itemStart:
            canonicalItemLine(role.item!, index: index, b, &out)
        default:
            if let item = role.item {
                nestedLine(role.kind, in: item, b, &out)
            } else {
                // Outside list items nothing moves; only trailing whitespace goes.
                if role.isVerbatim || role.kind == .blockQuote { return nil }
                out.append(original: 0..<trimmedEnd(b, from: 0))
            }
        }
        let outcome = out.finish(into: &buffer)
        if case .same = outcome { return nil }
        // New bytes equal to the line's own are the line itself.
        if case .new = outcome, buffer.withUnsafeBufferPointer({ ByteScan.equal($0, b) }) { return nil }
        return MarkdownCanonicalizer.line(lines[index], outcome, buffer)
    }

    /// The line a rewrite of `line` came to: the line itself, a shorter view of it (trailing whitespace
    /// removed), or a new line of the bytes in `buffer`.
    private static func line(_ line: Line, _ outcome: LineRewrite.Outcome, _ buffer: [UInt8]) -> Line {
        switch outcome {
        case .same: return line
        case .prefix(let count):
            var shorter = line
            shorter.count = UInt32(count)
            return shorter
        case .new: return Line(String(decoding: buffer, as: UTF8.self), ending: line.ending)
        }
    }

    /// Whether line `index` ends in a hard line break (CommonMark 6.7): two or more spaces at the end of a line
    /// of paragraph text that the next line continues. Removing them would join the two lines when rendered.
    /// An item's first line counts when its content is paragraph text: a task with a body, or a plain item
    /// whose content starts no other block.
    private func endsWithHardBreak(_ index: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index + 1 < lines.count else { return false }
        switch roles[index + 1].kind {
        case .text, .lazyText: break
        default: return false
        }
        let role = roles[index]
        guard b.count >= 2, b[b.count - 1] == .space, b[b.count - 2] == .space else { return false }
        switch role.kind {
        case .text, .lazyText:
            return true
        case .itemStart:
            guard let item = role.item else { return false }
            let layout = layouts[item]
            guard layout.hasContent, layout.spaces <= 4 else { return false }
            let t = Int(items[item].task32)
            if t >= 0 {
                return tasks[t].body.withUTF8Bytes { $0.contains { $0 != .space && $0 != .tab } }
            }
            return !LinePlacement.wouldStartBlock(b, layout.contentOffset)
        default:
            return false
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
        switch roles[index - 1].kind {
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
                out.append(repeating: .space, count: layout.spaces(in: b))
            }
        } else {
            out.append(.space)
        }
        let t = Int(items[item].task32)
        guard t >= 0 else {
            out.append(original: layout.contentOffset..<trimmedEnd(b, from: layout.contentOffset))
            return
        }
        // `[c]`, then one space and the body when there is one.
        let bodyStart = min(Int(tasks[t].bodyColumn32) - 1, b.count)
        var close = bodyStart
        while close > layout.contentOffset, b[close - 1] != UInt8(ascii: "]") { close -= 1 }
        out.append(UInt8(ascii: "["))
        if tasks[t].checkbox32 == 0x58 {  // `X`
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
