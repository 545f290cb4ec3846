/// What one task of a changed document should be, as the change that made the document says: safe mode
/// holds the document, read afresh, to a list of these.
package struct ExpectedTask: Sendable {
    package enum Meaning: Sendable {
        /// The original document's task at this index, meaning the same as there.
        case unchanged(Int)
        /// A task that means this: a changed or a new one. Held in a box of its own, so that the many
        /// `.unchanged` expectations of a large file each take a few bytes, not a whole meaning's.
        indirect case changed(TaskMeaning)
    }

    package var meaning: Meaning
    /// The expected task's parent, as an index into the list of expectations; nil for a top-level task.
    package var parent: Int?
    /// The 1-based line the task must stand on, when the change decides it.
    package var line: Int?
    /// The original's task this one is, changed: nil for a task the change adds. (An unchanged task is the
    /// original's task its meaning names.)
    package var origin: Int?

    package init(_ meaning: Meaning, parent: Int?, line: Int? = nil, origin: Int? = nil) {
        self.meaning = meaning
        self.parent = parent
        self.line = line
        self.origin = origin
    }

    /// The original's task this one is, if any.
    var originalTask: Int? {
        if case .unchanged(let index) = meaning { return index }
        return origin
    }

    /// The original's tasks in the order `order` gives (`order[k]` is the original index of task `k`), each
    /// unchanged and under the same parent: what sorting (and formatting, in the original order) promises.
    /// An order that does not name every task exactly once is not trusted: the tasks are then expected in
    /// their original order, which a reordered or shortened document cannot match.
    package static func reordered(_ original: Document, order: [Int]) -> [ExpectedTask] {
        let count = original.tasks.count
        var position = [Int](repeating: -1, count: count)
        var isPermutation = order.count == count
        for (k, index) in order.enumerated() where isPermutation {
            isPermutation = index >= 0 && index < count && position[index] < 0
            if isPermutation { position[index] = k }
        }
        guard isPermutation else { return reordered(original, order: Array(0..<count)) }
        return order.map { index in
            ExpectedTask(.unchanged(index), parent: original.tasks[index].parent.map { position[$0] })
        }
    }
}
