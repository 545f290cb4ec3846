/// The canonical bytes of one line, built piece by piece and compared with the line's own bytes as they go.
///
/// Most lines of a tidy file come out as they went in, so while the output still equals the start of the
/// original nothing is copied: appending the original's own next bytes only moves a mark, and any other
/// bytes are compared with what they replace. At the first difference the output so far is copied out and
/// building goes on in a buffer.
struct LineRewrite {
    let original: Substring
    /// While `isCopying` is false, the output is the original's first `matched` bytes.
    private var matched = 0
    private var isCopying = false
    private var buffer: [UInt8] = []

    init(of original: Substring) {
        self.original = original
    }

    enum Outcome {
        /// The output is the original.
        case same
        /// The output is the original's first `count` bytes.
        case prefix(count: Int)
        /// The output is these bytes.
        case new([UInt8])
    }

    /// What the output came to.
    var outcome: Outcome {
        if isCopying { return .new(buffer) }
        return matched == original.utf8.count ? .same : .prefix(count: matched)
    }

    /// The output as a line with `ending`, or nil when it is the original itself.
    func line(ending: LineEnding) -> Line? {
        switch outcome {
        case .same: return nil
        case .prefix(let count): return Line(original[..<original.utf8.index(original.startIndex, offsetBy: count)], ending: ending)
        case .new(let bytes): return Line(String(decoding: bytes, as: UTF8.self), ending: ending)
        }
    }

    /// Starts over with an empty output.
    mutating func removeAll() {
        matched = 0
        isCopying = false
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func append(_ byte: UInt8) {
        let bytes = original.utf8.span
        if !isCopying, matched < bytes.count, bytes[matched] == byte {
            matched += 1
            return
        }
        startCopying()
        buffer.append(byte)
    }

    mutating func append(repeating byte: UInt8, count: Int) {
        for _ in 0..<count { append(byte) }
    }

    /// Appends the original's bytes at `range`.
    mutating func append(original range: Range<Int>) {
        guard !range.isEmpty else { return }
        let bytes = original.utf8.span
        if !isCopying {
            if range.lowerBound == matched {
                matched = range.upperBound
                return
            }
            if matched + range.count <= bytes.count, bytes.equals(matched..<(matched + range.count), bytes.extracting(range)) {
                matched += range.count
                return
            }
            startCopying()
        }
        for i in range { buffer.append(bytes[i]) }
    }

    /// The output so far.
    var output: [UInt8] {
        isCopying ? buffer : original.utf8.span.array(0..<matched)
    }

    private mutating func startCopying() {
        guard !isCopying else { return }
        isCopying = true
        buffer = original.utf8.span.array(0..<matched)
    }
}
