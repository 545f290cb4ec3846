import Dispatch
import Synchronization

/// Work on many values at once, for a command that is not itself asynchronous: the values are transformed by
/// child tasks of one `TaskGroup` (Swift's own pool of threads, one per core) while the caller waits, and the
/// results come back in the values' order. What runs concurrently is reading and parsing files: TodoKit is pure.
enum Concurrently {
    static func map<Value: Sendable, Output: Sendable>(_ values: [Value],
                                                        _ transform: @escaping @Sendable (Value) -> Output) -> [Output] {
        if values.count < 2 { return values.map(transform) }
        let results = Results<Output>(count: values.count)
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for (index, value) in values.enumerated() {
                    group.addTask { results.set(index, transform(value)) }
                }
            }
            finished.signal()
        }
        finished.wait()
        return results.all()
    }

    /// The results as the child tasks set them.
    private final class Results<Output: Sendable>: Sendable {
        private let slots: Mutex<[Output?]>

        init(count: Int) { slots = Mutex([Output?](repeating: nil, count: count)) }

        func set(_ index: Int, _ value: sending Output) {
            slots.withLock { $0[index] = value }
        }

        func all() -> [Output] { slots.withLock { $0.map { $0! } } }
    }
}
