extension Completion {
    /// Cancels the open tasks on `lines`: the Markdown checkbox becomes `[-]`, the rest of the line stays (a
    /// calendar's `STATUS:CANCELLED`). todo.txt has no cancelled status: a task there is completed on `today`
    /// instead, as the nearest it can say. A closed task is left alone, with a note.
    public static func cancel(lines: [Int], in document: Document, today: CalendarDate) throws -> EditResult {
        guard document.format == .markdown else { return try complete(lines: lines, in: document, today: today, subtasks: .force) }
        var edit = DocumentEdit(document)
        for task in try TaskEditor.tasks(lines, in: document) {
            guard task.isOpen else {
                edit.notes.append("line \(task.line) is already \(task.status == .done ? "done" : task.status.rawValue)")
                continue
            }
            var line = TaskLine(task: task, in: document)
            line.setCheckbox(.cancelled)
            try edit.rewrite(task, as: line, status: .cancelled)
        }
        return try edit.finish()
    }
}
