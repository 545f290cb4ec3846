/// Safe mode for formatting without a sort, without a second model of the whole file: the formatted lines
/// are read back a section at a time, from one top-level ATX heading to the next, and each section's tasks
/// are compared in order with the original's, then let go.
///
/// A top-level ATX heading closes every list item and paragraph, so the lines from it on read as they would
/// at the start of a document, but for the headings above, which are put back into the heading paths; unless
/// the lines before it leave a fenced code block or an HTML block open outside every list item, which would
/// hold the heading: then the section is read on together with those after it.
enum SectionedReadBack {
    /// The fewest lines a section runs for before the next may start: each costs a document of its own.
    static let sectionLines = 1024

    /// Whether `text`, read as Markdown, holds tasks that mean what `original`'s do, in the same order and
    /// with the same parents. False also when that is not found this way (a todo.txt file, lines that do not
    /// split back from their text): the caller then reads the text whole, which also says how it differs.
    ///
    /// A section runs for at least `minimumLines` lines before the next starts.
    static func sameTasks(in text: TextLines, as original: Document, reusing bodies: ParsedBodies?,
                          minimumLines: Int = sectionLines) -> Bool {
        guard original.format == .markdown, text.splitsBackIntoItsLines else { return false }
        let mine = TaskSignatures(document: original)
        return mine.withCommonStorage {
            var firstTask = 0, same = true
            forEachSection(of: text.lines, reusing: bodies, minimumLines: minimumLines) { _, section in
                let tasks = firstTask..<(firstTask + section.tasks.count)
                same = tasks.upperBound <= original.tasks.count && sameTasks(mine, tasks, TaskSignatures(document: section))
                firstTask = tasks.upperBound
                return same
            }
            return same && firstTask == original.tasks.count
        }
    }

    /// Calls `body` with each section of `lines` read as Markdown, in order, until it returns false: the
    /// 0-based line the section starts on, and the section read as a document of its own, its headings' paths
    /// as read in one pass.
    static func forEachSection(of lines: [Line], reusing bodies: ParsedBodies?, minimumLines: Int = sectionLines,
                               _ body: (_ firstLine: Int, _ section: Document) -> Bool) {
        let starts = sectionStarts(lines, minimumLines: minimumLines)
        var headings: [(level: Int, title: String)] = []
        var next = 0
        while next < starts.count {
            var (section, end) = readSection(of: lines, starts: starts, from: next, reusing: bodies)
            setPaths(of: &section, under: &headings)
            guard body(starts[next], section) else { return }
            next = end
        }
    }

    /// The section of `lines` that starts at `starts[next]`, read as a document of its own, and the index in
    /// `starts` of the section after it: the next one, or a later one when the lines before leave a block
    /// open, which holds the headings after them.
    static func readSection(of lines: [Line], starts: [Int], from next: Int, reusing bodies: ParsedBodies?)
        -> (section: Document, end: Int) {
        var end = next + 1
        while true {
            var leavesBlockOpen = false
            let section = Document(markdownLines: Array(lines[starts[next]..<(end < starts.count ? starts[end] : lines.count)]),
                                   reusing: bodies, leavesBlockOpen: &leavesBlockOpen)
            guard leavesBlockOpen, end < starts.count else { return (section, end) }
            // Read on over twice as many sections: a block left open to the end is read a few times, not
            // once for every section after it.
            end = min(next + 2 * (end - next), starts.count)
        }
    }

    /// Sets the paths of `section`'s headings as one pass over the whole reads them, `headings` being the
    /// headings open before the section (each with its level), which are updated for the section after.
    static func setPaths(of section: inout Document, under headings: inout [(level: Int, title: String)]) {
        for h in section.headings.indices {
            let level = section.headings[h].level
            while let last = headings.last, last.level >= level { headings.removeLast() }
            headings.append((level, section.headings[h].title))
            section.headings[h].path = headings.map(\.title)
        }
    }

    /// Whether the tasks of `theirs` from its task `first` on mean what tasks `tasks` of `mine` do, in order,
    /// with the same parents.
    static func sameTasks(_ mine: TaskSignatures, _ tasks: Range<Int>, _ theirs: TaskSignatures, from first: Int = 0) -> Bool {
        let offset = tasks.lowerBound - first
        var k = tasks.lowerBound
        while k < tasks.upperBound {
            // Runs of equal tasks are passed over without making strings; a task found there is looked at closely.
            k = mine.firstDifference(from: theirs, offset: offset, in: k..<tasks.upperBound)
            guard k < tasks.upperBound else { break }
            let j = k - offset
            guard mine.same(k, as: theirs, j),
                  mine.document.tasks[k].parent == theirs.document.tasks[j].parent.map({ $0 + offset })
            else { return false }
            k += 1
        }
        return true
    }

    /// Where sections start: line `start` (the first, unless given), and top-level ATX headings after it and
    /// after the front matter, each at least `minimumLines` after the last start.
    static func sectionStarts(_ lines: [Line], minimumLines: Int, from start: Int = 0) -> [Int] {
        var starts = [start]
        let first = max((MarkdownStructureParser.frontMatterEnd(of: lines) ?? -1) + 1, start + 1)
        guard first < lines.count else { return starts }
        func isHeading(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
            b.first == UInt8(ascii: "#") && BlockStart.atxHeadingLevel(b, 0) != nil
        }
        LineBytes.withAccess(to: lines) { bytes, lp in
            for i in first..<lp.count where i - starts[starts.count - 1] >= minimumLines
                && bytes(i).map(isHeading) ?? lp[i].withUTF8Bytes(isHeading) {
                starts.append(i)
            }
        }
        return starts
    }
}
