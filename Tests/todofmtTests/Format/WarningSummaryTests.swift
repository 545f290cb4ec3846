import Foundation
import XCTest

/// A warning that repeats on many lines is printed once, with a count of the other lines, so that a file
/// written with another tool's conventions does not bury the output under hundreds of identical lines.
final class WarningSummaryTests: XCTestCase {
    func testARepeatedWarningIsPrintedOnceFollowedByACountOfTheOtherLines() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
            - [√] one
            - [√] two
            - [ ] due:2026-02-30 three
            - [√] four
            - [√] five
            - [?] six

            """, to: "TODO.md")
        let result = try Todofmt.run(["--check", "TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.errorLines, [
            "TODO.md:1:4: warning: unknown checkbox '[√]' is read as open",
            "TODO.md:3:11: warning: due:2026-02-30 is not a real date",
            "TODO.md:6:4: warning: unknown checkbox '[?]' is read as open",
            "TODO.md: note: 3 more lines have the warning \"unknown checkbox '[√]' is read as open\" (-q hides warnings)",
        ])
    }

    func testDifferentWarningsAreAllPrinted() throws {
        let folder = try TemporaryFolder()
        try folder.write("x 2026-01-01 a due:2026-02-30\nb due:2026-02-31\n", to: "todo.txt")
        let result = try Todofmt.run(["--check", "todo.txt"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.errorLines, [
            "todo.txt:1:20: warning: due:2026-02-30 is not a real date",
            "todo.txt:2:7: warning: due:2026-02-31 is not a real date",
        ])
    }

    func testQuietPrintsNoWarningsAndNoSummary() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [√] one\n- [√] two\n", to: "TODO.md")
        let result = try Todofmt.run(["-q", "--check", "TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }
}
