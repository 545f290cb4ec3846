/// Output text built a byte, a slice or a line at a time.
struct ByteBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func append(repeating byte: UInt8, count: Int) {
        bytes.append(contentsOf: repeatElement(byte, count: count))
    }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Appends a non-negative number's decimal digits.
    mutating func append(decimal number: Int) {
        if number >= 10 { append(decimal: number / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// Appends a string's bytes, copied in one piece.
    mutating func append(_ text: Substring) {
        let span = text.utf8.span
        span.append(0..<span.count, to: &bytes)
    }

    mutating func append(_ text: String) {
        let span = text.utf8.span
        span.append(0..<span.count, to: &bytes)
    }

    /// Appends the bytes of `text` at the UTF-8 offsets `range`, copied in one piece.
    mutating func append(_ text: String, _ range: Range<Int>) {
        text.utf8.span.append(range, to: &bytes)
    }

    /// Appends line `index` of `lines`, with its ending.
    mutating func append(line index: Int, of lines: Lines) {
        append(lines.text, lines.rangeWithEnding(index))
    }

    /// Appends a line's text and ending.
    mutating func append(_ line: Line) {
        append(line.text)
        append(line.ending)
    }

    mutating func append(_ ending: LineEnding) {
        switch ending {
        case .lf: bytes.append(.newline)
        case .crlf: bytes.append(.carriageReturn); bytes.append(.newline)
        case .cr: bytes.append(.carriageReturn)
        case .none: break
        }
    }

    mutating func insert(_ ending: LineEnding, at index: Int) {
        bytes.insert(contentsOf: Array(ending.text.utf8), at: index)
    }

    /// The text built (valid UTF-8 when only whole characters were appended).
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
