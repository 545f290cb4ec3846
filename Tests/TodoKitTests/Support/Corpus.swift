import Foundation
import XCTest

/// The shared corpus of real todo files and peers' test cases, read in place from `../shared/corpus`.
enum Corpus {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `$TODOFMT_CORPUS` when set; else `../shared/corpus` beside the package, or from a nested checkout
    /// (a git worktree) the nearest ancestor's.
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["TODOFMT_CORPUS"] { return URL(fileURLWithPath: path) }
        var folder = packageRoot.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/corpus")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    /// Every data file of a corpus folder (`markdown`, `todotxt`, `xit`), sorted by name.
    static func files(in folder: String) throws -> [URL] {
        let directory = root.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw missing("corpus folder \(directory.path)")
        }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.hasDirectoryPath }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The rows of a JSON-lines case file in `cases/`.
    static func cases(_ name: String) throws -> [[String: Any]] {
        let url = root.appendingPathComponent("cases/\(name)")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw missing("corpus case file \(url.path)")
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    /// A missing corpus skips the test on a developer's machine, and fails it in CI, where it must be there.
    static func missing(_ what: String) -> Error {
        struct Missing: Error, CustomStringConvertible { var description: String }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            return Missing(description: "\(what) is missing: CI runs beside ../shared/corpus")
        }
        return XCTSkip("\(what) is missing")
    }
}
