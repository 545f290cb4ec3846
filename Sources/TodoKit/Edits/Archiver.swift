/// `archive`: moves closed tasks out of a todo file to the end of its archive (FORMAT.md 8.9).
public enum Archiver {
    package struct Result: Sendable {
        /// The todo file without the archived tasks.
        package var source: EditResult
        /// What goes at the end of the archive; nil when there is nothing to archive.
        package var appended: ArchiveAppend?
        /// Number of tasks archived, subtasks included.
        package var taskCount: Int
    }

    /// Moves done and cancelled tasks with their notes and subtasks to the end of an archive that ends as
    /// `end` says.
    ///
    /// todo.txt: every `x ` line goes, as todo.sh moves them, each line as it is (its line ending too).
    /// Markdown: a closed task goes with its block when it has no task parent and all its subtasks are closed
    /// (a done subtask under an open parent stays), under the same heading path: a heading is written when
    /// the archive's end has another list open, so the archive is a task file too. The appended lines are
    /// read where they land, after the archive's end, and must mean exactly the archived tasks.
    ///
    /// A task outside any list cannot follow an archive that ends in a list: that is `EditError.archiveEndsInAList`,
    /// and `archive(_:into:)` places it in the archive read whole.
    package static func archive(_ document: Document, appendingTo end: ArchiveEnd) throws -> Result {
        var source = DocumentEdit(document)
        var archived = ArchivedLines(end: end, ending: document.dominantLineEnding == .none ? .lf : document.dominantLineEnding)
        var count = 0
        switch document.format {
        case .todotxt:
            let closed = document.tasks.indices.filter { document.tasks[$0].status.isClosed }
            for index in closed {
                let line = document.tasks[index].line
                source.removedLines.append(String(document.lines[line - 1].text))
                source.add(.delete((line - 1)..<line))
                archived.add(document.lines[line - 1], todoTxtTask: index)
            }
            count = closed.count
        case .markdown:
            let blocks = closedBlocks(of: document)
            for block in blocks { source.removedLines.append(contentsOf: document.lines[block.range].map { String($0.text) }) }
            for range in BlockRanges.removals(of: blocks.map(\.range), in: document) { source.add(.delete(range)) }
            count = blocks.reduce(0) { $0 + $1.tasks.count }
            for group in groups(of: blocks, in: document) {
                try archived.open(group.list, sourceLevels: group.levels)
                for block in group.blocks {
                    archived.add(block.lines, tasks: block.tasks.map { task in
                        var meaning = task.meaning
                        meaning.list = group.list
                        return (task.offset, .meaning(meaning), task.parent)
                    })
                }
            }
        }
        guard count > 0 else { return Result(source: EditResult(unchanged: document), appended: nil, taskCount: 0) }
        return Result(source: try source.finish(), appended: try archived.checked(like: document), taskCount: count)
    }

    /// What `archive` does to an archive: lines added at its end, or the archive read whole and changed.
    package enum Change: Sendable {
        case append(ArchiveAppend)
        case whole(EditResult)
    }

    /// `archive`, appended at the end of an archive that ends as `end` says; tasks outside any list, which cannot
    /// follow an archive's lists, placed where its lists are in the archive read whole (`whole()`, called only
    /// then: `archive(_:placingInto:)`). The todo file without the archived tasks, the archive's change (nil when
    /// nothing is archived), and how many tasks were archived.
    package static func archive(_ document: Document, appendingTo end: ArchiveEnd, orPlacingInto whole: () throws -> Document) throws
        -> (source: EditResult, archive: Change?, taskCount: Int) {
        do {
            let result = try archive(document, appendingTo: end)
            return (result.source, result.appended.map(Change.append), result.taskCount)
        } catch EditError.archiveEndsInAList {
            let placed = try archive(document, placingInto: try whole())
            return (placed.source, .whole(placed.archive), placed.taskCount)
        }
    }

    /// `archive` into an archive read whole: appended at its end; tasks outside any list, which cannot follow an
    /// archive's lists, placed where its lists are (`archive(_:placingInto:)`). The archive's new document.
    public static func archive(_ document: Document, into archive: Document) throws -> (source: EditResult, archive: Document, taskCount: Int) {
        let result = try self.archive(document, appendingTo: ArchiveEnd(of: archive), orPlacingInto: { archive })
        switch result.archive {
        case .append(let appended)?: return (result.source, Document(parsing: archive.text + appended.text, like: archive), result.taskCount)
        case .whole(let placed)?: return (result.source, placed.document, result.taskCount)
        case nil: return (result.source, archive, result.taskCount)
        }
    }

    /// The Markdown tasks `archive` moves, placed in an archive read whole under their heading paths where the
    /// archive has them (tasks outside any list before its first heading), headings created as needed; the
    /// whole archive is checked. What an append cannot do, at the cost of reading and writing the archive whole.
    package static func archive(_ document: Document, placingInto archive: Document) throws -> (source: EditResult, archive: EditResult, taskCount: Int) {
        var source = DocumentEdit(document)
        let blocks = closedBlocks(of: document)
        for block in blocks { source.removedLines.append(contentsOf: document.lines[block.range].map { String($0.text) }) }
        for range in BlockRanges.removals(of: blocks.map(\.range), in: document) { source.add(.delete(range)) }
        let groups = groups(of: blocks, in: document)
        let placements = ListPlacement.placements(for: groups.map { group in
            group.list.isEmpty ? (.root, nil) : (.path(ListPath(titles: group.list)), group.levels)
        }, in: archive)
        var target = DocumentEdit(archive)
        for (group, placement) in placements { target.place(groups[group].blocks, at: placement, reportTops: false, fromOtherDocument: true) }
        let sourceResult = try source.finish()
        do {
            return (sourceResult, try target.finish(), blocks.reduce(0) { $0 + $1.tasks.count })
        } catch EditError.unsafeEdit(let why) {
            throw EditError.archiveMisread(why)
        }
    }

    /// The Markdown tasks `archive` moves: closed, with no task parent and every subtask closed.
    static func closedBlocks(of document: Document) -> [TaskBlock] {
        let candidates = document.tasks.indices.filter { index in
            let task = document.tasks[index]
            return task.status.isClosed && task.parent == nil
                && document.descendants(of: index).allSatisfy { document.tasks[$0].status.isClosed }
        }.map { document.tasks[$0] }
        return TaskBlock.outermost(candidates, in: document)
    }

    /// The blocks grouped by their list, each group in the order its first block comes, with the levels of
    /// its headings in the source.
    static func groups(of blocks: [TaskBlock], in document: Document) -> [(list: [String], levels: [Int]?, blocks: [TaskBlock])] {
        var groups: [(list: [String], levels: [Int]?, blocks: [TaskBlock])] = []
        var groupOf: [[String]: Int] = [:]
        for block in blocks {
            let list = document.list(under: block.task.heading)
            if let group = groupOf[list] {
                groups[group].blocks.append(block)
            } else {
                groupOf[list] = groups.count
                groups.append((list, block.task.heading.map { headingLevels($0, in: document) }, [block]))
            }
        }
        return groups
    }

    /// The levels of a heading and its ancestors, outermost first.
    static func headingLevels(_ heading: Int, in document: Document) -> [Int] {
        var levels: [Int] = []
        for h in document.headings[...heading] {
            while let last = levels.last, last >= h.level { levels.removeLast() }
            levels.append(h.level)
        }
        return levels
    }
}

/// Lines to add at the end of an archive, made by `Archiver` and checked there: read where they land (after
/// the archive's end) they mean exactly the archived tasks, in their lists, with their notes and subtasks.
/// Only TodoKit makes one, so only such lines can be appended to an archive.
package struct ArchiveAppend: Sendable {
    /// The lines, as one text.
    package let text: String
    /// The end they were made for, which the archive must still have.
    package let basis: ArchiveEnd
    /// The archive's end once they are added.
    package let end: ArchiveEnd

    init(text: String, basis: ArchiveEnd, end: ArchiveEnd) {
        self.text = text
        self.basis = basis
        self.end = end
    }
}

/// The lines an archive run appends, as they are made: the headings they open and the tasks they carry.
private struct ArchivedLines {
    let basis: ArchiveEnd
    let ending: LineEnding
    var headings: [ArchiveEnd.OpenHeading]
    var lastLine: ArchiveEnd.LastLine
    var lines: [Line] = []
    /// The tasks the lines must hold, in order: their line among `lines`, meaning, and parent among them.
    var expected: [(line: Int, meaning: Expected, parent: Int?)] = []

    /// What an archived task must mean.
    enum Expected {
        case meaning(TaskMeaning)
        /// What task `index` of the todo.txt file being archived means. A todo.txt task's meaning is its line's
        /// alone (no heading, note or parent reads into it), so a line read with the same bytes means the same:
        /// its meaning is worked out only where the bytes differ.
        case todoTxtTask(Int)
    }

    init(end: ArchiveEnd, ending: LineEnding) {
        basis = end
        self.ending = ending
        headings = end.headings
        lastLine = end.lastLine
        // A last line without its ending gets one first, so that the next line starts a line of its own.
        if end.lastLine != .none, end.lastLineEnding == .none { lines.append(Line("", ending: ending)) }
    }

    /// Makes `list` the list the next tasks land in: nothing when it is the one open, else the headings of its
    /// titles the open ones lack, each at the source's level where that nests (else the nearest that does),
    /// with a blank line around each.
    mutating func open(_ list: [String], sourceLevels: [Int]?) throws {
        var kept = 0
        while kept < min(list.count, headings.count), headings[kept].title == list[kept] { kept += 1 }
        if kept == list.count, kept == headings.count {
            if lastLine == .other { lines.append(Line("", ending: ending)) }
            return
        }
        // A task outside any list cannot come after a heading: that would put it in the heading's list.
        guard !list.isEmpty else { throw EditError.archiveEndsInAList }
        // Back from a sub-list to its parent list: the parent's heading is written again.
        if kept == list.count { kept -= 1 }
        // The first new heading closes the open ones past the shared path (no deeper than the first of them)
        // and stays under the shared path (deeper than its last); each next one is deeper than the one before.
        let closing = kept < headings.count ? headings[kept].level : 6
        headings.removeLast(headings.count - kept)
        for k in kept..<list.count {
            let above = headings.last?.level ?? 0
            let level = min(max(sourceLevels.map { $0[k] } ?? above + 1, above + 1), k == kept ? closing : 6)
            guard level > above else { throw EditError.archiveEndsInAList }
            if lastLine != .none, lastLine != .blank { lines.append(Line("", ending: ending)) }
            lines.append(Line(String(repeating: "#", count: level) + " " + list[k], ending: ending))
            lines.append(Line("", ending: ending))
            headings.append(ArchiveEnd.OpenHeading(level: level, title: list[k]))
            lastLine = .blank
        }
    }

    /// Adds a todo.txt task's line (as it is, with its own ending): task `index` of the file being archived.
    mutating func add(_ line: Line, todoTxtTask index: Int) {
        add([line], tasks: [(0, .todoTxtTask(index), nil)])
    }

    /// Adds a block's lines (as they are, each with its own ending) and the tasks they hold.
    mutating func add(_ block: [Line], tasks: [(offset: Int, meaning: Expected, parent: Int?)]) {
        let first = lines.count, firstTask = expected.count
        for line in block { lines.append(line.ending == .none ? line.with(ending: ending) : line) }
        for task in tasks { expected.append((first + task.offset, task.meaning, task.parent.map { firstTask + $0 })) }
        lastLine = .task
    }

    /// The lines as an append, once they read after the archive's end (its context) as the tasks they carry.
    /// In Markdown they take the canonical form they have after the end (a block whose spacing was kept
    /// because of its old neighbours may have another there), so that an archive in canonical form stays so.
    /// They are read as `document` is read.
    func checked(like document: Document) throws -> ArchiveAppend {
        let format = document.format
        var text = lines.joinedText()
        let context = basis.context
        // The lines before the first appended one; a last line without its ending is ended by it.
        let unended = !context.isEmpty && basis.lastLineEnding == .none
        let before = Lines(context).count - (unended ? 1 : 0)
        // Where each appended line is once they are in canonical form, as read after the lines that stand for
        // the end (the same whether the archive was read whole or its end recorded).
        var place: (Int) -> Int? = { $0 }
        let opening = basis.openingLines
        if format == .markdown, !unended, case let read = Document(parsing: opening + text, like: document),
           let canonical = Formatter.canonicalText(of: read), canonical.utf8.starts(with: opening.utf8) {
            let map = Formatter.lineMap(from: read, toCanonical: Document(parsing: canonical, like: document))
            let openingCount = Lines(opening).count
            text = String(decoding: canonical.utf8.dropFirst(opening.utf8.count), as: UTF8.self)
            place = { map[openingCount + $0].map { $0 - openingCount } }
        }
        let probe = Document(parsing: context + text, like: document)
        let landed = probe.firstTask(fromLine: before + (unended ? 2 : 1))
        func refuse(_ why: String) -> EditError { .archiveMisread(why) }
        guard probe.tasks.count - landed == expected.count else {
            throw refuse("\(expected.count) tasks written, \(probe.tasks.count - landed) read: does the archive end inside a code block, an HTML block or front matter?")
        }
        for (k, task) in expected.enumerated() {
            let index = landed + k
            guard let line = place(task.line), probe.tasks[index].line == before + line + 1 else { throw refuse("a task moved to another line") }
            // The probe is read as `document` is: a todo.txt line of the same bytes means the same.
            let wanted: TaskMeaning?
            switch task.meaning {
            case .meaning(let meaning):
                wanted = meaning
            case .todoTxtTask(let source):
                let same = probe.lines[probe.tasks[index].line - 1].text.hasSameBytes(as: document.lines[document.tasks[source].line - 1].text)
                wanted = same ? nil : document.meaning(of: source)
            }
            if let wanted, let difference = wanted.differences(from: probe.meaning(of: index)).first {
                throw refuse("the task \(quoted(wanted.description)) \(difference)")
            }
            guard probe.tasks[index].parent == task.parent.map({ landed + $0 }) else { throw refuse("a task moved under another parent") }
        }
        var end = ArchiveEnd(of: probe)
        end.context = end.openingLines
        return ArchiveAppend(text: text, basis: basis, end: end)
    }
}
