
/// Removes the lock files held and the temporary files being written when the process is interrupted
/// (Ctrl-C, SIGTERM, a closed terminal). A process may hold more than one of each (`archive` locks and
/// writes the todo file and its archive), so each path has its own slot.
enum InterruptCleanup {
    static let capacity = 8
    nonisolated(unsafe) static let held: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()

    /// Removes `path` if the process is interrupted, until `disarm(path)`.
    static func arm(_ path: String) {
        for slot in 0..<capacity where held[slot] == nil {
            held[slot] = strdup(path)
            break
        }
        Signals.handle([SIGINT, SIGTERM, SIGHUP]) { number in
            for slot in 0..<InterruptCleanup.capacity {
                if let path = InterruptCleanup.held[slot] { unlink(path) }
            }
            Signals.restoreDefault(number)
            raise(number)
        }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back; one that arrives meanwhile is handled after.
    static func withSignalsHeld<Result>(_ body: () -> Result) -> Result {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, signal) }
        sigprocmask(SIG_BLOCK, &held, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    static func disarm(_ path: String) {
        for slot in 0..<capacity {
            if let held = held[slot], String(cString: held) == path {
                self.held[slot] = nil
                free(held)
                return
            }
        }
    }
}
