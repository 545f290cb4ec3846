/// Stable multi-key sorting of tasks within sortable runs (docs/FORMAT.md, "Sorting").
public enum Sorter {
    /// The document with every sortable run sorted by `keys`; notes and subtasks move with their task.
    ///
    /// Lines keep their bytes, except the numbers of ordered list markers in a reordered run, which are
    /// renumbered to count up from the run's first number (when a marker gets wider or narrower, the lines
    /// of its block move with its content column). A line without an ending that is no longer last gets the
    /// document's dominant line ending.
    ///
    /// The document is taken (`consuming`), so that a large file's two models are not held at once. A todo.txt
    /// document becomes the result: its own lines and tasks are put in their new order, in place, where a
    /// caller hands over its last copy. `whenInputIsDone` is called before that, so that a caller still reading
    /// the document on another thread can wait for it there (see `Formatter.format`).
    public static func sorted(_ document: consuming Document, by keys: [SortKey],
                              whenInputIsDone: () -> Void = {}) -> Document {
        guard !keys.isEmpty, document.tasks.count > 1 else { return document }
        if document.format == .todotxt {
            // A todo.txt line reads the same wherever it stands: lines and their tasks are moved, not read again.
            guard let source = todoTxtOrder(document, by: keys) else { return document }
            whenInputIsDone()
            var sorted = document
            reorderTodoTxt(&sorted, source: consume source)
            return sorted
        }
        var moves = self.moves(document, by: keys)
        // Reordering changes which block ends a run, and in Markdown what a block ends with can decide how
        // the next line reads (an unclosed fence inside an item, a paragraph that a following line would
        // continue). Such runs are found by reading the result again and are left as written.
        // The reordered lines are the document's own: their task bodies need not be parsed again.
        let bodies = ParsedBodies(of: document)
        while !moves.isEmpty {
            let sorted = reorder(document, moves, reusing: bodies)
            guard let line = firstStructuralDifference(document, sorted.document, source: sorted.source) else {
                return sorted.document
            }
            let before = moves.count
            moves.removeAll { $0.run.lines.contains(line) || $0.run.lines.upperBound == line }
            if moves.count == before { return document }
        }
        return document
    }

    /// How sorting one section of a Markdown file came out (`sortedSection`).
    enum SectionOutcome {
        /// No run changes order.
        case unchanged
        /// The document of the sorted lines, and for each of its lines the old line it comes from.
        case sorted(Document, source: [Int])
        /// Reordering changes how some line reads: `sorted` would leave such runs as written (or every run,
        /// where it cannot tell which), so this section is left to sorting the whole file.
        case unsettled
    }

    /// `sorted(document, by: keys)` for one section of a Markdown file (`SectionedFormatting`), `read` reading
    /// its sorted lines as the file would, and `ending` the file's dominant line ending. Keys must not hold
    /// a tag key, whose values are classified over the whole file's tasks (`SortColumn.tagValues`).
    static func sortedSection(_ document: Document, by keys: [SortKey], ending: LineEnding,
                              read: ([Line]) -> Document) -> SectionOutcome {
        guard !keys.isEmpty, document.tasks.count > 1 else { return .unchanged }
        let moves = self.moves(document, by: keys)
        guard !moves.isEmpty else { return .unchanged }
        let (lines, source) = reorderedLines(document, moves, ending: ending)
        let sorted = read(lines)
        guard firstStructuralDifference(document, sorted, source: source) == nil else { return .unsettled }
        return .sorted(sorted, source: source)
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

    /// Where each line of a sorted todo.txt document comes from, as `newOrder` says; nil when no line moves.
    /// Made straight from the runs' sorted orders, without holding them.
    private static func todoTxtOrder(_ document: Document, by keys: [SortKey]) -> [Int]? {
        let ordering = TaskOrdering(tasks: document.tasks, keys: keys)
        var source: [Int]?
        let runs = SortableRun.todoTxtRuns(in: document)
        document.tasks.withUnsafeBufferPointer { tasks in
            func place(_ run: ClosedRange<Int>) -> (Int, Int) -> Void {
                let firstLine = Int(tasks[run.lowerBound].line32) - 1
                return { k, task in
                    guard source != nil || task != run.lowerBound + k else { return }
                    if source == nil { source = Array(document.lines.indices) }
                    source![firstLine + k] = Int(tasks[task].line32) - 1
                }
            }
            // A file without blank lines (as the canonical form is) is one run: its keys are sorted in place.
            if runs.count == 1, runs[0] == 0...(tasks.count - 1) {
                ordering.forEachInOrderOfAll(place(runs[0]))
            } else {
                for run in runs { ordering.forEachInOrder(run, place(run)) }
            }
        }
        return source
    }

    /// A stable order of `tasks` by `keys`: the positions in `tasks`, first task first.
    ///
    /// Tag values are classified (dates, numbers, durations or text) over all of `tasks`.
    public static func order(_ tasks: [Task], by keys: [SortKey]) -> [Int] {
        TaskOrdering(tasks: tasks, keys: keys).order(Array(tasks.indices))
    }

    /// The document with the runs' blocks put in the given orders; `source[j]` is the old index of new line `j`.
    private static func reorder(_ document: Document, _ moves: [(run: SortableRun, order: [Int])], reusing bodies: ParsedBodies?)
        -> (document: Document, source: [Int]) {
        let (lines, source) = reorderedLines(document, moves, ending: document.dominantLineEnding)
        return (Document(lines: lines, format: document.format, hasByteOrderMark: document.hasByteOrderMark, reusing: bodies),
                source)
    }

    /// The lines of `reorder`'s document, and `source`; a line without an ending that is no longer last gets
    /// `ending`.
    private static func reorderedLines(_ document: Document, _ moves: [(run: SortableRun, order: [Int])], ending: LineEnding)
        -> (lines: [Line], source: [Int]) {
        let (source, renumbered, shift) = newOrder(of: document, moves)
        var lines: [Line] = []
        lines.reserveCapacity(source.count)
        for old in source {
            var line = document.lines[old]
            if let number = renumbered[old] { line.text = replacingOrdinal(in: line.text, with: number) }
            if let shift, shift[old] != 0 { line.text = shifted(line.text, by: shift[old]) }
            lines.append(line)
        }
        giveEndings(to: &lines, ending)
        return (lines, source)
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

    /// A todo.txt document with its lines in the order `source` gives (new line `j` is old line `source[j]`),
    /// as `reorderedLines` orders them, and its tasks and diagnostics with them: what reading the reordered
    /// lines gives, since a todo.txt line reads the same wherever it stands and task lines only move among
    /// task lines. (Whether the lines' text splits back into the same lines is another matter: a line that
    /// starts with U+FEFF, moved to the top, would read as a byte order mark. Safe mode reads such text again,
    /// `Document.readBack`.) Done in place, without a second model: a caller that hands over its last copy
    /// holds one.
    ///
    /// Each task's body is then checked to be the very bytes of its new line; were one not, the lines would
    /// be read again.
    private static func reorderTodoTxt(_ document: inout Document, source: consuming [Int]) {
        let ending = document.dominantLineEnding
        // The task on each task line is the one on the line it comes from (found by line: tasks are in line order).
        var taskSource = [Int](repeating: 0, count: document.tasks.count)
        document.tasks.withUnsafeBufferPointer { tasks in
            for k in tasks.indices {
                let from = Int32(source[Int(tasks[k].line32) - 1] + 1)
                var low = 0, high = tasks.count
                while low < high {
                    let mid = (low + high) / 2
                    if tasks[mid].line32 < from { low = mid + 1 } else { high = mid }
                }
                taskSource[k] = low
            }
        }
        if !document.diagnostics.isEmpty {
            var newLine = Dictionary(document.diagnostics.map { ($0.line, 0) }, uniquingKeysWith: { first, _ in first })
            for j in source.indices where newLine[source[j] + 1] != nil { newLine[source[j] + 1] = j + 1 }
            // In line order, each line's own in the order they were found, as reading the lines reports them.
            document.diagnostics = document.diagnostics.enumerated().map { offset, diagnostic in
                var moved = diagnostic
                moved.line = newLine[diagnostic.line]!
                return (offset, moved)
            }.sorted { ($0.1.line, $0.0) < ($1.1.line, $1.0) }.map(\.1)
        }
        permute(&document.lines, source: consume source)
        giveEndings(to: &document.lines, ending)
        permute(&document.tasks, source: consume taskSource)
        document.source = nil
        // Task lines stay where they were: the k-th task takes the k-th task line's number.
        let lines = document.lines
        var isEachBodyItsLine = true
        document.roles.withUnsafeBufferPointer { roles in
            document.tasks.withUnsafeMutableBufferPointer { tasks in
                var k = 0
                for j in roles.indices where roles[j].kind == .todoTxtTask {
                    tasks[k].line32 = Int32(j + 1)
                    tasks[k].endLine32 = Int32(j + 1)
                    isEachBodyItsLine = isEachBodyItsLine && tasks[k].body.isExactly(lines[j])
                    k += 1
                }
                isEachBodyItsLine = isEachBodyItsLine && k == tasks.count
            }
        }
        if !isEachBodyItsLine {
            document = Document(lines: lines, format: .todotxt, hasByteOrderMark: document.hasByteOrderMark)
        }
    }

    /// Gives `ending` to every line without one that is not last (the old last line, moved up).
    private static func giveEndings(to lines: inout [Line], _ ending: LineEnding) {
        for j in lines.indices.dropLast() where lines[j].ending == .none { lines[j].ending = ending }
    }

    /// `elements` put in the order `source` gives (new element `j` is old element `source[j]`), in place.
    static func permute<Element>(_ elements: inout [Element], source: consuming [Int]) {
        elements.withUnsafeMutableBufferPointer { elements in
            source.withUnsafeMutableBufferPointer { source in
                // Each cycle of the permutation is walked once; a place filled is marked by a negative source.
                for start in elements.indices where source[start] >= 0 {
                    guard source[start] != start else {
                        source[start] = -1
                        continue
                    }
                    let first = elements.moveElement(from: start)
                    var j = start
                    while source[j] != start {
                        let from = source[j]
                        (elements.baseAddress! + j).initialize(to: elements.moveElement(from: from))
                        source[j] = -1
                        j = from
                    }
                    (elements.baseAddress! + j).initialize(to: first)
                    source[j] = -1
                }
            }
        }
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
    private static func shifted(_ text: String, by columns: Int) -> String {
        if text.utf8.allSatisfy({ $0 == .space || $0 == .tab }) { return text }
        if columns > 0 { return String(repeating: " ", count: columns) + text }
        return String(text.utf8.dropFirst(-columns))!
    }

    private static func digitCount(_ number: Int) -> Int { String(number).utf8.count }

    /// The line with the digits of its ordered list marker replaced by `number`.
    private static func replacingOrdinal(in text: String, with number: Int) -> String {
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
