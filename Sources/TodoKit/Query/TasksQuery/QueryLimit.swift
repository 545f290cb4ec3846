/// `limit 10`, `limit to 10 tasks`, `limit groups 3`, `limit groups to 3 tasks`: at most so many tasks in the
/// results, or in each group (which counts only when the query groups).
struct QueryLimit: Hashable, Sendable, CustomStringConvertible {
    var count: Int
    var perGroup: Bool

    /// Reads the instruction; what follows it is ignored, as the plugin ignores it, with a warning.
    static func read(_ reader: inout QueryReader, warnings: inout [QueryError]) throws(QueryError) -> QueryLimit? {
        guard reader.read("limit") else { return nil }
        let perGroup = reader.read("groups")
        _ = reader.read("to")
        guard let (word, offset) = reader.nextWord else {
            throw QueryError("'limit' needs a number of tasks", at: reader.nextOffset)
        }
        guard word.allSatisfy(\.isASCIIDigit), word.count <= 9, let count = Int(word) else {
            throw QueryError("'limit' takes a whole number of tasks, not '\(word)'", at: offset, length: word.count)
        }
        _ = reader.read(word)
        if !reader.read("tasks") { _ = reader.read("task") }
        let limit = QueryLimit(count: count, perGroup: perGroup)
        reader.ignoreRest(after: limit, warnings: &warnings)
        return limit
    }

    /// `limit groups 5`.
    var description: String { "limit " + (perGroup ? "groups " : "") + "\(count)" }

    /// `At most 5 tasks.`, as `explain` says it.
    var explained: String {
        "At most \(count) task\(count == 1 ? "" : "s")" + (perGroup ? " per group (if any \"group by\" options are supplied)." : ".")
    }
}
