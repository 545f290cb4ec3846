/// Writes JSON by hand, without Foundation: compact objects, strings escaped as RFC 8259 requires
/// (quote, backslash and control characters), everything else kept as UTF-8.
enum JSONWriter {
    /// `value` as compact JSON text.
    static func text(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        write(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An array with one element per line: easy to read, easy to `grep`, still one JSON document.
    static func lines(_ elements: [JSONValue]) -> String {
        guard !elements.isEmpty else { return "[]\n" }
        var bytes: [UInt8] = Array("[\n".utf8)
        for (index, element) in elements.enumerated() {
            bytes.append(contentsOf: "  ".utf8)
            write(element, into: &bytes)
            bytes.append(contentsOf: (index == elements.count - 1 ? "\n" : ",\n").utf8)
        }
        bytes.append(contentsOf: "]\n".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The array `lines` writes, printed an element at a time as it comes, for output too long to hold (a
    /// folder of notes): `finish` closes it.
    struct Stream {
        private var count = 0

        mutating func append(_ element: JSONValue) {
            var bytes: [UInt8] = Array((count == 0 ? "[\n  " : ",\n  ").utf8)
            JSONWriter.write(element, into: &bytes)
            printOut(String(decoding: bytes, as: UTF8.self))
            count += 1
        }

        func finish() { printOut(count == 0 ? "[]\n" : "\n]\n") }
    }

    static func write(_ value: JSONValue, into bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): writeInteger(number, into: &bytes)
        case .double(let number): bytes.append(contentsOf: (number.isFinite ? String(number) : "null").utf8)
        case .string(let string): writeString(string, into: &bytes)
        case .integers(let numbers):
            bytes.append(UInt8(ascii: "["))
            for (index, number) in numbers.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeInteger(number, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(member, into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes the decimal digits in place, without making a string of them.
    static func writeInteger(_ number: Int, into bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude, digits = 1
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        magnitude = number.magnitude
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var i = end - 1
        repeat {
            bytes[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            i -= 1
        } while magnitude > 0
    }

    /// Escapes byte by byte: every byte of a multi-byte UTF-8 sequence is 0x80 or above, so only ASCII
    /// bytes can need escaping. The bytes between two that do are copied in one piece.
    static func writeString(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = string.utf8
        var run = utf8.startIndex
        var index = run
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                index = utf8.index(after: index)
                continue
            }
            bytes.append(contentsOf: utf8[run..<index])
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                bytes.append(contentsOf: "u00".utf8)
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
            index = utf8.index(after: index)
            run = index
        }
        bytes.append(contentsOf: utf8[run...])
        bytes.append(UInt8(ascii: "\""))
    }
}
