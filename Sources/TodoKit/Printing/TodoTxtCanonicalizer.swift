/// The canonical form of a todo.txt file: no trailing whitespace (the space of an empty done task `x ` is
/// its mark's), no blank lines (as `todo.sh archive` leaves the file), a final line ending; nothing else
/// changes.
enum TodoTxtCanonicalizer {
    /// The canonical text of `document`, or nil when it is already canonical.
    static func canonicalText(of document: Document) -> String? {
        let lines = document.lines, text = lines.text
        let bytes = text.utf8.span
        // Nothing is copied until the first line that changes: the text before it (with any byte order mark)
        // then goes out in one piece.
        var output: ByteBuffer?
        for index in lines.indices {
            let range = lines.range(index)
            let end = keptEnd(of: bytes.extracting(range))
            if end > 0, end == range.count, lines.ending(index) != .none {
                output?.append(line: index, of: lines)
                continue
            }
            if output == nil {
                output = ByteBuffer(capacity: text.utf8.count + 1)
                output!.append(text, 0..<range.lowerBound)
            }
            if end > 0 {
                output!.append(text, range.lowerBound..<(range.lowerBound + end))
                output!.append(lines.ending(index) == .none ? document.dominantLineEnding : lines.ending(index))
            }
        }
        return output?.text
    }

    /// Whether line `index` of `document` stands as the canonical form writes it.
    static func standsCanonical(_ index: Int, in document: Document) -> Bool {
        let lines = document.lines, text = lines.text
        let range = lines.range(index)
        return lines.ending(index) != .none && keptEnd(of: text.utf8.span.extracting(range)) == range.count
    }

    /// Where the canonical form ends line `b`: before its trailing whitespace (`x ` alone is an empty done task:
    /// its space is the mark's, not trailing whitespace); 0 for a blank line, which goes.
    private static func keptEnd(of b: Span<UInt8>) -> Int {
        let end = b.trimmedEnd()
        return end == 1 && b.count > 1 && b[0] == UInt8(ascii: "x") && b[1] == .space ? 2 : end
    }
}
