#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on a todo file while an edit reads, changes and writes it: the file `FILE.lock`,
/// created with `O_CREAT | O_EXCL` as git creates `index.lock`. Whoever creates it holds the lock; the
/// others retry for a few seconds, then give up naming the lock file.
struct FileLock {
    /// The lock file's path.
    let path: String

    /// How long to wait for another process's lock before giving up.
    static let timeoutMilliseconds = 8000

    struct Busy: Error, CustomStringConvertible {
        var file: String
        var lock: String
        var description: String {
            "todofmt: error: \(shown(file)) is locked by another todofmt (\(shown(lock)) exists); "
                + "if no todofmt is running, one crashed: remove \(shown(lock)) and try again"
        }
    }

    /// Takes the lock for `file` (through a symlink, the lock sits beside the real file).
    static func acquire(for file: String) throws -> FileLock {
        let path = FileSystem.resolvingSymlinks(file) + ".lock"
        var waited = 0
        var delay = 2
        var seed = UInt32(truncatingIfNeeded: getpid())
        while true {
            // Creating the lock and arming its cleanup happen with the interrupting signals held back, so an
            // interruption in between cannot leave a lock behind.
            let (fd, failure) = LockCleanup.withSignalsHeld { () -> (Int32, Int32) in
                let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                guard fd >= 0 else { return (fd, errno) }
                let pid = Array("\(getpid())\n".utf8)
                _ = pid.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
                LockCleanup.arm(path)
                return (fd, 0)
            }
            if fd >= 0 { return FileLock(path: path) }
            guard failure == EEXIST else { throw SystemError(path: path, code: failure) }
            guard waited < timeoutMilliseconds else { throw Busy(file: file, lock: path) }
            // Back off with jitter so that many waiting processes do not retry in step.
            seed = seed &* 1_103_515_245 &+ 12345
            let sleep = delay + Int(seed >> 16) % (delay + 1)
            usleep(useconds_t(sleep * 1000))
            waited += sleep
            delay = min(delay * 2, 50)
        }
    }

    func release() {
        LockCleanup.withSignalsHeld {
            unlink(path)
            LockCleanup.disarm(path)
        }
    }
}

/// Removes the held lock files when the process is interrupted (Ctrl-C, SIGTERM, a closed terminal).
/// A process may hold more than one (`archive` locks the todo file, then its archive), so each lock has
/// its own slot.
enum LockCleanup {
    static let capacity = 4
    nonisolated(unsafe) static let held: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()

    static func arm(_ path: String) {
        for slot in 0..<capacity where held[slot] == nil {
            held[slot] = strdup(path)
            break
        }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal) { number in
                for slot in 0..<LockCleanup.capacity {
                    if let path = LockCleanup.held[slot] { unlink(path) }
                }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
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
