import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A generated folder of many notes, each with one open task `Task N` due on 2026-01-05: most in one folder
/// (so readdir's buffer fills to its end) and the rest in nested folders, with names from one character to the
/// 255 bytes a name may have.
enum GeneratedNotes {
    /// Makes `count` notes in `root`; their paths relative to it. The files are written with `open(2)` and
    /// `write(2)`: Foundation's writes take about a hundred times as long, which thousands of notes feel.
    @discardableResult
    static func make(_ count: Int, in root: URL) throws -> [String] {
        var paths: [String] = [], folders: Set<String> = []
        for n in 0..<count {
            let folder = n % 5 == 4 ? "Nested/\(String(repeating: "deeper-", count: n % 9))level\(n % 3)/" : ""
            let stem = n % 2 == 0 ? "\(n)" : String(repeating: "a-long-note-name-", count: 1 + n % 14) + "\(n)"
            let path = folder + String(stem.prefix(252)) + ".md"
            if !folder.isEmpty, folders.insert(folder).inserted {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            let fd = open(root.appendingPathComponent(path).path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            let text = Array("# Note \(n)\n\n- [ ] Task \(n) due:2026-01-05\n".utf8)
            let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == text.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            paths.append(path)
        }
        return paths
    }
}
