/// The canonical form of a todo.txt file: no trailing whitespace, no blank lines (as `todo.sh archive`
/// leaves the file), a final line ending; nothing else changes.
enum TodoTxtCanonicalizer {
    /// The canonical lines of `document`, or nil when it is already canonical.
    static func canonicalLines(of document: Document) -> [Line]? {
        var out: [Line] = []
        out.reserveCapacity(document.lines.count)
        var changed = false
        for line in document.lines {
            let text = line.text
            let end = text.utf8.span.trimmedEnd()
            if end == 0 {
                changed = true
            } else if end < text.utf8.count {
                changed = true
                out.append(Line(text[..<text.utf8.index(text.startIndex, offsetBy: end)], ending: line.ending))
            } else {
                out.append(line)
            }
        }
        if let last = out.last, last.ending == .none {
            out[out.count - 1] = last.with(ending: document.dominantLineEnding)
            changed = true
        }
        return changed ? out : nil
    }
}
