/// `start`: the in-progress status (`[/]`).
extension StatusChange {
    /// Marks the open tasks on `lines` in progress: `[ ]` becomes `[/]`. A todo.txt file has none.
    public static func start(lines: [Int], in document: Document) throws -> EditResult {
        guard document.format == .markdown else { throw EditError.noInProgressInTodoTxt }
        var edit = DocumentEdit(document)
        for task in try TaskEditor.tasks(lines, in: document) {
            guard task.checkboxScalar == " " else {
                edit.notes.append("line \(task.line) is \(task.status == .open ? "[\(task.checkbox.map(String.init) ?? "")]" : task.status.rawValue)"
                                  + (task.status == .inProgress ? " already" : "; only an open [ ] task can be started"))
                continue
            }
            var line = TaskLine(task: task, in: document)
            line.setCheckbox(.inProgress)
            try edit.rewrite(task, as: line, status: .inProgress) { $0.status = .inProgress }
        }
        return try edit.finish()
    }
}
