/// The kinds of the server's code actions: a client can ask for one kind (`context.only`), and bind a key to
/// it (`refactor.rewrite.toggle` ticks the task under the cursor).
enum CodeActionKind {
    /// Mark done, or reopen.
    static let toggle = "refactor.rewrite.toggle"
    static let priority = "refactor.rewrite.priority"
    static let postpone = "refactor.rewrite.postpone"
    /// Move to another list.
    static let move = "refactor.move"
    /// Fix what a diagnostic points at (a date the calendar lacks).
    static let quickFix = "quickfix"
    static let sort = "source.sortTasks"
    static let archive = "source.archive"

    static let all = [quickFix, toggle, priority, postpone, move, sort, archive]

    /// Whether an action of `kind` is among those `only` asks for (all, when it asks for none).
    static func matches(_ kind: String, only: [String]?) -> Bool {
        guard let only else { return true }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
}
