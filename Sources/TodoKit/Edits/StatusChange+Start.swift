/// `start`: the in-progress status (`[/]`).
extension StatusChange {
    /// Marks the open tasks on `lines` in progress: `[ ]` becomes `[/]`. A todo.txt file has none. In a vault
    /// with the Tasks plugin, every to-do task (of type `TODO` or `ON_HOLD`, or of a status the vault does not
    /// name) takes the vault's first `IN_PROGRESS` status reached by toggling, else the first it names.
    public static func start(lines: [Int], in document: Document) throws -> EditResult {
        guard document.format == .markdown else { throw EditError.noInProgressInTodoTxt }
        if let statuses = pluginStatuses(of: document) {
            return try changePluginStatus(lines: lines, in: document, statuses: statuses, today: nil,
                                          transition: .to(.inProgress)) { task, status in
                task.status == .open ? nil : "is \(status.name.isEmpty ? task.status.rawValue : status.name) [\(status.symbol)]"
                    + (task.status == .inProgress ? " already" : "; only a task to do can be started")
            }
        }
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
