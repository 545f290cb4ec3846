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
            "todofmt: error: \(file) is locked by another todofmt (\(lock) exists); "
                + "if no todofmt is running, one crashed: remove \(lock) and try again"
        }
    }

    /// Takes the lock for `file` (through a symlink, the lock sits beside the real file).
    static func acquire(for file: String) throws -> FileLock {
        let path = FileSystem.resolvingSymlinks(file) + ".lock"
        var waited = 0
        var delay = 2
        var seed = UInt32(truncatingIfNeeded: getpid())
        while true {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 {
                let pid = Array("\(getpid())\n".utf8)
                _ = pid.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
                LockCleanup.arm(path)
                return FileLock(path: path)
            }
            guard errno == EEXIST else { throw SystemError(path: path) }
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
        unlink(path)
        LockCleanup.disarm()
    }
}

/// Removes a held lock file when the process is interrupted (Ctrl-C, SIGTERM, a closed terminal).
enum LockCleanup {
    nonisolated(unsafe) static var held: UnsafeMutablePointer<CChar>?

    static func arm(_ path: String) {
        held = strdup(path)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal) { number in
                if let path = LockCleanup.held { unlink(path) }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func disarm() {
        let path = held
        held = nil
        free(path)
    }
}
