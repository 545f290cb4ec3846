/// The blank-line rules of the canonical Markdown form: runs of blank lines become one; one blank line
/// before and after every heading and after front matter; none at the start or the end; a final line ending.
enum BlankLines {
    /// The lines of `document`, each as `rewrite` gives it (nil: the line itself), with blank lines settled;
    /// nil when the result equals the document's own lines. `rewrite` is called once for each line, in order.
    static func settle(_ document: Document, rewrite: (Int) -> Line?) -> [Line]? {
        let headings = document.headings
        let ending = document.dominantLineEnding
        return document.roles.withUnsafeBufferPointer { roles in
            var output = SettledLines(document.lines, extra: 2 * headings.count)
            let count = roles.count
            var index = 0
            let hasFrontMatter = roles.first?.kind == .frontMatter
            while index < count, roles[index].kind == .frontMatter {
                output.append(index, rewrite(index))
                index += 1
            }
            var atStart = !hasFrontMatter
            // A blank line held back until the next line shows whether it stays: its index and rewrite.
            var pending: (index: Int, line: Line?)?
            // Front matter, like a heading, is followed by one blank line.
            var blankAfterHeading = hasFrontMatter
            var heading = 0
            var headingEnd = -1
            while index < count {
                defer { index += 1 }
                let line = rewrite(index)
                if roles[index].kind == .blank {
                    if !atStart, pending == nil { pending = (index, line) } else { output.drop() }
                    continue
                }
                while heading < headings.count, headings[heading].line - 1 < index { heading += 1 }
                let startsHeading = heading < headings.count && headings[heading].line - 1 == index
                if startsHeading { headingEnd = headings[heading].endLine - 1 }
                if !atStart, pending == nil, startsHeading || blankAfterHeading, !endsOpenBlock(index - 1, roles) {
                    output.insert(Line("", ending: ending))
                } else if let blank = pending {
                    output.append(blank.index, blank.line)
                }
                pending = nil
                output.append(index, line)
                atStart = false
                blankAfterHeading = index == headingEnd
            }
            if pending != nil { output.drop() }
            if let last = output.last, last.ending == .none {
                var ended = last
                ended.ending = ending
                output.replaceLast(with: ended)
            }
            // Without front matter of its own, the result must not start with lines that read as front matter.
            if !hasFrontMatter, output.first?.text == "---", output.dropFirst().contains(where: { $0.text == "---" || $0.text == "..." }) {
                output.insertAtStart(Line("", ending: ending))
            }
            return output.changedLines
        }
    }

    /// Whether a blank line after line `index` could fall inside a fenced code or HTML block of a list item
    /// (such a block is only closed by the less indented line after it): no blank line is added there.
    private static func endsOpenBlock(_ index: Int, _ roles: UnsafeBufferPointer<LineRole>) -> Bool {
        guard index >= 0, roles[index].item != nil else { return false }
        return roles[index].kind == .code || roles[index].kind == .html
    }
}

/// The lines `BlankLines.settle` puts out: while they are still the input's lines in order, only counted;
/// copied into an array at the first change (a line dropped, added or altered).
private struct SettledLines {
    private let input: [Line]
    /// While `isCopied` is false, the output is `input[0..<count]`.
    private var count = 0
    private var isCopied = false
    private var lines: [Line] = []
    private let extra: Int

    init(_ input: [Line], extra: Int) {
        self.input = input
        self.extra = extra
    }

    /// The output lines when they differ from the input's, else nil.
    var changedLines: [Line]? {
        guard isCopied else { return count == input.count ? nil : Array(input[0..<count]) }
        return lines
    }

    var last: Line? { isCopied ? lines.last : (count > 0 ? input[count - 1] : nil) }
    var first: Line? { isCopied ? lines.first : (count > 0 ? input[0] : nil) }

    func dropFirst() -> ArraySlice<Line> {
        isCopied ? lines.dropFirst() : input[0..<count].dropFirst()
    }

    /// Puts out the input's line `index` (which, while nothing changed, is the next one), or `line` in its place.
    mutating func append(_ index: Int, _ line: Line?) {
        if let line {
            copy()
            lines.append(line)
        } else if isCopied {
            lines.append(input[index])
        } else {
            count += 1
        }
    }

    /// Notes that an input line is left out.
    mutating func drop() { copy() }

    /// Puts out a line the input does not have here.
    mutating func insert(_ line: Line) {
        copy()
        lines.append(line)
    }

    mutating func insertAtStart(_ line: Line) {
        copy()
        lines.insert(line, at: 0)
    }

    mutating func replaceLast(with line: Line) {
        copy()
        lines[lines.count - 1] = line
    }

    private mutating func copy() {
        guard !isCopied else { return }
        isCopied = true
        lines.reserveCapacity(input.count + extra)
        lines.append(contentsOf: input[0..<count])
    }
}
