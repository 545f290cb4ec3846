import Foundation
import XCTest

/// Every `todofmt` line of the shell examples for the daily and planning commands in docs/usage.md runs as
/// written (pasted into a shell, quotes and all) on a sample file, and succeeds.
final class UsageExampleTests: XCTestCase {
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

    /// The `todofmt …` lines of docs/usage.md's `sh` blocks between `from` and `to`.
    static func exampleLines(from: String, to: String) throws -> [String] {
        let page = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        guard let start = page.range(of: from), let end = page.range(of: to, range: start.upperBound..<page.endIndex) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var lines: [String] = []
        var inShell = false
        for line in page[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
            } else if inShell, line.hasPrefix("todofmt ") {
                lines.append(String(line))
            }
        }
        return lines
    }

    func testTheDailyAndPlanningExamplesRunAsWritten() throws {
        let lines = try Self.exampleLines(from: "## Daily commands", to: "## Planning")
            + Self.exampleLines(from: "## Planning", to: "### A cap on a list")
        XCTAssertGreaterThan(lines.count, 40)
        for line in lines {
            let folder = try TemporaryFolder()
            try folder.write(Self.sample, to: "TODO.md")
            let result = try Todofmt.runPasted(line, in: folder.url, environment: [
                "HOME": folder.url.path, "XDG_STATE_HOME": folder.path("state"), "EDITOR": "true"])
            XCTAssertEqual(result.status, 0, "\(line)\n\(result.stderr)")
            XCTAssertFalse(result.stderr.contains("error"), "\(line)\n\(result.stderr)")
        }
    }
}
