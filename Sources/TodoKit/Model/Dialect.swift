/// How a task writes its metadata: todo.txt tags (`(A)`, `due:2026-12-01`, `t:`, `rec:`), the Obsidian Tasks
/// plugin's emoji (`⏫ 📅 2026-12-01 🔁 every week`), or Dataview's inline fields (`[due:: 2026-12-01]`).
///
/// A task keeps the dialect it is written in: every edit writes a field the way its task writes the others.
public enum Dialect: String, Hashable, Sendable, CaseIterable {
    case todotxt
    case tasks
    case dataview

    /// The dialect of a file: the one its tasks use (the first task written in the Tasks or Dataview dialect
    /// decides), todo.txt-style when none is.
    public static func of(_ document: Document) -> Dialect {
        for task in document.tasks where task.body.dialect != .todotxt { return task.body.dialect }
        return .todotxt
    }
}
