/// The lines of a text, each a range of its bytes: the text is held once, and a line is made when asked for.
///
/// LF, CRLF and a lone CR each end a line; the last line may have no ending. A UTF-8 byte order mark at the
/// start of the text is no part of the first line.
package struct Lines: RandomAccessCollection, Equatable, Sendable {
    /// The text the lines are ranges of.
    package let text: String
    /// Whether the text starts with a byte order mark.
    package let hasByteOrderMark: Bool
    /// The UTF-8 offset where each line starts, and one more: where the text ends.
    private let starts: [Int]
    private let endings: [LineEnding]

    /// Splits `text` into lines.
    package init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        var starts: [Int] = [], endings: [LineEnding] = []
        let bytes = text.utf8.span
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var start = bom ? 3 : 0
        while start < bytes.count {
            let lineEnd = bytes.nextLineBreak(from: start)
            starts.append(start)
            if lineEnd == bytes.count {
                endings.append(.none)
                start = lineEnd
            } else if bytes[lineEnd] == .carriageReturn, lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == .newline {
                endings.append(.crlf)
                start = lineEnd + 2
            } else {
                endings.append(bytes[lineEnd] == .newline ? .lf : .cr)
                start = lineEnd + 1
            }
        }
        starts.append(bytes.count)
        hasByteOrderMark = bom
        self.starts = starts
        self.endings = endings
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { endings.count }

    package subscript(index: Int) -> Line {
        Line(text[stringRange(index)], ending: endings[index])
    }

    /// The UTF-8 offsets of line `index`'s bytes, without its ending.
    package func range(_ index: Int) -> Range<Int> {
        starts[index]..<(starts[index + 1] - endings[index].utf8Count)
    }

    /// The UTF-8 offsets of line `index` with its ending.
    func rangeWithEnding(_ index: Int) -> Range<Int> { starts[index]..<starts[index + 1] }

    package func ending(_ index: Int) -> LineEnding { endings[index] }

    /// The text of line `index`, without its ending.
    package func text(_ index: Int) -> Substring { text[stringRange(index)] }

    /// The string indexes of line `index`'s bytes.
    private func stringRange(_ index: Int) -> Range<String.Index> {
        let bytes = range(index), utf8 = text.utf8
        return utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: bytes.upperBound)
    }

    /// Lines are equal when they hold the same lines, byte for byte, and the same byte order mark.
    package static func == (lhs: Lines, rhs: Lines) -> Bool {
        lhs.text.hasSameBytes(as: rhs.text)
    }

    /// The ending most lines have (ties to LF, then CRLF); LF when none has one.
    package var dominantEnding: LineEnding { LineEnding.dominant(in: endings) }
}
