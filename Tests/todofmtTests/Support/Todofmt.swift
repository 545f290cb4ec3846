import Foundation
import XCTest

/// Runs the built `todofmt` binary (`<package root>/.build/debug/todofmt`) as a user would.
enum Todofmt {
    /// What one run printed and how it ended.
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32

        /// The lines written to standard error, without their newlines.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The name SwiftPM gives the package's `package` access level (`-package-name`): its folder's name,
    /// lowercased, each character that cannot be in an identifier an underscore.
    static let packageName: String = {
        let name = packageRoot.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? String($0) : "_" }.joined()
        return name.first?.isNumber == true ? "_" + name : name
    }()
    /// The debug build, or the binary `TODOFMT_EXECUTABLE` names (`Scripts/sanitize` runs tests against a build
    /// with AddressSanitizer that way).
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["TODOFMT_EXECUTABLE"], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: packageRoot).standardizedFileURL
        }
        return packageRoot.appendingPathComponent(".build/debug/todofmt")
    }()

    /// The small fixed environment every run of todofmt starts from, so the user's settings cannot change the
    /// outcome; a sanitizer's options pass through, so its reports land where `Scripts/sanitize` looks.
    static var environment: [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        if let options = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options }
        return environment
    }

    /// Runs `todofmt arguments…` (or `program arguments…`) in `directory`, with `stdin` as standard input and
    /// `environment` added to a small fixed environment (so the user's settings cannot change the outcome).
    static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:],
                    in directory: URL? = nil, program: URL = executable) throws -> Result {
        try requireBuilt()
        // Standard streams go through files, not pipes, so a large output cannot block the child.
        let scratch = try TemporaryFolder()
        let input = scratch.url.appendingPathComponent("stdin")
        let output = scratch.url.appendingPathComponent("stdout")
        let errors = scratch.url.appendingPathComponent("stderr")
        try stdin.write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = Todofmt.environment.merging(environment) { $1 }
        process.currentDirectoryURL = directory ?? scratch.url
        let inputHandle = try FileHandle(forReadingFrom: input)
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? inputHandle.close(); try? outputHandle.close(); try? errorHandle.close() }
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        return Result(stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self),
                      status: process.terminationStatus)
    }

    static func run(_ arguments: [String], stdin: String, environment: [String: String] = [:],
                    in directory: URL? = nil) throws -> Result {
        try run(arguments, stdin: Data(stdin.utf8), environment: environment, in: directory)
    }

    /// Fails with a clear message when the binary has not been built.
    static func requireBuilt() throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw NotBuilt(path: executable.path)
        }
    }

    struct NotBuilt: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "todofmt is not built at \(path): run 'swift build' before 'swift test' (Scripts/test does both)"
        }
    }
}
