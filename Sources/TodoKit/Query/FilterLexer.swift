/// Splits a filter into tokens: parentheses, the operators `OR`, `AND`, `NOT` and `-`, and words.
///
/// Double quotes group text with spaces (`"buy milk"`, `list:"Big Project"`) and take `\"` and `\\`
/// escapes. `(` opens a group at the start of a word; `)` closes one at the end of a word when a group is
/// open and the word's own parentheses are balanced, so `(a OR see(b))` reads as expected while a lone
/// `smile:)` stays a word.
struct FilterLexer {
    struct Token: Hashable {
        enum Kind: Hashable {
            case open, close, or, and, not
            /// A word, quotes removed; `isQuoted` when it started with a quote (a phrase, never an operator
            /// or a `+project`, `@context` or `key:value`).
            case word(String, isQuoted: Bool)
        }

        var kind: Kind
        /// 1-based character column where the token starts.
        var column: Int
    }

    static func tokens(in query: String) throws(FilterError) -> [Token] {
        let chars = Array(query)
        var tokens: [Token] = []
        var depth = 0
        var i = 0
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }

        while i < chars.count {
            if isSpace(chars[i]) { i += 1; continue }
            // Prefixes: any run of `(` and `-` before a word.
            if chars[i] == "(" {
                if let (comparison, width) = priorityShorthand(chars, at: i) {
                    tokens.append(Token(kind: .word("pri:\(comparison)", isQuoted: false), column: i + 1))
                    i += width
                    continue
                }
                tokens.append(Token(kind: .open, column: i + 1))
                depth += 1
                i += 1
                continue
            }
            if chars[i] == "-" {
                guard i + 1 < chars.count, !isSpace(chars[i + 1]) else {
                    throw FilterError("'-' must be followed by the term it negates", column: i + 1)
                }
                guard chars[i + 1] != "-" else {
                    var end = i
                    while end < chars.count, !isSpace(chars[end]) { end += 1 }
                    throw FilterError("unknown option '\(String(chars[i..<end]))'", column: i + 1)
                }
                tokens.append(Token(kind: .not, column: i + 1))
                i += 1
                continue
            }
            // A word: up to the next unquoted space.
            let start = i
            var text: [(Character, quoted: Bool)] = []
            let startsQuoted = chars[i] == "\""
            while i < chars.count, !isSpace(chars[i]) {
                if chars[i] == "\"" {
                    let open = i
                    i += 1
                    var closed = false
                    while i < chars.count {
                        if chars[i] == "\\", i + 1 < chars.count, chars[i + 1] == "\"" || chars[i + 1] == "\\" {
                            text.append((chars[i + 1], true))
                            i += 2
                        } else if chars[i] == "\"" {
                            closed = true
                            i += 1
                            break
                        } else {
                            text.append((chars[i], true))
                            i += 1
                        }
                    }
                    if !closed { throw FilterError("unclosed '\"'", column: open + 1) }
                } else {
                    text.append((chars[i], false))
                    i += 1
                }
            }
            // Closing parentheses at the end of the word.
            var closes: [Int] = []
            if !text.isEmpty, text.allSatisfy({ !$0.quoted && $0.0 == ")" }) {
                closes = (start..<i).map { $0 + 1 }
                depth = max(0, depth - text.count)
                text = []
            } else {
                let opens = text.filter { !$0.quoted && $0.0 == "(" }.count
                var shut = text.filter { !$0.quoted && $0.0 == ")" }.count
                while depth > 0, shut > opens, let last = text.last, !last.quoted, last.0 == ")" {
                    text.removeLast()
                    shut -= 1
                    depth -= 1
                    closes.insert(i - closes.count, at: 0)
                }
            }
            if !text.isEmpty || startsQuoted {
                let word = String(text.map(\.0))
                var kind = Token.Kind.word(word, isQuoted: startsQuoted)
                if !text.contains(where: \.quoted) {
                    switch word {
                    case "OR": kind = .or
                    case "AND": kind = .and
                    case "NOT": kind = .not
                    default: break
                    }
                }
                tokens.append(Token(kind: kind, column: start + 1))
            }
            for column in closes { tokens.append(Token(kind: .close, column: column)) }
        }
        return tokens
    }

    /// topydo's priority terms: `(A)`, and the comparisons `(>C)` (more important than C), `(>=B)`, `(<B)`,
    /// `(<=B)`: `(`, an optional operator, an uppercase letter, `)`, then a space, `)` or the end. Returns the
    /// `pri:` value they mean (`>C`) and how many characters they take.
    private static func priorityShorthand(_ chars: [Character], at i: Int) -> (String, Int)? {
        var j = i + 1
        var op = ""
        while j < chars.count, op.count < 2, chars[j] == "<" || chars[j] == ">" || chars[j] == "=" {
            op.append(chars[j])
            j += 1
        }
        guard ["", ">", "<", ">=", "<="].contains(op), j + 1 < chars.count, chars[j + 1] == ")",
              let ascii = chars[j].asciiValue, ascii >= UInt8(ascii: "A"), ascii <= UInt8(ascii: "Z") else { return nil }
        let after = j + 2
        guard after == chars.count || chars[after] == " " || chars[after] == "\t" || chars[after] == ")" else { return nil }
        return (op + String(chars[j]), after - i)
    }
}
