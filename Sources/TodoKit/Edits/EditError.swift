/// Why an edit was refused. Nothing is written when an edit fails; the message says what to do instead.
public enum EditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line is past the end of the file.
    case lineOutOfRange(line: Int, lineCount: Int)
    /// The line exists but holds no task; `what` names what it is (`a heading`, `a blank line`).
    case notATask(line: Int, what: String)
    /// A line number from `todofmt ls`, for a file another program changed since todofmt last listed or wrote
    /// it: the numbers it showed may name other tasks now.
    case changedSinceListing
    /// A line number from `todofmt ls` whose task a later command removed (or archived).
    case listedTaskGone(line: Int)
    /// A line number from `todofmt ls` that a later command printed for another task: it names two.
    case listedNumberNamesTwoTasks(line: Int)
    /// A number the last listing of a folder did not show.
    case notListed(number: Int)
    /// Completing a task whose subtasks are still open, without `--force` or `--recursive`.
    case openSubtasks(line: Int, subtasks: [(line: Int, title: String)])
    /// A task to remove is one that open tasks wait for (`⛔`, `[dependsOn:: ]`, topydo's `p:`).
    case waitedFor(line: Int, dependents: [(line: Int, title: String)])
    /// An edit that only applies to open tasks was given a closed one.
    case taskIsClosed(line: Int, action: String)
    /// Lists (headings) exist only in Markdown files.
    case noListsInTodoTxt
    /// Lines made for an archive (at its end, or placed in it read whole) would not read, where they land, as the
    /// tasks they carry.
    case archiveMisread(String)
    /// A task outside any list, to go after an archive that ends in a list (or lists nested too deep to follow).
    case archiveEndsInAList
    /// A list path with an empty part, such as `Work//Q4`.
    case invalidListPath(String)
    /// No heading of the file has this path (for a command that does not create lists).
    case noSuchList(String)
    /// Text to add was empty (a usage error: nothing in the file is at fault).
    case emptyText
    /// Text for an open todo.txt task (a new one, a replaced or prepended text) that would start its line
    /// with `x `, which would make it a done task.
    case textReadsAsDone
    /// A task cannot be moved into its own subtree.
    case moveIntoItself(line: Int)
    /// A `+project` or `@context` name that would not read as one (empty, with a space, a sigil or trailing
    /// punctuation).
    case invalidName(String)
    /// A `#tag` that cannot be renamed, or a name no tag can have.
    case invalidTag(String, reason: String)
    /// Notes exist only in Markdown files.
    case noNotesInTodoTxt
    /// A todo.txt line has no in-progress status.
    case noInProgressInTodoTxt
    /// A note whose text would not read as a note of the task (it would start a subtask).
    case noteIsNotText(String)
    /// `postpone` needs a due date to move.
    case noDueDate(line: Int)
    /// A date an edit computes would fall outside the years 1 to 9999.
    case dateOutOfRange(line: Int)
    /// A list title that cannot be written as a heading (empty, holding `/`, or read as another title).
    case badListTitle(String)
    /// A list of that path exists already.
    case listExists(String)
    /// `rmlist` of a list that holds tasks, without saying what to do with them.
    case listHasTasks(String, count: Int)
    /// `rmlist --to` a list that goes with the one removed.
    case listIntoItself(String, String)
    /// An edit would fill a capped list (`<!-- todofmt: limit=N -->`) past its cap.
    case overCap(list: String, limit: Int, count: Int, verb: String)
    /// `done` cannot complete the task as written: the reason says why and what to do.
    case cannotComplete(line: Int, reason: String)
    /// A status change in a vault cannot be made under its Tasks statuses: the reason says why.
    case cannotChangeStatus(line: Int, reason: String)
    /// The edited line would not read as the edit means it (`difference` says how, as `TaskMeaning` does).
    case misread(line: Int, difference: String)
    /// The safe-mode check found that the edit would change tasks it should not touch.
    case unsafeEdit(String)

    /// Whether the refusal is about what was typed, not about the file: the command reports it as a usage
    /// error (exit 64), as it does a missing argument.
    public var isUsageError: Bool {
        switch self {
        case .emptyText, .badListTitle: return true
        default: return false
        }
    }

    public static func == (lhs: EditError, rhs: EditError) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    public var description: String {
        switch self {
        case .lineOutOfRange(let line, let count):
            return "line \(line) is past the end of the file (it has \(count) line\(count == 1 ? "" : "s"))"
        case .notATask(let line, let what):
            return "line \(line) is not a task (it is \(what))"
        case .changedSinceListing:
            return "the file changed since 'todofmt ls' listed it (another program wrote it: an editor, a git checkout…), "
                + "so its line numbers may name other tasks now; run 'todofmt ls' again, or give the task as FILE:LINE"
        case .notListed(let number):
            return "the folder's last listing showed no task \(number); run 'todofmt ls' and give a number it shows, or give the task as FILE:LINE"
        case .listedTaskGone(let line):
            return "the task 'todofmt ls' listed on line \(line) is gone (a later command removed or archived it); run 'todofmt ls' again"
        case .listedNumberNamesTwoTasks(let line):
            return "the number \(line) names two tasks now: the one 'todofmt ls' listed there, and the one a later command "
                + "printed there; run 'todofmt ls' again"
        case .openSubtasks(let line, let subtasks):
            let names = subtasks.map { "\($0.line) (\($0.title))" }.joined(separator: ", ")
            return "line \(line) has open subtasks: \(names); use --force to complete only line \(line), "
                + "or --recursive to complete its subtasks too"
        case .waitedFor(let line, let dependents):
            let names = dependents.map { "\($0.line) (\($0.title))" }.joined(separator: ", ")
            return "line \(line) is a task that \(dependents.count == 1 ? "an open task waits" : "open tasks wait") for: \(names); "
                + "use --force to remove it all the same"
        case .taskIsClosed(let line, let action):
            return "line \(line) is a closed task; reopen it with 'todofmt undo \(line)' before you \(action) it"
        case .archiveMisread(let why):
            return "the lines added to the archive would not read as the archived tasks (\(why)); nothing was written"
        case .archiveEndsInAList:
            return "the archive ends in a list, so tasks outside any list cannot be added at its end"
        case .noListsInTodoTxt:
            return "todo.txt files have no lists (headings); lists need a Markdown file"
        case .invalidListPath(let path):
            return "'\(path)' is not a list path (heading titles separated by '/', e.g. Work/Q4)"
        case .noSuchList(let path):
            return "there is no list '\(path)' in the file ('todofmt lslists --all' shows its lists)"
        case .emptyText:
            return "no text given"
        case .textReadsAsDone:
            return "a todo.txt line starting with 'x ' is a done task, so the task would read as done; reword its start"
        case .moveIntoItself(let line):
            return "line \(line) cannot be moved into its own subtasks"
        case .invalidName(let name):
            return "'\(name)' is not a project or context name (one word, without trailing punctuation)"
        case .invalidTag(let name, let reason):
            return "'#\(name)' \(reason)"
        case .noNotesInTodoTxt:
            return "todo.txt files have no notes (a task is one line); notes need a Markdown file"
        case .noInProgressInTodoTxt:
            return "todo.txt has no in-progress status; a Markdown task can be [/]"
        case .noteIsNotText(let text):
            return "the note \(quoted(text)) would not read as a note of the task (it would start a subtask); reword it"
        case .noDueDate(let line):
            return "line \(line) has no due date to postpone; give it one with 'todofmt due \(line) DATE'"
        case .dateOutOfRange(let line):
            return "line \(line): the new date would fall after 9999-12-31"
        case .badListTitle(let title):
            return "'\(title)' cannot be a list's title (it must be one line, without '/', that reads back as the title)"
        case .listExists(let path):
            return "there is a list '\(path)' already"
        case .listHasTasks(let path, let count):
            return "list '\(path)' holds \(count) task\(count == 1 ? "" : "s"); use --with-tasks to delete them with it, "
                + "or --to LIST to move them first"
        case .listIntoItself(let path, let target):
            return "the tasks of '\(path)' cannot move to '\(target)', which goes with it"
        case .overCap(let list, let limit, let count, let verb):
            return "list '\(list)' takes at most \(limit) open task\(limit == 1 ? "" : "s") and would hold \(count); nothing was \(verb) "
                + "(use --force to go over its limit)"
        case .cannotComplete(let line, let reason):
            return "line \(line) cannot be completed: \(reason); nothing was written"
        case .cannotChangeStatus(let line, let reason):
            return "line \(line) cannot change its status: \(reason); nothing was written"
        case .misread(let line, let difference):
            return "line \(line) cannot be edited as asked: written so, it would read differently (it \(difference)); nothing was written"
        case .unsafeEdit(let detail):
            return "the edit would change tasks it should not touch (\(detail)); nothing was written"
        }
    }
}
