/// A replacement of some bytes of a text: what an editor applies to its buffer to turn one text into another.
///
/// A list of changes refers to the old text throughout, in order and never overlapping; several insertions at
/// one offset go in in the order given.
package struct TextChange: Hashable, Sendable {
    /// UTF-8 offsets in the old text.
    package var range: Range<Int>
    /// What replaces those bytes.
    package var text: String

    package init(range: Range<Int>, text: String) {
        self.range = range
        self.text = text
    }

    /// `text` with `changes` made: what an editor's buffer holds after applying them.
    package static func applying(_ changes: [TextChange], to text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var next = 0
        for change in changes {
            result += bytes[next..<change.range.lowerBound]
            result += Array(change.text.utf8)
            next = change.range.upperBound
        }
        result += bytes[next...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `changes` (in order, never overlapping) turn `old` into `new`: compared piece by piece, nothing
    /// built.
    package static func turn(_ old: String, into new: String, by changes: [TextChange]) -> Bool {
        let a = old.utf8.span, b = new.utf8.span
        var i = 0, j = 0
        func matches(_ piece: Span<UInt8>) -> Bool {
            guard j + piece.count <= b.count, b.extracting(j..<(j + piece.count)).equals(piece) else { return false }
            j += piece.count
            return true
        }
        for change in changes {
            guard change.range.lowerBound >= i, change.range.upperBound <= a.count,
                  matches(a.extracting(i..<change.range.lowerBound)) else { return false }
            let text = change.text
            guard matches(text.utf8.span) else { return false }
            i = change.range.upperBound
        }
        return matches(a.extracting(i..<a.count)) && j == b.count
    }
}
