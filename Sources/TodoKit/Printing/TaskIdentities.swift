/// One 64-bit value per task of a document standing for what the task means (as `TaskSignatures` compares
/// it), its list and, through its parent's value, its whole chain of parents; with the values in ascending
/// order, so that two documents' multisets of tasks are compared by walking them side by side.
///
/// Equal tasks get equal values; different tasks almost surely different ones, and safe mode confirms every
/// equality it relies on by comparing the tasks themselves (`MeaningCheck`). Taking a document's identities
/// reads it and nothing else, so it can run on another thread while the document is formatted.
public struct TaskIdentities: Sendable {
    /// The seed the values were made with: both sides of a comparison use the same.
    let seed: UInt64
    /// `keys[i]` stands for task `i`.
    let keys: [UInt64]
    /// The keys in ascending order, and `order[k]` the task `sortedKeys[k]` belongs to.
    let sortedKeys: [UInt64]
    let order: [Int32]

    /// What the tasks mean, for confirming matches once the document itself is gone.
    let records: TaskRecords?
    /// Where the document can be read again to say what differs: its text (and format), or itself when it
    /// was not read from a text.
    let original: Original?

    enum Original: Sendable {
        case text(String, FileFormat)
        case document(Document)

        var document: Document {
            switch self {
            case .text(let text, let format): return Document(parsing: text, format: format)
            case .document(let document): return document
            }
        }
    }

    /// The identities of `document`'s tasks and, with `keepingRecords` (for the original side of a
    /// comparison), what they mean, held without the document.
    public init(of document: Document, keepingRecords: Bool = true) {
        let tasks = TaskSignatures(document: document)
        self = tasks.withCommonStorage { TaskIdentities(tasks, seed: 0, keepingRecords: keepingRecords) }
    }

    /// Call within `tasks.withCommonStorage`.
    init(_ tasks: TaskSignatures, seed: UInt64, keepingRecords: Bool = false) {
        self.seed = seed
        if keepingRecords {
            records = TaskRecords(tasks)
            original = tasks.document.source.map { .text($0, tasks.document.format) } ?? .document(tasks.document)
        } else {
            records = nil
            original = nil
        }
        let count = tasks.document.tasks.count
        var keys = [UInt64](repeating: 0, count: count)
        keys.withUnsafeMutableBufferPointer { keys in
            tasks.document.tasks.withUnsafeBufferPointer { all in
                for i in 0..<count {
                    var hasher = MeaningHasher(seed: seed)
                    tasks.hash(i, into: &hasher)
                    let parent = all[i].parent32
                    hasher.combine(parent < 0 ? 0 : 1)
                    if parent >= 0 { hasher.combine(keys[Int(parent)]) }
                    keys[i] = hasher.value
                }
            }
        }
        self.keys = keys
        (sortedKeys, order) = Self.sorted(keys)
    }

    /// Identities with the given keys, as if hashed with `seed`.
    init(keys: [UInt64], seed: UInt64) {
        self.seed = seed
        records = nil
        original = nil
        self.keys = keys
        (sortedKeys, order) = Self.sorted(keys)
    }

    /// The number of tasks.
    var count: Int { keys.count }

    /// `keys` in ascending order with the position each came from: a least-significant-digit radix sort,
    /// 11 bits a pass (its counters stay in the nearest cache), for large arrays.
    static func sorted(_ keys: [UInt64]) -> (keys: [UInt64], order: [Int32]) {
        let count = keys.count
        guard count > 2048 else {
            let order = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
            return (order.map { keys[$0] }, order.map { Int32($0) })
        }
        let bits = 11, passes = 6, mask = UInt64((1 << bits) - 1)
        // Every pass's counts in one reading.
        var counts = [Int](repeating: 0, count: passes << bits)
        for key in keys {
            for pass in 0..<passes { counts[pass << bits | Int((key >> UInt64(pass * bits)) & mask)] += 1 }
        }
        var a = keys, b = [UInt64](repeating: 0, count: count)
        var ia = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = Int32(i) }
            initialized = count
        }
        var ib = [Int32](repeating: 0, count: count)
        for pass in 0..<passes {
            let base = pass << bits
            // A digit every key shares moves nothing.
            if counts[base | Int((a[0] >> UInt64(pass * bits)) & mask)] == count { continue }
            var total = 0
            for digit in 0..<(1 << bits) {
                let n = counts[base | digit]
                counts[base | digit] = total
                total += n
            }
            a.withUnsafeBufferPointer { from in
                b.withUnsafeMutableBufferPointer { to in
                    ia.withUnsafeBufferPointer { fromOrder in
                        ib.withUnsafeMutableBufferPointer { toOrder in
                            counts.withUnsafeMutableBufferPointer { counts in
                                for i in 0..<count {
                                    let key = from[i]
                                    let slot = base | Int((key >> UInt64(pass * bits)) & mask)
                                    let at = counts[slot]
                                    counts[slot] = at + 1
                                    to[at] = key
                                    toOrder[at] = fromOrder[i]
                                }
                            }
                        }
                    }
                }
            }
            swap(&a, &b)
            swap(&ia, &ib)
        }
        return (a, ia)
    }
}
