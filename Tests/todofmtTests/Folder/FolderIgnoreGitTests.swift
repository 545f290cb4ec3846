import Foundation
import TodoKit
@testable import todofmt
import XCTest

/// A folder's walk skips what git ignores, as git itself decides it: on generated trees of folders, notes and
/// ignore files (`.gitignore` at every level, `.git/info/exclude`, the user's excludes file), the notes the
/// walk finds are exactly the untracked files `git ls-files --others --exclude-standard` lists that a folder's
/// walk reads (Markdown notes and todo.txt files, none hidden).
final class FolderIgnoreGitTests: XCTestCase {
    static let names = ["a", "b", "notes", "deep", "x.md", "y.md", "a.md", "todo.txt", "b.txt", "c d.md", "[x].md",
                        "n1.md", "#h.md", "z.MD", "é.md"]
    static let patterns = ["*.md", "!a.md", "notes/", "/x.md", "**/deep", "a/**", "a/**/y.md", "*", "!*/", "[ab].md",
                           "?.md", "\\#h.md", "b*", "**/*.md", "!notes/**", "deep/", "a/b/", "x.md/", "# comment", "",
                           "y.md   ", "!y.md", "notes/*.md", "/a", "a/b", "*/x.md", "[!n]*.md", "[[:alpha:]].md", "\\!x",
                           "todo.txt", "!/todo.txt", "deep/**/n1.md", "**", "!**/n1.md", "n?.md", "*.[mM][dD]", "é.md"]

    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
    }

    /// Fills `folder` with a random tree `depth` levels deep: notes, folders and `.gitignore` files.
    func fill(_ folder: URL, depth: Int, _ random: inout Generator) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for _ in 0..<(2 + random.next(4)) {
            let name = random.pick(Self.names)
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { continue }
            if depth > 0, !name.contains("."), random.next(3) > 0 {
                try fill(url, depth: depth - 1, &random)
            } else {
                try Data("- [ ] task\n".utf8).write(to: url)
            }
        }
        if random.next(2) == 0 { try ignoreFile(&random).write(to: folder.appendingPathComponent(".gitignore")) }
    }

    func ignoreFile(_ random: inout Generator) -> Data {
        Data((0..<(1 + random.next(4))).map { _ in random.pick(Self.patterns) + "\n" }.joined().utf8)
    }

    func git(_ arguments: [String], in folder: URL, home: URL) throws -> String {
        let result = try ChildProcess.run("git", arguments, in: folder, environment: [
            "PATH": "/usr/bin:/bin:/usr/local/bin", "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "GIT_CONFIG_NOSYSTEM": "1"])
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)")
        return result.stdout
    }

    func testTheWalkSkipsWhatGitIgnoresOnGeneratedTrees() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/git") else {
            throw RequiredTool.missing("git")
        }
        let scratch = try TemporaryFolder()
        let home = scratch.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/git"), withIntermediateDirectories: true)
        // The walk runs in this process: it reads the user's excludes file from this home too.
        let saved: [(String, String?)] = ["HOME", "XDG_CONFIG_HOME"].map { name in
            (name, ProcessInfo.processInfo.environment[name])
        }
        setenv("HOME", home.path, 1)
        setenv("XDG_CONFIG_HOME", home.appendingPathComponent("config").path, 1)
        defer { for (name, value) in saved { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }

        // One repository, its work tree made afresh for each tree: `git init` once.
        let tree = scratch.url.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        _ = try git(["init", "-q"], in: tree, home: home)
        var compared = 0
        for seed in 0..<60 {
            var random = Generator(state: UInt64(seed) &* 2_654_435_761 &+ 17)
            for name in try FileManager.default.contentsOfDirectory(atPath: tree.path) where name != ".git" {
                try FileManager.default.removeItem(at: tree.appendingPathComponent(name))
            }
            try fill(tree, depth: 3, &random)
            let exclude = tree.appendingPathComponent(".git/info/exclude")
            if random.next(3) == 0 { try ignoreFile(&random).write(to: exclude) } else { try Data().write(to: exclude) }
            let global = home.appendingPathComponent("config/git/ignore")
            if random.next(4) == 0 { try ignoreFile(&random).write(to: global) } else { try? FileManager.default.removeItem(at: global) }

            let listed = try git(["ls-files", "--others", "--exclude-standard", "-z"], in: tree, home: home)
            let expected = listed.split(separator: "\0").map(String.init).filter { path in
                let parts = path.split(separator: "/")
                return !parts.contains { $0.hasPrefix(".") } && FolderWalk.format(of: String(parts.last!)) != nil
            }.sorted()
            let walk = FolderWalk.walk(tree.path, excluded: ExcludedFiles([]))
            XCTAssertEqual(walk.problems, [])
            XCTAssertEqual(walk.entries.map(\.path).sorted(), expected, "tree \(seed): \(describe(tree))")
            compared += expected.count
        }
        XCTAssertGreaterThan(compared, 100, "the trees should leave notes to compare")
    }

    /// The tree's files and ignore files, for a failure's message.
    func describe(_ tree: URL) -> String {
        let enumerator = FileManager.default.enumerator(atPath: tree.path)!
        var lines: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasPrefix(".git/") { continue }
            if path.hasSuffix(".gitignore") || path == ".git/info/exclude" {
                let text = (try? String(contentsOfFile: tree.appendingPathComponent(path).path, encoding: .utf8)) ?? ""
                lines.append("\(path): \(text.debugDescription)")
            } else {
                lines.append(path)
            }
        }
        return lines.sorted().joined(separator: "\n")
    }
}
