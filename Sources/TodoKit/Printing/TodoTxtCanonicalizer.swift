/// The canonical form of a todo.txt file: no trailing whitespace, no blank lines (as `todo.sh archive`
/// leaves the file), a final line ending; nothing else changes.
enum TodoTxtCanonicalizer {
    /// The canonical lines of `document`, or nil when it is already canonical.
    static func canonicalLines(of document: Document) -> [Line]? {
        var out: [Line] = []
        out.reserveCapacity(document.lines.count)
        var changed = false
        for line in document.lines {
            let (isBlank, trimmed) = line.withUTF8Bytes { b -> (Bool, Int?) in
                let end = trimmedEnd(b, from: 0)
                return (end == 0, end == b.count ? nil : end)
            }
            if isBlank {
                changed = true
                continue
            }
            if let end = trimmed {
                changed = true
                var trimmedLine = line  // a shorter view of the same bytes
                trimmedLine.count = UInt32(end)
                out.append(trimmedLine)
            } else {
                out.append(line)
            }
        }
        if let last = out.last, last.ending == .none {
            out[out.count - 1].ending = document.dominantLineEnding
            changed = true
        }
        return changed ? out : nil
    }
}
