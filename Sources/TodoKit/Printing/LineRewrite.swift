/// The canonical bytes of one line, built piece by piece and compared with the line's own bytes as they go.
///
/// Most lines of a tidy file come out as they went in, so while the output still equals the start of the
/// original nothing is copied: appending the original's own next bytes only moves a mark, and any other
/// bytes are compared with what they replace. At the first difference the output so far is copied out and
/// building goes on in a buffer. Each call is given the original's bytes, `b`.
struct LineRewrite {
    let original: TextSlice
    /// While `isCopying` is false, the output is the original's first `matched` bytes.
    private var matched = 0
    private var isCopying = false
    private var buffer: [UInt8] = []

    init(of original: TextSlice) {
        self.original = original
    }

    /// The output as a line with `ending`, or nil when it is the original itself.
    func line(ending: LineEnding) -> Line? {
        if isCopying { return Line(String(decoding: buffer, as: UTF8.self), ending: ending) }
        return matched == original.count ? nil : Line(original.slice(0..<matched).substring, ending: ending)
    }

    /// Starts over with an empty output.
    mutating func removeAll() {
        matched = 0
        isCopying = false
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func append(_ byte: UInt8, _ b: Span<UInt8>) {
        if !isCopying, matched < b.count, b[matched] == byte {
            matched += 1
            return
        }
        startCopying(b)
        buffer.append(byte)
    }

    mutating func append(repeating byte: UInt8, count: Int, _ b: Span<UInt8>) {
        for _ in 0..<count { append(byte, b) }
    }

    /// Appends the original's bytes at `range`.
    mutating func append(original range: Range<Int>, _ b: Span<UInt8>) {
        guard !range.isEmpty else { return }
        if !isCopying {
            if range.lowerBound == matched {
                matched = range.upperBound
                return
            }
            if matched + range.count <= b.count, b.equals(matched..<(matched + range.count), b.extracting(range)) {
                matched += range.count
                return
            }
            startCopying(b)
        }
        buffer.append(contentsOf: b.array(range))
    }

    /// The output so far.
    func output(_ b: Span<UInt8>) -> [UInt8] {
        isCopying ? buffer : b.array(0..<matched)
    }

    private mutating func startCopying(_ b: Span<UInt8>) {
        guard !isCopying else { return }
        isCopying = true
        buffer = b.array(0..<matched)
    }
}
