/// Rewrites the lines of a Markdown todo file in canonical form (docs/FORMAT.md, "5 Canonical form").
///
/// Works line by line from the structure the parser found: list item marker lines are rebuilt, lines in an
/// item's block are re-indented to the item's new content column, trailing whitespace goes, and then blank
/// lines are settled. Lines that need no change are reused as they are.
struct MarkdownCanonicalizer {
    private let document: Document
    private let layouts: [ItemLayout]
    private let lists: ItemRuns
    /// The unit items nest by and leading whitespace is written in.
    private let unit: IndentUnit
    /// The lists (by their first item) whose bullets stay as written.
    private var listsKeepingBullets = Set<Int>()
    /// For each line of fenced code (by 0-based index), its fence's indentation relative to its container.
    private var fenceIndents: [Int: Int] = [:]
    /// The lines (0-based) of the items that stay as written.
    private var pinnedLines = Set<Int>()
    /// The lines (0-based) of paragraph text that end inside a code span: their trailing whitespace is the code's.
    private var codeSpanLines = Set<Int>()

    /// The lines of paragraph text (a plain item's first line, text and lazy lines after it) that end inside a code
    /// span, which the paragraph's next lines close (CommonMark 6.1: a run of backticks opens a span closed by the
    /// next run of the same length; a run with none after it is text).
    private static func linesEndingInCodeSpans(_ document: Document) -> Set<Int> {
        var lines = Set<Int>()
        var runs: [(line: Int, length: Int)] = []
        func settle() {
            var i = 0
            while i < runs.count {
                if let j = runs[(i + 1)...].firstIndex(where: { $0.length == runs[i].length }) {
                    for line in runs[i].line..<runs[j].line { lines.insert(line) }
                    i = j + 1
                } else {
                    i += 1
                }
            }
            runs.removeAll(keepingCapacity: true)
        }
        for (index, role) in document.roles.enumerated() {
            switch role.kind {
            case .text, .lazyText: break
            case .itemStart where role.item.map({ document.items[$0].task == nil }) == true: settle()
            default:
                settle()
                continue
            }
            let b = document.lines.text(index).utf8.span
            var i = 0
            while i < b.count {
                guard b[i] == UInt8(ascii: "`") else { i += 1; continue }
                var end = i
                while end < b.count, b[end] == UInt8(ascii: "`") { end += 1 }
                runs.append((index, end - i))
                i = end
            }
        }
        settle()
        return lines
    }

    /// Whether item `item`'s content, on its marker line, starts another list item.
    static func startsRunOnItsLine(_ item: Int, _ document: Document) -> Bool {
        guard document.items[item].task == nil else { return false }
        let b = document.lines.text(document.items[item].line - 1).utf8.span
        let scan = LineScan(b)
        guard let (markerEnd, _) = BlockStart.itemMarkerEnd(b, scan.start) else { return false }
        let markerColumn = scan.indent + markerEnd - scan.start
        let (content, column) = LineScan.skipWhitespace(b, from: markerEnd, column: markerColumn)
        return content < b.count && column - markerColumn <= 4 && BlockStart.itemMarkerEnd(b, content) != nil
    }

    /// The canonical text of `document`, its items nested by `unit`, or nil when it is already canonical.
    static func canonicalText(of document: Document, unit: IndentUnit = .canonical) -> String? {
        let canonicalizer = MarkdownCanonicalizer.reading(document, unit: unit)
        return BlankLines.settle(document, rewrite: canonicalizer.rewrite)
    }

    /// The canonicalizer of `document`, its lists read; `layouts`, when given, are the document's item layouts.
    private static func reading(_ document: Document, unit: IndentUnit, layouts given: [ItemLayout]? = nil) -> MarkdownCanonicalizer {
        // A list item whose line starts another list item (`* - a`, `10. 1. a`) holds a list the parser does not
        // read on that line: the top-level item holding it stays as written, lines, bullets and spacing.
        var pinned = Set<Int>(), pinnedLines: [Range<Int>] = []
        for item in document.items.indices where startsRunOnItsLine(item, document) {
            var top = item
            while let parent = document.items[top].parent { top = parent }
            if pinned.insert(top).inserted { pinnedLines.append((document.items[top].line - 1)..<document.items[top].endLine) }
        }
        let layouts = pinned.isEmpty ? (given ?? ItemLayout.layouts(for: document, unit: unit))
            : ItemLayout.layouts(for: document, unit: unit, pinned: pinned)
        var canonicalizer = MarkdownCanonicalizer(document: document, layouts: layouts, lists: ItemRuns(document), unit: unit)
        canonicalizer.pinnedLines = pinnedLines.reduce(into: Set<Int>()) { $0.formUnion($1) }
        canonicalizer.codeSpanLines = linesEndingInCodeSpans(document)
        for item in pinned { canonicalizer.listsKeepingBullets.insert(canonicalizer.lists.start[item]) }
        // A list keeps its bullet where one of its items must: a list is one bullet.
        for item in document.items.indices where canonicalizer.mustKeepBullet(item) {
            canonicalizer.listsKeepingBullets.insert(canonicalizer.lists.start[item])
        }
        canonicalizer.fenceIndents = LinePlacement.fenceIndents(in: document)
        return canonicalizer
    }

    /// Which of `lines` (0-based, none blank) stand in `document` as its canonical form writes them: each line
    /// is rewritten on its own, from the document's structure, and a line that is not blank is never moved nor
    /// settled among blank lines (`BlankLines`).
    static func standCanonical(_ lines: [Int], in document: Document, unit: IndentUnit, layouts: [ItemLayout]) -> [Bool] {
        let canonicalizer = MarkdownCanonicalizer.reading(document, unit: unit, layouts: layouts)
        return lines.map { canonicalizer.rewrite($0) == nil }
    }

    /// Whether item `item`'s own line keeps its bullet: `-` would make it a thematic break, or (an empty item
    /// right under paragraph text) a setext underline.
    private func mustKeepBullet(_ item: Int) -> Bool {
        guard case .bullet(let bullet) = document.items[item].marker, bullet != "-" else { return false }
        return keepsBullet(layouts[item], index: document.items[item].line - 1) || wouldBreak(item)
    }

    /// Whether the item's line, its bullet written `-`, would read as a thematic break.
    private func wouldBreak(_ item: Int) -> Bool {
        let index = document.items[item].line - 1
        var bytes = Array(document.lines.text(index).utf8)
        let layout = layouts[item]
        guard layout.markerEnd - layout.markerStart == 1, layout.markerStart < bytes.count else { return false }
        bytes[layout.markerStart] = UInt8(ascii: "-")
        return BlockStart.isThematicBreak(bytes.span, LineScan(bytes.span).start)
    }

    // MARK: One line

    /// Line `index` in canonical form; nil when that is the line itself.
    private func rewrite(_ index: Int) -> Line? {
        let lines = document.lines
        let line = TextSlice(lines.text, lines.range(index)), ending = lines.ending(index)
        if pinnedLines.contains(index) { return nil }
        switch document.roles[index].kind {
        case .blank:
            // Right under an empty item's marker line, whitespace reaching the item's content column keeps the item
            // open for what follows (cmark reads it so): it becomes the new content column's spaces.
            if index > 0, let item = document.roles[index].item, document.roles[index - 1].kind == .itemStart,
               document.roles[index - 1].item == item, !layouts[item].hasContent {
                let kept = unit.indentation(to: layouts[item].newContentColumn)
                return line.substring.utf8.elementsEqual(kept.utf8) ? nil : Line(kept, ending: ending)
            }
            return line.isEmpty ? nil : Line("", ending: ending)
        case .frontMatter:
            return nil
        default:
            break
        }
        return line.withBytes { b in
            if codeSpanLines.contains(index) {
                // The trailing whitespace is inside a code span: it stays.
                guard let trimmed = rewriteTrimmed(index, line, b, ending: ending) else { return nil }
                let kept = trimmed.text + line.substring.utf8.dropFirst(b.trimmedEnd()).map { Character(Unicode.Scalar($0)) }
                return kept.utf8.elementsEqual(line.substring.utf8) ? nil : Line(kept, ending: ending)
            }
            guard endsWithHardBreak(index, b) else { return rewriteTrimmed(index, line, b, ending: ending) }
            // The line's trailing whitespace becomes exactly the two spaces of the break.
            let broken = (rewriteTrimmed(index, line, b, ending: ending)?.text ?? line.substring) + "  "
            return broken.utf8.elementsEqual(line.substring.utf8) ? nil : Line(broken, ending: ending)
        }
    }

    /// Line `index`, whose bytes are `b`, in canonical form with no trailing whitespace (outside verbatim
    /// blocks); nil when that is the line itself. Never a blank or front-matter line: `rewrite` answers those.
    private func rewriteTrimmed(_ index: Int, _ line: TextSlice, _ b: Span<UInt8>, ending: LineEnding) -> Line? {
        let role = document.roles[index]
        var out = LineRewrite(of: line)
        switch role.kind {
        case .itemStart:
            canonicalItemLine(role.item!, index: index, b, &out)
        default:
            if let item = role.item {
                nestedLine(index, role.kind, in: item, b, &out)
            } else {
                // Outside list items nothing moves; only trailing whitespace goes.
                if role.isVerbatim || role.kind == .blockQuote { return nil }
                out.append(original: 0..<b.trimmedEnd(), b)
            }
        }
        return out.line(ending: ending)
    }

    /// Whether line `index` ends in a hard line break (CommonMark 6.7): two or more spaces at the end of a line
    /// of paragraph text (or of a setext heading's text) that the next line continues. Removing them would join
    /// the two lines when rendered.
    /// An item's first line counts when its content is paragraph text: a task with a body, or a plain item
    /// whose content starts no other block.
    private func endsWithHardBreak(_ index: Int, _ b: Span<UInt8>) -> Bool {
        guard index + 1 < document.lines.count else { return false }
        if document.continuesSetextHeading(after: index) {
            return b.count >= 2 && b[b.count - 1] == .space && b[b.count - 2] == .space
        }
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

    /// Line `index` in item `item`'s block, not an item's marker line.
    private func nestedLine(_ index: Int, _ kind: LineRole.Kind, in item: Int, _ b: Span<UInt8>, _ out: inout LineRewrite) {
        let layout = layouts[item]
        let scan = LineScan(b)
        let keepsTrailing = kind == .code || kind == .html || kind == .blockQuote
        let end = keepsTrailing ? b.count : b.trimmedEnd()
        guard let relative = LinePlacement.relativeColumn(of: kind, b, scan: scan, contentColumn: layout.oldContentColumn) else {
            out.append(original: 0..<end, b)
            return
        }
        switch kind {
        case .code, .html, .fence:
            // Shift as a block: the block's own indentation right of the content column (`ownColumns`) is written
            // as spaces, the content after it kept byte for byte (a tab in it is the same tab wherever it stands),
            // and a tab straddling the two becomes the spaces of its columns past the boundary, as CommonMark
            // reads them.
            if layout.shift == 0 {
                out.append(original: 0..<end, b)
                return
            }
            let own = LinePlacement.ownColumns(of: kind, relative: relative, fenceIndent: fenceIndents[index])
            let boundary = layout.oldContentColumn + own
            let (offset, column) = LineScan.offset(b, atColumn: boundary)
            // Spaces whatever the unit: a tab here could reach into the block's content as CommonMark reads it.
            out.append(repeating: .space, count: layout.newContentColumn + own + (column - boundary), b)
            if offset < end { out.append(original: offset..<end, b) }
        default:
            unit.appendIndentation(to: layout.newContentColumn + relative, &out, b)
            out.append(original: scan.start..<max(scan.start, end), b)
        }
    }

    /// The marker line of item `item`: indentation, marker, one space, content (a task's checkbox, one space
    /// and its body).
    private func canonicalItemLine(_ item: Int, index: Int, _ b: Span<UInt8>, _ out: inout LineRewrite) {
        let layout = layouts[item]
        let marker = b[layout.markerStart]
        let isBullet = layout.markerEnd - layout.markerStart == 1 && !BlockStart.isDigit(marker)
        var useMarker = marker
        if isBullet && marker != UInt8(ascii: "-") && !keepsBullet(layout, index: index) && !lists.keepsBullet(ofItem: item)
            && !listsKeepingBullets.contains(lists.start[item]) {
            useMarker = UInt8(ascii: "-")
        }
        buildItemLine(item, layout, b, marker: useMarker, &out)
        if useMarker != marker {
            let output = out.output(b)
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
        unit.appendIndentation(to: layout.newIndent, &out, b)
        if layout.markerEnd - layout.markerStart == 1 {
            out.append(marker, b)
        } else {
            out.append(original: layout.markerStart..<layout.markerEnd, b)
        }
        guard layout.hasContent else { return }
        if layout.keepsSpacing {
            if layout.newIndent == layout.oldIndent {
                out.append(original: layout.markerEnd..<layout.contentOffset, b)
            } else {
                out.append(repeating: .space, count: layout.spaces(in: b), b)
            }
        } else {
            out.append(.space, b)
        }
        guard let t = document.items[item].task else {
            // Content more than 4 columns after the marker is indented code, whose trailing whitespace is its own.
            out.append(original: layout.contentOffset..<(layout.spaces > 4 ? b.count : b.trimmedEnd(from: layout.contentOffset)), b)
            return
        }
        // `[c]`, then one space and the body when there is one.
        let bodyStart = min(document.tasks[t].bodyColumn - 1, b.count)
        var close = bodyStart
        while close > layout.contentOffset, b[close - 1] != UInt8(ascii: "]") { close -= 1 }
        out.append(UInt8(ascii: "["), b)
        // `[X]` is `[x]`, unless the vault's Tasks statuses decide what it is: a status of its own, or none.
        if document.tasks[t].checkboxScalar == "X", document.reading.statuses == nil {
            out.append(UInt8(ascii: "x"), b)
        } else {
            out.append(original: (layout.contentOffset + 1)..<(close - 1), b)
        }
        out.append(UInt8(ascii: "]"), b)
        let start = b.skippingSpaces(from: bodyStart)
        let end = b.trimmedEnd(from: start)
        guard start < end else { return }
        out.append(.space, b)
        let body = document.tasks[t].body
        if !body.fieldsAreCanonical, let fields = body.canonicalFieldsDescription {
            // Rule 10: the fields of a Tasks or Dataview task in the order the plugin writes them.
            out.append(original: start..<(bodyStart + body.descriptionStart), b)
            for byte in fields { out.append(byte, b) }
        } else {
            out.append(original: start..<end, b)
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
