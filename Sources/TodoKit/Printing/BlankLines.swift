/// The blank-line rules of the canonical Markdown form: runs of blank lines become one; one blank line
/// before and after every heading and after front matter; none at the start (except above a first line
/// starting with U+FEFF, which would read as a byte order mark) or the end; a final line ending.
enum BlankLines {
    /// The text of `document`'s lines, each as `rewrite` gives it (nil: the line itself), with blank lines
    /// settled; nil when that is the document's own text. `rewrite` is called once for each line, in order.
    static func settle(_ document: Document, rewrite: (Int) -> Line?) -> String? {
        let headings = document.headings, roles = document.roles, input = document.lines
        let ending = document.dominantLineEnding
        var output = ByteBuffer(capacity: input.text.utf8.count + 64)
        if input.hasByteOrderMark { output.append(LineEnding.byteOrderMark) }
        var changed = false
        // What the front-matter rule and the final line ending need to know of the lines put out.
        var lineCount = 0, firstIsDashes = false, laterClosesDashes = false, lastEnding = LineEnding.lf
        func put(_ index: Int, _ line: Line?) {
            var line = line
            // An empty line ending in LF after a lone CR would read as that CR's LF: it ends in a CR too.
            if lastEnding == .cr, line.map({ $0.text.isEmpty && $0.ending == .lf })
                ?? (input.range(index).isEmpty && input.ending(index) == .lf) {
                line = Line("", ending: .cr)
            }
            // Only a line of three bytes can be `---` or `...`.
            let text = line?.text ?? (input.range(index).count == 3 ? input.text(index) : "")
            // Compared as bytes: for these ASCII marks the same answer as a string comparison, at a fraction of its cost.
            func holds(_ mark: StaticString) -> Bool { text.utf8.count == 3 && text.utf8.span.hasPrefix(mark, at: 0) }
            let isDashes = holds("---")
            if lineCount == 0 { firstIsDashes = isDashes } else if isDashes || holds("...") { laterClosesDashes = true }
            lineCount += 1
            if let line {
                changed = true
                output.append(line)
                lastEnding = line.ending
            } else {
                output.append(line: index, of: input)
                lastEnding = input.ending(index)
            }
        }
        func putBlank() {
            changed = true
            put(-1, Line("", ending: ending))
        }

        var index = 0
        while index < roles.count, roles[index].kind == .frontMatter {
            put(index, rewrite(index))
            index += 1
        }
        let hasFrontMatter = index > 0
        var atStart = !hasFrontMatter
        // A blank line held back until the next line shows whether it stays: its index and rewrite.
        var pending: (index: Int, line: Line?)?
        // Front matter, like a heading, is followed by one blank line.
        var blankAfterHeading = hasFrontMatter
        var heading = 0
        var headingEnd = -1
        while index < roles.count {
            defer { index += 1 }
            let line = rewrite(index)
            if roles[index].kind == .blank {
                if !atStart, pending == nil { pending = (index, line) } else { changed = true }
                continue
            }
            while heading < headings.count, headings[heading].line - 1 < index { heading += 1 }
            let startsHeading = heading < headings.count && headings[heading].line - 1 == index
            if startsHeading { headingEnd = headings[heading].endLine - 1 }
            if !atStart, pending == nil, startsHeading || blankAfterHeading, !endsOpenBlock(index - 1, roles) {
                putBlank()
            } else if let blank = pending {
                put(blank.index, blank.line)
            }
            pending = nil
            // Put first, a line starting with U+FEFF would read as the file's byte order mark: the blank line
            // above it stays.
            if atStart, !input.hasByteOrderMark, (line?.text ?? input.text(index)).utf8.starts(with: LineEnding.byteOrderMark) {
                putBlank()
            }
            put(index, line)
            atStart = false
            blankAfterHeading = index == headingEnd
        }
        if pending != nil { changed = true }
        if lastEnding == .none {
            changed = true
            output.append(ending)
        }
        // Without front matter of its own, the result must not start with lines that read as front matter.
        if !hasFrontMatter, firstIsDashes, laterClosesDashes {
            changed = true
            output.insert(ending, at: input.hasByteOrderMark ? 3 : 0)
        }
        return changed ? output.text : nil
    }

    /// Whether a blank line after line `index` could fall inside a fenced code or HTML block of a list item
    /// (such a block is only closed by the less indented line after it; an opening fence may be its last line):
    /// no blank line is added there.
    private static func endsOpenBlock(_ index: Int, _ roles: [LineRole]) -> Bool {
        guard index >= 0, roles[index].item != nil else { return false }
        switch roles[index].kind {
        case .code, .html: return true
        case .fence:
            // An opening fence with nothing after it yet: no code line back to a fence before it.
            var line = index - 1
            while line >= 0, roles[line].kind == .code { line -= 1 }
            return line < 0 || roles[line].kind != .fence || roles[line].item != roles[index].item
        default: return false
        }
    }
}
