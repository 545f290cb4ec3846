import TodoKit

/// A filter given on the command line (`ls`'s terms, `--where`), read by TodoKit's filter language; a
/// mistake in it is a usage error that points at its column.
enum FilterOption {
    /// `query` read as a filter; `option` names where it was given (`the filter`, `--where`).
    static func parse(_ query: String, option: String, now: Moment) throws(CommandFailure) -> FilterExpression {
        do { return try FilterParser.parse(query, now: now) } catch {
            throw .usage("\(error.message) (column \(error.column) of \(option))\n\(error.pointer(in: query))")
        }
    }
}
