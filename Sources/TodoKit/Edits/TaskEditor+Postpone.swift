extension TaskEditor {
    /// Moves each task's `due:` date by `period`, and its threshold `t:` with it when it has one (as topydo's
    /// `postpone -s` does). A task without a real `due:` date, or a closed one, fails the whole edit.
    public static func postpone(by period: Period, lines: [Int], in document: Document) throws -> EditResult {
        var edit = DocumentEdit(document)
        for task in try tasks(lines, in: document) {
            guard task.isOpen else { throw EditError.taskIsClosed(line: task.line, action: "postpone") }
            guard let due = task.due else { throw EditError.noDueDate(line: task.line) }
            let moved = period.added(to: due)
            guard moved.year <= 9999, moved > due else { throw EditError.noDueDate(line: task.line) }
            var line = TaskLine(task: task, in: document)
            line.body.setTag("due", moved.description)
            if let threshold = task.threshold {
                let start = period.added(to: threshold)
                if start.year <= 9999 { line.body.setTag("t", start.description) }
            }
            try edit.rewrite(task, as: line, status: task.status)
        }
        return try edit.finish()
    }
}
