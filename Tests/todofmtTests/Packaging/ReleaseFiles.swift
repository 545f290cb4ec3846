import Foundation
@testable import todofmt
import XCTest

/// The files `Scripts/package` wrote into `dist/` for this machine (Scripts/test runs it before the tests), and a
/// scenario to try them in as a user without Swift would: a fresh folder and home, with no `swift` and no build
/// folder of this package on PATH.
enum ReleaseFiles {
    static let dist = Todofmt.packageRoot.appendingPathComponent("dist")
    static let architecture: String = {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }()

    static var archiveName: String { "todofmt-\(Version.current)-\(architecture)-linux" }
    static var archive: URL { dist.appendingPathComponent(archiveName + ".tar.gz") }
    static var debianPackage: URL {
        dist.appendingPathComponent("todofmt_\(Version.current)_\(architecture == "aarch64" ? "arm64" : "amd64").deb")
    }
    static var wheelPlatform: String {
        "manylinux_2_17_\(architecture).manylinux2014_\(architecture).musllinux_1_1_\(architecture)"
    }
    static var wheel: URL { dist.appendingPathComponent("todofmt-\(Version.current)-py3-none-\(wheelPlatform).whl") }

    /// `file` once Scripts/package has written it: a failure in CI, a skip elsewhere (`swift test` alone).
    static func require(_ file: URL) throws -> URL {
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw RequiredTool.missing("dist/\(file.lastPathComponent)", installHint: "Scripts/package writes it; Scripts/test runs it")
        }
        return file
    }

    /// This process's PATH without the folders that hold `swift` and without this package's build folders.
    static var pathWithoutSwift: String {
        let build = Todofmt.packageRoot.appendingPathComponent(".build").path
        return (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
            .filter { !FileManager.default.isExecutableFile(atPath: $0 + "/swift") && !$0.hasPrefix(build) }
            .joined(separator: ":")
    }

    /// A git repository in a fresh folder whose commands run with `pathWithoutSwift`, a home of its own, plain man
    /// output and no todofmt settings: where `swift` and the todofmt built here cannot be found.
    static func scenario() throws -> GitScenario {
        let scenario = try GitScenario()
        scenario.environment["PATH"] = pathWithoutSwift
        scenario.environment["MANPAGER"] = "cat"
        scenario.environment["MANWIDTH"] = "80"
        for key in ["MANPATH", "XDG_DATA_DIRS", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "TODOFMT_FILE",
                    "BASH_COMPLETION_USER_DIR", "PYTHONPATH", "VIRTUAL_ENV"] {
            scenario.environment[key] = nil
        }
        XCTAssertNil(scenario.which("swift"), "swift is still on PATH: \(pathWithoutSwift)")
        return scenario
    }

    /// The program a package holds, read from the archive: the one every other package must hold too.
    static func archivedProgram(in scenario: GitScenario) throws -> Data {
        let folder = scenario.root.appendingPathComponent("archived-program")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unpacked = try scenario.run("tar", ["-xzf", try require(archive).path, "-C", folder.path, "\(archiveName)/bin/todofmt"])
        XCTAssertEqual(unpacked.status, 0, unpacked.stderr)
        return try Data(contentsOf: folder.appendingPathComponent("\(archiveName)/bin/todofmt"))
    }
}

extension GitScenario {
    /// Where `program` is found on the scenario's own PATH.
    func which(_ program: String) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Every path under `folder` with its kind and mode, and every file's SHA-256, sorted.
    func snapshot(of folder: URL) throws -> [String] {
        let listing = try run("/bin/sh", ["-c", "find . -mindepth 1 -printf '%y %m %p\\n' && find . -type f -exec sha256sum {} +"],
                              in: folder)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        return listing.stdout.split(separator: "\n").map(String.init).sorted()
    }
}
