/// Splits text into lines, remembering each line's ending and a leading byte order mark.
///
/// The lines share the text's storage: splitting copies no bytes.
enum LineSplitter {
    static func split(_ text: String) -> (hasByteOrderMark: Bool, lines: [Line]) {
        var text = text
        text.makeContiguousUTF8()
        let storage = text
        return text.utf8.withContiguousStorageIfAvailable { split($0, storage: storage) } ?? (false, [])
    }

    /// The lines of `b`, which are the UTF-8 bytes of `storage`.
    static func split(_ b: UnsafeBufferPointer<UInt8>, storage: String) -> (hasByteOrderMark: Bool, lines: [Line]) {
        var start = 0
        let bom = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF
        if bom { start = 3 }
        // Lines hold 32-bit offsets; text of 4 GiB or more gives each line its own string instead.
        let shares = b.count <= Int(UInt32.max)
        func line(_ from: Int, _ to: Int, _ ending: LineEnding) -> Line {
            if shares { return Line(storage: storage, start: from, count: to - from, ending: ending) }
            return Line(String(decoding: UnsafeBufferPointer(rebasing: b[from..<to]), as: UTF8.self), ending: ending)
        }
        var lines: [Line] = []
        let breaks = ByteScan.countLineBreaks(b)
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
