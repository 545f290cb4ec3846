/// Rewrites the lines of a Markdown todo file in canonical form (docs/FORMAT.md, "5 Canonical form").
///
/// Works line by line from the structure the parser found: list item marker lines are rebuilt, lines in an
/// item's block are re-indented to the item's new content column, trailing whitespace goes, and then blank
/// lines are settled. Lines that need no change are reused as they are.
struct MarkdownCanonicalizer {
    private let document: Document
    private let layouts: [ItemLayout]

    /// The canonical lines of `document`, or nil when it is already canonical.
    static func canonicalLines(of document: Document) -> [Line]? {
        let canonicalizer = MarkdownCanonicalizer(document: document, layouts: ItemLayout.layouts(for: document))
        return BlankLines.settle(document, rewrite: canonicalizer.rewrite)
    }

    // MARK: One line

    /// Line `index` in canonical form; nil when that is the line itself.
    private func rewrite(_ index: Int) -> Line? {
        let line = document.lines[index]
        switch document.roles[index].kind {
        case .blank:
            return line.text.isEmpty ? nil : Line("", ending: line.ending)
        case .frontMatter:
            return nil
        default:
            break
        }
        let text = line.text
        let b = text.utf8.span
        if endsWithHardBreak(index, b) {
            // The line's trailing whitespace becomes exactly the two spaces of the break.
            let trimmed = rewriteTrimmed(index, line) ?? line
            var out = LineRewrite(of: trimmed.text)
            out.append(original: 0..<trimmed.text.utf8.count)
            out.append(repeating: .space, count: 2)
            let rewritten = out.line(ending: line.ending) ?? trimmed
            return rewritten == line ? nil : rewritten
        }
        return rewriteTrimmed(index, line)
    }

    /// Line `index` in canonical form with no trailing whitespace (outside verbatim blocks); nil when that is
    /// the line itself. Never a blank or front-matter line: `rewrite` answers those.
    private func rewriteTrimmed(_ index: Int, _ line: Line) -> Line? {
        let role = document.roles[index]
        let text = line.text
        let b = text.utf8.span
        var out = LineRewrite(of: text)
        switch role.kind {
        case .itemStart:
            canonicalItemLine(role.item!, index: index, b, &out)
        default:
            if let item = role.item {
                nestedLine(role.kind, in: item, b, &out)
            } else {
                // Outside list items nothing moves; only trailing whitespace goes.
                if role.isVerbatim || role.kind == .blockQuote { return nil }
                out.append(original: 0..<b.trimmedEnd())
            }
        }
        return out.line(ending: line.ending)
    }

    /// Whether line `index` ends in a hard line break (CommonMark 6.7): two or more spaces at the end of a line
    /// of paragraph text that the next line continues. Removing them would join the two lines when rendered.
    /// An item's first line counts when its content is paragraph text: a task with a body, or a plain item
    /// whose content starts no other block.
    private func endsWithHardBreak(_ index: Int, _ b: Span<UInt8>) -> Bool {
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
            if let task = document.items[item].task {
                return !document.tasks[task].body.text.utf8.allSatisfy { $0 == .space || $0 == .tab }
            }
            return !LinePlacement.wouldStartBlock(b, layout.contentOffset)
        default:
            return false
        }
    }

    /// A line in item `item`'s block that is not an item's marker line.
    private func nestedLine(_ kind: LineRole.Kind, in item: Int, _ b: Span<UInt8>, _ out: inout LineRewrite) {
        let layout = layouts[item]
        let scan = LineScan(b)
        let keepsTrailing = kind == .code || kind == .html || kind == .blockQuote
        let end = keepsTrailing ? b.count : b.trimmedEnd()
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
            let moved = out.output.prefix { $0 == .space || $0 == .tab }.reduce(0) { column, byte in
                byte == .space ? column + 1 : column + 4 - column % 4
            }
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
    private func canonicalItemLine(_ item: Int, index: Int, _ b: Span<UInt8>, _ out: inout LineRewrite) {
        let layout = layouts[item]
        let marker = b[layout.markerStart]
        let isBullet = layout.markerEnd - layout.markerStart == 1 && !BlockStart.isDigit(marker)
        var useMarker = marker
        if isBullet && marker != UInt8(ascii: "-") && !keepsBullet(layout, index: index) { useMarker = UInt8(ascii: "-") }
        buildItemLine(item, layout, b, marker: useMarker, &out)
        if useMarker != marker {
            let output = out.output
            let breaks = BlockStart.isThematicBreak(output.span, LineScan(output.span).start)
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

    private func buildItemLine(_ item: Int, _ layout: ItemLayout, _ b: Span<UInt8>, marker: UInt8,
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
        guard let t = document.items[item].task else {
            out.append(original: layout.contentOffset..<b.trimmedEnd(from: layout.contentOffset))
            return
        }
        // `[c]`, then one space and the body when there is one.
        let bodyStart = min(document.tasks[t].bodyColumn - 1, b.count)
        var close = bodyStart
        while close > layout.contentOffset, b[close - 1] != UInt8(ascii: "]") { close -= 1 }
        out.append(UInt8(ascii: "["))
        if document.tasks[t].checkboxScalar == "X" {
            out.append(UInt8(ascii: "x"))
        } else {
            out.append(original: (layout.contentOffset + 1)..<(close - 1))
        }
        out.append(UInt8(ascii: "]"))
        let start = b.skippingSpaces(from: bodyStart)
        let end = b.trimmedEnd(from: start)
        if start < end {
            out.append(.space)
            out.append(original: start..<end)
        }
    }
}

extension LineScan {
    /// The first byte offset at or past `column` in the leading whitespace of `b`, and the column it starts at
    /// (past `column` when a tab straddles it).
    static func offset(_ b: Span<UInt8>, atColumn target: Int) -> (offset: Int, column: Int) {
        var i = 0, column = 0
        while i < b.count, column < target {
            if b[i] == .space { column += 1 } else if b[i] == .tab { column += 4 - column % 4 } else { break }
            i += 1
        }
        return (i, column)
    }
}
