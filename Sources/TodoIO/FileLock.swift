
/// An exclusive lock on a todo file while an edit reads, changes and writes it: the file `FILE.lock`,
/// created with `O_CREAT | O_EXCL` as git creates `index.lock`. Whoever creates it holds the lock; the
/// others retry for a few seconds, then give up naming the lock file.
///
/// The lock file says who holds it (`PID HOST`), and its holder keeps an `flock(2)` on it, which the kernel
/// drops when the holder dies however it dies. A lock of this host whose holder is gone (`kill -9`, a
/// crash) is taken over at once: under that lock file's own flock, so that of several processes finding it
/// stale only one removes it, and never a lock another process has taken meanwhile.
package struct FileLock {
    /// The lock file's path.
    let path: String
    /// The lock file, open with its flock held while the lock is.
    let descriptor: Int32

    /// How long to wait for another process's lock before giving up.
    static let timeoutMilliseconds = 8000

    /// Runs `body` holding the lock of `file`, named `name` in messages; releases it however `body` ends.
    package static func holding<Result>(_ file: String, name: String? = nil, _ body: (borrowing FileLock) throws -> Result) throws -> Result {
        let lock = try acquire(for: file, name: name ?? file)
        defer { lock.release() }
        return try body(lock)
    }

    /// Takes the lock for `file` (through a symlink, the lock sits beside the real file).
    static func acquire(for file: String, name: String) throws(SystemError) -> FileLock {
        let path = FileSystem.resolvingSymlinks(file) + ".lock"
        var waited = 0
        var delay = 2
        var seed = UInt32(truncatingIfNeeded: getpid())
        while true {
            // Creating the lock and arming its cleanup happen with the interrupting signals held back, so an
            // interruption in between cannot leave a lock behind.
            let (fd, failure) = InterruptCleanup.withSignalsHeld { () -> (Int32, Int32) in
                let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                guard fd >= 0 else { return (fd, errno) }
                // The flock first, then who holds it: one who finds the file empty knows it is being taken.
                _ = flock(fd, LOCK_EX)
                let holder = Array("\(getpid()) \(hostName)\n".utf8)
                _ = holder.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                // Still the lock file: not taken for a stale one while this process stood between creating it
                // and taking its flock (a second at least; see `removeIfStale`).
                guard isNamed(path, by: fd) else {
                    close(fd)
                    return (-1, EEXIST)
                }
                InterruptCleanup.arm(path)
                return (fd, 0)
            }
            if fd >= 0 {
                WriteStep.reached("lock \(name)")
                return FileLock(path: path, descriptor: fd)
            }
            guard failure == EEXIST else { throw cannotCreate(path, for: name, code: failure) }
            if removeIfStale(path) { continue }
            guard waited < timeoutMilliseconds else {
                throw SystemError(path: name, message: "locked by another todofmt (\(shown(path)) exists); "
                                  + "if no todofmt is running, one crashed: remove \(shown(path)) and try again")
            }
            // Back off with jitter so that many waiting processes do not retry in step.
            WriteStep.reached("wait for the lock of \(name)")
            seed = seed &* 1_103_515_245 &+ 12345
            let sleep = delay + Int(seed >> 16) % (delay + 1)
            usleep(useconds_t(sleep * 1000))
            waited += sleep
            delay = min(delay * 2, 50)
        }
    }

    /// Why the lock file could not be created: its folder is missing (named, not the lock file), or another reason.
    private static func cannotCreate(_ lock: String, for name: String, code: Int32) -> SystemError {
        let folder = FileSystem.directoryName(lock)
        if code == ENOENT || code == ENOTDIR {
            let what = FileSystem.exists(folder) ? "not a folder" : "no such folder"
            return SystemError(path: folder, message: "\(what), so \(shown(name)) cannot be read or written there")
        }
        return SystemError(path: name, code: code, doing: "cannot create the lock file \(shown(lock))")
    }

    func release() {
        WriteStep.reached("release \(FileSystem.baseName(path))")
        InterruptCleanup.withSignalsHeld {
            // Removed while its flock is held, so no one can take the file for a stale one meanwhile.
            unlink(path)
            close(descriptor)
            InterruptCleanup.disarm(path)
        }
    }

    /// Removes the lock file at `path` if its holder is gone: no process holds its flock, and it names a
    /// process of this host that no longer runs (a file naming no host is taken as this host's, as an older
    /// todofmt wrote it), or it has stayed empty for a second (its creator was killed before writing its
    /// name, which takes it microseconds). Whether it removed it.
    static func removeIfStale(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return errno == ENOENT }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count == 0 {
            var info = stat(), now = timespec()
            guard fstat(fd, &info) == 0, clock_gettime(CLOCK_REALTIME, &now) == 0,
                  Int(now.tv_sec) - info.modificationSeconds > 1 else { return false }
        } else {
            guard count > 0 else { return false }
            let words = String(decoding: bytes[..<count], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard let first = words.first, let pid = pid_t(first), pid > 0, words.count <= 2,
                  words.count == 1 || words[1] == hostName[...] else { return false }
            guard kill(pid, 0) != 0, errno == ESRCH else { return false }
        }
        // Still the file that was read (not one taken since): only its flock's holder may remove it.
        guard isNamed(path, by: fd) else { return false }
        return unlink(path) == 0
    }

    /// Whether `path` names the file open as `fd`.
    static func isNamed(_ path: String, by fd: Int32) -> Bool {
        var open = stat(), named = stat()
        return fstat(fd, &open) == 0 && stat(path, &named) == 0 && FileSystem.FileID(open) == FileSystem.FileID(named)
    }

    /// This machine's name, as the lock file records it.
    static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)), as: UTF8.self)
    }()
}
