import TodoKit
import XCTest

/// An edit of a file in canonical form leaves it in canonical form, so a check-only pre-commit hook passes
/// right after any command.
final class CanonicalEditTests: XCTestCase {
    let today = CalendarDate(iso: "2026-11-28")!
    let file = "# Today\n\n- [ ] a\n- [ ] b\n\nSome text\n\n# Backlog\n"

    var document: Document { Document(parsing: file, format: .markdown) }

    func assertCanonical(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let formatted = try Formatter.format(text, as: .markdown)
        XCTAssertFalse(formatted.isChanged, "not canonical:\n\(text)", file: file, line: line)
    }

    func testRemovingEveryTaskOfAListLeavesOneBlankLineUnderItsHeading() throws {
        let result = try TaskEditor.remove(lines: [3, 4], in: document)
        XCTAssertEqual(result.document.text, "# Today\n\nSome text\n\n# Backlog\n")
    }

    func testMovingTasksToAnEmptyListAtTheEndKeepsBothListsCanonical() throws {
        let result = try TaskMover.move(lines: [3, 4], to: ListPath(titles: ["Backlog"]), in: document)
        XCTAssertEqual(result.document.text, "# Today\n\nSome text\n\n# Backlog\n\n- [ ] a\n- [ ] b\n")
        XCTAssertEqual(result.changedTaskLines, [7, 8])
        try assertCanonical(result.document.text)
    }

    func testRemovingWhatAFilterSelectsLeavesTheFileCanonical() throws {
        let lines = try ListPath(titles: ["Today"]).openTasks(in: document).map(\.line)
        try assertCanonical(try TaskEditor.remove(lines: lines, in: document).document.text)
    }

    func testArchivingAListsDoneTasksLeavesBothFilesCanonical() throws {
        let done = try StatusChange.complete(lines: [3, 4], in: document, today: today)
        let archived = try Archiver.archive(done.document, into: Document(parsing: "", format: .markdown))
        XCTAssertEqual(archived.source.document.text, "# Today\n\nSome text\n\n# Backlog\n")
        try assertCanonical(archived.archive.text)
    }

    func testLinesAfterTheEditFollowTheBlankLinesTheCanonicalFormRemoved() throws {
        let text = "# Today\n\n- [ ] a\n\n# Later\n\n- [ ] b\n"
        let result = try TaskEditor.remove(lines: [3], in: Document(parsing: text, format: .markdown))
        XCTAssertEqual(result.document.text, "# Today\n\n# Later\n\n- [ ] b\n")
        XCTAssertEqual(result.newLine(forOriginal: 7), 5)
        XCTAssertEqual(result.newLine(forOriginal: 5), 3)
    }

    func testAnEditOfAFileNotInCanonicalFormTouchesOnlyItsOwnLines() throws {
        let text = "# Today\n- [ ] a\n- [ ] b\n\n\nSome text  \n"
        let result = try TaskEditor.remove(lines: [2], in: Document(parsing: text, format: .markdown))
        XCTAssertEqual(result.document.text, "# Today\n- [ ] b\n\n\nSome text  \n")
    }
}
