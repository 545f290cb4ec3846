/// A task with its notes and subtasks: the lines `mv` and `archive` carry elsewhere, re-indented so the
/// task becomes a top-level item.
struct TaskBlock {
    var task: Task
    /// 0-based line range of the block.
    var range: Range<Int>
    /// The block's lines with the task's indentation removed from each.
    var lines: [Line]
    /// Offsets (in `lines`) and signatures of the tasks inside, to check they read the same where they land.
    var tasks: [(offset: Int, status: TaskStatus, body: String, notes: [String])]

    init(_ task: Task, in document: Document) {
        self.task = task
        range = (task.line - 1)..<task.endLine
        let indent = task.item.map { document.items[$0].indent } ?? 0
        lines = document.lines[range].map { line in
            Line(indent == 0 ? line.text : line.text.droppingIndentation(columns: indent), ending: line.ending)
        }
        let start = task.line
        tasks = document.tasks.indices.filter { document.tasks[$0].line >= task.line && document.tasks[$0].line <= task.endLine }
            .map { (document.tasks[$0].line - start, document.tasks[$0].status, document.tasks[$0].body.text, document.notes(of: $0)) }
    }

    /// Blocks of the tasks on `lines`, outermost only (a subtask goes with its parent), in document order.
    static func outermost(_ tasks: [Task], in document: Document) -> [TaskBlock] {
        var blocks: [TaskBlock] = []
        for task in tasks.sorted(by: { $0.line < $1.line }) {
            if let last = blocks.last, last.range.contains(task.line - 1) { continue }
            blocks.append(TaskBlock(task, in: document))
        }
        return blocks
    }
}

extension DocumentEdit {
    /// Inserts blocks at a placement and expects every task in them to read as it did.
    mutating func place(_ blocks: [TaskBlock], at placement: ListPlacement, reportTops: Bool) {
        var lines = placement.before.map { Line($0) }
        var expectations: [(Int, TaskBlock, Int)] = []
        for block in blocks {
            for (index, inner) in block.tasks.enumerated() { expectations.append((lines.count + inner.offset, block, index)) }
            lines.append(contentsOf: block.lines)
        }
        lines.append(contentsOf: placement.after.map { Line($0) })
        let patch = insert(lines, at: placement.index)
        for (offset, block, index) in expectations {
            let inner = block.tasks[index]
            expect(patch: patch, offset: offset, status: inner.status, bodyText: inner.body, notes: inner.notes,
                   report: reportTops && inner.offset == 0)
        }
    }
}
