/// How a task writes its metadata: todo.txt tags (`(A)`, `due:2026-12-01`, `t:`, `rec:`), the Obsidian Tasks
/// plugin's emoji (`⏫ 📅 2026-12-01 🔁 every week`), or Dataview's inline fields (`[due:: 2026-12-01]`).
///
/// A task keeps the dialect it is written in: every edit writes a field the way its task writes the others.
public enum Dialect: String, Hashable, Sendable, CaseIterable {
    case todotxt
    case tasks
    case dataview

    /// The dialect of a file: the one its tasks use (the first task written in the Tasks or Dataview dialect
    /// decides), else its reading's (a vault's Tasks plugin's task format), else todo.txt-style.
    public static func of(_ document: Document) -> Dialect {
        for task in document.tasks where task.body.dialect != .todotxt { return task.body.dialect }
        return document.reading.dialect ?? .todotxt
    }
}

extension TodoTask {
    /// The dialect an edit writes this task's fields in: its own; for a task that writes none (no todo.txt
    /// priority, dates or `due:`, `t:`, `rec:` tags either), the file's.
    public func writingDialect(in fileDialect: Dialect) -> Dialect {
        if body.dialect != .todotxt || fileDialect == .todotxt { return body.dialect }
        if body.priority != nil || body.creationDate != nil || body.completionDate != nil { return .todotxt }
        for key in ["due", "t", "rec"] where body.tag(key) != nil { return .todotxt }
        return fileDialect
    }
}
