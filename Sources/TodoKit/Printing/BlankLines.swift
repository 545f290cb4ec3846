/// The blank-line rules of the canonical Markdown form: runs of blank lines become one; one blank line
/// before and after every heading and after front matter; none at the start or the end; a final line ending.
enum BlankLines {
    /// `lines` (the rewritten lines of `document`, one per line) with blank lines settled, or nil when the
    /// result equals the document's own lines.
    static func settle(_ lines: [Line], of document: Document, changed: Bool) -> [Line]? {
        var output = SettledLines(lines, changed: changed, extra: 2 * document.headings.count)
        let roles = document.roles
        let headings = document.headings
        let ending = document.dominantLineEnding
        var index = 0
        let hasFrontMatter = roles.first?.kind == .frontMatter
        while index < lines.count, roles[index].kind == .frontMatter {
            output.append(lines[index])
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
                if !atStart, pending == nil { pending = lines[index] } else { output.drop() }
                continue
            }
            while heading < headings.count, headings[heading].line - 1 < index { heading += 1 }
            let startsHeading = heading < headings.count && headings[heading].line - 1 == index
            if startsHeading { headingEnd = headings[heading].endLine - 1 }
            if !atStart, pending == nil, startsHeading || blankAfterHeading, !endsOpenBlock(index - 1, roles) {
                output.insert(Line("", ending: ending))
            } else if let blank = pending {
                output.append(blank)
            }
            pending = nil
            output.append(lines[index])
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

    /// Whether a blank line after line `index` could fall inside a fenced code or HTML block of a list item
    /// (such a block is only closed by the less indented line after it): no blank line is added there.
    private static func endsOpenBlock(_ index: Int, _ roles: [LineRole]) -> Bool {
        guard index >= 0, roles[index].item != nil else { return false }
        return roles[index].kind == .code || roles[index].kind == .html
    }
}

/// The lines `BlankLines.settle` puts out: while they are still the input's lines in order, only counted;
/// copied into an array at the first change (a line dropped, added or altered).
private struct SettledLines {
    private let input: [Line]
    /// While `lines` is nil, the output is `input[0..<count]`.
    private var count = 0
    private var lines: [Line]?
    private let extra: Int

    init(_ input: [Line], changed: Bool, extra: Int) {
        self.input = input
        self.extra = extra
        if changed { materialize() }
    }

    /// The output lines when they differ from the input's, else nil.
    var changedLines: [Line]? {
        guard let lines else { return count == input.count ? nil : Array(input[0..<count]) }
        return lines
    }

    var last: Line? { lines.map { $0.last } ?? (count > 0 ? input[count - 1] : nil) }
    var first: Line? { lines.map { $0.first } ?? (count > 0 ? input[0] : nil) }

    func dropFirst() -> ArraySlice<Line> {
        lines.map { $0.dropFirst() } ?? input[0..<count].dropFirst()
    }

    /// Puts out the input's line `line` (which, while nothing changed, is the next one).
    mutating func append(_ line: Line) {
        if lines == nil { count += 1 } else { lines!.append(line) }
    }

    /// Notes that an input line is left out.
    mutating func drop() { materialize() }

    /// Puts out a line the input does not have here.
    mutating func insert(_ line: Line) {
        materialize()
        lines!.append(line)
    }

    mutating func insertAtStart(_ line: Line) {
        materialize()
        lines!.insert(line, at: 0)
    }

    mutating func replaceLast(with line: Line) {
        materialize()
        lines![lines!.count - 1] = line
    }

    private mutating func materialize() {
        guard lines == nil else { return }
        var copy: [Line] = []
        copy.reserveCapacity(input.count + extra)
        copy.append(contentsOf: input[0..<count])
        lines = copy
    }
}
