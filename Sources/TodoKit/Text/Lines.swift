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

    /// The lines of `text`, which must be `original`'s text with some lines rewritten in place (`rewritten`: each
    /// line's 0-based index and its new bytes' count, without its ending), every other byte, ending and byte
    /// order mark as they were: the original's offsets, shifted, instead of a scan of the whole text. Each byte
    /// the offsets carry over is compared with the original's (whole stretches at a time), and a rewritten line
    /// must hold no line break, could not read as a byte order mark and is not left empty where that joins lines; nil where the text is not so made.
    package init?(_ text: String, rewriting rewritten: [(index: Int, count: Int)], of original: Lines) {
        var text = text
        text.makeContiguousUTF8()
        let old = original.text.utf8.span, new = text.utf8.span
        var shift = 0, carried = 0  // carried: the old offset up to which the bytes were compared
        var shifts: [(after: Int, by: Int)] = []  // each rewritten line's index, and the shift from the next line on
        for (index, count) in rewritten.sorted(by: { $0.index < $1.index }) {
            guard index >= 0, index < original.count, shifts.last.map({ index > $0.after }) ?? true else { return nil }
            // An empty line ending where a line does not (the last), or in an LF right after a lone CR, would
            // read otherwise.
            if count == 0, original.endings[index] == .none || (index > 0 && original.endings[index - 1] == .cr) { return nil }
            let oldRange = original.range(index)
            let newStart = oldRange.lowerBound + shift
            // The bytes up to the line, the same in both.
            guard newStart + count <= new.count, new.extracting((carried + shift)..<newStart).equals(old.extracting(carried..<oldRange.lowerBound))
            else { return nil }
            for k in newStart..<(newStart + count) where new[k] == .newline || new[k] == .carriageReturn { return nil }
            if index == 0, !original.hasByteOrderMark, count >= 3, new[0] == 0xEF, new[1] == 0xBB, new[2] == 0xBF { return nil }
            shift += count - oldRange.count
            shifts.append((index, shift))
            carried = oldRange.upperBound
        }
        guard old.count + shift == new.count, new.extracting((carried + shift)..<new.count).equals(old.extracting(carried..<old.count))
        else { return nil }
        var starts = original.starts
        for (k, (after, by)) in shifts.enumerated() {
            let end = k + 1 < shifts.count ? shifts[k + 1].after + 1 : starts.count
            for line in (after + 1)..<end { starts[line] += by }
        }
        self.text = text
        hasByteOrderMark = original.hasByteOrderMark
        self.starts = starts
        endings = original.endings
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
