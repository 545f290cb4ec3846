/// Reads a boolean combination of filters, as the plugin writes them: each filter inside delimiters, one kind
/// per line (`(…)`, `[…]`, `{…}` or `"…"`), joined by `AND`, `OR`, `XOR`, `NOT`, `AND NOT` and `OR NOT`
/// (capitals only), which bind in the order `NOT`, `XOR`, `AND`, `OR`.
///
/// ```
/// line    = or
/// or      = and *("OR" and)
/// and     = xor *("AND" xor)
/// xor     = unary *("XOR" unary)
/// unary   = "NOT" unary / primary
/// primary = OPEN or CLOSE / OPEN filter CLOSE
/// ```
/// A filter's text may hold the delimiters itself: it ends at the first closing delimiter followed by another,
/// by an operator, or by the end of the line. A group is a delimiter whose inside starts with another, or
/// with `NOT`.
struct BooleanFilterParser {
    private let characters: [Character]
    private let today: CalendarDate
    private var index = 0
    private var open: Character = "("
    private var close: Character = ")"
    private var depth = 0
    static let maximumDepth = 100

    static let delimiters: [Character: Character] = ["(": ")", "[": "]", "{": "}", "\"": "\""]

    /// Whether `text` is a boolean line: it starts with a delimiter, or with `NOT`s and one (`NOT DONE` is
    /// `not done`, the instruction).
    static func isBoolean(_ text: String) -> Bool {
        var rest = Substring(text).drop(while: \.isQuerySpace)
        while rest.hasPrefix("NOT") {
            let after = rest.dropFirst(3)
            guard let next = after.first, next.isQuerySpace || delimiters[next] != nil else { return false }
            rest = after.drop(while: \.isQuerySpace)
        }
        return rest.first.map { delimiters[$0] != nil } ?? false
    }

    static func parse(_ text: String, today: CalendarDate) throws(QueryError) -> QueryFilter {
        var parser = BooleanFilterParser(characters: Array(text), today: today)
        return try parser.parseLine()
    }

    private init(characters: [Character], today: CalendarDate) {
        self.characters = characters
        self.today = today
    }

    private mutating func parseLine() throws(QueryError) -> QueryFilter {
        // The first delimiter decides the line's kind.
        if let first = characters.first(where: { BooleanFilterParser.delimiters[$0] != nil }) {
            open = first
            close = BooleanFilterParser.delimiters[first]!
        }
        let filter = try parseOr()
        skipSpaces()
        if index < characters.count {
            throw QueryError(characters[index] == close ? "unexpected '\(close)': a filter's text ends at the first '\(close)' followed by an operator or the end; "
                             + "use other delimiters, such as [ … ], around filters whose text ends in '\(close)'"
                             : "expected AND, OR, XOR or NOT here", at: index, length: 1)
        }
        return filter
    }

    private mutating func parseOr() throws(QueryError) -> QueryFilter {
        var parts = [try parseAnd()]
        while readOperator("OR") { parts.append(try parseAnd()) }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func parseAnd() throws(QueryError) -> QueryFilter {
        var parts = [try parseXor()]
        while readOperator("AND") { parts.append(try parseXor()) }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private mutating func parseXor() throws(QueryError) -> QueryFilter {
        var parts = [try parseUnary()]
        while readOperator("XOR") { parts.append(try parseUnary()) }
        return parts.count == 1 ? parts[0] : .xor(parts)
    }

    private mutating func parseUnary() throws(QueryError) -> QueryFilter {
        let start = index
        if readOperator("NOT") {
            try enterNesting(at: start)
            defer { depth -= 1 }
            return .not(try parseUnary())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(QueryError) -> QueryFilter {
        skipSpaces()
        guard index < characters.count else { throw QueryError("expected a filter in \(open) \(close) here", at: index) }
        let character = characters[index]
        guard character == open else {
            if BooleanFilterParser.delimiters[character] != nil {
                throw QueryError("this line puts its filters in \(open) \(close): every filter of a boolean line is inside the same "
                                 + "kind of delimiters, (…), […], {…} or \"…\"", at: index, length: 1)
            }
            throw QueryError("expected a filter in \(open) \(close) here", at: index, length: 1)
        }
        let openIndex = index
        index += 1
        skipSpaces()
        if index < characters.count, characters[index] == open && open != close || startsOperator("NOT", at: index) {
            try enterNesting(at: openIndex)
            defer { depth -= 1 }
            let inner = try parseOr()
            skipSpaces()
            guard index < characters.count, characters[index] == close else {
                throw QueryError("unclosed '\(open)'", at: openIndex, length: 1)
            }
            index += 1
            return inner
        }
        guard let end = leafEnd(from: index) else { throw QueryError("unclosed '\(open)'", at: openIndex, length: 1) }
        var textEnd = end
        while textEnd > index, characters[textEnd - 1].isQuerySpace { textEnd -= 1 }
        let text = String(characters[index..<textEnd])
        let textStart = index
        index = end + 1
        guard !text.isEmpty else { throw QueryError("empty '\(open)\(close)'", at: openIndex, length: end - openIndex + 1) }
        let leaf: QueryFilter.Leaf?
        do { leaf = try QueryFilter.readLeaf(text, today: today) } catch {
            throw QueryError(error.message, at: textStart + error.offset, length: error.length)
        }
        guard let leaf else {
            // `(a) and (b)` reads as one filter `a) and (b`.
            let lowercaseOperator = ["and", "or", "xor", "not"].contains { text.contains("\(close) \($0) \(open)") }
            throw QueryError(QueryInstruction.unknownMessage(text) + (lowercaseOperator ? " (operators are written in capitals: AND, OR, XOR, NOT)" : ""),
                             at: textStart, length: text.count)
        }
        return .leaf(leaf, text: text)
    }

    /// The closing delimiter that ends a filter's text starting at `start`: one followed by another closing
    /// delimiter, an operator, or the end of the line.
    private func leafEnd(from start: Int) -> Int? {
        var position = start
        while position < characters.count {
            defer { position += 1 }
            guard characters[position] == close else { continue }
            var next = position + 1
            while next < characters.count, characters[next].isQuerySpace { next += 1 }
            if next == characters.count || characters[next] == close && open != close
                || ["AND", "OR", "XOR", "NOT"].contains(where: { startsOperator($0, at: next) }) {
                return position
            }
        }
        return nil
    }

    /// Whether operator `word` starts at `position`: followed by a space, a delimiter or the end.
    private func startsOperator(_ word: String, at position: Int) -> Bool {
        let letters = Array(word)
        guard position + letters.count <= characters.count,
              Array(characters[position..<(position + letters.count)]) == letters else { return false }
        let after = position + letters.count
        return after == characters.count || characters[after].isQuerySpace || BooleanFilterParser.delimiters[characters[after]] != nil
            || characters[after] == close
    }

    private mutating func readOperator(_ word: String) -> Bool {
        var position = index
        while position < characters.count, characters[position].isQuerySpace { position += 1 }
        guard startsOperator(word, at: position) else { return false }
        index = position + word.count
        return true
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isQuerySpace { index += 1 }
    }

    private mutating func enterNesting(at position: Int) throws(QueryError) {
        guard depth < BooleanFilterParser.maximumDepth else {
            throw QueryError("the line nests filters more than \(BooleanFilterParser.maximumDepth) deep", at: position)
        }
        depth += 1
    }
}
