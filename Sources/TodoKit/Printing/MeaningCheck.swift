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
        if !orderMatters { return multisetDifference(TaskIdentities(of: original), and: formatted) }
        let mine = TaskSignatures(document: original), theirs = TaskSignatures(document: formatted)
        return mine.withCommonStorage { theirs.withCommonStorage { inOrderDifference(mine, theirs) } }
    }

    /// `difference(between: original, and: formatted, orderMatters: false)`, from the original's identities
    /// (`TaskIdentities(of: original)`, which may have been taken on another thread, and the original let go
    /// since). Only when the tasks differ is the original read again, to say how. `formattedIdentities`, when
    /// given, are `TaskIdentities(of: formatted, keepingRecords: false)`, taken beforehand.
    public static func multisetDifference(_ identities: TaskIdentities, and formatted: Document,
                                          formattedIdentities: TaskIdentities? = nil) -> String? {
        let theirs = TaskSignatures(document: formatted)
        let same = theirs.withCommonStorage { () -> Bool in
            guard let records = identities.records else { return false }
            let keys = formattedIdentities.flatMap { $0.seed == identities.seed && $0.count == formatted.tasks.count ? $0 : nil }
                ?? TaskIdentities(theirs, seed: identities.seed)
            guard identities.count == keys.count, identities.sortedKeys == keys.sortedKeys else { return false }
            return records.withBytes { confirmed($0, identities, theirs, keys) }
        }
        if same { return nil }
        guard let original = identities.original?.document else { return "the tasks could not be compared" }
        let mine = TaskSignatures(document: original)
        return mine.withCommonStorage {
            theirs.withCommonStorage {
                // Equal values of different tasks (a collision) are told apart by trying again with another seed.
                for seed in 0 as UInt64..<4 {
                    let keysA = TaskIdentities(mine, seed: seed, keepingRecords: true), keysB = TaskIdentities(theirs, seed: seed)
                    guard keysA.count == keysB.count, keysA.sortedKeys == keysB.sortedKeys else {
                        return multisetDifference(mine, keysA, theirs, keysB)
                    }
                    if keysA.records!.withBytes({ confirmed($0, keysA, theirs, keysB) }) { return nil }
                }
                return "the tasks could not be matched one to one"
            }
        }
    }

    // MARK: In order

    private static func inOrderDifference(_ mine: TaskSignatures, _ theirs: TaskSignatures) -> String? {
        let a = mine.document, b = theirs.document
        let common = min(a.tasks.count, b.tasks.count)
        var i = 0
        while i < common {
            // Runs of equal tasks are passed over without making strings; a task found there is looked at closely.
            i = mine.firstDifference(from: theirs, in: i..<common)
            guard i < common else { break }
            if let difference = mine.difference(i, from: theirs, i) ?? parentDifference(mine, i, theirs, i) {
                if a.tasks.count > b.tasks.count { return lost(mine, i) }
                if a.tasks.count < b.tasks.count { return appeared(theirs, i) }
                return difference
            }
            i += 1
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

    /// Whether tasks with equal keys in `a` and `b` are equal indeed: the tasks in the same place of both
    /// key orders mean the same and have parents of equal keys, and so do neighbours with equal keys in `a`.
    /// Then every key stands for exactly one meaning and one chain of parents (by induction on the depth),
    /// and equal sorted keys are equal multisets of tasks, whatever the hash.
    static func confirmed(_ mine: TaskRecords.Bytes, _ a: TaskIdentities, _ theirs: TaskSignatures, _ b: TaskIdentities) -> Bool {
        let count = a.count
        guard count > 0 else { return true }
        let recordsA = mine.records.records, tasksB = theirs.document.tasks
        func parentKey(_ i: Int) -> UInt64? {
            let parent = recordsA[i].parent32
            return parent < 0 ? nil : a.key(Int(parent))
        }
        // Walked in the original's order, where both documents are read nearly in sequence (sorting moves tasks
        // within their runs), rather than in key order, which jumps about both.
        var partner = [Int32](repeating: 0, count: count)
        var repeated: [Int] = []
        for k in 0..<count {
            partner[Int(a.order[k])] = b.order[k]
            if k > 0, a.sortedKeys[k - 1] == a.sortedKeys[k] { repeated.append(k) }
        }
        for i in 0..<count {
            let j = Int(partner[i])
            let parent = tasksB[j].parent32
            guard mine.same(i, as: theirs, j), parentKey(i) == (parent < 0 ? nil : b.key(Int(parent))) else { return false }
        }
        for k in repeated {
            let h = Int(a.order[k - 1]), i = Int(a.order[k])
            guard mine.same(h, i), parentKey(h) == parentKey(i) else { return false }
        }
        return true
    }

    private static func multisetDifference(_ mine: TaskSignatures, _ identitiesA: TaskIdentities,
                                           _ theirs: TaskSignatures, _ identitiesB: TaskIdentities) -> String? {
        let a = mine.document, b = theirs.document
        let keysA = identitiesA.keys, keysB = identitiesB.keys
        let sortedA = identitiesA.order.map { Int($0) }, sortedB = identitiesB.order.map { Int($0) }
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
}
