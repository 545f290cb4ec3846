import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // A test may have left a read-only file behind; removing it only needs the folder to be writable.
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` in this folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` as UTF-8 to `name`, with the given permission bits, and returns its path.
    @discardableResult
    func write(_ text: String, to name: String, mode: Int = 0o644) throws -> String {
        try write(bytes: Array(text.utf8), to: name, mode: mode)
    }

    /// Writes raw bytes to `name`, with the given permission bits, and returns its path.
    @discardableResult
    func write(bytes: [UInt8], to name: String, mode: Int = 0o644) throws -> String {
        let path = self.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    /// The bytes of `name` as they are now.
    func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }

    /// The text of `name` as it is now.
    func text(_ name: String) throws -> String { String(decoding: try bytes(name), as: UTF8.self) }
}

/// What `lstat(2)` says about a file: enough to tell whether it was replaced, touched or re-permissioned.
struct FileStatus: Equatable {
    var inode: UInt64
    var mode: UInt32
    var modificationSeconds: Int
    var modificationNanoseconds: Int
    var isSymbolicLink: Bool

    init(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        inode = UInt64(info.st_ino)
        mode = UInt32(info.st_mode) & 0o7777
        modificationSeconds = Int(info.st_mtim.tv_sec)
        modificationNanoseconds = Int(info.st_mtim.tv_nsec)
        isSymbolicLink = (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Sets the file's modification time to a fixed moment in the past, so a rewrite cannot go unnoticed.
    static func backdate(_ path: String) throws {
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
