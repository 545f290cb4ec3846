/// Why an edit was refused. Nothing is written when an edit fails; the message says what to do instead.
public enum EditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line is past the end of the file.
    case lineOutOfRange(line: Int, lineCount: Int)
    /// The line exists but holds no task; `what` names what it is (`a heading`, `a blank line`).
    case notATask(line: Int, what: String)
    /// The line is not what `todofmt ls` showed: `was` then, `now` now; `movedTo` is where the old text is now.
    case changedSinceListing(line: Int, was: String, now: String, movedTo: Int?)
    /// Completing a task whose subtasks are still open, without `--force` or `--recursive`.
    case openSubtasks(line: Int, subtasks: [(line: Int, title: String)])
    /// An edit that only applies to open tasks was given a closed one.
    case taskIsClosed(line: Int, action: String)
    /// Lists (headings) exist only in Markdown files.
    case noListsInTodoTxt
    /// A list path with an empty part, such as `Work//Q4`.
    case invalidListPath(String)
    /// No heading of the file has this path (for a command that does not create lists).
    case noSuchList(String)
    /// Text to add was empty.
    case emptyText
    /// A new todo.txt task whose text starts with `x `, which would make it a done task.
    case newTaskReadsAsDone
    /// A task cannot be moved into its own subtree.
    case moveIntoItself(line: Int)
    /// `done` cannot complete the task as written: the reason says why and what to do.
    case cannotComplete(line: Int, reason: String)
    /// The edited line would not read as the edit means it (`difference` says how, as `TaskMeaning` does).
    case misread(line: Int, difference: String)
    /// The safe-mode check found that the edit would change tasks it should not touch.
    case unsafeEdit(String)

    public static func == (lhs: EditError, rhs: EditError) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    public var description: String {
        switch self {
        case .lineOutOfRange(let line, let count):
            return "line \(line) is past the end of the file (it has \(count) line\(count == 1 ? "" : "s"))"
        case .notATask(let line, let what):
            return "line \(line) is not a task (it is \(what))"
        case .changedSinceListing(let line, let was, let now, let movedTo):
            var message = "line \(line) changed since 'todofmt ls' (it was \"\(was)\", now \"\(now)\")"
            if let movedTo { message += "; that task is now line \(movedTo)" }
            return message + "; run 'todofmt ls' again"
        case .openSubtasks(let line, let subtasks):
            let names = subtasks.map { "\($0.line) (\($0.title))" }.joined(separator: ", ")
            return "line \(line) has open subtasks: \(names); use --force to complete only line \(line), "
                + "or --recursive to complete its subtasks too"
        case .taskIsClosed(let line, let action):
            return "line \(line) is a closed task; reopen it with 'todofmt undo \(line)' before you \(action) it"
        case .noListsInTodoTxt:
            return "todo.txt files have no lists (headings); --list needs a Markdown file"
        case .invalidListPath(let path):
            return "'\(path)' is not a list path (heading titles separated by '/', e.g. Work/Q4)"
        case .noSuchList(let path):
            return "there is no list '\(path)' in the file ('todofmt lslists --all' shows its lists)"
        case .emptyText:
            return "no task text given"
        case .newTaskReadsAsDone:
            return "a todo.txt line starting with 'x ' is a done task, so the new task would be added as done; reword its start"
        case .moveIntoItself(let line):
            return "line \(line) cannot be moved into its own subtasks"
        case .cannotComplete(let line, let reason):
            return "line \(line) cannot be completed: \(reason); nothing was written"
        case .misread(let line, let difference):
            return "line \(line) cannot be edited as asked: written so, it would read differently (it \(difference)); nothing was written"
        case .unsafeEdit(let detail):
            return "the edit would change tasks it should not touch (\(detail)); nothing was written"
        }
    }
}
