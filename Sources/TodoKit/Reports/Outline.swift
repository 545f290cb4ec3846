/// The shape of a todo file as an editor's outline and folds show it: lists (headings, nested by level) with
/// their tasks, and tasks with their subtasks, each spanning its lines.
package enum Outline {
    /// One entry of the outline: a list or a task, with what it holds.
    package struct Node: Sendable {
        /// Whether a node is a list or a task.
        package enum Kind: Sendable {
            /// A list: the heading at this index of `Document.headings`.
            case list(Int)
            /// A task: this index of `Document.tasks`.
            case task(Int)
        }

        package var kind: Kind
        /// 1-based first and last line: a list's heading to the end of its section, a task's line to the end
        /// of its notes and subtasks.
        package var lines: ClosedRange<Int>
        /// Nested lists and tasks, in document order.
        package var children: [Node]
    }

    /// The lists and tasks of `document`, outermost first: tasks before any heading, then each top-level list.
    /// Without `tasks`, only the lists.
    package static func nodes(of document: Document, tasks: Bool = true) -> [Node] {
        var subtasks = [[Int]](repeating: [], count: tasks ? document.tasks.count : 0)
        var listTasks = [[Int]](repeating: [], count: document.headings.count)
        var rootTasks: [Int] = []
        for (index, task) in document.tasks.enumerated() where tasks {
            if let parent = task.parent {
                subtasks[parent].append(index)
            } else if let heading = task.heading {
                listTasks[heading].append(index)
            } else {
                rootTasks.append(index)
            }
        }
        func taskNode(_ index: Int) -> Node {
            let task = document.tasks[index]
            return Node(kind: .task(index), lines: task.line...max(task.line, task.endLine), children: subtasks[index].map(taskNode))
        }
        // Headings nest by level: each takes the following deeper ones as its sub-lists.
        var next = 0
        func listNodes(deeperThan level: Int) -> [Node] {
            var nodes: [Node] = []
            while next < document.headings.count, document.headings[next].level > level {
                let heading = next
                next += 1
                let tasks = listTasks[heading].map(taskNode)
                let lists = listNodes(deeperThan: document.headings[heading].level)
                nodes.append(Node(kind: .list(heading), lines: sectionLines(heading, in: document), children: tasks + lists))
            }
            return nodes
        }
        return rootTasks.map(taskNode) + listNodes(deeperThan: 0)
    }

    /// Heading `heading`'s section: from its line to the line before the next heading of its level or higher
    /// (else the end of the file), blank lines at the end left out.
    package static func sectionLines(_ heading: Int, in document: Document) -> ClosedRange<Int> {
        let start = document.headings[heading]
        var end = document.lines.count
        if let following = document.headings[(heading + 1)...].first(where: { $0.level <= start.level }) {
            end = following.line - 1
        }
        while end > start.endLine, document.lines[end - 1].isBlank { end -= 1 }
        return start.line...max(start.line, end)
    }

    /// The line ranges an editor can fold: every list's section and every task block that spans more than
    /// one line, in order of their first line.
    package static func foldingRanges(of document: Document) -> [ClosedRange<Int>] {
        var ranges = document.headings.indices.map { sectionLines($0, in: document) }
        ranges += document.tasks.map { $0.line...max($0.line, $0.endLine) }
        return ranges.filter { $0.count > 1 }.sorted { ($0.lowerBound, $1.upperBound) < ($1.lowerBound, $0.upperBound) }
    }

    /// How many tasks, open and closed, each list holds, its sub-lists' included (at any depth).
    package static func taskCounts(in document: Document) -> [(open: Int, closed: Int)] {
        taskCounts(of: document.tasks, under: document.headings)
    }

    /// `taskCounts(in:)` of a document's tasks and headings, or of a note's (`NoteTasks`).
    package static func taskCounts(of tasks: [TodoTask], under headings: [Heading]) -> [(open: Int, closed: Int)] {
        var counts = [(open: Int, closed: Int)](repeating: (0, 0), count: headings.count)
        for task in tasks {
            guard let heading = task.heading else { continue }
            if task.isOpen { counts[heading].open += 1 } else { counts[heading].closed += 1 }
        }
        // Each list adds its count to the list it is a sub-list of (the nearest heading above of a lower
        // level), deepest first: walking backwards, a list is complete before its parent takes it.
        var parents: [Int?] = []
        var stack: [Int] = []
        for (index, heading) in headings.enumerated() {
            while let last = stack.last, headings[last].level >= heading.level { stack.removeLast() }
            parents.append(stack.last)
            stack.append(index)
        }
        for index in counts.indices.reversed() {
            guard let parent = parents[index] else { continue }
            counts[parent].open += counts[index].open
            counts[parent].closed += counts[index].closed
        }
        return counts
    }
}
