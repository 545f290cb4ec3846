/// Reads the filter language of `todofmt ls` (docs/FORMAT.md, "Filters").
///
/// ```
/// query   = [or]
/// or      = and *("OR" and)
/// and     = unary *(["AND"] unary)
/// unary   = ("-" / "NOT") unary / primary
/// primary = "(" or ")" / term
/// ```
/// Relative dates (`today`, `fri`, `+7d`) are resolved against `today`, and `now` against the moment the
/// caller passes in.
public struct FilterParser {
    private let tokens: [FilterLexer.Token]
    private let now: Moment
    private var today: CalendarDate { now.date }
    private let endColumn: Int
    private var position = 0
    /// Open parentheses and negations around the current token: bounded, so that a hostile filter is an
    /// error rather than a stack overflow.
    private var depth = 0
    static let maximumDepth = 100

    /// Parses `query` (for a command line, its filter arguments joined with spaces) as of the start of `today`.
    public static func parse(_ query: String, today: CalendarDate) throws(FilterError) -> FilterExpression {
        try parse(query, now: Moment(today, at: TimeOfDay(minutes: 0)))
    }

    /// Parses `query` as of `now`: its date is today, and `due:<now` compares with its time of day.
    public static func parse(_ query: String, now: Moment) throws(FilterError) -> FilterExpression {
        var parser = FilterParser(tokens: try FilterLexer.tokens(in: query), now: now, endColumn: query.count + 1)
        return try parser.parseQuery()
    }

    private init(tokens: [FilterLexer.Token], now: Moment, endColumn: Int) {
        self.tokens = tokens
        self.now = now
        self.endColumn = endColumn
    }

    private var current: FilterLexer.Token? { position < tokens.count ? tokens[position] : nil }
    private var currentColumn: Int { current?.column ?? endColumn }

    private mutating func parseQuery() throws(FilterError) -> FilterExpression {
        guard !tokens.isEmpty else { return .all }
        let expression = try parseOr()
        if let extra = current {
            throw FilterError(extra.kind == .close ? "unexpected ')'" : "unexpected \(describe(extra))", column: extra.column)
        }
        return expression
    }

    private mutating func parseOr() throws(FilterError) -> FilterExpression {
        var parts = [try parseAnd()]
        while let token = current, token.kind == .or {
            position += 1
            parts.append(try parseAnd())
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func parseAnd() throws(FilterError) -> FilterExpression {
        var parts: [FilterExpression] = []
        while let token = current {
            switch token.kind {
            case .or, .close:
                break
            case .and:
                guard !parts.isEmpty else { throw FilterError("'AND' needs a term before it", column: token.column) }
                position += 1
                guard let next = current, next.kind != .or, next.kind != .close, next.kind != .and else {
                    throw FilterError("'AND' needs a term after it", column: currentColumn)
                }
                continue
            default:
                parts.append(try parseUnary())
                continue
            }
            break
        }
        guard !parts.isEmpty else {
            if let token = current, token.kind == .or {
                throw FilterError("'OR' needs a term on each side", column: token.column)
            }
            if let token = current, token.kind == .close {
                throw FilterError(position > 0 && tokens[position - 1].kind == .open ? "empty '()'" : "unexpected ')'",
                                  column: token.column)
            }
            throw FilterError(position > 0 && tokens[position - 1].kind == .or
                              ? "'OR' needs a term on each side" : "expected a term", column: currentColumn)
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private mutating func parseUnary() throws(FilterError) -> FilterExpression {
        guard let token = current else { throw FilterError("expected a term", column: currentColumn) }
        if token.kind == .not {
            try enterNesting(at: token.column)
            defer { depth -= 1 }
            position += 1
            guard let next = current, next.kind != .or, next.kind != .and, next.kind != .close else {
                throw FilterError("a negation must be followed by the term it negates", column: token.column)
            }
            return .not(try parseUnary())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(FilterError) -> FilterExpression {
        guard let token = current else { throw FilterError("expected a term", column: currentColumn) }
        switch token.kind {
        case .open:
            try enterNesting(at: token.column)
            defer { depth -= 1 }
            position += 1
            let inner = try parseOr()
            guard let close = current, close.kind == .close else {
                throw FilterError("unclosed '('", column: token.column)
            }
            position += 1
            return inner
        case .word(let word, let isQuoted):
            position += 1
            return try term(word, isQuoted: isQuoted, column: token.column)
        default:
            throw FilterError("unexpected \(describe(token))", column: token.column)
        }
    }

    private mutating func enterNesting(at column: Int) throws(FilterError) {
        guard depth < FilterParser.maximumDepth else {
            throw FilterError("the filter nests parentheses and negations more than \(FilterParser.maximumDepth) deep", column: column)
        }
        depth += 1
    }

    private func describe(_ token: FilterLexer.Token) -> String {
        switch token.kind {
        case .open: return "'('"
        case .close: return "')'"
        case .or: return "'OR'"
        case .and: return "'AND'"
        case .not: return "negation"
        case .word(let word, _): return "'\(word)'"
        }
    }

    // MARK: Terms

    private func term(_ word: String, isQuoted: Bool, column: Int) throws(FilterError) -> FilterExpression {
        if isQuoted {
            guard !word.isEmpty else { throw FilterError("empty phrase", column: column) }
            return .term(.text(word))
        }
        if let sigil = word.first, sigil == "+" || sigil == "@", word.count > 1 {
            let name = String(word.dropFirst())
            return .term(sigil == "+" ? .project(name) : .context(name))
        }
        if let (key, value) = FilterParser.splitTag(word) {
            return try field(key: key, value: value, column: column)
        }
        return .term(.text(word))
    }

    /// `key:value` as the task parser reads tags: a key of letters, digits, `_`, `-` and `.`, then a colon;
    /// not a URL (`http://…`) and not a clock time (`9:30`). The key is kept as written: keys match exactly,
    /// case and all, in filters as in files (`DUE:` is not `due:`).
    static func splitTag(_ word: String) -> (String, Substring)? {
        guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else { return nil }
        let key = word[..<colon]
        let value = word[word.index(after: colon)...]
        guard key.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) })
        else { return nil }
        if value.hasPrefix("//") { return nil }
        if key.count <= 2, (1...2).contains(value.count), key.allSatisfy(\.isASCIIDigit), value.allSatisfy(\.isASCIIDigit) {
            return nil
        }
        return (String(key), value)
    }

    /// topydo's names for the positional dates.
    static let keyAliases = ["creation": "created", "completion": "completed"]

    private func field(key written: String, value: Substring, column: Int) throws(FilterError) -> FilterExpression {
        let valueColumn = column + written.count + 1
        let key = FilterParser.keyAliases[written] ?? written
        let (op, opLength) = Comparison.Operator.prefix(of: value)
        let operand = value.dropFirst(opLength)
        let operandColumn = valueColumn + opLength
        guard !operand.isEmpty else {
            throw FilterError("'\(key):' needs a value", column: operandColumn)
        }
        let word = operand.lowercased()
        if op == nil, word == "none" || word == "any" {
            switch key {
            case "list": return .term(word == "none" ? .list([]) : .anyList)
            case "status": throw FilterError(FilterParser.statusHelp, column: operandColumn)
            default: return .term(.field(key, word == "none" ? .absent : .present))
            }
        }
        switch key {
        case "is":
            switch word {
            case "overdue": return try negatable(op, .overdue(now), key: key, column: valueColumn)
            case "blocked": return try negatable(op, .blocked, key: key, column: valueColumn)
            case "blocking": return try negatable(op, .blocking, key: key, column: valueColumn)
            default: throw FilterError("is: takes overdue, blocked or blocking, not '\(operand)'", column: operandColumn)
            }
        case "priority":
            if let level = PriorityLevel(name: operand) {
                let all = PriorityLevel.highest...PriorityLevel.lowest
                let range: ClosedRange<PriorityLevel>?
                switch op {
                case nil, .equal?, .notEqual?: range = level...level
                case .greater?: range = level == .highest ? nil : PriorityLevel.highest...PriorityLevel(rawValue: level.rawValue - 1)!
                case .greaterOrEqual?: range = PriorityLevel.highest...level
                case .less?: range = level == .lowest ? nil : PriorityLevel(rawValue: level.rawValue + 1)!...PriorityLevel.lowest
                case .lessOrEqual?: range = level...PriorityLevel.lowest
                }
                let term: FilterExpression = range.map { .term(.priorityLevel($0)) } ?? .not(.term(.priorityLevel(all)))
                return op == .notEqual ? .not(term) : term
            }
            return try field(key: "pri", value: value, column: column)
        case "status":
            return try negatable(op, .status(status(operand, column: operandColumn)), key: key, column: valueColumn)
        case "pri":
            let range = try priorityRange(operand, column: operandColumn)
            switch op {
            case .less?, .lessOrEqual?, .greater?, .greaterOrEqual?:
                return try priorityComparison(op!, range, column: operandColumn)
            default:
                return try negatable(op, .priority(range), key: key, column: valueColumn)
            }
        case "path", "in":
            // The note's path holds the text, as the Tasks plugin's `path includes` finds it.
            return try negatable(op, .path(String(operand)), key: key, column: valueColumn)
        case "list":
            let path = operand.split(separator: "/", omittingEmptySubsequences: true).map {
                String($0).trimmingWhitespace()
            }.filter { !$0.isEmpty }
            guard !path.isEmpty else { throw FilterError("'list:' needs a heading title or path", column: operandColumn) }
            return try negatable(op, .list(path), key: key, column: valueColumn)
        default:
            break
        }
        let written = String(operand)
        var comparison = Comparison(op ?? .equal, written: written)
        if FilterTerm.dateKeys.contains(key) {
            guard let moment = DateExpression.resolveMoment(operand, today: today, now: now) else {
                throw FilterError("'\(written)' is not a date (use YYYY-MM-DD, today, tomorrow, yesterday, a weekday, or an offset such as +3d, 2w, 1m)"
                                  + (key == "due" ? "; due: also takes now, or a date and time such as 2026-12-01T14:30" : ""),
                                  column: operandColumn)
            }
            if moment.time != nil {
                guard key == "due" else {
                    throw FilterError("'\(key):' compares dates; only due: takes a time of day ('\(written)')", column: operandColumn)
                }
                comparison.moment = moment
            } else {
                comparison.date = moment.date
            }
        } else if FilterTerm.durationKeys.contains(key) {
            guard let duration = Duration(parsing: operand) else {
                throw FilterError("'\(written)' is not a duration (e.g. 30m, 1h30m, 2h, 1d)", column: operandColumn)
            }
            comparison.duration = duration
        } else {
            comparison.number = Comparison.number(in: operand)
            comparison.date = comparison.number == nil ? DateExpression.resolve(operand, today: today) : nil
            comparison.duration = comparison.number == nil ? Duration(parsing: operand) : nil
            comparison.comparesAsText = true
        }
        return .term(.field(key, .compare(comparison)))
    }

    /// `status:`, `pri:` and `list:` take `=` (or nothing) and `!`/`!=`, which negates; no ordering.
    private func negatable(_ op: Comparison.Operator?, _ term: FilterTerm, key: String, column: Int) throws(FilterError) -> FilterExpression {
        switch op {
        case nil, .equal?: return .term(term)
        case .notEqual?: return .not(.term(term))
        case let other?:
            throw FilterError("'\(key):' cannot be compared with '\(other.rawValue)'", column: column)
        }
    }

    /// `pri:>C` (more important than C: A or B), `pri:>=B`, `pri:<B` (C to Z, or no priority, which ranks
    /// below Z as in topydo), `pri:<=B`.
    private func priorityComparison(_ op: Comparison.Operator, _ range: ClosedRange<Priority>, column: Int) throws(FilterError) -> FilterExpression {
        guard range.lowerBound == range.upperBound else {
            throw FilterError("'pri:' compares with one letter, not a range", column: column)
        }
        let letter = range.lowerBound.rank
        let ranks: ClosedRange<Int>?
        switch op {
        case .greater: ranks = letter > 0 ? 0...(letter - 1) : nil
        case .greaterOrEqual: ranks = 0...letter
        case .less: ranks = letter < 25 ? (letter + 1)...25 : nil
        default: ranks = letter...25
        }
        var parts: [FilterExpression] = []
        if let ranks { parts.append(.term(.priority(Priority(rank: ranks.lowerBound)...Priority(rank: ranks.upperBound)))) }
        if op == .less || op == .lessOrEqual { parts.append(.term(.field("pri", .absent))) }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    static let statusHelp = "status: takes open, in-progress, done, cancelled or closed"

    private func status(_ text: Substring, column: Int) throws(FilterError) -> Set<TaskStatus> {
        switch text.lowercased() {
        case "open", "todo": return [.open]
        case "in-progress", "inprogress", "in_progress", "doing": return [.inProgress]
        case "done", "completed", "complete": return [.done]
        case "cancelled", "canceled": return [.cancelled]
        case "closed": return [.done, .cancelled]
        default: throw FilterError("unknown status '\(text)'; \(FilterParser.statusHelp)", column: column)
        }
    }

    private func priorityRange(_ text: Substring, column: Int) throws(FilterError) -> ClosedRange<Priority> {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let letters = parts.map { Priority(lenient: $0) }
        guard !letters.contains(where: { $0 == nil }) else {
            throw FilterError("'\(text)' is not a priority: pri: takes a letter (A), a range (A-C), none or any", column: column)
        }
        let low = letters[0]!, high = letters.last!!
        return min(low, high)...max(low, high)
    }
}
