/// A problem found in a todo file, with a 1-based line and a 1-based UTF-8 byte column.
///
/// Diagnostics are values: the library returns them and the frontend decides how to print them, as
/// `path:line:col: error: message`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var line: Int
    public var column: Int
    public var severity: Severity
    /// A short lowercase phrase, e.g. `invalid date '2026-02-30' in due:`.
    public var message: String

    public init(line: Int, column: Int, severity: Severity, message: String) {
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public static func error(_ message: String, line: Int, column: Int) -> Diagnostic {
        Diagnostic(line: line, column: column, severity: .error, message: message)
    }

    public static func warning(_ message: String, line: Int, column: Int) -> Diagnostic {
        Diagnostic(line: line, column: column, severity: .warning, message: message)
    }

    /// `line:col: severity: message`; the frontend puts the path in front.
    public var description: String { "\(line):\(column): \(severity.rawValue): \(message)" }
}
