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
    /// The keys in ascending order, and `order[k]` the task `sortedKeys[k]` belongs to.
    let sortedKeys: [UInt64]
    let order: [Int32]
    /// Where each task's key stands in `sortedKeys`: the keys are held once, in order.
    private let rank: [Int32]

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

    /// `init(of:keepingRecords: false)`, the tasks' meanings hashed in two halves that `bothAtOnce` runs
    /// (each half reads the document on its own, so the halves may run on two threads): the caller decides
    /// how; the library makes no thread. `bothAtOnce` must have run both before it returns.
    public init(of document: Document, bothAtOnce: (_ first: @escaping @Sendable () -> Void,
                                                    _ second: @escaping @Sendable () -> Void) -> Void) {
        let count = document.tasks.count
        let meanings = MeaningBuffer(count: count)
        defer { meanings.deallocate() }
        let middle = count / 2
        bothAtOnce({ meanings.hash(document, 0..<middle) }, { meanings.hash(document, middle..<count) })
        self.init(keys: TaskIdentities.keys(of: document) { meanings.values[$0] }, seed: 0)
    }

    /// Each task's key, from each task's meaning (`meaning(i)`, asked for once each, in order) and its
    /// parent's key.
    @inline(__always)
    private static func keys(of document: Document, meaning: (Int) -> UInt64) -> [UInt64] {
        var keys = [UInt64](repeating: 0, count: document.tasks.count)
        keys.withUnsafeMutableBufferPointer { keys in
            document.tasks.withUnsafeBufferPointer { all in
                for i in all.indices {
                    keys[i] = key(meaning: meaning(i), parent: all[i].parent32.optionalIndex.map { keys[$0] })
                }
            }
        }
        return keys
    }

    /// Meaning hashes written by two halves of the work into one buffer, each into its own part.
    private final class MeaningBuffer: @unchecked Sendable {
        let values: UnsafeMutableBufferPointer<UInt64>

        init(count: Int) { values = .allocate(capacity: count) }

        func hash(_ document: Document, _ range: Range<Int>) {
            // A reader of its own: `TaskSignatures` keeps scratch space.
            let tasks = TaskSignatures(document: document)
            tasks.withCommonStorage {
                for i in range { values[i] = TaskIdentities.meaning(tasks, i, seed: 0) }
            }
        }

        func deallocate() { values.deallocate() }
    }

    /// What task `i` means, as a hash: the first part of its key.
    @inline(__always)
    private static func meaning(_ tasks: TaskSignatures, _ i: Int, seed: UInt64) -> UInt64 {
        var hasher = MeaningHasher(seed: seed)
        tasks.hash(i, into: &hasher)
        return hasher.value
    }

    /// A task's key: its meaning, and its parent's key (so the whole chain of parents).
    @inline(__always)
    private static func key(meaning: UInt64, parent: UInt64?) -> UInt64 {
        var hasher = MeaningHasher(resuming: meaning)
        hasher.combine(parent == nil ? 0 : 1)
        if let parent { hasher.combine(parent) }
        return hasher.value
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
        (sortedKeys, order) = RadixSort.sortedWithPositions(TaskIdentities.keys(of: tasks.document) {
            TaskIdentities.meaning(tasks, $0, seed: seed)
        })
        rank = TaskIdentities.ranks(order)
    }

    /// Identities with the given keys, as if hashed with `seed`.
    init(keys: consuming [UInt64], seed: UInt64) {
        self.seed = seed
        records = nil
        original = nil
        (sortedKeys, order) = RadixSort.sortedWithPositions(keys)
        rank = TaskIdentities.ranks(order)
    }

    /// The inverse of `order`.
    private static func ranks(_ order: [Int32]) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: order.count) { rank, count in
            for (k, task) in order.enumerated() { rank[Int(task)] = Int32(k) }
            count = order.count
        }
    }

    /// The key of task `i`.
    @inline(__always)
    func key(_ i: Int) -> UInt64 { sortedKeys[Int(rank[i])] }

    /// Every task's key, in task order.
    var keys: [UInt64] { rank.map { sortedKeys[Int($0)] } }

    /// The number of tasks.
    var count: Int { order.count }
}
