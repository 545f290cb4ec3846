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
        let mine = TaskSignatures(document: original), theirs = TaskSignatures(document: formatted)
        return mine.withCommonStorage {
            theirs.withCommonStorage {
                orderMatters ? inOrderDifference(mine, theirs) : multisetDifference(mine, theirs)
            }
        }
    }

    // MARK: In order

    private static func inOrderDifference(_ mine: TaskSignatures, _ theirs: TaskSignatures) -> String? {
        let a = mine.document, b = theirs.document
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

    private static func multisetDifference(_ mine: TaskSignatures, _ theirs: TaskSignatures) -> String? {
        let a = mine.document, b = theirs.document
        let keysA = identities(of: mine), keysB = identities(of: theirs)
        // The usual case, the same multiset, is found by sorting the values alone.
        if keysA.count == keysB.count, radixSorted(keysA) == radixSorted(keysB) { return nil }
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

    /// `values` in ascending order of their bit patterns (any fixed order does to compare two multisets): a
    /// least-significant-digit radix sort, 16 bits a pass, for large arrays.
    static func radixSorted(_ values: [Int]) -> [UInt64] {
        var a = values.map { UInt64(bitPattern: Int64($0)) }
        guard a.count > 4096 else { return a.sorted() }
        var b = [UInt64](repeating: 0, count: a.count)
        var counts = [Int](repeating: 0, count: 1 << 16)
        for shift in stride(from: 0 as UInt64, to: 64, by: 16) {
            for i in counts.indices { counts[i] = 0 }
            for value in a { counts[Int((value >> shift) & 0xFFFF)] += 1 }
            var total = 0
            for i in counts.indices {
                let count = counts[i]
                counts[i] = total
                total += count
            }
            for value in a {
                let digit = Int((value >> shift) & 0xFFFF)
                b[counts[digit]] = value
                counts[digit] += 1
            }
            swap(&a, &b)
        }
        return a
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
