/// Safe mode's read-back of a section put in canonical form (`SectionedFormatting`), reading again only the
/// stretches of lines the canonical form changed.
///
/// A line that starts afresh (`MarkdownStructureParser.startsAfresh`), read as the heading or list item it
/// starts, makes the lines from it on read as they would at the start of a document, but for the headings
/// above. So the output is cut where it holds such a line of the input's own (the same slice of the same
/// text). Between two cuts, the output either holds the input's own lines, as many and in the same order, and
/// so the input's tasks and headings; or its lines are read again, and their tasks and headings compared with
/// those of the input's lines between the same cuts. The stretches read again are read together, one after
/// the other, as one document: each starts afresh there as in the output, since its first line is read as
/// what it starts (no stretch before holds it). By induction from the section's first line, every cut starts
/// afresh in the output too, and the headings above each stretch are the same in both.
enum PartialReadBack {
    /// Where the output is cut: a line of the input and the output line that is the same slice, both
    /// starting afresh (or the first lines, or the ends); and whether the output's lines up to the next cut
    /// are the input's lines up to it.
    struct Cut {
        var input: Int
        var output: Int
        var holdsTheInputToNext = false
    }

    /// A stretch of the output to read again, from one cut to another, and the input's lines between them.
    struct Stretch {
        var output: Range<Int>
        var input: Range<Int>
    }

    /// Whether `canonical`, the lines of `section` in canonical form (not reordered), holds tasks that mean
    /// what the section's do (`TaskSignatures`) with the same parents, the same headings (level and title),
    /// and no block left open that would hold the lines after it, unless `isLast`. The headings above the
    /// section must be the same in the input and the output. False also when a heading differs though no
    /// task's list does, which reading the whole section back would let pass; nil when this way does not
    /// tell: where either is empty or starts with a `---` line (front matter, whose end may lie anywhere).
    static func sameTasks(in canonical: [Line], as section: Document, reusing bodies: ParsedBodies?, isLast: Bool) -> Bool? {
        guard !section.lines.isEmpty, !canonical.isEmpty, canonical[0].text != "---", section.lines[0].text != "---"
        else { return nil }
        let stretches = self.stretches(of: canonical, in: section, isLast: isLast)
        guard let last = stretches.last else { return true }
        var lines: [Line] = []
        lines.reserveCapacity(stretches.reduce(0) { $0 + $1.output.count })
        for stretch in stretches { lines += canonical[stretch.output] }
        var leavesBlockOpen = false
        var read = Document(markdownLines: lines, reusing: bodies, leavesBlockOpen: &leavesBlockOpen)
        // A block left open at the end holds the lines after it, unless none follow.
        guard !leavesBlockOpen || isLast && last.output.upperBound == canonical.count else { return false }

        // For each stretch, the section's tasks it stands for, and the first of its tasks as read.
        var compared: [(tasks: Range<Int>, first: Int)] = []
        compared.reserveCapacity(stretches.count)
        var (task, heading, readTask, readHeading, readLine) = (0, 0, 0, 0, 0)
        let headingsRead = read.headings.count
        for stretch in stretches {
            if readLine > 0 {
                guard read.roles[readLine].kind == .itemStart || read.roles[readLine].kind == .heading else { return false }
            }
            let readLines = readLine..<(readLine + stretch.output.count)
            readLine = readLines.upperBound
            let tasks = section.tasks.withUnsafeBufferPointer { tasks in
                Self.range(of: tasks.count, from: &task, on: stretch.input) { Int(tasks[$0].line32) - 1 }
            }
            let readTasks = read.tasks.withUnsafeBufferPointer { tasks in
                Self.range(of: tasks.count, from: &readTask, on: readLines) { Int(tasks[$0].line32) - 1 }
            }
            let headings = Self.range(of: section.headings.count, from: &heading, on: stretch.input) { section.headings[$0].line - 1 }
            let readHeadings = Self.range(of: headingsRead, from: &readHeading, on: readLines) { read.headings[$0].line - 1 }
            guard tasks.count == readTasks.count, headings.count == readHeadings.count else { return false }
            for (h, r) in zip(headings, readHeadings) {
                guard read.headings[r].level == section.headings[h].level, read.headings[r].title == section.headings[h].title
                else { return false }
                // The same headings under the same headings above have the same paths.
                read.headings[r].path = section.headings[h].path
            }
            // The tasks before the stretch's first heading are in the list of the heading above the stretch in
            // the input (appended to the headings read, after the ones read).
            if let first = readTasks.first, read.tasks[first].heading32 < Int32(readHeadings.lowerBound) {
                var above: Int32 = -1
                if headings.lowerBound > 0 {
                    above = Int32(read.headings.count)
                    read.headings.append(section.headings[headings.lowerBound - 1])
                }
                for t in readTasks where read.tasks[t].heading32 < Int32(readHeadings.lowerBound) { read.tasks[t].heading32 = above }
            }
            compared.append((tasks, readTasks.lowerBound))
        }
        let mine = TaskSignatures(document: section), theirs = TaskSignatures(document: read)
        return mine.withCommonStorage {
            compared.allSatisfy { SectionedReadBack.sameTasks(mine, $0.tasks, theirs, from: $0.first) }
        }
    }

    /// The indexes, from `next` on, of those of `count` things (tasks or headings, in line order) that stand
    /// on `lines`, their 0-based lines given by `line`; `next` is left after them.
    private static func range(of count: Int, from next: inout Int, on lines: Range<Int>, line: (Int) -> Int) -> Range<Int> {
        while next < count, line(next) < lines.lowerBound { next += 1 }
        let first = next
        while next < count, line(next) < lines.upperBound { next += 1 }
        return first..<next
    }

    /// The stretches of `canonical` to read again: from each cut where the output does not hold the input's
    /// lines to the next cut where it does. The last stretch of a section that is not the last is always read:
    /// only reading says whether it leaves a block open.
    static func stretches(of canonical: [Line], in section: Document, isLast: Bool) -> [Stretch] {
        let cuts = self.cuts(of: canonical, in: section)
        func isSkipped(_ c: Int) -> Bool { cuts[c].holdsTheInputToNext && (isLast || c + 1 < cuts.count - 1) }
        var stretches: [Stretch] = []
        var c = 0
        while c < cuts.count - 1 {
            guard !isSkipped(c) else {
                c += 1
                continue
            }
            var end = c + 1
            while end < cuts.count - 1, !isSkipped(end) { end += 1 }
            stretches.append(Stretch(output: cuts[c].output..<cuts[end].output, input: cuts[c].input..<cuts[end].input))
            c = end
        }
        return stretches
    }

    /// The cuts of `canonical`, the lines of `section` in canonical form: at the first lines, at each line of
    /// the input that starts afresh (and was read so) and that the output holds, in order, and at the ends.
    static func cuts(of canonical: [Line], in section: Document) -> [Cut] {
        LineBytes.withAccess(to: section.lines) { bytes, input in
            section.roles.withUnsafeBufferPointer { roles in
                section.items.withUnsafeBufferPointer { items in
                    canonical.withUnsafeBufferPointer { output in
                        cuts(of: output, in: input, roles: roles, items: items, bytes: bytes)
                    }
                }
            }
        }
    }

    private static func cuts(of output: UnsafeBufferPointer<Line>, in input: UnsafeBufferPointer<Line>,
                             roles: UnsafeBufferPointer<LineRole>, items: UnsafeBufferPointer<ListItem>,
                             bytes: (Int) -> UnsafeBufferPointer<UInt8>?) -> [Cut] {
        var cuts = [Cut(input: 0, output: 0)]
        cuts.reserveCapacity(output.count + 2)
        guard !input.isEmpty else { return cuts }
        // Whether input line `i` starts afresh, and was read so.
        func startsAfresh(_ i: Int) -> Bool {
            switch roles[i].kind {
            case .heading: break
            // An item in another does not start afresh; checked first, as it is cheaper than reading the line.
            case .itemStart: guard items[roles[i].item!].indent32 == 0 else { return false }
            default: return false
            }
            return bytes(i).map(MarkdownStructureParser.startsAfresh) ?? input[i].withUTF8Bytes(MarkdownStructureParser.startsAfresh)
        }
        let identity = input[0].storage.storageIdentity
        // The next input line expected, while the output holds the input's lines from the last cut on.
        var expected: Int? = 0
        var i = 0, lastCut = 0
        for j in output.indices {
            if let e = expected, e < input.count, output[j].isSameSlice(as: input[e]) {
                // Most lines: the input's line after the one before.
                (expected, i) = (e + 1, e)
            } else {
                expected = nil
                // The input's lines are slices of one text, in order; so are the output's lines that are the
                // input's.
                guard output[j].storage.storageIdentity == identity else { continue }
                let start = output[j].start
                while i < input.count, input[i].start < start { i += 1 }
                guard i < input.count, output[j].isSameSlice(as: input[i]) else { continue }
            }
            guard j > 0, i > lastCut, startsAfresh(i) else { continue }
            // `expected` counted this line too.
            cuts[cuts.count - 1].holdsTheInputToNext = expected == i + 1
            cuts.append(Cut(input: i, output: j))
            (expected, lastCut) = (i + 1, i)
        }
        cuts[cuts.count - 1].holdsTheInputToNext = expected == input.count
        cuts.append(Cut(input: input.count, output: output.count))
        return cuts
    }
}
