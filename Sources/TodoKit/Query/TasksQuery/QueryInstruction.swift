/// One instruction of a query block (docs/FORMAT.md, "Query blocks").
enum QueryInstruction: Hashable, Sendable {
    case filter(QueryFilter)
    case sort(QuerySort)
    case group(QueryGrouping)
    /// `view columns by FIELD`: results in columns of a grouping, which comes before the `group by` ones.
    case columns(QueryGrouping)
    case limit(QueryLimit)
    case layout(QueryLayout.Option)
    case explain
    /// The vault's global query does not apply to this block.
    case ignoreGlobalQuery

    /// Reads one instruction: every line of a block is an instruction or a problem, never skipped.
    /// Text the plugin reads past (`sort by priority sort by due` sorts by priority) is a warning in `warnings`.
    /// `file` is the query's note, for `query.file.…` in a function.
    static func read(_ text: String, today: CalendarDate, file: String?, warnings: inout [QueryError]) throws(QueryError) -> QueryInstruction {
        var reader = QueryReader(text)
        // The plugin reads these by their first words alone.
        if reader.read("explain", wholeWord: false) {
            reader.ignoreRest(after: "explain", warnings: &warnings)
            return .explain
        }
        if reader.read("ignore global query", wholeWord: false) {
            reader.ignoreRest(after: "ignore global query", warnings: &warnings)
            return .ignoreGlobalQuery
        }
        if let limit = try QueryLimit.read(&reader, warnings: &warnings) { return .limit(limit) }
        if let sort = try QuerySort.read(&reader, warnings: &warnings) { return .sort(sort) }
        if let grouping = try QueryGrouping.read(&reader, file: file) { return .group(grouping) }
        if reader.read("view columns by") {
            // The plugin reads the rest as a `group by` instruction.
            let (rest, offset) = reader.readRest()
            var grouping = QueryReader("group by " + rest)
            do throws(QueryError) {
                guard let columns = try QueryGrouping.read(&grouping, file: file) else {
                    throw QueryError("do not understand columns grouping '\(rest)': it takes what 'group by' takes", at: offset, length: rest.count)
                }
                return .columns(columns)
            } catch {
                throw QueryError(error.message, at: offset, length: rest.count)
            }
        }
        if let option = try QueryLayout.Option.read(&reader, warnings: &warnings) { return .layout(option) }
        if BooleanFilterParser.isBoolean(text) { return .filter(try BooleanFilterParser.parse(text, today: today)) }
        if reader.read("filter by") {
            guard reader.read("function") else { throw QueryError(unknownMessage(text), at: 0, length: text.count) }
            let (expression, offset) = reader.readRest()
            return .filter(.leaf(.function(try QueryExpression(expression, queryFile: file, offset: offset)), text: text))
        }
        if let leaf = try QueryFilter.readLeaf(text, today: today) { return .filter(.leaf(leaf, text: text)) }
        throw QueryError(unknownMessage(text), at: 0, length: text.count)
    }

    /// Instructions the plugin knows that todofmt does not take, and why.
    private static let unsupported: [(String, String)] = [
        ("view", "results are a list (view list) or columns (view columns by FIELD)"),
        ("urgency", "the plugin does not filter by urgency either; sort or group by it"),
    ]

    /// `unknown instruction 'xyz'`, with a hint when the first word is one the plugin knows.
    static func unknownMessage(_ text: String) -> String {
        var reader = QueryReader(text)
        for (word, reason) in unsupported where reader.read(word) {
            return "'\(word)' is not supported: \(reason)"
        }
        return "unknown instruction '\(text)'"
    }
}
