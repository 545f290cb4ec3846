/// A task with its notes and subtasks: the lines `mv` and `archive` carry elsewhere, re-indented so the
/// task becomes a top-level item.
struct TaskBlock {
    var task: TodoTask
    /// 0-based line range of the block.
    var range: Range<Int>
    /// The block's lines with the task's indentation removed from each.
    var lines: [Line]
    /// The tasks inside, the block's own first: their line in `lines`, what each means (its depth counted
    /// from the block's task, its list still the one it came from), the position here of its parent, and its
    /// index in the document.
    var tasks: [(offset: Int, meaning: TaskMeaning, parent: Int?, index: Int)]

    init(_ task: TodoTask, in document: Document) {
        self.task = task
        range = (task.line - 1)..<task.endLine
        let indent = task.item.map { document.items[$0].indent } ?? 0
        lines = document.lines[range].map { line in
            indent == 0 ? line : Line(line.text.droppingIndentation(columns: indent), ending: line.ending)
        }
        let first = document.index(of: task)
        let inside = [first] + Array(document.descendants(of: first))
        tasks = inside.map { index in
            var meaning = document.meaning(of: index)
            meaning.depth -= task.depth
            let parent = index == first ? nil : document.tasks[index].parent.flatMap { inside.firstIndex(of: $0) }
            return (document.tasks[index].line - task.line, meaning, parent, index)
        }
    }

    /// Blocks of the tasks, outermost only (a subtask goes with its parent), in document order.
    static func outermost(_ tasks: [TodoTask], in document: Document) -> [TaskBlock] {
        var blocks: [TaskBlock] = []
        for task in tasks.sorted(by: { $0.line < $1.line }) {
            if let last = blocks.last, last.range.contains(task.line - 1) { continue }
            blocks.append(TaskBlock(task, in: document))
        }
        return blocks
    }
}

extension DocumentEdit {
    /// Inserts blocks at a placement and expects every task in them to mean what it did, now in the
    /// placement's list.
    /// `fromOtherDocument`: the blocks come from another document (an archive's source), so their tasks are new here.
    mutating func place(_ blocks: [TaskBlock], at placement: ListPlacement, reportTops: Bool, fromOtherDocument: Bool = false) {
        var lines = placement.before.map { Line($0) }
        var inner: [(offset: Int, block: Int, task: Int)] = []
        for (b, block) in blocks.enumerated() {
            for (t, task) in block.tasks.enumerated() { inner.append((lines.count + task.offset, b, t)) }
            lines.append(contentsOf: block.lines)
        }
        lines.append(contentsOf: placement.after.map { Line($0) })
        let patch = insert(lines, at: placement.index)
        var expectationOf: [[Int]] = blocks.map { _ in [] }
        for (offset, b, t) in inner {
            var (_, meaning, parent, origin) = blocks[b].tasks[t]
            meaning.list = placement.list
            let index = expect(patch: patch, offset: offset, meaning,
                               parent: parent.map { .expected(expectationOf[b][$0]) } ?? .none, origin: fromOtherDocument ? nil : origin,
                               report: reportTops && t == 0)
            expectationOf[b].append(index)
        }
    }
}
