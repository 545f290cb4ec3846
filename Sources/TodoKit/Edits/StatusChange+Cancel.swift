extension StatusChange {
    /// Cancels the open tasks on `lines`: the Markdown checkbox becomes `[-]` (a calendar's `STATUS:CANCELLED`);
    /// a task of the Tasks or Dataview dialect also gets the date as its dialect writes it (`❌ 2026-11-28`,
    /// `[cancelled:: 2026-11-28]`), the rest of a todo.txt-style line stays. todo.txt has no cancelled status:
    /// a task there is completed on `today` instead, as the nearest it can say. A closed task is left alone,
    /// with a note. `undo` gives each line back.
    /// In a vault with the Tasks plugin, the status is the vault's first `CANCELLED` one reached by toggling, else
    /// the first it names, and the date is written as its `setCancelledDate` says.
    public static func cancel(lines: [Int], in document: Document, today: CalendarDate) throws -> EditResult {
        if let statuses = pluginStatuses(of: document) {
            return try changePluginStatus(lines: lines, in: document, statuses: statuses, today: today,
                                          transition: .to(.cancelled), subtasks: .force) { task, status in
                task.isOpen ? nil : "is already \(status.name.isEmpty ? task.status.rawValue : status.name) [\(status.symbol)]"
            }
        }
        guard document.format == .markdown else { return try complete(lines: lines, in: document, today: today, subtasks: .force) }
        var edit = DocumentEdit(document)
        let fileDialect = Dialect.of(document)
        let targets = try TaskEditor.tasks(lines, in: document)
        for task in targets {
            guard task.isOpen else {
                edit.notes.append("line \(task.line) is already \(task.status == .done ? "done" : task.status.rawValue)")
                continue
            }
            let dialect = task.writingDialect(in: fileDialect)
            if dialect != .todotxt {
                try edit.rewrite(task, as: completedPluginLine(task, in: document, on: today, dialect: dialect, status: .cancelled),
                                 status: .cancelled)
                continue
            }
            var line = TaskLine(task: task, in: document)
            line.setCheckbox(.cancelled)
            try edit.rewrite(task, as: line, status: .cancelled)
        }
        edit.notes += Dependencies.unblockedNotes(completing: targets.filter(\.isOpen).map { document.index(of: $0) },
                                                            in: document)
        return try edit.finish()
    }
}
