/// A filter that could not be read: what is wrong, and where (1-based character column in the query).
public struct FilterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the filter.
    public var message: String
    /// The 1-based column of the filter where the problem is.
    public var column: Int

    /// A filter that cannot be read, at 1-based `column`.
    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// `column 7: unclosed '('`.
    public var description: String { "column \(column): \(message)" }

    /// The query with a caret under the column, for a terminal: two lines, each indented two spaces.
    public func pointer(in query: String) -> String {
        "  \(query)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}
