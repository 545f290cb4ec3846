/// A filter of a query block: one filter instruction, or filters combined with `AND`, `OR`, `XOR` and `NOT`
/// (docs/FORMAT.md, "Query blocks").
indirect enum QueryFilter: Hashable, Sendable {
    /// One filter instruction.
    enum Leaf: Hashable, Sendable {
        case status(StatusFilter)
        case date(DateFilter)
        case text(TextFilter)
        case priority(PriorityFilter)
        case property(PropertyFilter)
        /// `filter by function EXPRESSION`.
        case function(QueryExpression)
    }

    /// A filter instruction, with its text as written (in a boolean line, the text inside its delimiters).
    case leaf(Leaf, text: String)
    case not(QueryFilter)
    case and([QueryFilter])
    case or([QueryFilter])
    /// True when an odd number of the filters match: `a XOR b` is one or the other, and a chain of them is
    /// read two at a time, as in the plugin (`a XOR b XOR c` also matches all three).
    case xor([QueryFilter])

    /// Reads a filter instruction (not a boolean combination) from `text`; nil when it is none.
    static func readLeaf(_ text: String, today: CalendarDate) throws(QueryError) -> Leaf? {
        var reader = QueryReader(text)
        if let filter = try StatusFilter.read(&reader) { return .status(filter) }
        if let filter = PropertyFilter.read(&reader) { return .property(filter) }
        if let filter = try DateFilter.read(&reader, today: today) { return .date(filter) }
        if let filter = try PriorityFilter.read(&reader) { return .priority(filter) }
        if let filter = try TextFilter.read(&reader) { return .text(filter) }
        return nil
    }

    /// A test of a task, with what the filter needs prepared once (regular expressions compiled).
    func test() -> (QueryTask) -> Bool {
        switch self {
        case .leaf(let leaf, _):
            switch leaf {
            case .status(let filter): return filter.matches
            case .date(let filter): return filter.matches
            case .text(let filter): return filter.test()
            case .priority(let filter): return filter.matches
            case .property(let filter): return filter.matches
            // The plugin takes only true or false from a filter; anything else fails the search.
            case .function(let expression): return { expression.value(for: $0) == .bool(true) }
            }
        case .not(let inner):
            let test = inner.test()
            return { !test($0) }
        case .and(let parts):
            let tests = parts.map { $0.test() }
            return { task in tests.allSatisfy { $0(task) } }
        case .or(let parts):
            let tests = parts.map { $0.test() }
            return { task in tests.contains { $0(task) } }
        case .xor(let parts):
            let tests = parts.map { $0.test() }
            return { task in tests.reduce(false) { $0 != $1(task) } }
        }
    }

    /// What `explain` prints for the filter, one entry per line, nested parts two spaces further in.
    var explanation: [String] { explained.lines }

    /// The filter's explanation as the plugin builds it: operators two at a time, from the left, a filter
    /// joining the `AND` (or `OR`) on its left rather than nesting it (so `(a) AND (b) AND NOT (c)` shows
    /// `NOT (c)` beside an `AND` of `a` and `b`).
    private var explained: Explained {
        switch self {
        case .leaf(let leaf, let text):
            guard let detail = leaf.detail(written: text) else { return Explained(lines: [text]) }
            return Explained(lines: [text + " =>"] + detail.map { "  " + $0 })
        case .not(let inner): return Explained(symbol: "NOT", heading: "NOT:", children: [inner.explained])
        case .and(let parts): return Explained.chain(parts.map(\.explained), symbol: "AND", heading: "AND (All of):", merges: true)
        case .or(let parts): return Explained.chain(parts.map(\.explained), symbol: "OR", heading: "OR (At least one of):", merges: true)
        case .xor(let parts): return Explained.chain(parts.map(\.explained), symbol: "XOR", heading: "XOR (Exactly one of):", merges: false)
        }
    }

    /// A node of an explanation: a filter's lines, or an operator over its parts.
    private struct Explained {
        var symbol: String?
        var heading = ""
        var children: [Explained] = []
        var ownLines: [String] = []

        init(lines: [String]) { ownLines = lines }

        init(symbol: String, heading: String, children: [Explained]) {
            self.symbol = symbol
            self.heading = heading
            self.children = children
        }

        var lines: [String] {
            symbol == nil ? ownLines : [heading] + children.flatMap(\.lines).map { "  " + $0 }
        }

        static func chain(_ parts: [Explained], symbol: String, heading: String, merges: Bool) -> Explained {
            var result = parts[0]
            for part in parts.dropFirst() {
                if merges, result.symbol == symbol, part.symbol == nil {
                    result.children.append(part)
                } else {
                    result = Explained(symbol: symbol, heading: heading, children: [result, part])
                }
            }
            return result
        }
    }
}

extension QueryFilter.Leaf {
    /// What `explain` says beyond the instruction, or nil when the instruction says it all.
    func detail(written: String) -> [String]? {
        switch self {
        case .status(let filter): return filter.detail.map { [$0] }
        case .date(let filter): return filter.detail
        case .text(let filter): return filter.detail
        case .priority(let filter): return filter.description == written ? nil : [filter.description]
        case .property, .function: return nil
        }
    }
}
