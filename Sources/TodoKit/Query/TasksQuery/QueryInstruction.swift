/// One instruction of a query block (docs/FORMAT.md, "Query blocks").
enum QueryInstruction: Hashable, Sendable {
    case filter(QueryFilter)
    case sort(QuerySort)
    case group(QueryGrouping)
    case limit(QueryLimit)
    case layout(QueryLayout.Option)
    case explain
    /// Accepted for the plugin's sake: todofmt has no global query to ignore.
    case ignoreGlobalQuery

    /// Reads one instruction: every line of a block is an instruction or a problem, never skipped.
    static func read(_ text: String, today: CalendarDate) throws(QueryError) -> QueryInstruction {
        var reader = QueryReader(text)
        if reader.readWhole("explain") { return .explain }
        if reader.readWhole("ignore global query") { return .ignoreGlobalQuery }
        if let limit = try QueryLimit.read(&reader) { return .limit(limit) }
        if let sort = try QuerySort.read(&reader) { return .sort(sort) }
        if let grouping = try QueryGrouping.read(&reader) { return .group(grouping) }
        if let option = try QueryLayout.Option.read(&reader) { return .layout(option) }
        if BooleanFilterParser.isBoolean(text) { return .filter(try BooleanFilterParser.parse(text, today: today)) }
        if reader.read("filter by") { try reader.refuseFunction(after: "filter by", advice: "use the filters it names") }
        if let leaf = try QueryFilter.readLeaf(text, today: today) { return .filter(.leaf(leaf, text: text)) }
        throw QueryError(unknownMessage(text), at: 0, length: text.count)
    }

    /// Instructions the plugin knows that todofmt does not take, and why.
    private static let unsupported: [(String, String)] = [
        ("view", "results are a list (view list)"),
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
