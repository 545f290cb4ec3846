import Foundation
import XCTest

/// Every `todofmt` line of the README's shell examples for the daily and planning commands runs as written
/// (pasted into a shell, quotes and all) on a sample file, and succeeds.
final class ReadmeCommandTests: XCTestCase {
    /// A file with what the examples name: line 14 is a task of Work/Q4 with a due date and a note, Today
    /// has a task due, Groceries is an empty list.
    static let sample = """
        # Home

        - [ ] (A) Pay rent +house due:2026-11-20
        - [ ] Call mom @phone

        # Today

        - [ ] Pay taxes +taxes due:2026-11-01

        # Work

        ## Q4

        - [ ] Send the report +acme due:2026-11-27
          figures from Dana

        # Someday

        # Groceries

        """

    /// The `todofmt …` lines of the README's `sh` blocks between `from` and `to`.
    static func exampleLines(from: String, to: String) throws -> [String] {
        let readme = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: from), let end = readme.range(of: to, range: start.upperBound..<readme.endIndex) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var lines: [String] = []
        var inShell = false
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
            } else if inShell, line.hasPrefix("todofmt ") {
                lines.append(String(line))
            }
        }
        return lines
    }

    func testTheDailyAndPlanningExamplesRunAsWritten() throws {
        try Todofmt.requireBuilt()
        let lines = try Self.exampleLines(from: "## Daily commands", to: "## JSON output")
            + Self.exampleLines(from: "## Planning", to: "### A cap on a list")
        XCTAssertGreaterThan(lines.count, 40)
        for line in lines {
            let folder = try TemporaryFolder()
            try folder.write(Self.sample, to: "TODO.md")
            let result = try ChildProcess.run("/bin/sh", ["-c", line], in: folder.url,
                                              environment: ["PATH": Todofmt.executable.deletingLastPathComponent().path + ":/usr/bin:/bin",
                                                            "HOME": folder.url.path, "XDG_STATE_HOME": folder.path("state"), "EDITOR": "true",
                                                            "LC_ALL": "C.UTF-8"],
                                              stdout: .discarded)
            let stderr = result.stderr
            XCTAssertEqual(result.status, 0, "\(line)\n\(stderr)")
            XCTAssertFalse(stderr.contains("error"), "\(line)\n\(stderr)")
        }
    }
}
