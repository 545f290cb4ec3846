/// The canonical form of a todo.txt file: no trailing whitespace, no blank lines (as `todo.sh archive`
/// leaves the file), a final line ending; nothing else changes.
enum TodoTxtCanonicalizer {
    /// The canonical lines of `document`, or nil when it is already canonical.
    static func canonicalLines(of document: Document) -> [Line]? {
        // The usual file is canonical already: that is found by looking at its lines, before building any.
        if isCanonical(document) { return nil }
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

    /// Whether no line is blank or ends in whitespace, and the last line has an ending.
    static func isCanonical(_ document: Document) -> Bool {
        guard let last = document.lines.last, last.ending != .none else { return false }
        return LineBytes.withAccess(to: document.lines) { bytes, lines in
            func clean(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
                guard let final = b.last else { return false }
                return final != .space && final != .tab
            }
            for index in lines.indices {
                let isClean = bytes(index).map(clean) ?? lines[index].withUTF8Bytes(clean)
                if !isClean { return false }
            }
            return true
        }
    }
}
