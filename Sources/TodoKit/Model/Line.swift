/// One physical line of a todo file: its text exactly as written, and how it ended.
///
/// A line read from a file shares the storage of the whole text it was read from (it holds where its bytes
/// are in it), so a document of many lines holds its text once; `text` makes the line's own string when
/// asked. `withUTF8` reads the bytes without making one.
public struct Line: Sendable, Hashable {
    /// The string holding the line's bytes: the line's own text, or the whole text it was read from.
    var storage: String
    /// Where the line's bytes are in `storage` (UTF-8 offsets).
    var start: UInt32
    /// The number of bytes (`count`) in the low 30 bits, all ones for "to the end of `storage`" (a line of a
    /// gigabyte or more); the ending in the top two: a line is 24 bytes, not 32, and a document holds one per
    /// line of its text.
    private var countAndEnding: UInt32
    private static let countMask: UInt32 = (1 << 30) - 1

    public init(_ text: String, ending: LineEnding = .lf) {
        storage = text
        start = 0
        countAndEnding = 0
        self.count = UInt32(text.utf8.count)
        self.ending = ending
    }

    /// A line whose bytes are `count` bytes of `storage` from `start`, which must begin and end on
    /// character boundaries of valid UTF-8 and hold no CR or LF (as a line split from a string does;
    /// `Document.readBack` counts on it).
    init(storage: String, start: Int, count: Int, ending: LineEnding) {
        self.storage = storage
        self.start = UInt32(start)
        countAndEnding = 0
        self.count = UInt32(count)
        self.ending = ending
    }

    /// The number of the line's bytes in `storage`.
    var count: UInt32 {
        @inline(__always) get {
            let count = countAndEnding & Self.countMask
            return count == Self.countMask ? countToTheEnd : count
        }
        @inline(__always) set {
            if newValue < Self.countMask {
                countAndEnding = countAndEnding & ~Self.countMask | newValue
            } else {
                setLongCount(newValue)
            }
        }
    }

    @inline(never)
    private var countToTheEnd: UInt32 { UInt32(storage.utf8.count) - start }

    /// Sets a count of `countMask` or more: "to the end of `storage`", after giving the line a string of its
    /// own when it does not run to the end of the one it has.
    @inline(never)
    private mutating func setLongCount(_ count: UInt32) {
        if Int(start) + Int(count) != storage.utf8.count {
            var whole = storage
            whole.makeContiguousUTF8()
            let bytes = Int(start)..<(Int(start) + Int(count))
            storage = whole.utf8.withContiguousStorageIfAvailable {
                String(decoding: UnsafeBufferPointer(rebasing: $0[bytes]), as: UTF8.self)
            }!
            start = 0
        }
        countAndEnding |= Self.countMask
    }

    public var ending: LineEnding {
        @inline(__always) get {
            switch countAndEnding >> 30 {
            case 0: return .lf
            case 1: return .crlf
            case 2: return .cr
            default: return .none
            }
        }
        @inline(__always) set {
            let code: UInt32
            switch newValue {
            case .lf: code = 0
            case .crlf: code = 1
            case .cr: code = 2
            case .none: code = 3
            }
            countAndEnding = countAndEnding & Self.countMask | code << 30
        }
    }

    /// The line's bytes without the line ending (and, for the first line, without a byte order mark).
    public var text: String {
        get {
            if start == 0, Int(count) == storage.utf8.count { return storage }
            return withUTF8Bytes { String(decoding: $0, as: UTF8.self) }
        }
        set {
            storage = newValue
            start = 0
            count = UInt32(newValue.utf8.count)
        }
    }

    /// Calls `body` with the line's UTF-8 bytes (without its ending), without copying them.
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try storage.utf8.withContiguousStorageIfAvailable({ all in
            try body(UnsafeBufferPointer(rebasing: all[Int(start)..<Int(start + count)]))
        }) {
            return result
        }
        var copy = storage
        copy.makeContiguousUTF8()
        return try copy.utf8.withContiguousStorageIfAvailable { all in
            try body(UnsafeBufferPointer(rebasing: all[Int(start)..<Int(start + count)]))
        }!
    }

    /// `withUTF8`, under the name the library's string helper has.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUTF8(body)
    }

    /// The number of UTF-8 bytes of `text`.
    public var utf8Count: Int { Int(count) }

    /// Whether the line holds only spaces and tabs, or nothing.
    public var isBlank: Bool {
        withUTF8Bytes { b in b.allSatisfy { $0 == .space || $0 == .tab } }
    }

    /// Whether `other` is this very slice: the same bytes of the same storage, with the same ending (as a line
    /// the formatter left alone is), found without reading the bytes.
    @inline(__always)
    func isSameSlice(as other: Line) -> Bool {
        start == other.start && countAndEnding == other.countAndEnding
            && storage.storageIdentity == other.storage.storageIdentity
    }

    public static func == (lhs: Line, rhs: Line) -> Bool {
        guard lhs.ending == rhs.ending, lhs.count == rhs.count else { return false }
        // The same view of the same storage (as a line the formatter left alone is).
        if lhs.start == rhs.start, lhs.storage.storageIdentity == rhs.storage.storageIdentity {
            return true
        }
        return lhs.withUTF8Bytes { a in rhs.withUTF8Bytes { b in ByteScan.equal(a, b) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(ending)
    }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}
