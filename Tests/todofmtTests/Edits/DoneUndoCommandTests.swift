import Foundation
import XCTest

/// `done` then `undo` gives the line back byte for byte; an edit writes what it means, or refuses saying why
/// and writes nothing.
final class DoneUndoCommandTests: XCTestCase {
    var runner: EditCommandRunner!

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
    }

    override func tearDown() { runner?.remove() }

    /// Writes `line` (and a newline) to `name`, runs `done` then `undo` on line 1, and returns the done line.
    private func doneThenUndo(_ line: String, in name: String = "TODO.md", file: StaticString = #filePath,
                              lineNumber: UInt = #line) throws -> String {
        try runner.write(name, line + "\n")
        let done = try runner.run(["done", "-f", name, "--today", "2026-03-01", "1"])
        XCTAssertEqual(done.status, 0, done.stderr, file: file, line: lineNumber)
        let completed = try runner.read(name)
        let undo = try runner.run(["undo", "-f", name, "1"])
        XCTAssertEqual(undo.status, 0, undo.stderr, file: file, line: lineNumber)
        XCTAssertEqual(try runner.read(name), line + "\n", "done gave \(completed.debugDescription)", file: file, line: lineNumber)
        return String(completed.dropLast())
    }

    /// Writes `text` to `name`, runs `arguments`, which must be refused (exit 2) leaving the file as it was,
    /// and returns the message.
    private func refused(_ arguments: [String], on text: String, in name: String, file: StaticString = #filePath,
                         line: UInt = #line) throws -> String {
        try runner.write(name, text)
        let output = try runner.run(arguments)
        XCTAssertEqual(output.status, 2, file: file, line: line)
        XCTAssertEqual(try runner.read(name), text, file: file, line: line)
        return output.stderr
    }

    func testAnInProgressTaskComesBackInProgressItsCheckboxKeptAsABoxTag() throws {
        XCTAssertEqual(try doneThenUndo("- [/] a"), "- [x] 2026-03-01 a box:/")
    }

    func testTasksWithCheckboxesOfNoKnownMeaningComeBackAsWritten() throws {
        XCTAssertEqual(try doneThenUndo("- [?] a"), "- [x] 2026-03-01 a box:?")
        XCTAssertEqual(try doneThenUndo("- [√] master volume"), "- [x] 2026-03-01 master volume box:√")
        XCTAssertEqual(try doneThenUndo("- [√] (B) hash pw"), "- [x] 2026-03-01 hash pw pri:B box:√")
    }

    func testAPriTagAlreadyThereStaysAndThePriorityIsKeptAfterIt() throws {
        XCTAssertEqual(try doneThenUndo("- [ ] (C) a pri:A"), "- [x] 2026-03-01 a pri:A pri:C")
    }

    func testTrailingSpacesAndTabsComeBack() throws {
        XCTAssertEqual(try doneThenUndo("- [ ] (A) a  "), "- [x] 2026-03-01 a pri:A  ")
        XCTAssertEqual(try doneThenUndo("- [ ] a\t"), "- [x] 2026-03-01 a\t")
        XCTAssertEqual(try doneThenUndo("- [ ] \t"), "- [x] 2026-03-01 \t")
        XCTAssertEqual(try doneThenUndo("- [/] "), "- [x] 2026-03-01 box:/ ")
        XCTAssertEqual(try doneThenUndo("(A) a \t", in: "todo.txt"), "x 2026-03-01 a pri:A \t")
    }

    func testWhitespaceAfterAPriorityComesBack() throws {
        XCTAssertEqual(try doneThenUndo("- [ ]  (A)\t\ta"), "- [x]  2026-03-01\t\ta pri:A")
        XCTAssertEqual(try doneThenUndo("(B)   Call mom", in: "todo.txt"), "x 2026-03-01   Call mom pri:B")
    }

    func testAnIndentedTodoTxtLineIsCompletedAtTheStartOfTheLineAndComesBack() throws {
        XCTAssertEqual(try doneThenUndo("  Call mom", in: "todo.txt"), "x 2026-03-01   Call mom")
    }

    func testATaskWithAPriTagButNoPriorityIsRefusedSinceUndoWouldMakeItOne() throws {
        XCTAssertEqual(try refused(["done", "--today", "2026-03-01", "1"], on: "- [ ] a pri:B\n", in: "TODO.md"),
                       "TODO.md: error: line 1 cannot be completed: it has a pri:B tag but no priority, and 'undo' would make the "
                        + "tag its priority; remove the tag, or make it the priority with 'todofmt pri 1 B'; nothing was written\n")
    }

    func testATextStartingWithAPriorityIsNotCompletedIntoThatPriority() throws {
        XCTAssertEqual(try refused(["done", "--today", "2026-03-01", "p.txt:1"], on: "(A) (C) x\n", in: "p.txt"),
                       "p.txt: error: line 1 cannot be completed: its text starts with (C), which a done task would read as its "
                        + "priority; nothing was written\n")
    }

    func testDoneOnATaskWhoseRecIsNoRecurrenceWarnsThatNoNextOccurrenceWasAdded() throws {
        try runner.write("TODO.md", "- [ ] a rec:weekly\n- [ ] b rec:1w\n")
        let output = try runner.run(["done", "--today", "2026-02-01", "1", "2"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stderr, "TODO.md:1:13: warning: rec:weekly is not a recurrence ([+]N[dwmyb]); no next occurrence was added\n")
        XCTAssertEqual(try runner.read("TODO.md"), "- [x] 2026-02-01 a rec:weekly\n- [x] 2026-02-01 b rec:1w\n- [ ] b rec:1w due:2026-02-08\n")
    }

    func testPriOnAnIndentedTodoTxtLineWritesAPriorityTheLineReadsAsOne() throws {
        try runner.write("todo.txt", "  Call mom\n")
        let first = try runner.run(["pri", "1", "A"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try runner.read("todo.txt"), "(A)   Call mom\n")
        XCTAssertEqual(try runner.run(["pri", "1", "B"]).status, 0)
        XCTAssertEqual(try runner.read("todo.txt"), "(B)   Call mom\n")
        let ls = try runner.run(["ls", "--json"])
        XCTAssertTrue(ls.stdout.contains(#""priority":"B""#), ls.stdout)
    }

    func testPriRefusesAnIndentedTodoTxtLineWhoseTextWouldBecomeItsCreationDate() throws {
        XCTAssertEqual(try refused(["pri", "1", "A"], on: "  2026-01-01 Call mom\n", in: "todo.txt"),
                       "todo.txt: error: line 1 cannot be edited as asked: written so, it would read differently (it changed its "
                        + "creation date); nothing was written\n")
    }
}
