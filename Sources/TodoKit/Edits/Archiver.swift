/// `archive`: moves closed tasks out of a todo file into its archive.
public enum Archiver {
    public struct Result: Sendable {
        /// The todo file without the archived tasks.
        public var source: EditResult
        /// The archive with the tasks added.
        public var archive: EditResult
        /// Number of tasks archived, subtasks included.
        public var taskCount: Int
    }

    /// Moves done and cancelled tasks with their notes and subtasks into `archive`.
    ///
    /// todo.txt: every `x ` line is appended to the archive (done.txt), as todo.sh does. Markdown: a closed
    /// task is archived with its block when it has no task parent and all its subtasks are closed (a done
    /// subtask under an open parent stays); it goes under the same heading path in the archive, headings
    /// created as needed, so the archive is a task file too.
    public static func archive(_ document: Document, into archive: Document) throws -> Result {
        var source = DocumentEdit(document)
        var archived = EditResult(unchanged: archive)
        var count = 0
        switch document.format {
        case .todotxt:
            let closed = document.tasks.indices.filter { document.tasks[$0].status.isClosed }
            var target = DocumentEdit(archive)
            let patch = target.insert(closed.map { Line(document.tasks[$0].body.text) }, at: archive.lines.count)
            for (offset, index) in closed.enumerated() {
                let line = document.tasks[index].line
                source.removedLines.append(String(document.lines[line - 1].text))
                source.add(.delete((line - 1)..<line))
                target.expect(patch: patch, offset: offset, document.meaning(of: index))
            }
            count = closed.count
            if !closed.isEmpty { archived = try target.finish() }
        case .markdown:
            let candidates = document.tasks.indices.filter { index in
                let task = document.tasks[index]
                return task.status.isClosed && task.parent == nil
                    && document.descendants(of: index).allSatisfy { document.tasks[$0].status.isClosed }
            }.map { document.tasks[$0] }
            let blocks = TaskBlock.outermost(candidates, in: document)
            for block in blocks { source.removedLines.append(contentsOf: document.lines[block.range].map { String($0.text) }) }
            for range in BlockRanges.removals(of: blocks.map(\.range), in: document) { source.add(.delete(range)) }
            count = blocks.reduce(0) { $0 + $1.tasks.count }
            // The blocks grouped by their list, each group in the order its first block comes.
            var groups: [(list: [String], heading: Int?, blocks: [TaskBlock])] = []
            var groupOf: [[String]: Int] = [:]
            for block in blocks {
                let list = document.list(under: block.task.heading)
                if let group = groupOf[list] {
                    groups[group].blocks.append(block)
                } else {
                    groupOf[list] = groups.count
                    groups.append((list, block.task.heading, [block]))
                }
            }
            if !groups.isEmpty {
                let placements = ListPlacement.placements(for: groups.map { group in
                    guard let heading = group.heading, !group.list.isEmpty else { return (.root, nil) }
                    return (.path(ListPath(titles: group.list)), headingLevels(heading, in: document))
                }, in: archive)
                var target = DocumentEdit(archive)
                for (group, placement) in placements { target.place(groups[group].blocks, at: placement, reportTops: false) }
                archived = try target.finish()
            }
        }
        return Result(source: try source.finish(), archive: archived, taskCount: count)
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
