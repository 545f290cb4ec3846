/// Byte-level reading of UTF-8 text: the library's parsers and printers read bytes through these.
///
/// Everything takes a `Span<UInt8>` (the bytes of a string, bounds-checked) and an offset; offsets are
/// UTF-8 offsets into the span.
extension Span where Element == UInt8 {
    /// The offset of the first `byte` at or after `start`, or `count`.
    @inline(__always)
    func firstIndex(of byte: UInt8, from start: Int) -> Int {
        var i = start
        while i < count, self[i] != byte { i += 1 }
        return i
    }

    /// The offset of the first LF or CR at or after `start`, or `count`.
    @inline(__always)
    func nextLineBreak(from start: Int) -> Int {
        var i = start
        while i < count {
            let byte = self[i]
            if byte == .newline || byte == .carriageReturn { return i }
            i += 1
        }
        return i
    }

    /// Whether `byte` occurs in `range`.
    func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
        for i in range where self[i] == byte { return true }
        return false
    }

    /// The offset of the first byte at or after `start` that is not a space or tab, or `count`.
    @inline(__always)
    func skippingSpaces(from start: Int) -> Int {
        var i = start
        while i < count, self[i] == .space || self[i] == .tab { i += 1 }
        return i
    }

    /// The offset just past the last byte (from `start` on) that is not a space or tab.
    @inline(__always)
    func trimmedEnd(from start: Int = 0) -> Int {
        var end = count
        while end > start, self[end - 1] == .space || self[end - 1] == .tab { end -= 1 }
        return end
    }

    /// Whether every byte is a space or a tab (or there is none).
    var isBlank: Bool { skippingSpaces(from: 0) == count }

    /// Whether the bytes from `offset` on start with `prefix` (ASCII).
    func hasPrefix(_ prefix: StaticString, at offset: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard offset + length <= count else { return false }
        let bytes = prefix.utf8Start
        for k in 0..<length where self[offset + k] != bytes[k] { return false }
        return true
    }

    /// Whether `range` holds exactly the bytes of `other`.
    func equals(_ range: Range<Int>, _ other: Span<UInt8>) -> Bool {
        guard range.count == other.count else { return false }
        var k = 0
        for i in range {
            if self[i] != other[k] { return false }
            k += 1
        }
        return true
    }

    /// The bytes of `range` as an array.
    func array(_ range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        for i in range { bytes.append(self[i]) }
        return bytes
    }

    /// The bytes of `range` as a string (they must be whole UTF-8 characters, as a slice of valid text
    /// between ASCII bytes is).
    func string(_ range: Range<Int>) -> String {
        String(decoding: array(range), as: UTF8.self)
    }
}

extension StringProtocol {
    /// Whether the two hold the same bytes: text compared as written, not by Unicode equivalence.
    func hasSameBytes(as other: some StringProtocol) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}
