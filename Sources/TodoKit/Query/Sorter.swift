/// Stable multi-key sorting of tasks within sortable runs (docs/FORMAT.md, "Sorting").
public enum Sorter {
    /// The document with every sortable run sorted by `keys`, notes and subtasks moving with their task; and
    /// for each task of the result, the index of the task of `document` it is.
    ///
    /// Lines keep their bytes, except the numbers of ordered list markers in a reordered run, which are
    /// renumbered to count up from the run's first number (when a marker gets wider or narrower, the lines
    /// of its block move with its content column). A line without an ending that is no longer last gets the
    /// document's dominant line ending. In Markdown, reordering can change how a line reads (a block ending
    /// in an unclosed fence, a paragraph that the next line would continue): such runs are left as written.
    public static func sorted(_ document: Document, by keys: [SortKey]) -> (document: Document, order: [Int]) {
        let unchanged = (document, Array(document.tasks.indices))
        guard !keys.isEmpty, document.tasks.count > 1 else { return unchanged }
        var moves = self.moves(document, by: keys)
        while !moves.isEmpty {
            let (sorted, source) = reorder(document, moves)
            // Lines that read as other lines (a lone CR and an empty line after it, as one CRLF) are left alone.
            guard sorted.lines.count == source.count else { return unchanged }
            guard let line = firstStructuralDifference(document, sorted, source: source) else {
                let order = sorted.tasks.map { document.task(atLine: source[$0.line - 1] + 1) ?? -1 }
                return (sorted, order)
            }
            let before = moves.count
            moves.removeAll { $0.run.lines.contains(line) || $0.run.lines.upperBound == line }
            if moves.count == before { return unchanged }
        }
        return unchanged
    }

    /// The runs whose order `keys` changes, each with its new order.
    private static func moves(_ document: Document, by keys: [SortKey]) -> [(run: SortableRun, order: [Int])] {
        let ordering = TaskOrdering(tasks: document.tasks, keys: keys)
        var moves: [(run: SortableRun, order: [Int])] = []
        for run in SortableRun.all(in: document) {
            let order = ordering.order(run.tasks)
            if !order.elementsEqual(run.tasks.indices) { moves.append((run, order)) }
        }
        return moves
    }

    /// A stable order of `tasks` by `keys`: the positions in `tasks`, first task first.
    ///
    /// Tag values are classified (dates, numbers, durations or text) over all of `tasks`.
    public static func order(_ tasks: [TodoTask], by keys: [SortKey]) -> [Int] {
        TaskOrdering(tasks: tasks, keys: keys).order(Array(tasks.indices))
    }

    /// The document with the runs' blocks put in the given orders; `source[j]` is the old index of new line `j`.
    private static func reorder(_ document: Document, _ moves: [(run: SortableRun, order: [Int])])
        -> (document: Document, source: [Int]) {
        let lines = document.lines, ending = document.dominantLineEnding
        let (source, renumbered, shift) = newOrder(of: document, moves)
        var text = ByteBuffer(capacity: lines.text.utf8.count + 2)
        if lines.hasByteOrderMark { text.append(LineEnding.byteOrderMark) }
        for (j, old) in source.enumerated() {
            // The old last line, moved up, needs an ending.
            let lineEnding = lines.ending(old) == .none && j < source.count - 1 ? ending : lines.ending(old)
            if renumbered[old] == nil, shift?[old] ?? 0 == 0, lineEnding == lines.ending(old) {
                text.append(line: old, of: lines)
                continue
            }
            var line = lines.text(old)
            if let number = renumbered[old] { line = Substring(replacingOrdinal(in: line, with: number)) }
            if let shift, shift[old] != 0 { line = Substring(shifted(line, by: shift[old])) }
            text.append(Line(line, ending: lineEnding))
        }
        return (Document(parsing: text.text, like: document), source)
    }

    /// Where each line of `reorder`'s document comes from (`source`), the new numbers of ordered list markers
    /// by old line, and the columns each old line moves right (or left) because a marker it sits under changed
    /// width (nil when none did).
    private static func newOrder(of document: Document, _ moves: [(run: SortableRun, order: [Int])])
        -> (source: [Int], renumbered: [Int: Int], shift: [Int]?) {
        var source = Array(document.lines.indices)
        var renumbered: [Int: Int] = [:]
        var shift: [Int]?
        // Inner runs (subtasks) start after their outer run, so going backwards reorders them first, and an
        // outer run then moves their blocks whole.
        for (run, order) in moves.sorted(by: { $0.run.lines.lowerBound > $1.run.lines.lowerBound }) {
            // The run's sources as they stand, then written back in the new order of their blocks.
            let before = Array(source[run.lines]), offset = run.lines.lowerBound
            var at = offset
            for position in order {
                for old in run.blocks[position] {
                    source[at] = before[old - offset]
                    at += 1
                }
            }
            if let numbers = renumbering(run, order, in: document) {
                if shift == nil { shift = [Int](repeating: 0, count: document.lines.count) }
                for (position, (number, width)) in zip(order, numbers) {
                    let block = run.blocks[position]
                    renumbered[block.lowerBound] = number
                    for old in block.dropFirst() { shift![old] += width }
                }
            }
        }
        return (source, renumbered, shift)
    }

    /// For a reordered run of ordered items: the new number of each block (by new position), counting up
    /// from the run's first number, and how many columns wider (or narrower) its marker gets; nil for
    /// bullets, or when a narrower marker cannot pull its block's lines left (a line with fewer leading
    /// spaces than that, or a tab among them).
    private static func renumbering(_ run: SortableRun, _ order: [Int], in document: Document) -> [(Int, Int)]? {
        let numbers = run.tasks.map { t -> Int? in
            guard let item = document.tasks[t].item,
                  case .ordered(let number, _) = document.items[item].marker else { return nil }
            return number
        }
        guard let first = numbers[0] else { return nil }
        var result: [(Int, Int)] = []
        for (k, position) in order.enumerated() {
            let new = first + k
            guard let old = numbers[position] else { return nil }
            let width = digitCount(new) - digitCount(old)
            // A note's lines other than its task lines keep their bytes: its blocks do not move sideways.
            if width != 0, document.kind == .note { return nil }
            if width < 0 {
                for line in run.blocks[position].dropFirst() where !document.lines[line].isBlank {
                    guard document.lines[line].text.utf8.prefix(-width).allSatisfy({ $0 == .space }) else { return nil }
                }
            }
            result.append((new, width))
        }
        return result
    }

    /// The line moved `columns` right (spaces added in front) or left (leading spaces removed); blank lines
    /// stay as they are.
    private static func shifted(_ text: Substring, by columns: Int) -> String {
        if text.utf8.allSatisfy({ $0 == .space || $0 == .tab }) { return String(text) }
        if columns > 0 { return String(repeating: " ", count: columns) + text }
        return String(text.utf8.dropFirst(-columns))!
    }

    private static func digitCount(_ number: Int) -> Int { String(number).utf8.count }

    /// The line with the digits of its ordered list marker replaced by `number`.
    private static func replacingOrdinal(in text: Substring, with number: Int) -> String {
        var bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count, bytes[start] == .space || bytes[start] == .tab { start += 1 }
        var end = start
        while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
        bytes.replaceSubrange(start..<end, with: Array(String(number).utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first new line (0-based) whose role, or the extent or nesting of the item it starts, differs from
    /// that of the old line it came from; nil when the structure was kept.
    private static func firstStructuralDifference(_ old: Document, _ new: Document, source: [Int]) -> Int? {
        guard old.format == .markdown else { return nil }
        var oldIsTask = [Bool](repeating: false, count: source.count)
        // Lines are read from the tasks and items in place, not from copies (which would retain their references).
        for t in old.tasks.indices { oldIsTask[old.tasks[t].line - 1] = true }
        var newIsTask = [Bool](repeating: false, count: source.count)
        for t in new.tasks.indices { newIsTask[new.tasks[t].line - 1] = true }
        var itemAt = [Int](repeating: -1, count: source.count)
        for index in old.items.indices { itemAt[old.items[index].line - 1] = index }
        var newItemAt = [Int](repeating: -1, count: source.count)
        for index in new.items.indices { newItemAt[new.items[index].line - 1] = index }
        for j in source.indices {
            let from = source[j]
            guard new.roles[j].kind == old.roles[from].kind, newIsTask[j] == oldIsTask[from] else { return j }
            let oldItem = itemAt[from], newItem = newItemAt[j]
            guard (oldItem < 0) == (newItem < 0) else { return j }
            if oldItem < 0 { continue }
            let a = old.items[oldItem], b = new.items[newItem]
            guard a.endLine - a.line == b.endLine - b.line else { return j }
            let oldParent = a.parent.map { old.items[$0].line - 1 }
            let newParent = b.parent.map { source[new.items[$0].line - 1] }
            guard oldParent == newParent else { return j }
        }
        if old.items.count != new.items.count || old.tasks.count != new.tasks.count { return source.count }
        return nil
    }
}
