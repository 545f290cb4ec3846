/// Splits text into lines, remembering each line's ending and a leading byte order mark.
enum LineSplitter {
    static func split(_ text: String) -> (hasByteOrderMark: Bool, lines: [Line]) {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { split($0) } ?? (false, [])
    }

    static func split(_ b: UnsafeBufferPointer<UInt8>) -> (hasByteOrderMark: Bool, lines: [Line]) {
        var start = 0
        let bom = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF
        if bom { start = 3 }
        var lines: [Line] = []
        lines.reserveCapacity(b.count / 40 + 1)
        var i = start
        let end = b.count
        while i < end {
            let byte = b[i]
            if byte == .newline || byte == .carriageReturn {
                let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
                if byte == .carriageReturn, i + 1 < end, b[i + 1] == .newline {
                    lines.append(Line(text, ending: .crlf))
                    i += 2
                } else {
                    lines.append(Line(text, ending: byte == .newline ? .lf : .cr))
                    i += 1
                }
                start = i
            } else {
                i += 1
            }
        }
        if start < end {
            lines.append(Line(String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self), ending: .none))
        }
        return (bom, lines)
    }
}
