import Foundation
import XCTest

/// The shared corpus of real todo files and peers' test cases, read in place from `../shared/corpus`.
enum Corpus {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/corpus` beside the package; from a nested checkout (a git worktree), the nearest ancestor's.
    static let root: URL = {
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
            throw XCTSkip("corpus folder \(directory.path) is missing")
        }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.hasDirectoryPath }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The rows of a JSON-lines case file in `cases/`.
    static func cases(_ name: String) throws -> [[String: Any]] {
        let url = root.appendingPathComponent("cases/\(name)")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("corpus case file \(url.path) is missing")
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }
}
