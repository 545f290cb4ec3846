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
        // A child task per run of values, not per value: a task made, scheduled and woken for each small file cost
        // about as much as reading it. Many runs still, so that a run of slow files does not keep the others waiting.
        let runLength = max(1, (values.count + runCount - 1) / runCount)
        Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for start in stride(from: 0, to: values.count, by: runLength) {
                    let run = start..<min(start + runLength, values.count)
                    group.addTask { pending.set(run.lowerBound, run.map { transform(values[$0]) }) }
                }
            }
            pending.finished.signal()
        }
        return pending
    }

    /// How many runs the values are cut into, at most.
    static let runCount = 16

    /// Results on their way, set by the child tasks.
    final class Pending<Output: Sendable>: Sendable {
        private let slots: Mutex<[Output?]>
        fileprivate let finished = DispatchSemaphore(value: 0)

        init(count: Int) { slots = Mutex([Output?](repeating: nil, count: count)) }

        /// Sets the results of the values from `index` on, in order.
        fileprivate func set(_ index: Int, _ values: sending [Output]) {
            slots.withLock { slots in
                for (offset, value) in values.enumerated() { slots[index + offset] = value }
            }
        }

        /// The results in the values' order, once every one is made (waiting for them).
        func results() -> [Output] {
            finished.wait()
            return slots.withLock { $0.map { $0! } }
        }
    }
}
