/// Byte-level reading of UTF-8 text: the library's parsers and printers read bytes through these.
///
/// Everything takes a `Span<UInt8>` (the bytes of a string, bounds-checked) and an offset; offsets are
/// UTF-8 offsets into the span. The two searches that run over every byte of a file read it through a
/// buffer pointer, without a bounds check a byte; that is the only unchecked reading in the library.
extension Span where Element == UInt8 {
    /// The offset of the first `byte` at or after `start`, or `count`.
    func firstIndex(of byte: UInt8, from start: Int) -> Int {
        withUnsafeBytes { b in
            var i = start
            // Eight bytes at a time: a byte of `w ^ pattern` is zero where `w` holds `byte`.
            let pattern = 0x0101_0101_0101_0101 &* UInt64(byte)
            while i + 8 <= b.count {
                let w = b.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
                if (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            while i < b.count, b[i] != byte { i += 1 }
            return i
        }
    }

    /// The offset of the first LF or CR at or after `start`, or `count`.
    func nextLineBreak(from start: Int) -> Int {
        withUnsafeBytes { b in
            var i = start
            // Eight bytes at a time: a byte of `w ^ pattern` is zero where `w` holds the pattern's byte.
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= b.count {
                let w = b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let lf = w ^ (ones &* UInt64(UInt8.newline)), cr = w ^ (ones &* UInt64(UInt8.carriageReturn))
                if ((lf &- ones) & ~lf | (cr &- ones) & ~cr) & highs != 0 { break }
                i += 8
            }
            while i < b.count, b[i] != .newline, b[i] != .carriageReturn { i += 1 }
            return i
        }
    }

    /// The end of the word (a run of bytes other than spaces and tabs) that starts at `start`, and the offset
    /// of its first colon, if any.
    func word(from start: Int) -> (end: Int, colon: Int?) {
        withUnsafeBufferPointer { b in
            var i = start, colon: Int?
            while i < b.count {
                let byte = b[i]
                if byte == .space || byte == .tab { break }
                if byte == UInt8(ascii: ":"), colon == nil { colon = i }
                i += 1
            }
            return (i, colon)
        }
    }

    /// Whether `byte` occurs in `range`.
    func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
        for i in range where self[i] == byte { return true }
        return false
    }

    /// The offset of the first byte at or after `start` that is not a space or tab, or `count`.
    func skippingSpaces(from start: Int) -> Int {
        var i = start
        while i < count, self[i] == .space || self[i] == .tab { i += 1 }
        return i
    }

    /// The offset just past the last byte (from `start` on) that is not a space or tab.
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

    /// How many bytes at the start both hold alike (from the end, with `fromEnd`), at most `limit`.
    func commonLength(with other: Span<UInt8>, fromEnd: Bool = false, limit: Int) -> Int {
        withUnsafeBytes { a in
            other.withUnsafeBytes { b in
                let n = Swift.min(limit, a.count, b.count)
                // Eight bytes at a time, then byte by byte to the first difference.
                var i = 0
                while i + 8 <= n {
                    let x = a.loadUnaligned(fromByteOffset: fromEnd ? a.count - i - 8 : i, as: UInt64.self)
                    let y = b.loadUnaligned(fromByteOffset: fromEnd ? b.count - i - 8 : i, as: UInt64.self)
                    if x != y { break }
                    i += 8
                }
                while i < n, a[fromEnd ? a.count - 1 - i : i] == b[fromEnd ? b.count - 1 - i : i] { i += 1 }
                return i
            }
        }
    }

    /// Whether `range` holds exactly the bytes of `other`.
    func equals(_ range: Range<Int>, _ other: Span<UInt8>) -> Bool {
        extracting(range).equals(other)
    }

    /// Whether both hold the same bytes.
    func equals(_ other: Span<UInt8>) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { a in
            other.withUnsafeBytes { b in
                if a.baseAddress == b.baseAddress { return true }
                // Eight bytes at a time, then the rest.
                var i = 0
                while i + 8 <= a.count {
                    if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                        return false
                    }
                    i += 8
                }
                while i < a.count {
                    if a[i] != b[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    /// A hash of the bytes, the same in every process: FNV-1a's step taken on 8-byte words, then on the rest.
    var fingerprint: UInt64 {
        withUnsafeBytes { bytes in
            var hasher = FNV1a()
            var i = 0
            while i + 8 <= bytes.count {
                hasher.combine(word: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            while i < bytes.count {
                hasher.combine(bytes[i])
                i += 1
            }
            return hasher.value
        }
    }

    /// Appends the bytes of `range` to `array`, copied in one piece.
    func append(_ range: Range<Int>, to array: inout [UInt8]) {
        extracting(range).withUnsafeBufferPointer { array.append(contentsOf: $0) }
    }

    /// The bytes of `range` as an array.
    func array(_ range: Range<Int>) -> [UInt8] {
        extracting(range).withUnsafeBufferPointer { Array($0) }
    }

    /// The bytes of `range` as a string (they must be whole UTF-8 characters, as a slice of valid text
    /// between ASCII bytes is).
    func string(_ range: Range<Int>) -> String {
        extracting(range).withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}

extension String {
    /// Whether the two hold the same bytes: text compared as written, not by Unicode equivalence.
    func hasSameBytes(as other: String) -> Bool {
        utf8.span.equals(other.utf8.span)
    }
}

extension Substring {
    /// Whether the two hold the same bytes: text compared as written, not by Unicode equivalence.
    func hasSameBytes(as other: Substring) -> Bool {
        utf8.span.equals(other.utf8.span)
    }

    func hasSameBytes(as other: String) -> Bool {
        utf8.span.equals(other.utf8.span)
    }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}
