#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work started on a thread of its own, whose result the starting thread collects with `result()`.
///
/// For reading a large document twice at once (safe mode's side of the input while the input is sorted); a
/// plain POSIX thread, so that start-up stays free of a thread pool. Where no thread can be made, the work
/// runs when its result is asked for.
final class BackgroundWork<Value>: @unchecked Sendable {
    private var work: (() -> Value)?
    private var value: Value?
    private var thread: pthread_t?

    init(_ work: @escaping () -> Value) {
        self.work = work
        thread = ThreadStart.start(ThreadStart { [self] in run() })
    }

    /// Runs the work and lets go of it (and of what it holds) on the thread that ran it.
    private func run() {
        value = work?()
        work = nil
    }

    /// The work's result, once it is done.
    func result() -> Value {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        } else if work != nil {
            run()
        }
        return value!
    }
}

/// What a new thread runs, handed to it through `pthread_create`'s one pointer.
private final class ThreadStart {
    let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }

    /// Starts a thread running `start.body`; nil when none can be made.
    static func start(_ start: ThreadStart) -> pthread_t? {
        let context = Unmanaged.passRetained(start).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
