import Foundation
import XCTest

/// One pass gives the fixed point: formatting the formatter's output again, sorted or not, changes nothing.
final class FixedPointTests: XCTestCase {
    /// `todofmt FLAGS --stdout` on `text`, then on its output: both outputs.
    private func formatTwice(_ text: String, _ flags: [String], name: String = "TODO.md") throws -> (once: String, twice: String) {
        let folder = try TemporaryFolder()
        let path = try folder.write(text, to: name)
        let once = try Todofmt.run(flags + ["--stdout", path])
        XCTAssertEqual(once.status, 0, once.stderr)
        try folder.write(once.stdout, to: name)
        let twice = try Todofmt.run(flags + ["--stdout", path])
        XCTAssertEqual(twice.status, 0, twice.stderr)
        return (once.stdout, twice.stdout)
    }

    func testSortingATaskPastAnUnclosedCommentGivesTheHeadingItsBlankLineInOnePass() throws {
        let (once, twice) = try formatTwice("+ [-]\n- [ ]\n  <!--\n#", ["--sort"])
        XCTAssertEqual(once, "- [ ]\n  <!--\n- [-]\n\n#\n")
        XCTAssertEqual(twice, once)
    }

    func testSortingATaskPastAnUnclosedFenceGivesTheHeadingItsBlankLineInOnePass() throws {
        let (once, twice) = try formatTwice("- [x]\n- [ ] n\n  ```\n#", ["--sort"])
        // No blank line after the open fence: it would be a line of the item's code.
        XCTAssertEqual(once, "- [ ] n\n  ```\n- [x]\n\n#\n")
        XCTAssertEqual(twice, once)
    }

    func testSortingAnIndentedItemFirstPutsItInColumnZeroInOnePass() throws {
        let (once, twice) = try formatTwice("*\t[X]\n  * [>]\n  ```", ["--sort"])
        XCTAssertEqual(once, "- [>]\n-\t[x]\n  ```\n")
        XCTAssertEqual(twice, once)
    }

    func testABlankLineAddedAfterALoneCarriageReturnEndsInOneAndDoesNotJoinIt() throws {
        let (once, twice) = try formatTwice("# A\rb\n", [])
        XCTAssertEqual(once, "# A\r\rb\n")
        XCTAssertEqual(twice, once)
    }

    func testAnEmptyDoneTodoTxtTaskKeepsTheSpaceOfItsMark() throws {
        let (once, twice) = try formatTwice("a\nx \nx  \t\n", [], name: "t.txt")
        XCTAssertEqual(once, "a\nx \nx \n")
        XCTAssertEqual(twice, once)
    }
}
