/// What a Markdown todo file says besides its tasks, as a renderer reads it: every line that is no task line, with
/// what decides how it renders and nothing that does not. Formatting a todo file may re-indent, re-bullet, trim
/// and settle blank lines, but the outline of its input and of its output must be the same (docs/FORMAT.md 5.4).
///
/// A line's entry holds its kind (a lazy continuation reads as paragraph text), how many plain list items it is
/// nested in below the task that holds it, its text (trimmed, a bullet read as `-`, a hard line break kept as
/// one; code, HTML and front matter byte for byte right of their container's content column), and whether a
/// blank line stands before it where that can matter. The lines of a task's block (its notes) belong to that
/// task, so that a sort, which moves blocks, keeps each task's lines with it; the other lines keep their order.
/// The tests hold this outline to a CommonMark implementation's HTML of the same texts.
struct NonTaskOutline: Equatable {
    struct Entry: Equatable {
        var kind: LineRole.Kind
        var depth: Int
        var text: [UInt8]
        var blankBefore: Bool
        /// A list item that starts a list: another bullet or delimiter than the item before, or none before.
        var startsRun = false
    }

    /// The entries outside every task's block, in order.
    var outside: [Entry] = []
    /// The entries of each task's own block (not its subtasks'), by task.
    var blocks: [[Entry]]

    init(_ document: Document) {
        blocks = [[Entry]](repeating: [], count: document.tasks.count)
        let lines = document.lines, roles = document.roles
        // The innermost task whose block holds each line: tasks in document order, a subtask after its parent.
        var owner = [Int](repeating: -1, count: lines.count)
        for t in document.tasks.indices {
            for line in (document.tasks[t].line - 1)..<min(document.tasks[t].endLine, lines.count) { owner[line] = t }
        }
        let lists = ItemRuns(document)
        let fenceIndents = LinePlacement.fenceIndents(in: document)
        var blankBefore = false
        var previousKind: LineRole.Kind?
        for index in lines.indices {
            let role = roles[index]
            if role.kind == .blank {
                blankBefore = true
                continue
            }
            defer {
                blankBefore = false
                previousKind = role.kind
            }
            let kind = role.kind == .lazyText ? .text : role.kind
            let separated = blankBefore && previousKind.map { NonTaskOutline.blankMatters(after: $0, before: kind) } ?? false
            let startsRun = role.kind == .itemStart && role.item.map(lists.startsRun) == true
            if let task = document.task(atLine: index + 1) {
                // A task line says where a list starts and what stands around it; what it says is the task's.
                let parent = document.tasks[task].parent ?? -1
                let entry = Entry(kind: kind, depth: NonTaskOutline.depth(of: role, below: parent, in: document),
                                  text: [], blankBefore: separated, startsRun: startsRun)
                if parent >= 0 { blocks[parent].append(entry) } else { outside.append(entry) }
                continue
            }
            let entry = Entry(kind: kind, depth: NonTaskOutline.depth(of: role, below: owner[index], in: document),
                              text: NonTaskOutline.text(of: index, document, fenceIndents: fenceIndents), blankBefore: separated, startsRun: startsRun)
            if owner[index] >= 0 { blocks[owner[index]].append(entry) } else { outside.append(entry) }
        }
    }

    /// The first way `result`, formatted from `original`, says something else than it besides its tasks; nil when
    /// the two outlines agree. `origins[k]` is the original task the result's task `k` is.
    static func difference(in result: Document, from original: Document, origins: [Int?]) -> MeaningDifference? {
        let before = NonTaskOutline(original), after = NonTaskOutline(result)
        if let k = firstDifference(before.outside, after.outside) {
            return MeaningDifference(line: nil, "formatting would change what the file says outside its tasks (\(describe(before.outside, after.outside, k)))")
        }
        for k in result.tasks.indices {
            guard let o = origins[k], o < before.blocks.count,
                  let at = firstDifference(before.blocks[o], after.blocks[k]) else { continue }
            return MeaningDifference(line: result.tasks[k].line,
                                     "formatting would change how the notes of the task on line \(original.tasks[o].line) read (\(describe(before.blocks[o], after.blocks[k], at)))")
        }
        return nil
    }

    /// The first position where two lists of entries differ, or nil when they are the same.
    private static func firstDifference(_ a: [Entry], _ b: [Entry]) -> Int? {
        for k in 0..<min(a.count, b.count) where a[k] != b[k] { return k }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    private static func describe(_ before: [Entry], _ after: [Entry], _ k: Int) -> String {
        func show(_ entries: [Entry]) -> String {
            k < entries.count ? quoted(String(decoding: entries[k].text, as: UTF8.self)) : "nothing"
        }
        return "\(show(before)) would read as \(show(after))"
    }

    /// How many plain list items hold the line (the item it starts counts), below the task `owner` (-1: none).
    private static func depth(of role: LineRole, below owner: Int, in document: Document) -> Int {
        let stop = owner >= 0 ? document.tasks[owner].item : nil
        var depth = 0
        var item = role.item
        while let current = item, current != stop {
            if document.items[current].task == nil { depth += 1 }
            item = document.items[current].parent
        }
        return depth
    }

    /// The line's text as it renders: verbatim lines byte for byte right of their container's content column,
    /// others trimmed, a plain item's bullet read as `-`, a hard line break as two spaces.
    private static func text(of index: Int, _ document: Document, fenceIndents: [Int: Int]) -> [UInt8] {
        let role = document.roles[index]
        let bytes = Array(document.lines.text(index).utf8)
        var column = 0, start = 0
        while start < bytes.count, bytes[start] == .space || bytes[start] == .tab {
            column = bytes[start] == .tab ? column + 4 - column % 4 : column + 1
            start += 1
        }
        var end = bytes.count
        while end > start, bytes[end - 1] == .space || bytes[end - 1] == .tab { end -= 1 }
        switch role.kind {
        case .code, .html, .fence, .frontMatter, .comment:
            // A line of whitespace inside code reads as an empty line of it: a renderer strips it to the
            // container's indentation, or keeps it where no one sees it.
            if start == bytes.count { return [] }
            // The block's own indentation reads as columns; its content, tabs included, byte for byte. A fence's
            // info string is read trimmed.
            let container = role.item.map { document.items[$0].contentColumn } ?? 0
            let own = LinePlacement.ownColumns(of: role.kind, relative: column - container, fenceIndent: fenceIndents[index])
            let (offset, reached) = LineScan.offset(bytes.span, atColumn: container + own)
            return [UInt8](repeating: .space, count: max(0, reached - container)) + bytes[offset..<(role.kind == .fence ? end : bytes.count)]
        default:
            break
        }
        var text = Array(bytes[start..<end])
        if role.kind == .itemStart, let first = text.first, first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            text[0] = UInt8(ascii: "-")
        }
        if role.kind == .itemStart {
            // Content more than 4 columns after the marker is indented code: its columns and bytes are what it says.
            let width = markerWidth(text)
            let after = LineScan.skipWhitespace(bytes.span, from: start + width, column: column + width)
            if after.offset < bytes.count, after.column - (column + width) > 4 {
                return Array(text[..<width]) + Array("(code \(after.column - column - width))".utf8) + bytes[after.offset...]
            }
        }
        if role.kind == .itemStart, let markerEnd = text.firstIndex(where: { $0 == .space || $0 == .tab }) {
            // The spacing after the marker says nothing (unless it starts indented code, which the formatter keeps).
            var contentStart = markerEnd
            while contentStart < text.count, text[contentStart] == .space || text[contentStart] == .tab { contentStart += 1 }
            text = Array(text[..<markerEnd]) + [.space] + text[contentStart...]
        }
        // A hard line break: two spaces at the end of paragraph text that the next line continues.
        let next = index + 1 < document.roles.count ? document.roles[index + 1].kind : .blank
        var isParagraph = role.kind == .text || role.kind == .lazyText
        if role.kind == .itemStart, let space = text.firstIndex(of: .space), space + 1 < text.count {
            isParagraph = !LinePlacement.wouldStartBlock(text.span, space + 1)
        }
        if isParagraph && (next == .text || next == .lazyText) || document.continuesSetextHeading(after: index),
           bytes.count - end >= 2, bytes[bytes.count - 1] == .space, bytes[bytes.count - 2] == .space {
            text += [.space, .space]
        }
        return text
    }

    /// The width of the list marker that starts `text` (`-`, `10.`).
    private static func markerWidth(_ text: [UInt8]) -> Int {
        var width = 0
        while width < text.count, BlockStart.isDigit(text[width]) { width += 1 }
        return min(width + 1, text.count)
    }

    /// Whether blank lines between a line of kind `previous` and one of kind `kind` can change how either renders:
    /// not next to a heading, a thematic break or front matter, which stand alone.
    private static func blankMatters(after previous: LineRole.Kind, before kind: LineRole.Kind) -> Bool {
        switch previous {
        case .heading, .setextUnderline, .thematicBreak, .frontMatter: return false
        default: break
        }
        switch kind {
        case .heading, .thematicBreak: return false
        default: return true
        }
    }
}
