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

    /// Every run of two or more tasks in `document`, in order of their first line.
    static func all(in document: Document) -> [SortableRun] {
        let tasks = document.tasks
        guard document.format == .markdown else {
            return runs(of: Array(tasks.indices), in: document) { _, _ in true }
        }
        // The tasks among each item's children (and among the top-level items), in order.
        var siblings: [Int?: [Int]] = [:]
        for item in document.items {
            if let task = item.task { siblings[item.parent, default: []].append(task) }
        }
        var runs: [SortableRun] = []
        for group in siblings.values where group.count > 1 {
            runs += self.runs(of: group, in: document) { a, b in
                document.items[tasks[a].item!].hasMarker(ofSameRunAs: document.items[tasks[b].item!])
            }
        }
        return runs.sorted { $0.blocks[0].lowerBound < $1.blocks[0].lowerBound }
    }

    /// Splits sibling tasks (in document order) into runs of adjacent blocks of the same list.
    private static func runs(of siblings: [Int], in document: Document, sameList: (Int, Int) -> Bool) -> [SortableRun] {
        let tasks = document.tasks
        func block(_ t: Int) -> Range<Int> { (tasks[t].line - 1)..<tasks[t].endLine }
        var runs: [SortableRun] = []
        var first = 0
        for k in siblings.indices {
            let next = k + 1
            guard next == siblings.count || tasks[siblings[k]].endLine != tasks[siblings[next]].line - 1
                    || !sameList(siblings[k], siblings[next]) else { continue }
            if k > first { runs.append(SortableRun(tasks: Array(siblings[first...k]), blocks: siblings[first...k].map(block))) }
            first = next
        }
        return runs
    }
}
