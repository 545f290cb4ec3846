import Foundation
import XCTest

/// Runs the built `todofmt` binary (`<package root>/.build/debug/todofmt`) as a user would.
enum Todofmt {
    /// What one run printed and how it ended.
    typealias Result = ChildProcess.Result

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
        try start(arguments, stdin: .bytes(stdin), environment: environment, in: directory, program: program).wait()
    }

    /// Starts `todofmt arguments…` (or `program arguments…`) as `run` does, without waiting for it: a test that
    /// watches it run, signals it, or runs many at once.
    static func start(_ arguments: [String], stdin: ChildProcess.Input = .none, environment: [String: String] = [:],
                      in directory: URL? = nil, program: URL = executable, stdout: ChildProcess.Output = .captured,
                      stderr: ChildProcess.Output = .captured) throws -> ChildProcess {
        try requireBuilt()
        return try ChildProcess(program.path, arguments, in: directory,
                                environment: Todofmt.environment.merging(environment) { $1 }, stdin: stdin, stdout: stdout, stderr: stderr)
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

extension ChildProcess {
    /// Lets a run of todofmt started with `TODOFMT_FAULT=pause` (its standard input a pipe, its standard error read
    /// as it comes) take each step of its write path up to `step`, where it is left waiting, so that a test can
    /// signal it exactly there; whether it got there (false: it ended first).
    func pause(at step: String) throws -> Bool {
        try pause { current, _ in current.hasSuffix(": " + step) }
    }

    /// Lets a run of todofmt started with `TODOFMT_FAULT=pause` take each step of its write path up to the first
    /// for which `isThere` holds (given the step's line and the line of the step taken before it), where it is left
    /// waiting; whether it got there.
    func pause(where isThere: (_ step: String, _ previous: String?) -> Bool) throws -> Bool {
        var previous: String?
        while let line = try line(from: .standardError) {
            guard line.hasPrefix("todofmt: step ") else { continue }
            if isThere(line, previous) { return true }
            previous = line
            try write("\n")
        }
        return false
    }
}
