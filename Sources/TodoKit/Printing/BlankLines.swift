/// The blank-line rules of the canonical Markdown form: runs of blank lines become one; one blank line
/// before and after every heading and after front matter; none at the start or the end; a final line ending.
enum BlankLines {
    /// `lines` (the rewritten lines of `document`, one per line) with blank lines settled, or nil when the
    /// result equals the document's own lines.
    static func settle(_ lines: [Line], of document: Document, changed: Bool) -> [Line]? {
        var changed = changed
        let roles = document.roles
        let headings = document.headings
        let ending = document.dominantLineEnding
        var out: [Line] = []
        out.reserveCapacity(lines.count + 2 * headings.count)
        var index = 0
        let hasFrontMatter = roles.first?.kind == .frontMatter
        while index < lines.count, roles[index].kind == .frontMatter {
            out.append(lines[index])
            index += 1
        }
        var atStart = !hasFrontMatter
        var pending: Line?
        // Front matter, like a heading, is followed by one blank line.
        var blankAfterHeading = hasFrontMatter
        var heading = 0
        var headingEnd = -1
        while index < lines.count {
            defer { index += 1 }
            if roles[index].kind == .blank {
                if !atStart, pending == nil { pending = lines[index] } else { changed = true }
                continue
            }
            while heading < headings.count, headings[heading].line - 1 < index { heading += 1 }
            let startsHeading = heading < headings.count && headings[heading].line - 1 == index
            if startsHeading { headingEnd = headings[heading].endLine - 1 }
            if !atStart, pending == nil, startsHeading || blankAfterHeading, !endsOpenBlock(index - 1, roles) {
                pending = Line("", ending: ending)
                changed = true
            }
            if let blank = pending {
                out.append(blank)
                pending = nil
            }
            out.append(lines[index])
            atStart = false
            blankAfterHeading = index == headingEnd
        }
        if pending != nil { changed = true }
        if let last = out.last, last.ending == .none {
            out[out.count - 1].ending = ending
            changed = true
        }
        // Without front matter of its own, the result must not start with lines that read as front matter.
        if !hasFrontMatter, out.first?.text == "---", out.dropFirst().contains(where: { $0.text == "---" || $0.text == "..." }) {
            out.insert(Line("", ending: ending), at: 0)
            changed = true
        }
        return changed ? out : nil
    }

    /// Whether a blank line after line `index` could fall inside a fenced code or HTML block of a list item
    /// (such a block is only closed by the less indented line after it): no blank line is added there.
    private static func endsOpenBlock(_ index: Int, _ roles: [LineRole]) -> Bool {
        guard index >= 0, roles[index].item != nil else { return false }
        return roles[index].kind == .code || roles[index].kind == .html
    }
}
