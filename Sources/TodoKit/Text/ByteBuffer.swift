/// Output text built a byte or a slice at a time.
struct ByteBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    var count: Int { bytes.count }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func append(repeating byte: UInt8, count: Int) {
        bytes.append(contentsOf: repeatElement(byte, count: count))
    }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Appends a string's bytes, copied in one piece.
    mutating func append(_ text: some StringProtocol) {
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// Appends `span[range]`.
    mutating func append(_ span: Span<UInt8>, _ range: Range<Int>) {
        for i in range { bytes.append(span[i]) }
    }

    mutating func append(_ ending: LineEnding) {
        switch ending {
        case .lf: bytes.append(.newline)
        case .crlf: bytes.append(.carriageReturn); bytes.append(.newline)
        case .cr: bytes.append(.carriageReturn)
        case .none: break
        }
    }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    mutating func removeLast(_ k: Int) { bytes.removeLast(k) }

    /// The text built (valid UTF-8 when only whole characters were appended).
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
