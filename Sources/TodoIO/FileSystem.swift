import TodoKit

/// Reading and writing files with the C library: fast to start, and atomic where it matters.
package enum FileSystem {
    /// The whole file, read with one `read(2)` into a buffer sized by `fstat`. `regularFileOnly`: anything
    /// else (a FIFO, a device) is refused. Either way it never waits for a FIFO's writer to appear, as opening
    /// one for reading would: a pipe being written (`<(git show HEAD:TODO.md)`) is read to its end, as `cat`
    /// reads it, and a FIFO no program writes to is refused at once.
    package static func read(_ path: String, regularFileOnly: Bool = false) throws(SystemError) -> [UInt8] {
        try readIdentified(path, regularFileOnly: regularFileOnly).bytes
    }

    /// The whole file, as `read` reads it, and which file it was (its device and inode, as opened).
    package static func readIdentified(_ path: String, regularFileOnly: Bool = false) throws(SystemError) -> (bytes: [UInt8], file: FileID) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemError(path: path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemError(path: path) }
        if regularFileOnly, let problem = notRegularFile(path, info) { throw problem.appending("; nothing was written") }
        let type = info.st_mode & S_IFMT
        guard type != S_IFREG else { return (try readAll(fd, path: path, status: info), FileID(info)) }
        var first: [UInt8] = []
        if type == S_IFIFO || type == S_IFSOCK {
            // Opened without waiting: a read now returns what is there, or nothing at all when no program has the
            // FIFO open for writing; bytes to come (or a writer's end) are then waited for as usual.
            var byte: UInt8 = 0
            var count = SystemCall.read(fd, &byte, 1)
            while count < 0, errno == EINTR { count = SystemCall.read(fd, &byte, 1) }
            if count == 0 { throw SystemError(path: path, message: "a FIFO no program is writing to; nothing was read") }
            guard count == 1 || errno == EAGAIN else { throw SystemError(path: path) }
            if count == 1 { first = [byte] }
        }
        // A device or a pipe is read as `cat` reads it, waiting for what is to come.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (try readAll(fd, path: path, first: first), FileID(info))
    }

    /// Why a file is no file todofmt rewrites (a folder, a FIFO, a device), or nil for a regular file.
    static func notRegularFile(_ path: String, _ info: stat) -> SystemError? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return SystemError(path: path, code: EISDIR)
        default: return SystemError(path: path, message: "not a regular file")
        }
    }

    /// Whether the two hold the same bytes (nil: no file), compared by `memcmp`.
    static func sameBytes(_ a: [UInt8]?, _ b: [UInt8]?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }

    package static func readStandardInput() throws(SystemError) -> [UInt8] {
        try readAll(0, path: "<stdin>")
    }

    /// The most a todo file may hold: a file of a million tasks is under a tenth of it. Anything longer, or an
    /// endless input, is refused once this much is read, so memory stays bounded.
    package static let sizeLimit = 128 << 20

    /// Every byte up to the end, or up to the end of the chunk holding the first NUL byte or invalid UTF-8
    /// sequence: what follows is never needed, since the input is then no text, and an endless input of them
    /// (`/dev/zero`, `yes $'\xff'`) ends at once. More than `sizeLimit` bytes is an error. `first`: bytes already
    /// read from `fd`; `status`: its `fstat`, when the caller has just taken it (a folder's notes are many).
    private static func readAll(_ fd: Int32, path: String, first: [UInt8] = [], status: stat? = nil) throws(SystemError) -> [UInt8] {
        var info = status ?? stat()
        guard status != nil || fstat(fd, &info) == 0 else { throw SystemError(path: path) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw SystemError(path: path, code: EISDIR) }
        let isRegular = (info.st_mode & S_IFMT) == S_IFREG
        if isRegular, info.st_size > sizeLimit { throw tooLarge(path) }
        // A regular file is read in one call into a buffer one byte larger than it is; the next call sees the end.
        var capacity = isRegular ? Int(info.st_size) + 1 : 1 << 16
        var bytes = first
        // Bytes before this offset are whole UTF-8 sequences without a NUL.
        var checked = 0
        while true {
            var chunk = [UInt8](repeating: 0, count: capacity)
            var count = 0, failure: Int32 = 0
            chunk.withUnsafeMutableBytes { buffer in
                while count < buffer.count {
                    let n = SystemCall.read(fd, buffer.baseAddress! + count, buffer.count - count)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if n == 0 { return }
                    count += n
                }
            }
            if failure != 0 { throw SystemError(path: path, code: failure) }
            chunk.removeLast(capacity - count)
            // The first chunk is the bytes so far (a regular file's only one): kept, not copied.
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if count < capacity { return bytes }
            if bytes.count > sizeLimit { throw tooLarge(path) }
            guard let valid = textEnd(of: bytes, from: checked) else { return bytes }
            checked = valid
            capacity = min(max(1 << 16, bytes.count), sizeLimit + 1 - bytes.count)
        }
    }

    /// Where the whole UTF-8 sequences of `bytes` from `start` (a sequence boundary) end, a sequence cut off by
    /// the end of the bytes left out; nil when a NUL byte or an invalid sequence comes first.
    private static func textEnd(of bytes: [UInt8], from start: Int) -> Int? {
        for cut in 0...min(3, bytes.count - start) {
            let end = bytes.count - cut
            // A cut may only drop the start of a sequence: bytes that cannot end a valid text there.
            if cut > 0, bytes[end] < 0xC0 { continue }
            let slice = bytes[start..<end]
            if String(validating: slice, as: UTF8.self) != nil { return slice.contains(0) ? nil : end }
        }
        return nil
    }

    private static func tooLarge(_ path: String) -> SystemError {
        SystemError(path: path, message: "larger than \(sizeLimit >> 20) MiB: too large for a todo file; nothing was read")
    }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The working folder (absolute, as `getcwd(3)` gives it); `.` when it cannot be told.
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    /// Why the file at `path` cannot be rewritten in place (missing, a folder, a FIFO, no permission to read
    /// it), or nil when it can; found without waiting on a FIFO.
    package static func rewritingProblem(_ path: String) -> SystemError? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return SystemError(path: path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return SystemError(path: path) }
        return notRegularFile(path, info)
    }

    /// Whether two paths name one existing file (through symlinks, `./`, hard links): an output option
    /// pointing at the todo file must not replace it.
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        guard let first = fileID(a) else { return false }
        return first == fileID(b)
    }

    /// Makes the folder at the absolute `path` and the folders above it that are missing.
    package static func makeDirectories(_ path: String) {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            mkdir(partial, 0o755)
        }
    }

    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` names a pipe, a socket or a device (`/dev/stdin`, a shell's `<(…)`): something read, not a
    /// file kept.
    package static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// The file a path finally names, symlinks followed: also through a link whose target does not exist yet
    /// (so that writing creates the target and the link stays a link); the path itself when it is no link.
    package static func resolvingSymlinks(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // A dangling link: follow it by hand, as the kernel would, up to its limit of 40 links.
        var current = path
        for _ in 0..<40 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { readlink(current, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
            guard count > 0 else { return current }
            let target = String(decoding: buffer[..<count], as: UTF8.self)
            current = target.hasPrefix("/") ? target : directoryName(current) + "/" + target
        }
        return current
    }

    package static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Whether a file may be rewritten, decided as an editor decides it: a file with no write permission bit
    /// at all is read-only even for root (whom `access(2)` would let through), and anyone else needs `access(2)`.
    static func checkWritable(_ path: String, target: String, info: stat) throws(SystemError) {
        if let problem = notRegularFile(path, info) { throw problem.appending("; nothing was written") }
        if info.st_mode & 0o222 == 0 {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw SystemError(path: path, message: "the file is read-only (mode \(mode)); nothing was written")
        }
        if access(target, W_OK) != 0 {
            throw SystemError(path: path, doing: "cannot write the file").appending("; nothing was written")
        }
    }

    /// Replaces the file at `path` (through a symlink, to its target) with `text`, all or nothing: the bytes go
    /// to a temporary file in the same folder, which takes the old file's mode (and owner, when allowed) and is
    /// renamed over it. A read-only file is refused, as an editor would refuse it, though the rename could
    /// replace it. A file that does not exist yet is created with the usual mode (0666 less the umask).
    /// `beforeRename` runs when the new bytes are safely on disk, just before they replace the file; if it
    /// throws, nothing is replaced and its error is rethrown.
    static func writeAtomically(_ text: String, to path: String, beforeRename: () throws(SystemError) -> Void = {}) throws(SystemError) {
        try prepareWrite(text, to: path).commit(beforeRename: beforeRename)
    }

    /// New bytes for a file, safely on disk in a temporary file beside it (`prepareWrite`) and not yet in its
    /// place: `commit` renames them over the file, `discard` removes them. Until one of them, an interruption
    /// removes the temporary file.
    struct PreparedWrite {
        /// The file as named, and the file it finally names (through symlinks), which the rename replaces.
        let path: String
        let target: String
        let temporary: String

        /// Puts the new bytes in place: `beforeRename` runs first, and if it throws, nothing is replaced.
        func commit(beforeRename: () throws(SystemError) -> Void = {}) throws(SystemError) {
            defer { InterruptCleanup.disarm(temporary) }
            do throws(SystemError) { try beforeRename() } catch {
                unlink(temporary)
                throw error
            }
            if WriteStep.reached("rename onto \(path)") || rename(temporary, target) != 0 {
                let failure = SystemError(path: path, doing: "cannot replace the file")
                unlink(temporary)
                throw failure.appending("; nothing was written")
            }
        }

        /// Leaves the file as it is and removes the new bytes.
        func discard() {
            unlink(temporary)
            InterruptCleanup.disarm(temporary)
        }
    }

    /// Writes `text` to a temporary file beside the file at `path` (its target, through a symlink), with the
    /// file's mode (and owner, when allowed), synced to disk: the first half of `writeAtomically`.
    static func prepareWrite(_ text: String, to path: String) throws(SystemError) -> PreparedWrite {
        var text = text
        return try text.withUTF8 { prepareWrite(UnsafeRawBufferPointer($0), to: path) }.get()
    }

    /// `prepareWrite` of bytes.
    static func prepareWrite(_ bytes: [UInt8], to path: String) throws(SystemError) -> PreparedWrite {
        try bytes.withUnsafeBytes { prepareWrite($0, to: path) }.get()
    }

    private static func prepareWrite(_ bytes: UnsafeRawBufferPointer, to path: String) -> Result<PreparedWrite, SystemError> {
        do throws(SystemError) { return .success(try writeTemporary(bytes, for: path)) } catch { return .failure(error) }
    }

    private static func writeTemporary(_ bytes: UnsafeRawBufferPointer, for path: String) throws(SystemError) -> PreparedWrite {
        let target = resolvingSymlinks(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists {
            try checkWritable(path, target: target, info: info)
        } else if errno != ENOENT {
            throw SystemError(path: path)
        }
        let folder = directoryName(target)
        var template = Array("\(folder)/\(temporaryPrefix(of: baseName(target)))XXXXXX".utf8CString)
        // Made and armed for removal on an interruption with the signals held back, so none falls in between.
        let (fd, temporary) = InterruptCleanup.withSignalsHeld { () -> (Int32, String) in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if fd >= 0 { InterruptCleanup.arm(temporary) }
            return (fd, temporary)
        }
        guard fd >= 0 else {
            throw SystemError(path: path, doing: "cannot create a temporary file in '\(shown(folder))'").appending("; nothing was written")
        }
        let prepared = PreparedWrite(path: path, target: target, temporary: temporary)
        var failure: SystemError?
        if let code = writeAll(fd, bytes) {
            failure = SystemError(path: path, code: code, doing: "cannot write a temporary file in '\(shown(folder))'")
        }
        if failure == nil {
            // The owner can be kept only by root (or when it is already the writer); the mode always can.
            if exists { _ = fchown(fd, info.st_uid, info.st_gid) }
            let mode = exists ? info.st_mode & 0o7777 : 0o666 & ~currentUmask()
            if fchmod(fd, mode) != 0 || fsync(fd) != 0 {
                failure = SystemError(path: path, doing: "cannot write a temporary file in '\(shown(folder))'")
            }
        }
        close(fd)
        if let failure {
            prepared.discard()
            throw failure.appending("; nothing was written")
        }
        WriteStep.reached("written beside \(path)")
        return prepared
    }

    /// Makes what was renamed or removed in the folder at `path` last through a power cut (`fsync(2)` of the
    /// folder); a file system that cannot sync a folder is taken at its word.
    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The start of the names of the temporary files written for a file named `name`: `.NAME.todofmt-`.
    static func temporaryPrefix(of name: String) -> String { ".\(name).todofmt-" }

    /// Removes the temporary files a write of `path` (its target, through symlinks) left when it was killed
    /// (`.NAME.todofmt-XXXXXX` beside it). Only under the file's lock: every writer of the file holds it, so
    /// no such file is being written.
    static func removeStaleTemporaryFiles(of path: String) {
        let target = resolvingSymlinks(path)
        let folder = directoryName(target), prefix = temporaryPrefix(of: baseName(target))
        guard let names = try? names(in: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
            var info = stat()
            let file = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
            if lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(file) }
        }
    }

    /// The names in the folder at `path` (not `.` and `..`), in the order the system lists them.
    static func names(in path: String) throws(SystemError) -> [String] {
        try entries(in: path).map(\.name)
    }

    /// What `readdir(3)` says an entry of a folder is (`d_type`); `unknown` on file systems that do not say.
    package enum EntryType {
        package static let unknown = UInt8(DT_UNKNOWN)
        package static let folder = UInt8(DT_DIR)
        package static let regularFile = UInt8(DT_REG)
        package static let symbolicLink = UInt8(DT_LNK)
    }

    /// The entries of the folder at `path` (not `.` and `..`) with their types, in the order the system lists them.
    package static func entries(in path: String) throws(SystemError) -> [(name: String, type: UInt8)] {
        guard let directory = opendir(path) else { throw SystemError(path: path) }
        defer { closedir(directory) }
        var entries: [(name: String, type: UInt8)] = []
        while let record = readdir(directory) {
            let entry = DirectoryEntry(record)
            if entry.name != ".", entry.name != ".." { entries.append((entry.name, entry.type)) }
        }
        return entries
    }

    /// Which file a path names: its device and inode, the same through every link (symbolic or hard) that
    /// reaches it.
    package struct FileID: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }

        package init(_ info: stat) {
            // Their bits, not their values: `dev_t` is signed on Darwin, and a negative device number (as some
            // network file systems report) would trap a conversion of its value.
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    /// Which file a path names and how it stands: enough to tell that nothing wrote it since (`stat(2)`).
    package struct Identity: Hashable, Sendable {
        var file: FileID
        var size: Int
        var modified: Int

        var device: UInt64 { file.device }
        var inode: UInt64 { file.inode }

        init(_ info: stat) {
            file = FileID(info)
            size = Int(info.st_size)
            modified = info.modificationNanoseconds
        }
    }

    /// Which file `path` names (through symlinks); nil when there is none.
    static func fileID(_ path: String) -> FileID? {
        var info = stat()
        return stat(path, &info) == 0 ? FileID(info) : nil
    }

    /// The identity of the file at `path` (through symlinks); nil when there is none.
    package static func identity(_ path: String) -> Identity? {
        var info = stat()
        return stat(path, &info) == 0 ? Identity(info) : nil
    }

    /// The identity of the regular file at `path` (through symlinks) and its last `count` bytes, read without
    /// the rest; nil when there is no file.
    static func end(of path: String, count: Int) throws(SystemError) -> (identity: Identity, tail: [UInt8])? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw SystemError(path: path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemError(path: path) }
        if let problem = notRegularFile(path, info) { throw problem.appending("; nothing was written") }
        let size = Int(info.st_size), wanted = min(count, size)
        var tail = [UInt8](repeating: 0, count: wanted)
        var got = 0
        while got < wanted {
            let n = tail.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, wanted - got, off_t(size - wanted + got)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw SystemError(path: path) }
            got += n
        }
        return (Identity(info), tail)
    }

    /// Adds `text` at the end of the file at `path` (through symlinks), only while it is the file `expected`
    /// says (nothing wrote it since); in one write, cut back to its old length should the write fail, and
    /// synced. Its identity after.
    static func append(_ text: String, to path: String, expected: Identity,
                       ifChanged changed: SystemError) throws(SystemError) -> Identity {
        let target = resolvingSymlinks(path)
        let fd = open(target, O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemError(path: path).appending("; nothing was written") }
        defer { close(fd) }
        var info = stat(), named = stat()
        guard fstat(fd, &info) == 0, stat(target, &named) == 0 else { throw SystemError(path: path) }
        try checkWritable(path, target: target, info: info)
        guard Identity(info) == expected, FileID(named) == expected.file else { throw changed }
        var bytes = text
        if let code = bytes.withUTF8({ writeAll(fd, UnsafeRawBufferPointer($0)) }) {
            _ = ftruncate(fd, off_t(expected.size))
            throw SystemError(path: path, code: code, doing: "cannot write the file").appending("; nothing was written")
        }
        guard fsync(fd) == 0, fstat(fd, &info) == 0 else { throw SystemError(path: path, doing: "cannot write the file") }
        return Identity(info)
    }

    /// The process's file mode creation mask (read by setting it and setting it back).
    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Writes every byte, retrying after interruptions; the `errno` of a failure, or nil.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = SystemCall.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }
}

extension SystemError {
    package func appending(_ suffix: String) -> SystemError {
        var longer = self
        longer.message += suffix
        longer.diagnostic?.message += suffix
        return longer
    }

    /// The error with the file at `path` called `name`, as messages call it.
    package func naming(_ path: String, as name: String) -> SystemError {
        guard self.path == path, name != path else { return self }
        var named = self
        named.path = name
        return named
    }
}

/// `folder/name`, without doubling a slash; just `name` in the working folder (`.`).
package func join(_ folder: String, _ name: String) -> String {
    if folder == "." { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// A small file's text, or nil when it cannot be read (settings and ignore files: a missing one is none).
package func readText(_ path: String) -> String? {
    guard let bytes = try? FileSystem.read(path, regularFileOnly: true) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}
