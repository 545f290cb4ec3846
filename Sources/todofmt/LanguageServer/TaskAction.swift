import TodoKit

/// What a code action does: the TodoKit edit it stands for.
enum TaskAction {
    case complete(lines: [Int], subtasks: OpenSubtaskPolicy)
    case reopen(lines: [Int])
    /// Nil removes the priority.
    case priority(Priority?, lines: [Int])
    case postpone(Period, lines: [Int])
    case move(lines: [Int], list: [String])
    /// Writes `date` over the date at `line`/`column`, or removes it.
    case replaceDate(line: Int, column: Int, date: CalendarDate?)
    case sort
    case archive

    /// Whether the action changes only the tasks under the cursor, in place: the edits computed along with the
    /// list for a client that does not resolve actions.
    var editsTheCursorsTasks: Bool {
        switch self {
        case .complete, .reopen, .priority, .postpone: return true
        case .move, .replaceDate, .sort, .archive: return false
        }
    }
}
