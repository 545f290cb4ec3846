import Foundation
import XCTest

/// Runs the built `todofmt` for the listing commands' end-to-end tests, in a scratch folder of its own.
struct ListTasksCommandRunner {
    typealias Result = ChildProcess.Result

    static let binary = Todofmt.executable

    /// A fresh folder, removed by `cleanUp()`.
    let folder: URL

    init() throws {
        try Todofmt.requireBuilt()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-ls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// Writes `text` to `name` (a path relative to the folder; folders are created) and returns its URL.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Runs `todofmt ARGUMENTS` in `directory` (relative to the folder), with `NO_COLOR` and `TODOFMT_FILE`
    /// removed from the environment and then `environment` added.
    func run(_ arguments: [String], in directory: String = "", environment: [String: String] = [:]) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env.removeValue(forKey: "TODOFMT_FILE")
        env.merge(environment) { $1 }
        return try ChildProcess.run(Self.binary.path, arguments,
                                    in: directory.isEmpty ? folder : folder.appendingPathComponent(directory), environment: env)
    }

    /// Runs `todofmt ARGUMENTS` on a pseudo-terminal (through `script`), so that standard output is a
    /// terminal; nil when `script` is not installed.
    func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> Result? {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { return nil }
        let command = ([Self.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env.removeValue(forKey: "TODOFMT_FILE")
        env["TERM"] = "xterm"
        env.merge(environment) { $1 }
        return try ChildProcess.run(script.path, ["-q", "-e", "-c", command, "/dev/null"], in: folder, environment: env)
    }
}
