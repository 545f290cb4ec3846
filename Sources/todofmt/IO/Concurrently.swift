import Dispatch
import Synchronization

/// Work on many values at once, for a command that is not itself asynchronous: the values are transformed by
/// child tasks of one `TaskGroup` (Swift's own pool of threads, one per core) while the caller waits, and the
/// results come back in the values' order. What runs concurrently is reading and parsing files: TodoKit is pure.
enum Concurrently {
    static func map<Value: Sendable, Output: Sendable>(_ values: [Value],
                                                        _ transform: @escaping @Sendable (Value) -> Output) -> [Output] {
        if values.count < 2 { return values.map(transform) }
        return start(values, transform).results()
    }

    /// Starts transforming `values` and returns at once: the caller goes on with other work (what the previous
    /// values gave) while the pool works, and takes the results when it needs them.
    static func start<Value: Sendable, Output: Sendable>(_ values: [Value],
                                                          _ transform: @escaping @Sendable (Value) -> Output) -> Pending<Output> {
        let pending = Pending<Output>(count: values.count)
        Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for (index, value) in values.enumerated() {
                    group.addTask { pending.set(index, transform(value)) }
                }
            }
            pending.finished.signal()
        }
        return pending
    }

    /// Results on their way, set by the child tasks.
    final class Pending<Output: Sendable>: Sendable {
        private let slots: Mutex<[Output?]>
        fileprivate let finished = DispatchSemaphore(value: 0)

        init(count: Int) { slots = Mutex([Output?](repeating: nil, count: count)) }

        fileprivate func set(_ index: Int, _ value: sending Output) {
            slots.withLock { $0[index] = value }
        }

        /// The results in the values' order, once every one is made (waiting for them).
        func results() -> [Output] {
            finished.wait()
            return slots.withLock { $0.map { $0! } }
        }
    }
}
