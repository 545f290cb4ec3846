/// Formatting (and sorting) a Markdown file a section at a time, never holding a model of the whole file:
/// each section (`SectionedReadBack`'s: from one top-level ATX heading to the next) is read, put in canonical
/// form, sorted, read back and compared with itself as read (safe mode), and let go before the next is read.
///
/// The result is the one `Formatter` gives for the whole file, for four reasons. A section reads as it does
/// in the whole (`SectionedReadBack`). The canonical form rewrites a line from its own section's structure
/// only: a list item's layout looks no further than the line after its block, and a heading ends every list
/// item. The blank-line rules carry over from one section to the next (`BlankLines.Carry`), with the file's
/// dominant line ending. And a sort moves no task past a heading, and orders a run by its own tasks' values
/// (tag keys aside: their values are classified over the whole file, so such a sort is left to the whole).
/// The output's sections read back the same way: each must leave no block open.
public struct SectionedFormatting {
    /// The file in canonical form, sorted if asked.
    public let text: TextLines
    /// Whether `text` is the input itself, already canonical (and sorted).
    public let isUnchanged: Bool
    /// What reading the file found, in line order, as `Document.diagnostics` holds it.
    public let diagnostics: [Diagnostic]
    /// The warnings of lists over their caps, in line order, as `ListLimit.violations(in:)` gives them.
    public let limitViolations: [Diagnostic]

    /// `text`, read as Markdown, formatted a section at a time and sorted by `keys` if given. nil when this
    /// way gives no answer: a key is a tag key, safe mode found a section whose tasks changed, a section of
    /// the output leaves a block open, reordering a run would change how a line reads, or the output would
    /// start with a line that reads as front matter. The caller then formats the whole document, which also
    /// says how the tasks differ.
    public init?(markdown text: String, sortedBy keys: [SortKey]? = nil) {
        self.init(markdown: text, sortedBy: keys, minimumLines: SectionedReadBack.sectionLines)
    }

    /// `init(markdown:sortedBy:)` with sections of at least `minimumLines` lines before the next starts.
    init?(markdown text: String, sortedBy keys: [SortKey]? = nil, minimumLines: Int) {
        if let keys, keys.contains(where: \.isTagKey) { return nil }
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
            let changed: [Line]?
            switch Self.formatted(section, canonical: canonical, sortedBy: keys, from: text, ending: ending, isLast: isLast,
                                  headings: &outputHeadings) {
            case .unchanged: changed = nil
            case .changed(let lines): changed = lines
            case .failed: return nil
            }
            // Only the whole output says whether a first line `---` reads as front matter.
            if isFirst, !isLast, section.roles.first?.kind != .frontMatter, (changed ?? section.lines).first?.text == "---" {
                return nil
            }
            if let changed {
                if output == nil {
                    output = []
                    output!.reserveCapacity(lines.count + lines.count / 16 + 2)
                    output! += lines[0..<firstLine]
                }
                output! += changed
            } else {
                output? += section.lines
            }
            next = end
        }
        isUnchanged = output == nil
        self.text = output.map { TextLines(lines: $0, hasByteOrderMark: hasByteOrderMark) }
            ?? TextLines(lines: lines, hasByteOrderMark: hasByteOrderMark, source: text)
        // What was read back is the output's lines: its text must split back into them.
        guard self.text.splitsBackIntoItsLines else { return nil }
        self.diagnostics = diagnostics
        self.limitViolations = limitViolations
    }

    /// What becomes of one section.
    private enum SectionOutcome {
        case unchanged
        case changed([Line])
        /// Safe mode found a difference, a block left open, or a run that cannot be reordered here.
        case failed
    }

    /// `section` in canonical form (its lines `canonical`, nil when they already are) and sorted by `keys`,
    /// read back under the output's open `headings` (updated) and checked by safe mode.
    private static func formatted(_ section: Document, canonical: [Line]?, sortedBy keys: [SortKey]?, from text: String,
                                  ending: LineEnding, isLast: Bool, headings: inout [(level: Int, title: String)])
        -> SectionOutcome {
        // Most lines are the input's own: their task bodies need not be parsed again.
        let bodies = ParsedBodies(readingFrom: section, storage: text)
        var leavesBlockOpen = false
        var formatted = canonical.map { Document(markdownLines: $0, reusing: bodies, leavesBlockOpen: &leavesBlockOpen) }
        var partners: [Int32]?
        if let keys {
            let unsorted = formatted ?? section
            switch Sorter.sortedSection(unsorted, by: keys, ending: ending, read: { lines in
                Document(markdownLines: lines, reusing: bodies, leavesBlockOpen: &leavesBlockOpen)
            }) {
            case .unchanged:
                break
            case .unsettled:
                return .failed
            case .sorted(let sorted, let source):
                // Task `k` of the unsorted lines is claimed to be the section's task `k`; safe mode checks it.
                guard unsorted.tasks.count == section.tasks.count,
                      let found = Self.partners(of: unsorted, in: sorted, source: source) else { return .failed }
                (formatted, partners) = (sorted, found)
            }
        }
        guard var formatted else {
            var unchanged = section
            SectionedReadBack.setPaths(of: &unchanged, under: &headings)
            return .unchanged
        }
        guard readsBack(&formatted, leavesBlockOpen: leavesBlockOpen, as: section, partners: partners, isLast: isLast,
                        headings: &headings) else { return .failed }
        return .changed(formatted.lines)
    }

    /// Whether `lines`, the canonical form of `section`, read back as a part of the output (under the output's
    /// open `headings`, updated), hold tasks that mean what the section's do, in the same order and with the
    /// same parents, and leave no block open that would hold the section after them.
    static func readsBack(_ lines: [Line], as section: Document, from text: String, isLast: Bool,
                          headings: inout [(level: Int, title: String)]) -> Bool {
        var leavesBlockOpen = false
        var formatted = Document(markdownLines: lines, reusing: ParsedBodies(readingFrom: section, storage: text),
                                 leavesBlockOpen: &leavesBlockOpen)
        return readsBack(&formatted, leavesBlockOpen: leavesBlockOpen, as: section, partners: nil, isLast: isLast,
                         headings: &headings)
    }

    /// `readsBack(_:as:from:isLast:headings:)` of lines already read (`formatted`); with `partners`, the
    /// section's task `k` is compared with task `partners[k]` of `formatted` (its lines sorted), whose parent
    /// must be the partner of its parent.
    static func readsBack(_ formatted: inout Document, leavesBlockOpen: Bool, as section: Document, partners: [Int32]?,
                          isLast: Bool, headings: inout [(level: Int, title: String)]) -> Bool {
        SectionedReadBack.setPaths(of: &formatted, under: &headings)
        let count = section.tasks.count
        guard isLast || !leavesBlockOpen, formatted.tasks.count == count else { return false }
        let mine = TaskSignatures(document: section), theirs = TaskSignatures(document: formatted)
        guard let partners else {
            return mine.withCommonStorage { SectionedReadBack.sameTasks(mine, 0..<count, theirs) }
        }
        return mine.withCommonStorage {
            partners.withUnsafeBufferPointer { partners in
                var k = 0
                while k < count {
                    // Runs of equal tasks are passed over quickly; a task found there is looked at closely.
                    k = mine.firstDifference(from: theirs, partners: partners, in: k..<count)
                    guard k < count else { break }
                    let j = Int(partners[k])
                    guard mine.same(k, as: theirs, j),
                          section.tasks[k].parent.map({ Int(partners[$0]) }) == formatted.tasks[j].parent else { return false }
                    k += 1
                }
                return true
            }
        }
    }

    /// For each task of `unsorted`, the task of `sorted` on the line it moved to (`source[j]` being the line
    /// of `unsorted` that line `j` of `sorted` comes from); nil unless that pairs the tasks one to one.
    static func partners(of unsorted: Document, in sorted: Document, source: [Int]) -> [Int32]? {
        guard unsorted.tasks.count == sorted.tasks.count, source.count == sorted.lines.count else { return nil }
        var newLine = [Int32](repeating: -1, count: unsorted.lines.count)
        for (j, old) in source.enumerated() where old >= 0 && old < newLine.count { newLine[old] = Int32(j) }
        var taskOnLine = [Int32](repeating: -1, count: sorted.lines.count)
        var paired = [Bool](repeating: false, count: sorted.tasks.count)
        sorted.tasks.withUnsafeBufferPointer { tasks in
            for t in tasks.indices { taskOnLine[Int(tasks[t].line32) - 1] = Int32(t) }
        }
        return unsorted.tasks.withUnsafeBufferPointer { tasks in
            var partners: [Int32] = []
            partners.reserveCapacity(tasks.count)
            for task in tasks.indices {
                let line = newLine[Int(tasks[task].line32) - 1]
                guard line >= 0 else { return nil }
                let partner = taskOnLine[Int(line)]
                guard partner >= 0, !paired[Int(partner)] else { return nil }
                paired[Int(partner)] = true
                partners.append(partner)
            }
            return partners
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
