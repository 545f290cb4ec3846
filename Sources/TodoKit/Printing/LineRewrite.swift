/// The canonical bytes of one line, built piece by piece and compared with the line's own bytes as they go.
///
/// Most lines of a tidy file come out as they went in, so while the output still equals the start of the
/// original nothing is copied: appending the original's own next bytes only moves a mark, and any other
/// bytes are compared with what they replace. At the first difference the output so far is copied out and
/// building goes on in a buffer.
struct LineRewrite {
    let original: UnsafeBufferPointer<UInt8>
    /// While `isCopying` is false, the output is `original[0..<matched]`.
    private var matched = 0
    private var isCopying = false
    private var buffer: [UInt8]

    /// A rewrite of `original` that borrows `buffer`'s storage (for when the output differs) until `finish`
    /// hands it back.
    init(of original: UnsafeBufferPointer<UInt8>, reusing buffer: inout [UInt8]) {
        self.original = original
        self.buffer = []
        swap(&self.buffer, &buffer)
    }

    enum Outcome {
        /// The output is the original.
        case same
        /// The output is the original's first `count` bytes.
        case prefix(count: Int)
        /// The output is new bytes, in the returned buffer.
        case new
    }

    /// What the output came to; `buffer` gets its storage back, holding the output when it is new.
    mutating func finish(into buffer: inout [UInt8]) -> Outcome {
        swap(&self.buffer, &buffer)
        if isCopying { return .new }
        return matched == original.count ? .same : .prefix(count: matched)
    }

    /// Starts over with an empty output.
    mutating func removeAll() {
        matched = 0
        isCopying = false
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if !isCopying, matched < original.count, original[matched] == byte {
            matched += 1
            return
        }
        copy(byte)
    }

    @inline(never)
    private mutating func copy(_ byte: UInt8) {
        if !isCopying { startCopying() }
        buffer.append(byte)
    }

    @inline(__always)
    mutating func append(repeating byte: UInt8, count: Int) {
        var left = count
        if !isCopying {
            while left > 0, matched < original.count, original[matched] == byte {
                matched += 1
                left -= 1
            }
        }
        guard left > 0 else { return }
        copy(repeating: byte, count: left)
    }

    @inline(never)
    private mutating func copy(repeating byte: UInt8, count: Int) {
        if !isCopying { startCopying() }
        buffer.append(contentsOf: repeatElement(byte, count: count))
    }

    /// Appends `original[range]`.
    @inline(__always)
    mutating func append(original range: Range<Int>) {
        guard !range.isEmpty else { return }
        if !isCopying, range.lowerBound == matched {
            matched = range.upperBound
            return
        }
        copy(original: range)
    }

    @inline(never)
    private mutating func copy(original range: Range<Int>) {
        if !isCopying {
            if matched + range.count <= original.count,
               ByteScan.equal(UnsafeBufferPointer(rebasing: original[range]),
                              UnsafeBufferPointer(rebasing: original[matched..<(matched + range.count)])) {
                matched += range.count
                return
            }
            startCopying()
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: original[range]))
    }

    /// Calls `body` with the output so far.
    func withOutput<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if isCopying { return buffer.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(rebasing: original[0..<matched]))
    }

    private mutating func startCopying() {
        isCopying = true
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: original[0..<matched]))
    }
}
