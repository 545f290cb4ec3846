/// Splits text into lines, remembering each line's ending and a leading byte order mark.
///
/// The lines share the text's storage: splitting copies no bytes.
enum LineSplitter {
    static func split(_ text: String) -> (hasByteOrderMark: Bool, lines: [Line]) {
        split(text, from: 0, to: nil)
    }

    /// The lines of `text` from UTF-8 offset `from` (a line's start) up to `to` (a line's start too; the end
    /// when nil), slices of `text` as splitting all of it gives them; a byte order mark only at offset 0.
    static func split(_ text: String, from: Int, to: Int?) -> (hasByteOrderMark: Bool, lines: [Line]) {
        var text = text
        text.makeContiguousUTF8()
        let storage = text
        return text.utf8.withContiguousStorageIfAvailable { all in
            split(UnsafeBufferPointer(rebasing: all[..<(to ?? all.count)]), storage: storage, from: from)
        } ?? (false, [])
    }

    /// The lines of `b`, which are the UTF-8 bytes of `storage` (or its first bytes), from offset `from` on.
    static func split(_ b: UnsafeBufferPointer<UInt8>, storage: String, from: Int = 0) -> (hasByteOrderMark: Bool, lines: [Line]) {
        var start = from
        let bom = from == 0 && b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF
        if bom { start = 3 }
        // Lines hold 32-bit offsets; text of 4 GiB or more gives each line its own string instead.
        let shares = storage.utf8.count <= Int(UInt32.max)
        func line(_ from: Int, _ to: Int, _ ending: LineEnding) -> Line {
            if shares { return Line(storage: storage, start: from, count: to - from, ending: ending) }
            return Line(String(decoding: UnsafeBufferPointer(rebasing: b[from..<to]), as: UTF8.self), ending: ending)
        }
        var lines: [Line] = []
        let breaks = ByteScan.countLineBreaks(UnsafeBufferPointer(rebasing: b[start...]))
        // Exact unless CRs and LFs both end lines (a CRLF counts once; lone CRs in a CRLF file grow the array).
        lines.reserveCapacity(max(breaks.lf, breaks.cr) + 1)
        guard let base = b.baseAddress else { return (bom, lines) }
        var i = start
        let end = b.count
        while i < end {
            i = ByteScan.nextLineBreak(base, from: i, end: end)
            guard i < end else { break }
            if base[i] == .carriageReturn, i + 1 < end, base[i + 1] == .newline {
                lines.append(line(start, i, .crlf))
                i += 2
            } else {
                lines.append(line(start, i, base[i] == .newline ? .lf : .cr))
                i += 1
            }
            start = i
        }
        if start < end {
            lines.append(line(start, end, .none))
        }
        return (bom, lines)
    }
}
