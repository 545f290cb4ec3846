/// A problem found in a todo file, with a 1-based line and a 1-based UTF-8 byte column.
///
/// Diagnostics are values: the library returns them and the frontend decides how to print them, as
/// `path:line:col: error: message`, or, in an editor, as a squiggle under `length` bytes with its `code`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is: an error makes a command fail, a warning does not.
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    /// What kind of problem it is: a stable name an editor shows beside the message and a quick fix keys on.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// A NUL byte or invalid UTF-8: the text is not a todo file's text.
        case notText = "not-text"
        /// A checkbox character with no defined meaning, read as open.
        case unknownCheckbox = "unknown-checkbox"
        /// `(a)`: a priority must be an uppercase letter.
        case lowercasePriority = "lowercase-priority"
        /// A `YYYY-MM-DD` date the calendar lacks (`2026-02-30`), as a leading date or a `due:`/`t:` value.
        case impossibleDate = "impossible-date"
        /// A `due:` or `t:` value that is not written as a date at all (or a `t:` with a time of day).
        case malformedDate = "malformed-date"
        /// A date with a time of day that is not one (`due:2026-12-01T25:00`, `due:2026-12-01T9:30`).
        case malformedTime = "malformed-time"
        /// A `rec:` value that is not a recurrence, or a `🔁` rule the Tasks plugin does not read.
        case malformedRecurrence = "malformed-recurrence"
        /// A `🏁` (or `[onCompletion:: ]`) value that is not `keep` or `delete`.
        case unknownAction = "unknown-action"
        /// An `est:` value that is not a duration.
        case malformedEstimate = "malformed-estimate"
        /// A `pri:` value that is not a priority letter.
        case malformedPriority = "malformed-priority"
        /// A `remind:` value that is neither a date nor a period before the due date.
        case malformedReminder = "malformed-reminder"
        /// A `remind:-3d` on a task with no `due:` to count from.
        case reminderWithoutDue = "reminder-without-due"
        /// A `remind:-2h` (hours or minutes) on a task whose due date has no time of day to count from.
        case reminderWithoutDueTime = "reminder-without-due-time"
        /// A list holding more open tasks than its `<!-- todofmt: limit=N -->`.
        case listOverLimit = "list-over-limit"
        /// A tag that takes one value (`due:`, `t:`, `rec:`, `est:`, `pri:`) given again: only the first counts.
        case repeatedTag = "repeated-tag"
        /// A threshold `t:` after the due date: the task would start after it is due.
        case thresholdAfterDue = "threshold-after-due"
        /// A completion date before the creation date.
        case completedBeforeCreated = "completed-before-created"
        /// An instruction of a ```` ```tasks ```` query block that cannot be read.
        case queryInstruction = "query-instruction"
        /// A line of a folder's `.todofmt` file that sets no setting todofmt knows.
        case unknownSetting = "unknown-setting"
    }

    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column, counted in characters, where the problem starts.
    public var column: Int
    /// Whether the text is wrong (an error) or only suspect (a warning).
    public var severity: Severity
    /// A short lowercase phrase, e.g. `invalid date '2026-02-30' in due:`.
    public var message: String
    /// What kind of problem it is, stable across releases.
    public var code: Code
    /// How many bytes from `column` on the problem spans, on its line (0: a point).
    public var length: Int

    /// A diagnostic at a 1-based line and column, spanning `length` characters.
    public init(line: Int, column: Int, severity: Severity, message: String, code: Code, length: Int = 0) {
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.code = code
        self.length = length
    }

    /// An error at a 1-based line and column.
    public static func error(_ message: String, line: Int, column: Int, code: Code, length: Int = 0) -> Diagnostic {
        Diagnostic(line: line, column: column, severity: .error, message: message, code: code, length: length)
    }

    /// A warning at a 1-based line and column.
    public static func warning(_ message: String, line: Int, column: Int, code: Code, length: Int = 0) -> Diagnostic {
        Diagnostic(line: line, column: column, severity: .warning, message: message, code: code, length: length)
    }

    /// `line:col: severity: message`; the frontend puts the path in front.
    public var description: String { "\(line):\(column): \(severity.rawValue): \(message)" }
}
