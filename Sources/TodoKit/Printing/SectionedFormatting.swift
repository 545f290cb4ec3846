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
    /// Whether the second half was formatted beside the first, and taken.
    let wasDoneInHalves: Bool

    /// Runs two pieces of work and returns when both are done, on two threads or one after the other: the
    /// caller decides how; the library makes no thread.
    public typealias BothAtOnce = (_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) -> Void

    /// The fewest bytes from which a file is done in two halves, given a way to run two pieces of work at once.
    static let bytesForHalves = 1 << 19

    /// `text`, read as Markdown, formatted a section at a time and sorted by `keys` if given. nil when this
    /// way gives no answer: a key is a tag key, safe mode found a section whose tasks changed, a section of
    /// the output leaves a block open, reordering a run would change how a line reads, or the output would
    /// start with a line that reads as front matter. The caller then formats the whole document, which also
    /// says how the tasks differ.
    ///
    /// With `bothAtOnce`, a large file's second half, from the first top-level heading after the middle, is
    /// done beside the first, on a copy of its text (two threads taking and letting go of the one string every
    /// line is a slice of would slow each other down). The second half starts without knowing what the first
    /// leaves: the headings above it, the file's dominant line ending, and the blank-line carry, which it takes
    /// from formatting the lines before it on their own. Where the first half leaves anything else, the second
    /// is formatted again after the first, as without `bothAtOnce`.
    public init?(markdown text: String, sortedBy keys: [SortKey]? = nil, bothAtOnce: BothAtOnce? = nil) {
        self.init(markdown: text, sortedBy: keys, minimumLines: SectionedReadBack.sectionLines,
                  halvesFrom: Self.bytesForHalves, bothAtOnce: bothAtOnce)
    }

    /// `init(markdown:sortedBy:bothAtOnce:)` with sections of at least `minimumLines` lines before the next
    /// starts, and halves from `halvesFrom` bytes.
    init?(markdown text: String, sortedBy keys: [SortKey]? = nil, minimumLines: Int, halvesFrom: Int = bytesForHalves,
          bothAtOnce: BothAtOnce? = nil) {
        if let keys, keys.contains(where: \.isTagKey) { return nil }
        let second = bothAtOnce == nil || text.utf8.count < halvesFrom ? nil
            : SecondHalf(of: text, keys: keys, minimumLines: minimumLines)
        let first = FirstHalf(text: text, keys: keys, minimumLines: minimumLines, until: second?.boundary)
        if let bothAtOnce, let second { bothAtOnce({ second.run() }, { first.run() }) }
        var wasDoneInHalves = false
        let lines: [Line], output: [Line]?, diagnostics: [Diagnostic], limitViolations: [Diagnostic]
        if let second, let half = second.pass, let pass = first.pass, pass.next == pass.starts.count - 1,
           Self.secondHalfHolds(from: second.carry, ending: second.ending, after: pass.carry,
                                fileEnding: (first.tally + second.tally).dominant, headings: pass.headings,
                                outputHeadings: pass.outputHeadings),
           pass.ending == second.ending {
            // The second half's lines start `offset` lines into the file.
            let offset = pass.lines.count - half.starts[1]
            diagnostics = pass.diagnostics + half.diagnostics.map { $0.movedDown(by: offset) }
            limitViolations = pass.limitViolations
            if second.isChanged, pass.output == nil { pass.output = pass.outputHolding(pass.lines[...]) }
            if pass.output != nil {
                pass.output! += second.rest
                (lines, output) = ([], pass.output)
            } else {
                (lines, output) = (pass.lines + second.rest, nil)
            }
            wasDoneInHalves = true
        } else {
            // The whole file, a section at a time, on this thread: on from the first half where it ended as
            // assumed, from the start otherwise.
            let pass = first.passOverTheWholeFile()
            pass.run(until: pass.starts.count)
            guard !pass.failed else { return nil }
            (lines, output, diagnostics, limitViolations) = (pass.lines, pass.output, pass.diagnostics, pass.limitViolations)
        }
        isUnchanged = output == nil
        self.text = output.map { TextLines(lines: $0, hasByteOrderMark: first.hasByteOrderMark) }
            ?? TextLines(lines: lines, hasByteOrderMark: first.hasByteOrderMark, source: text)
        // What was read back is the output's lines: its text must split back into them.
        guard self.text.splitsBackIntoItsLines else { return nil }
        self.diagnostics = diagnostics
        self.limitViolations = limitViolations
        self.wasDoneInHalves = wasDoneInHalves
    }

    /// Whether a second half formatted from blank-line carry `carry`, with line ending `ending` and without the
    /// headings above it, is what formatting it after the first half gives: the first half left that carry, the
    /// file's dominant line ending is that one, and the headings open at its end are the same (level and title)
    /// in the input and in the output, so that the second half's tasks' lists differ alike in both.
    static func secondHalfHolds(from carry: BlankLines.Carry?, ending: LineEnding, after leftCarry: BlankLines.Carry?,
                                fileEnding: LineEnding, headings: [(level: Int, title: String)],
                                outputHeadings: [(level: Int, title: String)]) -> Bool {
        carry == leftCarry && ending == fileEnding
            && headings.elementsEqual(outputHeadings, by: { $0.level == $1.level && $0.title == $1.title })
    }

    /// The index of the line of `lines` (slices of `text`, in order) that starts at UTF-8 offset `offset`.
    private static func line(at offset: Int, of lines: [Line], in text: String) -> Int? {
        let identity = text.storageIdentity
        return lines.withUnsafeBufferPointer { lines in
            var low = 0, high = lines.count
            while low < high {
                let mid = (low + high) / 2
                if Int(lines[mid].start) < offset { low = mid + 1 } else { high = mid }
            }
            guard low < lines.count, Int(lines[low].start) == offset,
                  lines[low].storage.storageIdentity == identity else { return nil }
            return low
        }
    }

    /// Makes the lines of `lines` that are slices of `copy` the same slices of `text`, which holds `copy`'s
    /// bytes from `offset` on.
    private static func rebase(_ lines: inout [Line], from copy: String, to text: String, by offset: Int) {
        let copyIdentity = copy.storageIdentity
        let shift = UInt32(offset)
        lines.withUnsafeMutableBufferPointer { lines in
            for i in lines.indices where lines[i].storage.storageIdentity == copyIdentity {
                lines[i].storage = text
                lines[i].start += shift
            }
        }
    }

    /// Formatting sections of a file one after another, from where the last call stopped.
    private final class Pass: @unchecked Sendable {
        let text: String
        var lines: [Line]
        var starts: [Int]
        let keys: [SortKey]?
        let ending: LineEnding
        /// Whether the pass starts at the start of the file.
        let startsTheFile: Bool
        /// Whether the headings above the pass's first line are unknown: its heading paths then start from
        /// none, so each section's output must have its input's headings, and a list cap (whose warning names
        /// the list) gives no answer.
        let startsMidway: Bool
        /// The section to format next (an index into `starts`).
        var next: Int
        /// The line the output starts at: that of the pass's first section.
        private let outputStart: Int
        var carry: BlankLines.Carry?
        var headings: [(level: Int, title: String)] = [], outputHeadings: [(level: Int, title: String)] = []
        /// The output from the pass's first section on; nil while no line has changed.
        var output: [Line]?
        var diagnostics: [Diagnostic] = [], limitViolations: [Diagnostic] = []
        /// Whether a section gave no answer.
        var failed = false

        /// A pass from section `first` on.
        init(text: String, lines: [Line], starts: [Int], from first: Int = 0, keys: [SortKey]?, ending: LineEnding,
             startsTheFile: Bool, startsMidway: Bool) {
            (self.text, self.lines, self.starts, self.keys, self.ending) = (text, lines, starts, keys, ending)
            (self.startsTheFile, self.startsMidway) = (startsTheFile, startsMidway)
            (next, outputStart) = (first, starts[first])
        }

        /// The number of lines the output is to have room for (but the blank lines that may be added): the
        /// file's, where the pass reads a part of it.
        lazy var linesToHold = lines.count

        /// An output array holding `lines`, with room for the rest of the pass's lines and the blank lines
        /// that may be added.
        func outputHolding(_ unchanged: ArraySlice<Line>) -> [Line] {
            let count = max(linesToHold, lines.count) - unchanged.startIndex
            var output: [Line] = []
            output.reserveCapacity(count + count / 16 + 2)
            output += unchanged
            return output
        }

        /// Formats the sections from `next` on while `next < stop` (a section left open may run past it);
        /// sets `failed` when one gives no answer.
        func run(until stop: Int) {
            while next < stop, !failed {
                let firstLine = starts[next]
                var (section, end) = SectionedReadBack.readSection(of: lines, starts: starts, from: next, reusing: nil)
                let headingsAbove = headings
                SectionedReadBack.setPaths(of: &section, under: &headings)
                diagnostics += section.diagnostics.map { $0.movedDown(by: firstLine) }
                if startsMidway {
                    guard ListLimit.all(in: section).isEmpty else { failed = true; return }
                } else {
                    limitViolations += ListLimit.violations(in: section).map { $0.movedDown(by: firstLine) }
                }
                let isFirst = startsTheFile && next == 0, isLast = end == starts.count
                var sectionCarry = carry ?? BlankLines.Carry(startingWith: section)
                let canonical = MarkdownCanonicalizer.canonicalLines(ofPart: section, ending: ending, carry: &sectionCarry,
                                                                     isFirst: isFirst, isLast: isLast)
                carry = sectionCarry
                let changed: [Line]?
                switch SectionedFormatting.formatted(section, canonical: canonical, sortedBy: keys, from: text, ending: ending,
                                                     isLast: isLast, keepingHeadings: startsMidway,
                                                     inputHeadings: (headingsAbove, headings), headings: &outputHeadings) {
                case .unchanged: changed = nil
                case .changed(let lines): changed = lines
                case .failed: failed = true; return
                }
                // Only the whole output says whether a first line `---` reads as front matter.
                if isFirst, !isLast, section.roles.first?.kind != .frontMatter, (changed ?? section.lines).first?.text == "---" {
                    failed = true
                    return
                }
                if let changed {
                    if output == nil { output = outputHolding(lines[outputStart..<firstLine]) }
                    output! += changed
                } else {
                    output? += section.lines
                }
                next = end
            }
        }
    }

    /// The first half of a file, up to the line at UTF-8 offset `until` (the second half's first), read and
    /// formatted on the thread that called; and the pass over the whole file where the halves are not taken.
    private final class FirstHalf: @unchecked Sendable {
        let text: String, keys: [SortKey]?, minimumLines: Int
        let until: Int?
        private(set) var hasByteOrderMark = false
        /// The line endings of the half's lines.
        private(set) var tally = LineEnding.Tally([])
        /// The pass over the half, its last section start the second half's first line; nil when the half is
        /// not read (no second half).
        private(set) var pass: Pass?

        init(text: String, keys: [SortKey]?, minimumLines: Int, until: Int?) {
            (self.text, self.keys, self.minimumLines, self.until) = (text, keys, minimumLines, until)
        }

        func run() {
            guard let until else { return }
            let lines: [Line]
            (hasByteOrderMark, lines) = LineSplitter.split(text, from: 0, to: until)
            // Front matter not closed before the second half (which may then start inside it) reads as a `---`
            // line there, and the first section's check of its first line leaves the file to one thread.
            guard !lines.isEmpty else { return }
            tally = LineEnding.Tally(lines[...])
            let starts = SectionedReadBack.sectionStarts(lines, minimumLines: minimumLines) + [lines.count]
            let pass = Pass(text: text, lines: lines, starts: starts, keys: keys, ending: tally.dominant, startsTheFile: true,
                            startsMidway: false)
            // The output is to hold the whole file's lines, which are about as long as the half's.
            pass.linesToHold = Int(Double(lines.count) * Double(text.utf8.count) / Double(until)) + 16
            pass.run(until: starts.count - 1)
            self.pass = pass
        }

        /// A pass over the whole file: the half's own, given the rest of the lines, where it ended where the
        /// second half starts with the file's dominant line ending; a new one otherwise.
        func passOverTheWholeFile() -> Pass {
            if let pass, let until, !pass.failed, pass.next == pass.starts.count - 1 {
                let rest = LineSplitter.split(text, from: until, to: nil).lines
                if (tally + LineEnding.Tally(rest[...])).dominant == pass.ending {
                    let lines = pass.lines + rest
                    pass.lines = lines
                    pass.starts = Array(pass.starts.dropLast()) + SectionedReadBack.sectionStarts(lines, minimumLines: minimumLines,
                                                                                                 from: pass.starts.last!)
                    return pass
                }
            }
            let lines: [Line]
            (hasByteOrderMark, lines) = LineSplitter.split(text)
            return Pass(text: text, lines: lines, starts: SectionedReadBack.sectionStarts(lines, minimumLines: minimumLines),
                        keys: keys, ending: LineEnding.dominant(in: lines), startsTheFile: true, startsMidway: false)
        }
    }

    /// The second half of a file, from the first top-level ATX heading after the middle (`boundary`), formatted
    /// on a copy of the text that starts at an earlier heading (`copyStart`): the lines between are put in
    /// canonical form only for the blank-line carry they leave.
    private final class SecondHalf: @unchecked Sendable {
        private let text: String, keys: [SortKey]?, minimumLines: Int
        /// The UTF-8 offsets of the copy's first line and of the second half's.
        let copyStart: Int, boundary: Int
        /// What the half started from: the blank-line carry and the dominant line ending of its own lines.
        private(set) var carry: BlankLines.Carry?
        private(set) var ending = LineEnding.lf
        /// The line endings of the half's own lines.
        private(set) var tally = LineEnding.Tally([])
        /// The pass over the copy's lines, from its second section (`starts[1]`, the half's first) on; nil
        /// when it gave no answer.
        private(set) var pass: Pass?
        /// When the pass gave an answer: the half's output (its lines as they are, unless `isChanged`), made
        /// slices of the text again on this thread, so that the output is written (and checked) a stretch of
        /// one string at a time, and the copy is let go.
        private(set) var rest: [Line] = []
        private(set) var isChanged = false

        /// nil when no top-level ATX heading stands where one is needed.
        init?(of text: String, keys: [SortKey]?, minimumLines: Int) {
            guard let (copyStart, boundary) = text.utf8.withContiguousStorageIfAvailable({ Self.headings(in: $0) }) ?? nil
            else { return nil }
            (self.text, self.keys, self.minimumLines, self.copyStart, self.boundary) = (text, keys, minimumLines, copyStart, boundary)
        }

        /// The offsets of the first line of an ATX heading at or after the middle of the text (the half's first
        /// line), and of the last one at least 4 KiB (or a 64th of the text) before it, no more than a quarter
        /// of the text before.
        private static func headings(in b: UnsafeBufferPointer<UInt8>) -> (copyStart: Int, boundary: Int)? {
            func isHeading(at i: Int) -> Bool {
                guard i > 0, b[i] == UInt8(ascii: "#"), b[i - 1] == .newline || b[i - 1] == .carriageReturn else { return false }
                let end = ByteScan.nextLineBreak(b.baseAddress!, from: i, end: b.count)
                return BlockStart.atxHeadingLevel(UnsafeBufferPointer(rebasing: b[i..<end]), 0) != nil
            }
            var boundary = b.count / 2
            while boundary < b.count, !isHeading(at: boundary) { boundary += 1 }
            guard boundary < b.count else { return nil }
            var start = boundary - max(min(4096, b.count / 64), 1)
            let earliest = max(boundary - b.count / 4, 1)
            while start >= earliest, !isHeading(at: start) { start -= 1 }
            return start >= earliest ? (start, boundary) : nil
        }

        func run() {
            guard let copy = text.utf8.withContiguousStorageIfAvailable({
                String(decoding: UnsafeBufferPointer(rebasing: $0[copyStart...]), as: UTF8.self)
            }) else { return }
            let lines = LineSplitter.split(copy).lines
            guard let first = SectionedFormatting.line(at: boundary - copyStart, of: lines, in: copy), first > 0 else { return }
            tally = LineEnding.Tally(lines[first...])
            ending = tally.dominant
            let starts = [0] + SectionedReadBack.sectionStarts(lines, minimumLines: minimumLines, from: first)
            let pass = Pass(text: copy, lines: lines, starts: starts, from: 1, keys: keys, ending: ending, startsTheFile: false,
                            startsMidway: true)
            let (section, end) = SectionedReadBack.readSection(of: lines, starts: starts, from: 0, reusing: nil)
            guard end == 1 else { return }
            var carry = BlankLines.Carry(startingWith: section)
            (carry.atStart, carry.blankAfterHeading) = (false, false)
            // What the carry after these lines says depends on their last lines only.
            _ = MarkdownCanonicalizer.canonicalLines(ofPart: section, ending: ending, carry: &carry, isFirst: false, isLast: false)
            (self.carry, pass.carry) = (carry, carry)
            pass.run(until: starts.count)
            guard !pass.failed else { return }
            if let changed = pass.output {
                (rest, isChanged, pass.output) = (changed, true, nil)
            } else {
                rest = Array(lines[starts[1]...])
            }
            pass.lines = []
            SectionedFormatting.rebase(&rest, from: copy, to: text, by: copyStart)
            self.pass = pass
        }
    }

    /// What becomes of one section.
    private enum SectionOutcome {
        case unchanged
        case changed([Line])
        /// Safe mode found a difference, a block left open, or a run that cannot be reordered here.
        case failed
    }

    /// `section` in canonical form (its lines `canonical`, nil when they already are) and sorted by `keys`,
    /// read back under the output's open `headings` (updated) and checked by safe mode. `inputHeadings` are
    /// the headings open in the input before and after the section.
    /// With `keepingHeadings`, the output's headings must be the section's, level and title.
    private static func formatted(_ section: Document, canonical: [Line]?, sortedBy keys: [SortKey]?, from text: String,
                                  ending: LineEnding, isLast: Bool, keepingHeadings: Bool,
                                  inputHeadings: (above: [(level: Int, title: String)], below: [(level: Int, title: String)]),
                                  headings: inout [(level: Int, title: String)]) -> SectionOutcome {
        // Unsorted, under the same headings in the input and the output, the section leaves the output's open
        // headings as it leaves the input's.
        let unsortedUnderSameHeadings = keys == nil
            && inputHeadings.above.elementsEqual(headings, by: { $0.level == $1.level && $0.title == $1.title })
        if unsortedUnderSameHeadings, canonical == nil {
            headings = inputHeadings.below
            return .unchanged
        }
        // Most lines are the input's own: their task bodies need not be parsed again.
        let bodies = ParsedBodies(readingFrom: section, storage: text)
        // Unsorted under the same headings, only the stretches the canonical form changed are read back.
        if unsortedUnderSameHeadings, let canonical,
           let same = PartialReadBack.sameTasks(in: canonical, as: section, reusing: bodies, isLast: isLast) {
            guard same else { return .failed }
            headings = inputHeadings.below
            return .changed(canonical)
        }
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
                        keepingHeadings: keepingHeadings, headings: &headings) else { return .failed }
        return .changed(formatted.lines)
    }

    /// Whether `formatted`, the canonical (and sorted) form of `section` read back as a part of the output
    /// (under the output's open `headings`, updated), holds tasks that mean what the section's do, with the
    /// same parents, and leaves no block open that would hold the section after it. Without `partners` the
    /// tasks are compared in order; with them, the section's task `k` with task `partners[k]` of `formatted`
    /// (its lines sorted), whose parent must be the partner of its parent. With `keepingHeadings` (the
    /// headings above are not known, so lists are compared without them), the headings must be the
    /// section's, level and title.
    static func readsBack(_ formatted: inout Document, leavesBlockOpen: Bool, as section: Document, partners: [Int32]?,
                          isLast: Bool, keepingHeadings: Bool, headings: inout [(level: Int, title: String)]) -> Bool {
        SectionedReadBack.setPaths(of: &formatted, under: &headings)
        let count = section.tasks.count
        guard isLast || !leavesBlockOpen, formatted.tasks.count == count,
              !keepingHeadings || formatted.headings.elementsEqual(section.headings, by: { $0.level == $1.level && $0.title == $1.title })
        else { return false }
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
