/// Safe mode: compares what two documents say about their tasks, ignoring how they are written.
///
/// Each task is compared by status (and the character of an unknown checkbox), priority, completion and
/// creation dates, description (trimmed; projects, contexts and tags follow from it), notes (each line
/// trimmed, blank lines ignored), nesting and list (heading path). See `TaskSignatures`.
public enum MeaningCheck {
    /// A short description of the first difference in tasks between `original` and `formatted`, or nil.
    /// With `orderMatters` false (after a sort), tasks are compared as a multiset, each with its parent's
    /// identity and its list, since sorting only permutes siblings.
    public static func difference(between original: Document, and formatted: Document, orderMatters: Bool) -> String? {
        orderMatters ? inOrderDifference(original, formatted) : multisetDifference(original, formatted)
    }

    // MARK: In order

    private static func inOrderDifference(_ a: Document, _ b: Document) -> String? {
        let mine = TaskSignatures(document: a), theirs = TaskSignatures(document: b)
        let common = min(a.tasks.count, b.tasks.count)
        for i in 0..<common {
            if let difference = mine.difference(i, from: theirs, i) ?? parentDifference(mine, i, theirs, i) {
                if a.tasks.count > b.tasks.count { return lost(mine, i) }
                if a.tasks.count < b.tasks.count { return appeared(theirs, i) }
                return difference
            }
        }
        if a.tasks.count > common { return lost(mine, common) }
        if b.tasks.count > common { return appeared(theirs, common) }
        return nil
    }

    private static func parentDifference(_ mine: TaskSignatures, _ i: Int, _ theirs: TaskSignatures, _ j: Int) -> String? {
        let a = mine.document.tasks[i].parent, b = theirs.document.tasks[j].parent
        guard a != b else { return nil }
        let name = "task on line \(mine.document.tasks[i].line)"
        switch (a, b) {
        case (let p?, nil):
            return "\(name) is no longer a subtask of the task on line \(mine.document.tasks[p].line)"
        case (nil, let p?):
            return "\(name) became a subtask of \(quoted(theirs.description(p)))"
        default:
            return "\(name) moved under another task"
        }
    }

    private static func lost(_ tasks: TaskSignatures, _ i: Int) -> String {
        "task on line \(tasks.document.tasks[i].line) (\(quoted(tasks.description(i)))) was lost"
    }

    private static func appeared(_ tasks: TaskSignatures, _ i: Int) -> String {
        "a task appeared on line \(tasks.document.tasks[i].line) (\(quoted(tasks.description(i))))"
    }

    // MARK: As a multiset

    private static func multisetDifference(_ a: Document, _ b: Document) -> String? {
        let mine = TaskSignatures(document: a), theirs = TaskSignatures(document: b)
        let keysA = identities(of: mine), keysB = identities(of: theirs)
        // The usual case, the same multiset, is found by sorting the values alone.
        if keysA.count == keysB.count, keysA.sorted() == keysB.sorted() { return nil }
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
            return appeared(theirs, extra)
        }
        // The task most like it among those left over: the one with the same description.
        let match = unmatchedB.first { j in
            mine.withDescriptionBytes(first) { text in theirs.withDescriptionBytes(j) { ByteScan.equal(text, $0) } }
        }
        guard let match else {
            return lost(mine, first)
        }
        if let difference = mine.difference(first, from: theirs, match) { return difference }
        let name = "task on line \(a.tasks[first].line)"
        if let p = a.tasks[first].parent, let q = b.tasks[match].parent, keysA[p] != keysB[q] {
            return "\(name) moved under another task"
        }
        return parentDifference(mine, first, theirs, match) ?? "\(name) changed"
    }

    /// One value per task standing for its meaning, its list and, through its parent's value, its whole chain
    /// of parents.
    private static func identities(of tasks: TaskSignatures) -> [Int] {
        var keys: [Int] = []
        keys.reserveCapacity(tasks.document.tasks.count)
        for index in tasks.document.tasks.indices {
            var hasher = Hasher()
            tasks.hash(index, into: &hasher)
            hasher.combine(tasks.document.tasks[index].parent.map { keys[$0] })
            keys.append(hasher.finalize())
        }
        return keys
    }
}
