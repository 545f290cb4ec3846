import Foundation
import XCTest

/// A temporary git repository for end-to-end scenarios that drive the real git (and pre-commit).
final class GitScenario {
    typealias Output = ChildProcess.Result

    static let packageRoot = Todofmt.packageRoot
    static let todofmt = Todofmt.executable

    let root: URL
    /// The environment every command runs in: no user or system git configuration leaks in.
    var environment: [String: String]

    init() throws {
        try Todofmt.requireBuilt()
        guard Self.which("git") != nil else { throw RequiredTool.missing("git") }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = root.path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.com"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.com"
        environment["LC_ALL"] = "C"
        for key in environment.keys where key.hasPrefix("GIT_DIR") || key == "GIT_WORK_TREE" || key == "GIT_INDEX_FILE" {
            environment[key] = nil
        }
        self.environment = environment
        try git("init", "-q", "-b", "main")
        try git("config", "commit.gpgsign", "false")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    static func which(_ program: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a program (a path, or a name found on PATH) in the repository.
    @discardableResult
    func run(_ program: String, _ arguments: [String], in folder: URL? = nil, input: String? = nil) throws -> Output {
        try ChildProcess.run(program, arguments, in: folder ?? root, environment: environment, stdin: input.map { .text($0) } ?? .none)
    }

    /// Runs git and fails the test when it fails.
    @discardableResult
    func git(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> Output {
        let output = try run("git", arguments)
        XCTAssertEqual(output.status, 0, "git \(arguments.joined(separator: " ")): \(output.stderr)", file: file, line: line)
        return output
    }

    /// Runs git and returns its exit status and output, whatever they are.
    func gitAllowingFailure(_ arguments: String...) throws -> Output {
        try run("git", arguments)
    }

    @discardableResult
    func todofmt(_ arguments: String...) throws -> Output {
        try run(Self.todofmt.path, arguments)
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(decoding: Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    /// Writes a file and commits it on the current branch.
    func commit(_ path: String, _ text: String, message: String) throws {
        try write(path, text)
        try git("add", path)
        try git("commit", "-q", "-m", message)
    }

    /// Configures the todofmt merge driver (and diff settings) with `git-setup`, pointing at the built binary.
    func setUpDriver() throws {
        let output = try todofmt("git-setup", "--executable", Self.todofmt.path)
        XCTAssertEqual(output.status, 0, output.stderr)
    }

    /// Builds `base`, then branch `theirs` from it with `theirs` text and `main` with `ours` text, and merges
    /// `theirs` into `main`: returns git merge's output.
    func mergeScenario(path: String, base: String, ours: String, theirs: String) throws -> Output {
        try commit(path, base, message: "base")
        try git("checkout", "-q", "-b", "theirs")
        try commit(path, theirs, message: "their change")
        try git("checkout", "-q", "main")
        try commit(path, ours, message: "our change")
        return try gitAllowingFailure("merge", "--no-edit", "theirs")
    }
}
