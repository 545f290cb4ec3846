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
}
