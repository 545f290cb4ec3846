/// Formatting a Markdown file without a sort, a section at a time, never holding a model of the whole file:
/// each section (`SectionedReadBack`'s: from one top-level ATX heading to the next) is read, put in canonical
/// form, read back and compared with itself as read (safe mode), and let go before the next is read.
///
/// The result is the one `Formatter` gives for the whole file, for three reasons. A section reads as it does
/// in the whole (`SectionedReadBack`). The canonical form rewrites a line from its own section's structure
/// only: a list item's layout looks no further than the line after its block, and a heading ends every list
/// item. And the blank-line rules carry over from one section to the next (`BlankLines.Carry`), with the
/// file's dominant line ending. The output's sections read back the same way: each must leave no block open.
public struct SectionedFormatting {
    /// The file in canonical form.
    public let text: TextLines
    /// Whether `text` is the input itself, already canonical.
    public let isUnchanged: Bool
    /// What reading the file found, in line order, as `Document.diagnostics` holds it.
    public let diagnostics: [Diagnostic]
    /// The warnings of lists over their caps, in line order, as `ListLimit.violations(in:)` gives them.
    public let limitViolations: [Diagnostic]

    /// `text`, read as Markdown, formatted a section at a time. nil when this way gives no answer: safe mode
    /// found a section whose tasks changed, a section of the output leaves a block open, or the output would
    /// start with a line that reads as front matter. The caller then formats the whole document, which also
    /// says how the tasks differ.
    public init?(markdown text: String) {
        self.init(markdown: text, minimumLines: SectionedReadBack.sectionLines)
    }

    /// `init(markdown:)` with sections of at least `minimumLines` lines before the next starts.
    init?(markdown text: String, minimumLines: Int) {
        let (hasByteOrderMark, lines) = LineSplitter.split(text)
        let starts = SectionedReadBack.sectionStarts(lines, minimumLines: minimumLines)
        let ending = LineEnding.dominant(in: lines)
        var output: [Line]?
        var diagnostics: [Diagnostic] = [], limitViolations: [Diagnostic] = []
        var carry: BlankLines.Carry?
        var headings: [(level: Int, title: String)] = [], outputHeadings: [(level: Int, title: String)] = []
        var next = 0
        while next < starts.count {
            let firstLine = starts[next]
            var (section, end) = SectionedReadBack.readSection(of: lines, starts: starts, from: next, reusing: nil)
            SectionedReadBack.setPaths(of: &section, under: &headings)
            diagnostics += section.diagnostics.map { $0.movedDown(by: firstLine) }
            limitViolations += ListLimit.violations(in: section).map { $0.movedDown(by: firstLine) }
            let isFirst = next == 0, isLast = end == starts.count
            var sectionCarry = carry ?? BlankLines.Carry(startingWith: section)
            let canonical = MarkdownCanonicalizer.canonicalLines(ofPart: section, ending: ending, carry: &sectionCarry,
                                                                 isFirst: isFirst, isLast: isLast)
            carry = sectionCarry
            // Only the whole output says whether a first line `---` reads as front matter.
            if isFirst, !isLast, section.roles.first?.kind != .frontMatter, (canonical ?? section.lines).first?.text == "---" {
                return nil
            }
            if let canonical {
                guard Self.readsBack(canonical, as: section, from: text, isLast: isLast, headings: &outputHeadings)
                else { return nil }
                if output == nil {
                    output = []
                    output!.reserveCapacity(lines.count + lines.count / 16 + 2)
                    output! += lines[0..<firstLine]
                }
                output! += canonical
            } else {
                SectionedReadBack.setPaths(of: &section, under: &outputHeadings)
                output? += section.lines
            }
            next = end
        }
        isUnchanged = output == nil
        self.text = output.map { TextLines(lines: $0, hasByteOrderMark: hasByteOrderMark) }
            ?? TextLines(lines: lines, hasByteOrderMark: hasByteOrderMark, source: text)
        self.diagnostics = diagnostics
        self.limitViolations = limitViolations
    }

    /// Whether `lines`, the canonical form of `section`, read back as a part of the output (under the output's
    /// open `headings`, updated), hold tasks that mean what the section's do, in the same order and with the
    /// same parents, and leave no block open that would hold the section after them.
    static func readsBack(_ lines: [Line], as section: Document, from text: String, isLast: Bool,
                          headings: inout [(level: Int, title: String)]) -> Bool {
        var leavesBlockOpen = false
        // Most canonical lines are the input's own: their task bodies need not be parsed again.
        var formatted = Document(markdownLines: lines, reusing: ParsedBodies(readingFrom: section, storage: text),
                                 leavesBlockOpen: &leavesBlockOpen)
        SectionedReadBack.setPaths(of: &formatted, under: &headings)
        guard isLast || !leavesBlockOpen, formatted.tasks.count == section.tasks.count else { return false }
        let mine = TaskSignatures(document: section)
        return mine.withCommonStorage {
            SectionedReadBack.sameTasks(mine, 0..<section.tasks.count, TaskSignatures(document: formatted))
        }
    }
}

private extension Diagnostic {
    /// The diagnostic of a line `lines` further down.
    func movedDown(by lines: Int) -> Diagnostic {
        var moved = self
        moved.line += lines
        return moved
    }
}
