import TodoKit
import XCTest

/// FORMAT.md 4: todo.txt files.
final class TodoTxtFileTests: XCTestCase {
    func testEveryNonBlankLineIsATaskAndBlankLinesAreKept() {
        let doc = todotxt("(A) one\n\n   \ntwo\n")
        XCTAssertEqual(doc.taskOutline, "L1 <open> one\nL4 <open> two")
        XCTAssertEqual(doc.roleOutline, "task blank blank task")
        XCTAssertEqual(doc.text, "(A) one\n\n   \ntwo\n")
    }

    func testALowercaseXAndASpaceMarkATaskDoneWithOrWithoutADate() {
        XCTAssertEqual(todoTxtTask("x 2026-01-02 Call").status, .done)
        XCTAssertEqual(todoTxtTask("x Call").status, .done)
        XCTAssertEqual(todoTxtTask("x ").status, .done)
        XCTAssertNil(todoTxtTask("x Call").completionDate)
    }

    func testWhitespaceAfterTheDoneMarkIsSkippedBeforeThePrefixAsTheGrammarSays() {
        for line in ["x  2026-05-04 trip", "x \t2026-05-04 trip", "x   (A) 2026-05-04 trip"] {
            let task = todoTxtTask(line)
            XCTAssertEqual(task.status, .done, line)
            XCTAssertEqual(task.completionDate, CalendarDate(iso: "2026-05-04"), line)
            XCTAssertEqual(task.text, "trip", line)
        }
    }

    func testAnUppercaseXDoesNotMarkATaskDone() {
        let task = todoTxtTask("X 2012-01-01 Make resolutions")
        XCTAssertEqual(task.status, .open)
        XCTAssertEqual(task.creationDate, nil)
        XCTAssertEqual(task.text, "X 2012-01-01 Make resolutions")
    }

    func testAnXWithoutASpaceOrNotAtTheStartIsText() {
        XCTAssertEqual(todoTxtTask("x").status, .open)
        XCTAssertEqual(todoTxtTask("xylophone lesson").status, .open)
        XCTAssertEqual(todoTxtTask("x\tCall").status, .open)
        XCTAssertEqual(todoTxtTask(" x Call").status, .open)
        XCTAssertEqual(todoTxtTask("(A) x Find ticket prices").status, .open)
    }

    func testLeadingWhitespaceMeansTheLineHasNoPrefixFields() {
        let task = todoTxtTask("  (A) 2026-01-01 Call")
        XCTAssertNil(task.priority)
        XCTAssertNil(task.creationDate)
        XCTAssertEqual(task.text, "(A) 2026-01-01 Call")
    }

    func testADoneLineKeepsItsPriority() {
        XCTAssertEqual(todoTxtTask("x (A) 2026-01-02 Call").priority?.description, "A")
        XCTAssertEqual(todoTxtTask("x 2026-01-02 (A) Call").priority?.description, "A")
    }

    func testTodoTxtTasksHaveNoCheckboxNotesSubtasksOrList() {
        let document = todotxt("(A) Call +Mom")
        let task = document.tasks[0]
        XCTAssertNil(task.checkbox)
        XCTAssertNil(task.item)
        XCTAssertEqual(document.notes(of: 0), [])
        XCTAssertEqual(document.subtasks(of: 0), [])
        XCTAssertEqual(document.list(of: 0), [])
        XCTAssertEqual(task.depth, 0)
    }

    func testMarkdownSyntaxInATodoTxtFileIsJustText() {
        let doc = todotxt("# Not a heading\n- [ ] not a checkbox\n")
        XCTAssertEqual(doc.taskOutline, "L1 <open> # Not a heading\nL2 <open> - [ ] not a checkbox")
        XCTAssertEqual(doc.headings.count, 0)
        XCTAssertEqual(doc.items.count, 0)
    }

    func testCRLFTodoTxtFilesReadTheSameAndRoundTrip() {
        let text = "x 2026-01-02 a @work\r\n(B) b @home\r\n"
        let doc = todotxt(text)
        XCTAssertEqual(doc.tasks.map(\.contexts), [["work"], ["home"]])
        XCTAssertEqual(doc.text, text)
    }

    func testTheFormatFollowsTheFileName() {
        XCTAssertEqual(FileFormat.inferred(fromPath: "todo.txt"), .todotxt)
        XCTAssertEqual(FileFormat.inferred(fromPath: "Done.TXT"), .todotxt)
        XCTAssertEqual(FileFormat.inferred(fromPath: "TODO.md"), .markdown)
        XCTAssertEqual(FileFormat.inferred(fromPath: "notes"), .markdown)
        XCTAssertEqual(FileFormat.named(byPath: "notes/TODO.Markdown"), .markdown)
        XCTAssertEqual(FileFormat.named(byPath: "work.v2/TODO"), .markdown)
        XCTAssertEqual(FileFormat.named(byPath: ".todo"), .markdown)
        XCTAssertEqual(FileFormat.named(byPath: "<stdin>"), .markdown)
        XCTAssertEqual(FileFormat.named(byPath: "notes/.txt"), .todotxt)
        XCTAssertNil(FileFormat.named(byPath: "TODO.xit"))
        XCTAssertNil(FileFormat.named(byPath: "notes.org"))
        XCTAssertNil(FileFormat.named(byPath: "TODO.md.orig"))
        XCTAssertEqual(FileFormat.inferred(fromPath: "notes.org"), .markdown)
    }
}
