/// Removes the lock files held and the temporary files being written when the process is interrupted
/// (Ctrl-C, SIGTERM, a closed terminal), however many there are: a change of many files holds a lock and a
/// temporary file for each.
///
/// The paths are C strings in a buffer that grows as needed. It is changed only on the thread that first armed a
/// path (the main thread, which does all the writing) and only with the signals held back there; the handler
/// runs on that thread alone (a handler that finds itself on another thread passes the signal on to it with
/// `pthread_kill`), so it never sees the buffer half changed, and it calls nothing but what is async-signal-safe:
/// `unlink(2)`, then the default disposition and `raise(3)`.
enum InterruptCleanup {
    /// `count` paths at `paths`, in room for `capacity`.
    nonisolated(unsafe) private static var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var capacity = 0
    /// The thread the handler runs on, once installed.
    nonisolated(unsafe) private static var owner: pthread_t? = nil

    /// Removes `path` if the process is interrupted, until `disarm(path)`.
    static func arm(_ path: String) {
        withSignalsHeld {
            installHandler()
            if count == capacity {
                let larger = max(8, capacity * 2)
                let grown = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: larger)
                if let paths {
                    grown.moveInitialize(from: paths, count: count)
                    paths.deallocate()
                }
                paths = grown
                capacity = larger
            }
            (paths! + count).initialize(to: strdup(path))
            count += 1
        }
    }

    static func disarm(_ path: String) {
        withSignalsHeld {
            guard let paths else { return }
            for index in 0..<count where String(cString: paths[index]!) == path {
                free(paths[index])
                paths[index] = paths[count - 1]
                count -= 1
                return
            }
        }
    }

    private static func installHandler() {
        guard owner == nil else { return }
        owner = pthread_self()
        Signals.handle(Signals.interrupting) { number in
            if let owner = InterruptCleanup.owner, pthread_equal(pthread_self(), owner) == 0 {
                // Not the thread that changes the paths: it may be changing them now. It takes the signal when it
                // is done (a signal it holds back stays pending for it).
                _ = pthread_kill(owner, number)
                return
            }
            if let paths = InterruptCleanup.paths {
                var index = 0
                while index < InterruptCleanup.count {
                    if let path = paths[index] { unlink(path) }
                    index += 1
                }
            }
            Signals.restoreDefault(number)
            raise(number)
        }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back on this thread; one that arrives meanwhile is
    /// handled after.
    static func withSignalsHeld<Result>(_ body: () -> Result) -> Result {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signal in Signals.interrupting { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
