/// A piece of a text by UTF-8 offsets, held without making a substring (which costs an index
/// computation and a check of each bound): what a task's body, description and notes are.
struct TextSlice: Sendable {
    let base: String
    let range: Range<Int>

    init(_ base: String, _ range: Range<Int>) {
        self.base = base
        self.range = range
    }

    /// All of `text`.
    init(_ text: String) {
        self.init(text, 0..<text.utf8.count)
    }

    /// The same bytes as `text`, a slice of its base string.
    init(_ text: Substring) {
        let utf8 = text.base.utf8
        self.init(text.base, utf8.distance(from: utf8.startIndex, to: text.startIndex)..<utf8.distance(from: utf8.startIndex, to: text.endIndex))
    }

    var count: Int { range.count }
    var isEmpty: Bool { range.isEmpty }

    /// The slice as a substring of its base.
    var substring: Substring {
        let utf8 = base.utf8
        return base[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }

    var string: String { String(substring) }

    /// The part at `offsets`, counted from the slice's start.
    func slice(_ offsets: Range<Int>) -> TextSlice {
        TextSlice(base, (range.lowerBound + offsets.lowerBound)..<(range.lowerBound + offsets.upperBound))
    }

    /// Calls `body` with the slice's bytes.
    func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        let text = base
        return body(text.utf8.span.extracting(range))
    }

    /// Whether both hold the same bytes.
    func hasSameBytes(as other: TextSlice) -> Bool {
        guard count == other.count else { return false }
        let mine = base, theirs = other.base
        return mine.utf8.span.extracting(range).equals(theirs.utf8.span.extracting(other.range))
    }

    func hasSameBytes(as other: String) -> Bool {
        withBytes { mine in mine.equals(other.utf8.span) }
    }

    /// The slice without leading and trailing spaces and tabs.
    var trimmed: TextSlice {
        withBytes { b in
            let start = b.skippingSpaces(from: 0)
            return slice(start..<b.trimmedEnd(from: start))
        }
    }
}
