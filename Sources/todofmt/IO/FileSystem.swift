#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing files with the C library: fast to start, and atomic where it matters.
enum FileSystem {
    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(path: path) }
        defer { close(fd) }
        return try readAll(fd, path: path)
    }

    static func readStandardInput() throws -> [UInt8] {
        try readAll(0, path: "<stdin>")
    }

    private static func readAll(_ fd: Int32, path: String) throws -> [UInt8] {
        var info = stat()
        var capacity = 1 << 16
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw SystemError(path: path, code: EISDIR) }
            capacity = max(capacity, Int(info.st_size) + 1)
        }
        var bytes = [UInt8](repeating: 0, count: capacity)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let n = bytes.withUnsafeMutableBytes { raw in
                Glibc.read(fd, raw.baseAddress! + count, raw.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError(path: path)
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The file a path finally names, symlinks followed; the path itself when it cannot be resolved.
    static func resolvingSymlinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Replaces the file at `path` (through a symlink, to its target) with `bytes`, all or nothing: the bytes
    /// go to a temporary file in the same folder, which takes the old file's mode and is renamed over it.
    /// A file the user may not write is refused, as an editor would, though the rename could replace it.
    /// `beforeRename` runs when the new bytes are safely on disk, just before they replace the file; if it
    /// throws, nothing is replaced.
    static func writeAtomically(_ bytes: [UInt8], to path: String, beforeRename: () throws -> Void = {}) throws {
        let target = resolvingSymlinks(path)
        var info = stat()
        let existed = stat(target, &info) == 0
        if existed, access(target, W_OK) != 0 { throw SystemError(path: path) }
        let mode: mode_t = existed ? info.st_mode & 0o7777 : 0o644
        var template = Array("\(directoryName(target))/.\(baseName(target)).todofmt-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SystemError(path: path) }
        let temporary = String(cString: template)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    let code = errno
                    close(fd)
                    throw SystemError(path: path, code: code)
                }
                offset += n
            }
        }
        if existed { _ = fchown(fd, info.st_uid, info.st_gid) }
        guard fchmod(fd, mode) == 0, fsync(fd) == 0 else {
            let code = errno
            close(fd)
            throw SystemError(path: path, code: code)
        }
        close(fd)
        try beforeRename()
        guard rename(temporary, target) == 0 else { throw SystemError(path: path) }
        succeeded = true
    }
}
