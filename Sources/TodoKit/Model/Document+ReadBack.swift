extension Document {
    /// The document `Document(parsing: text, format: format)` gives: itself when its text splits back into
    /// exactly its lines (no line holds a line break, only the last line lacks an ending, and so on), since
    /// reading depends on nothing but the lines; otherwise the text read again. Safe mode uses it to read a
    /// formatted document back without a second parse in the usual case.
    public func readBack() -> Document {
        if source != nil || splitsBackIntoItsLines { return self }
        return Document(parsing: text, format: format)
    }

    /// Whether splitting `text` gives `lines` and `hasByteOrderMark` again.
    var splitsBackIntoItsLines: Bool {
        LineBytes.withCommonStorage(of: lines) { all, isShared, lines in
            for index in lines.indices {
                let line = lines[index]
                let isLast = index == lines.count - 1
                if line.ending == .none, !isLast || line.count == 0 { return false }
                // A CR followed by an empty line ending in LF would read as one CRLF.
                if line.ending == .cr, !isLast, lines[index + 1].count == 0, lines[index + 1].ending == .lf { return false }
                // A part of a larger text was split from it, so it holds no line break; anything else is looked at.
                if isShared(index), line.start > 0 || Int(line.count) < all.count, index > 0 || hasByteOrderMark { continue }
                let clean = line.withUTF8Bytes { b -> Bool in
                    guard let base = b.baseAddress else { return true }
                    if index == 0, !hasByteOrderMark, b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return false }
                    return ByteScan.nextLineBreak(base, from: 0, end: b.count) == b.count
                }
                if !clean { return false }
            }
            return true
        }
    }

    /// Whether `text` is `other`, byte for byte, found without making `text`.
    public func hasText(_ other: String) -> Bool {
        other.withUTF8Bytes { expected in
            guard utf8Count == expected.count else { return false }
            var at = 0
            var same = true
            forEachUTF8Piece { piece in
                same = ByteScan.equal(piece, UnsafeBufferPointer(rebasing: expected[at..<(at + piece.count)]))
                at += piece.count
                return same
            }
            return same
        }
    }
}
