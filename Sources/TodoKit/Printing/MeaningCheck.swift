/// Safe mode: compares what two documents say about their tasks, ignoring how they are written.
///
/// Each task is compared by status (and the character of an unknown checkbox), priority, completion and
/// creation dates, description (trimmed; projects, contexts and tags follow from it), notes (each line
/// trimmed, blank lines ignored), nesting and list (heading path). See `TaskSignature`.
public enum MeaningCheck {
    /// A short description of the first difference in tasks between `original` and `formatted`, or nil.
    /// With `orderMatters` false (after a sort), tasks are compared as a multiset, each with its parent's
    /// identity and its list, since sorting only permutes siblings.
    public static func difference(between original: Document, and formatted: Document, orderMatters: Bool) -> String? {
        orderMatters ? inOrderDifference(original, formatted) : multisetDifference(original, formatted)
    }

    // MARK: In order

    private static func inOrderDifference(_ a: Document, _ b: Document) -> String? {
        let common = min(a.tasks.count, b.tasks.count)
        for i in 0..<common {
            let mine = TaskSignature(document: a, index: i), theirs = TaskSignature(document: b, index: i)
            if let difference = mine.difference(from: theirs) ?? parentDifference(mine, theirs) {
                if a.tasks.count > b.tasks.count { return lost(mine) }
                if a.tasks.count < b.tasks.count { return appeared(theirs) }
                return difference
            }
        }
        if a.tasks.count > common { return lost(TaskSignature(document: a, index: common)) }
        if b.tasks.count > common { return appeared(TaskSignature(document: b, index: common)) }
        return nil
    }

    private static func parentDifference(_ mine: TaskSignature, _ theirs: TaskSignature) -> String? {
        let a = mine.task.parent, b = theirs.task.parent
        guard a != b else { return nil }
        let name = "task on line \(mine.task.line)"
        switch (a, b) {
        case (let p?, nil):
            return "\(name) is no longer a subtask of the task on line \(mine.document.tasks[p].line)"
        case (nil, let p?):
            return "\(name) became a subtask of \(quoted(TaskSignature(document: theirs.document, index: p).description))"
        default:
            return "\(name) moved under another task"
        }
    }

    private static func lost(_ task: TaskSignature) -> String {
        "task on line \(task.task.line) (\(quoted(task.description))) was lost"
    }

    private static func appeared(_ task: TaskSignature) -> String {
        "a task appeared on line \(task.task.line) (\(quoted(task.description)))"
    }

    // MARK: As a multiset

    private static func multisetDifference(_ a: Document, _ b: Document) -> String? {
        let keysA = identities(of: a), keysB = identities(of: b)
        let sortedA = keysA.indices.sorted { (keysA[$0], $0) < (keysA[$1], $1) }
        let sortedB = keysB.indices.sorted { (keysB[$0], $0) < (keysB[$1], $1) }
        var unmatchedA: [Int] = [], unmatchedB: [Int] = []
        var i = 0, j = 0
        while i < sortedA.count || j < sortedB.count {
            if j == sortedB.count || (i < sortedA.count && keysA[sortedA[i]] < keysB[sortedB[j]]) {
                unmatchedA.append(sortedA[i]); i += 1
            } else if i == sortedA.count || keysB[sortedB[j]] < keysA[sortedA[i]] {
                unmatchedB.append(sortedB[j]); j += 1
            } else {
                i += 1; j += 1
            }
        }
        guard let first = unmatchedA.min() else {
            guard let extra = unmatchedB.min() else { return nil }
            return appeared(TaskSignature(document: b, index: extra))
        }
        let mine = TaskSignature(document: a, index: first)
        let text = mine.description
        // The task most like it among those left over: the same description, else any.
        let candidate = unmatchedB.first { TaskSignature(document: b, index: $0).description.utf8.elementsEqual(text.utf8) }
        guard let match = candidate else { return lost(mine) }
        let theirs = TaskSignature(document: b, index: match)
        if let difference = mine.difference(from: theirs) { return difference }
        if let p = mine.task.parent, let q = theirs.task.parent {
            let parentA = TaskSignature(document: a, index: p), parentB = TaskSignature(document: b, index: q)
            if parentA.difference(from: parentB) == nil, keysA[p] == keysB[q] {
                return "task on line \(mine.task.line) changed"
            }
            return "task on line \(mine.task.line) moved under another task"
        }
        return parentDifference(mine, theirs) ?? "task on line \(mine.task.line) changed"
    }

    /// One value per task standing for its meaning, its list and, through its parent's value, its whole chain
    /// of parents.
    private static func identities(of document: Document) -> [Int] {
        var keys: [Int] = []
        keys.reserveCapacity(document.tasks.count)
        for index in document.tasks.indices {
            var hasher = Hasher()
            TaskSignature(document: document, index: index).hash(into: &hasher)
            hasher.combine(document.tasks[index].parent.map { keys[$0] })
            keys.append(hasher.finalize())
        }
        return keys
    }
}
