/// Reads JSON text (RFC 8259) into a `JSONValue`, without Foundation: what the language server's messages are.
///
/// Strings must be UTF-8; a `\u` escape of a lone surrogate becomes U+FFFD (one UTF-16 unit, as it was, so
/// positions counted in UTF-16 stay right). Nesting deeper than `depthLimit` is refused rather than recursed.
struct JSONReader {
    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    static let depthLimit = 256

    private let bytes: [UInt8]
    private var i = 0

    /// The one value `bytes` hold, with nothing but whitespace around it.
    static func value(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.i == bytes.count else { throw reader.error("text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> SyntaxError { SyntaxError(offset: i, reason: reason) }

    private mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func readValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth < Self.depthLimit else { throw error("nested too deeply") }
        skipWhitespace()
        guard i < bytes.count else { throw error("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try readNumber()
        }
    }

    private mutating func expect(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard i + expected.count <= bytes.count, bytes[i..<(i + expected.count)].elementsEqual(expected) else {
            throw error("unknown word")
        }
        i += expected.count
    }

    private mutating func readObject(depth: Int) throws(SyntaxError) -> JSONValue {
        i += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try readString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            members.append((key, try readValue(depth: depth + 1)))
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            i += 1
            return .object(members)
        }
    }

    private mutating func readArray(depth: Int) throws(SyntaxError) -> JSONValue {
        i += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
        while true {
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            i += 1
            return .array(elements)
        }
    }

    private mutating func readString() throws(SyntaxError) -> String {
        i += 1
        var out: [UInt8] = []
        var runStart = i
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                out += bytes[runStart..<i]
                i += 1
                guard let text = String(validating: out, as: UTF8.self) else { throw error("a string that is not UTF-8") }
                return text
            }
            if byte < 0x20 { throw error("a control character in a string") }
            if byte != UInt8(ascii: "\\") { i += 1; continue }
            out += bytes[runStart..<i]
            i += 1
            guard i < bytes.count else { break }
            let escape = bytes[i]
            i += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    let save = i
                    i += 2
                    let low = try readHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save
                    }
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out += Array(String(Character(character)).utf8)
            default:
                throw error("an unknown escape")
            }
            runStart = i
        }
        throw error("an unterminated string")
    }

    private mutating func readHex4() throws(SyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("unexpected end") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[i]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a bad \\u escape")
            }
            value = value * 16 + UInt32(digit)
            i += 1
        }
        return value
    }

    private mutating func readNumber() throws(SyntaxError) -> JSONValue {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - from
        }
        guard digits() > 0 else { throw error("unexpected character") }
        var isInteger = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            isInteger = false
            guard digits() > 0 else { throw error("a number without digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            isInteger = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("a number without an exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isInteger, let number = Int(text) { return .int(number) }
        guard let number = Double(text) else { throw error("a number out of range") }
        return .double(number)
    }
}
