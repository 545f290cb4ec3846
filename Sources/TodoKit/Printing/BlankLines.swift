/// The blank-line rules of the canonical Markdown form: runs of blank lines become one; one blank line
/// before and after every heading and after front matter; none at the start or the end; a final line ending.
enum BlankLines {
    /// What settling one part of a file leaves for the part after it, which starts with a heading: whether
    /// nothing but blank lines came before, whether the last line ended a heading (or front matter), whether
    /// a blank line after the last line could fall inside a list item's open block, and whether the part
    /// ended with a blank line held back and kept.
    struct Carry: Equatable {
        var atStart: Bool
        var blankAfterHeading: Bool
        var lastEndsOpenBlock = false
        var endsWithKeptBlank = false

        /// How a file whose first part is `document` starts.
        init(startingWith document: Document) {
            let hasFrontMatter = document.roles.first?.kind == .frontMatter
            atStart = !hasFrontMatter
            // Front matter, like a heading, is followed by one blank line.
            blankAfterHeading = hasFrontMatter
        }
    }

    /// The lines of `document`, each as `rewrite` gives it (nil: the line itself), with blank lines settled;
    /// nil when the result equals the document's own lines. `rewrite` is called once for each line, in order.
    static func settle(_ document: Document, rewrite: (Int) -> Line?) -> [Line]? {
        var carry = Carry(startingWith: document)
        return settle(document, ending: document.dominantLineEnding, carry: &carry, isFirst: true, isLast: true,
                      rewrite: rewrite)
    }

    /// `settle(_:rewrite:)` for one part of a file (`SectionedFormatting`): `document` holds the part's lines,
    /// read as the file reads them; `ending` is the file's dominant line ending, and `carry` what the parts
    /// before left (updated for the part after). A part after the first starts with a heading. A blank line
    /// held back at the end of a part that is not the last is kept, as the heading after it keeps it.
    static func settle(_ document: Document, ending: LineEnding, carry: inout Carry, isFirst: Bool, isLast: Bool,
                       rewrite: (Int) -> Line?) -> [Line]? {
        let headings = document.headings
        let input = document.lines
        let hasFrontMatter = document.roles.first?.kind == .frontMatter
        // While nothing changed, the output is `input[0..<unchanged]`; at the first change it is copied into
        // `copied`, which has room for every line, a blank line before and after each heading and one after
        // front matter: the most that can be added.
        var isCopied = false
        var unchanged = 0
        let copied = [Line](unsafeUninitializedCapacity: input.count + 2 * headings.count + 1) { buffer, initialized in
            input.withUnsafeBufferPointer { input in
                document.roles.withUnsafeBufferPointer { roles in
                    var output = SettledLines(input, into: buffer)
                    let count = roles.count
                    var index = 0
                    while index < count, roles[index].kind == .frontMatter {
                        output.append(index, rewrite(index))
                        index += 1
                    }
                    var atStart = carry.atStart
                    // A blank line held back until the next line shows whether it stays: its index and rewrite.
                    var pending: (index: Int, line: Line?)?
                    // The blank line the part before kept, which stands for `pending` until a line follows it.
                    var keptBefore = carry.endsWithKeptBlank
                    var blankAfterHeading = carry.blankAfterHeading
                    var heading = 0
                    var headingEnd = -1
                    while index < count {
                        defer { index += 1 }
                        let line = rewrite(index)
                        if roles[index].kind == .blank {
                            if !atStart, pending == nil, !keptBefore { pending = (index, line) } else { output.drop() }
                            continue
                        }
                        while heading < headings.count, headings[heading].line - 1 < index { heading += 1 }
                        let startsHeading = heading < headings.count && headings[heading].line - 1 == index
                        if startsHeading { headingEnd = headings[heading].endLine - 1 }
                        let afterOpenBlock = index == 0 ? carry.lastEndsOpenBlock : endsOpenBlock(index - 1, roles)
                        if !atStart, pending == nil, !keptBefore, startsHeading || blankAfterHeading, !afterOpenBlock {
                            output.insert(Line("", ending: ending))
                        } else if let blank = pending {
                            output.append(blank.index, blank.line)
                        }
                        pending = nil
                        keptBefore = false
                        output.append(index, line)
                        atStart = false
                        blankAfterHeading = index == headingEnd
                    }
                    if let blank = pending {
                        if isLast { output.drop() } else { output.append(blank.index, blank.line) }
                    }
                    carry.endsWithKeptBlank = !isLast && (pending != nil || keptBefore)
                    carry.atStart = atStart
                    carry.blankAfterHeading = blankAfterHeading
                    if count > 0 { carry.lastEndsOpenBlock = endsOpenBlock(count - 1, roles) }
                    isCopied = output.isCopied
                    unchanged = output.count
                    initialized = isCopied ? output.count : 0
                }
            }
        }
        var lines: [Line]? = isCopied ? copied : unchanged == input.count ? nil : Array(input[0..<unchanged])
        if isLast, let last = lines.map({ $0.last }) ?? input.last, last.ending == .none {
            var ended = lines ?? input
            ended[ended.count - 1].ending = ending
            lines = ended
        }
        // Without front matter of its own, the result must not start with lines that read as front matter.
        let result = lines ?? input
        if isFirst, isLast, !hasFrontMatter, result.first?.text == "---", result.dropFirst().contains(where: { $0.text == "---" || $0.text == "..." }) {
            lines = [Line("", ending: ending)] + result
        }
        return lines
    }

    /// Whether a blank line after line `index` could fall inside a fenced code or HTML block of a list item
    /// (such a block is only closed by the less indented line after it): no blank line is added there.
    private static func endsOpenBlock(_ index: Int, _ roles: UnsafeBufferPointer<LineRole>) -> Bool {
        guard index >= 0, roles[index].item != nil else { return false }
        return roles[index].kind == .code || roles[index].kind == .html
    }
}

/// The lines `BlankLines.settle` puts out: while they are still the input's lines in order, only counted;
/// copied into the output buffer at the first change (a line dropped, added or altered).
private struct SettledLines {
    private let input: UnsafeBufferPointer<Line>
    private let output: UnsafeMutableBufferPointer<Line>
    /// The number of lines put out; while `isCopied` is false, they are `input[0..<count]`.
    private(set) var count = 0
    private(set) var isCopied = false

    init(_ input: UnsafeBufferPointer<Line>, into output: UnsafeMutableBufferPointer<Line>) {
        self.input = input
        self.output = output
    }

    /// Puts out the input's line `index` (which, while nothing changed, is the next one), or `line` in its place.
    @inline(__always)
    mutating func append(_ index: Int, _ line: Line?) {
        if let line {
            insert(line)
        } else if isCopied {
            precondition(count < output.count)
            (output.baseAddress! + count).initialize(to: input[index])
            count += 1
        } else {
            count += 1
        }
    }

    /// Notes that an input line is left out.
    mutating func drop() { copy() }

    /// Puts out a line the input does not have here.
    mutating func insert(_ line: Line) {
        copy()
        precondition(count < output.count)
        (output.baseAddress! + count).initialize(to: line)
        count += 1
    }

    private mutating func copy() {
        guard !isCopied else { return }
        isCopied = true
        if count > 0 { output.baseAddress!.initialize(from: input.baseAddress!, count: count) }
    }
}
