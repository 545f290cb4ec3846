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
    ///
    /// The thread starts on a CPU the calling thread is not on, when the process may run on another. Linux puts
    /// a new thread beside its parent and moves it to an idle CPU only at a later load balancing: on a two-CPU
    /// machine, the second half of a large file waited up to several milliseconds to start, the two sharing one
    /// CPU meanwhile (BENCHMARKS.md). The thread stays off that CPU for its life, which is one piece of work
    /// beside the caller's.
    static func start(_ start: ThreadStart) -> pthread_t? {
        let context = Unmanaged.passRetained(start).toOpaque()
        var thread = pthread_t()
        let body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
            Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }
        var started = Int32(-1)
        #if os(Linux)
        if let others = CPUSet.allowedExceptCurrent() {
            var attributes = pthread_attr_t()
            if pthread_attr_init(&attributes) == 0 {
                if others.restrict(&attributes) { started = pthread_create(&thread, &attributes, body, context) }
                pthread_attr_destroy(&attributes)
            }
        }
        #endif
        if started != 0 { started = pthread_create(&thread, nil, body, context) }
        guard started == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
