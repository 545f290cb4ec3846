import Foundation
import XCTest

/// A folder of notes in a scratch folder of its own, with a home and a state folder beside it, and the built
/// `todofmt` run in it as a user would.
final class NoteFolder {
    let scratch: TemporaryFolder
    /// The folder of notes.
    let root: URL
    var home: URL { scratch.url.appendingPathComponent("home") }
    var state: URL { scratch.url.appendingPathComponent("state") }

    typealias Output = ChildProcess.Result

    init(_ name: String = "notes") throws {
        try Todofmt.requireBuilt()
        scratch = try TemporaryFolder()
        root = scratch.url.appendingPathComponent(name).resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// Writes `text` to `path` (relative to the folder; folders are made as needed).
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent(path)) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) }

    /// Makes the folder an Obsidian vault: `.obsidian/` with the given settings files (name to JSON text).
    func makeVault(_ settings: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
        for (name, json) in settings { try write(".obsidian/" + name, json) }
    }

    /// Runs `todofmt arguments…` in `directory` (relative to the folder of notes; `..` for the scratch folder).
    @discardableResult
    func run(_ arguments: [String], in directory: String = "", environment: [String: String] = [:]) throws -> Output {
        try start(arguments, in: directory, environment: environment).wait()
    }

    /// Starts `todofmt arguments…` as `run` does, without waiting for it.
    func start(_ arguments: [String], in directory: String = "", environment: [String: String] = [:],
               stderr: ChildProcess.Output = .captured) throws -> ChildProcess {
        try Todofmt.start(arguments,
                          environment: ["HOME": home.path, "XDG_STATE_HOME": state.path,
                                        "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path].merging(environment) { $1 },
                          in: directory.isEmpty ? root : root.appendingPathComponent(directory).standardizedFileURL, stderr: stderr)
    }

    /// Runs git in the folder, with no configuration of the machine's.
    func git(_ arguments: [String]) throws {
        let result = try ChildProcess.run("git", arguments, in: root,
                                          environment: ["PATH": "/usr/bin:/bin:/usr/local/bin", "HOME": home.path, "GIT_CONFIG_NOSYSTEM": "1"],
                                          stdout: .discarded)
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)")
    }
}
