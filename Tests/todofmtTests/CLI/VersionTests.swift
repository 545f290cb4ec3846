import Foundation
@testable import todofmt
import XCTest

/// `todofmt --version` says the version, and for a build made in a git checkout the commit and its day, which the
/// CommitStamp plugin's script (`Plugins/CommitStamp/commit-stamp.sh`, run here on its own) writes at build time.
final class VersionTests: XCTestCase {
    static let script = Todofmt.packageRoot.appendingPathComponent("Plugins/CommitStamp/commit-stamp.sh")

    func testVersionPrintsTheVersionAndTheCommitOfThisCheckoutWithItsDayAndExitsZero() throws {
        let result = try Todofmt.run(["--version"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let scenario = try GitScenario()
        scenario.environment["TZ"] = "UTC0"
        let commit = try scenario.run("git", ["log", "-1", "--date=format-local:%Y-%m-%d", "--format=%H %cd"], in: Todofmt.packageRoot)
        guard commit.status == 0 else {
            XCTAssertEqual(result.stdout, "todofmt \(Version.current)\n", "outside a git checkout the version alone")
            return
        }
        let fields = commit.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        XCTAssertEqual(result.stdout, "todofmt \(Version.current) (\(fields[0].prefix(7)), \(fields[1]))\n")
        XCTAssertEqual(result.stdout, Version.line + "\n")
    }

    func testTheStampIsTheCheckoutsCommitWithTheDayOfItsCommitterDateInUTC() throws {
        let scenario = try GitScenario()
        try scenario.write("TODO.md", "- [ ] Something\n")
        try scenario.git("add", "TODO.md")
        scenario.environment["GIT_COMMITTER_DATE"] = "2026-11-28T22:30:00-05:00"
        scenario.environment["GIT_AUTHOR_DATE"] = "2026-11-20T10:00:00+00:00"
        try scenario.git("commit", "-q", "-m", "late in New York")
        let hash = try scenario.git("rev-parse", "HEAD").stdout.prefix(7)
        XCTAssertEqual(try stamp(of: scenario.root, in: scenario), "BuildCommit(hash: \"\(hash)\", date: \"2026-11-29\")")
    }

    func testOutsideAGitCheckoutTheStampIsNil() throws {
        let scenario = try GitScenario()
        let unpacked = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        XCTAssertEqual(try stamp(of: unpacked, in: scenario), "nil")
    }

    func testASourceArchiveUnpackedInsideAnotherRepositoryHasNoStampEither() throws {
        let scenario = try GitScenario()
        try scenario.commit("notes.md", "notes\n", message: "someone else's repository")
        let unpacked = scenario.root.appendingPathComponent("vendor/todofmt-0.1.0")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        XCTAssertEqual(try stamp(of: unpacked, in: scenario), "nil")
    }

    func testTheStampFileIsLeftAloneWhenWhatItSaysIsUnchanged() throws {
        let scenario = try GitScenario()
        try scenario.commit("TODO.md", "- [ ] Something\n", message: "one")
        let output = scenario.root.appendingPathComponent("out/BuildCommit+Current.swift")
        _ = try stamp(of: scenario.root, in: scenario, output: output)
        try FileStatus.backdate(output.path)
        let before = try FileStatus(output.path)
        _ = try stamp(of: scenario.root, in: scenario, output: output)
        XCTAssertEqual(try FileStatus(output.path), before, "an unchanged stamp is not rewritten, so nothing is rebuilt")
        try scenario.commit("TODO.md", "- [ ] Something else\n", message: "two")
        _ = try stamp(of: scenario.root, in: scenario, output: output)
        XCTAssertNotEqual(try FileStatus(output.path), before, "a new commit is a new stamp")
    }

    /// What the script sets `BuildCommit.current` to for a package in `folder`.
    private func stamp(of folder: URL, in scenario: GitScenario, output: URL? = nil) throws -> String {
        let output = output ?? scenario.root.appendingPathComponent("out-\(UUID().uuidString)/BuildCommit+Current.swift")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try scenario.run("/bin/sh", [Self.script.path, folder.path, output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: output, encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("package let stampedCommit") }, text)
        return String(line.split(separator: "=", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces))
    }
}
