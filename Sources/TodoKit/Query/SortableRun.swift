/// A group of sibling tasks that sorting may reorder among themselves (docs/FORMAT.md, "Sorting").
///
/// In Markdown: a maximal sequence of task items of the same list (same parent item, or top level; same
/// bullet character, or same ordered delimiter) where each item's first line directly follows the previous
/// item's block. Any other line between two tasks (blank, plain item, paragraph, heading, code) ends the run.
/// In todo.txt: a maximal sequence of consecutive task lines. Each task moves with its whole block.
struct SortableRun {
    /// The tasks, as indexes into `Document.tasks`, in document order.
    var tasks: [Int]
    /// 0-based line ranges of the tasks' blocks, in the same order; each starts where the previous ends.
    var blocks: [Range<Int>]

    /// The lines the run covers (0-based).
    var lines: Range<Int> { blocks.first!.lowerBound..<blocks.last!.upperBound }

    /// Every run of two or more tasks in a Markdown `document`, in order of their first line. (A todo.txt
    /// document's runs are `todoTxtRuns(in:)`: its tasks are one line each, and are sorted without these.)
    static func all(in document: Document) -> [SortableRun] {
        precondition(document.format == .markdown, "todo.txt runs are todoTxtRuns(in:)")
        var runs: [SortableRun] = []
        let items = document.items
        // Each item's children, in order: the items grouped by parent (top level first), counted then placed.
        var start = [Int](repeating: 0, count: items.count + 2)
        for item in items.indices { start[Int(items[item].parent32) + 2] += 1 }
        for group in 1..<start.count { start[group] += start[group - 1] }
        var children = [Int](repeating: 0, count: items.count), next = start
        for item in items.indices {
            let group = Int(items[item].parent32) + 1
            children[next[group]] = item
            next[group] += 1
        }
        for group in 0...items.count where start[group + 1] - start[group] > 1 {
            // The tasks among the group's items, in order, in an array of their own size: a run of all of them
            // holds it.
            let members = children[start[group]..<start[group + 1]]
            var siblingTasks: [Int] = []
            siblingTasks.reserveCapacity(members.reduce(0) { $0 + (items[$1].task32 >= 0 ? 1 : 0) })
            for item in members where items[item].task32 >= 0 { siblingTasks.append(Int(items[item].task32)) }
            if siblingTasks.count > 1 { collectItems(siblingTasks, in: document, into: &runs) }
        }
        runs.sort { $0.blocks[0].lowerBound < $1.blocks[0].lowerBound }
        return runs
    }

    /// The runs of a todo.txt document, as ranges of its tasks: each a stretch of two or more tasks on
    /// consecutive lines (a block is one line).
    static func todoTxtRuns(in document: Document) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        document.tasks.withUnsafeBufferPointer { tasks in
            var first = 0
            for t in tasks.indices where t + 1 == tasks.count || tasks[t + 1].line32 != tasks[t].line32 + 1 {
                if t > first { runs.append(first...t) }
                first = t + 1
            }
        }
        return runs
    }

    /// Splits the tasks of sibling items (in document order) into runs.
    private static func collectItems(_ tasks: [Int], in document: Document, into runs: inout [SortableRun]) {
        let items = document.items
        collect(tasks, in: document, sameList: { a, b in
            let x = Int(document.tasks[a].item32), y = Int(document.tasks[b].item32)
            let numberX = items[x].markerNumber32, numberY = items[y].markerNumber32
            if numberX != -2, numberY != -2 {
                // Compact markers: a bullet (-1) or an ordered number, and the bullet or delimiter character.
                return (numberX == -1) == (numberY == -1) && items[x].markerCode32 == items[y].markerCode32
            }
            switch (items[x].marker, items[y].marker) {
            case (.bullet(let x), .bullet(let y)): return x == y
            case (.ordered(_, let x), .ordered(_, let y)): return x == y
            default: return false
            }
        }, into: &runs)
    }

    /// Splits tasks (in document order) into runs of adjacent blocks of the same list, each made at its size.
    private static func collect(_ tasks: [Int], in document: Document, sameList: (Int, Int) -> Bool,
                                into runs: inout [SortableRun]) {
        document.tasks.withUnsafeBufferPointer { all in
            func block(_ t: Int) -> Range<Int> { (Int(all[t].line32) - 1)..<Int(all[t].endLine32) }
            var first = 0
            for k in tasks.indices {
                let next = k + 1
                guard next == tasks.count || Int(all[tasks[k]].endLine32) != Int(all[tasks[next]].line32) - 1
                        || !sameList(tasks[k], tasks[next]) else { continue }
                if k > first { runs.append(SortableRun(tasks: Array(tasks[first...k]), blocks: tasks[first...k].map(block))) }
                first = next
            }
        }
    }
}
