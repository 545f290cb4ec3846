import TodoKit
import XCTest

/// FORMAT.md 3.1 and 3.2: the body's prefix (priority, dates) and description.
final class TaskBodyTests: XCTestCase {
    private func fields(_ task: TodoTask) -> String {
        "pri=\(task.priority?.description ?? "-") done=\(task.completionDate?.description ?? "-") "
            + "created=\(task.creationDate?.description ?? "-") text=\(task.text)"
    }

    func testAnOpenTaskMayHaveAPriorityAndACreationDate() {
        XCTAssertEqual(fields(markdownTask("- [ ] (A) 2026-01-01 Call Mom")), "pri=A done=- created=2026-01-01 text=Call Mom")
        XCTAssertEqual(fields(todoTxtTask("(A) 2026-01-01 Call Mom")), "pri=A done=- created=2026-01-01 text=Call Mom")
    }

    func testEachPrefixFieldIsOptional() {
        XCTAssertEqual(fields(markdownTask("- [ ] (B) Call")), "pri=B done=- created=- text=Call")
        XCTAssertEqual(fields(markdownTask("- [ ] 2026-01-01 Call")), "pri=- done=- created=2026-01-01 text=Call")
        XCTAssertEqual(fields(markdownTask("- [ ] Call")), "pri=- done=- created=- text=Call")
    }

    func testOnAnOpenTaskASecondDateIsDescription() {
        XCTAssertEqual(fields(markdownTask("- [ ] 2026-01-02 2026-01-01 Call")),
                       "pri=- done=- created=2026-01-02 text=2026-01-01 Call")
    }

    func testOnAClosedTaskTheFirstDateIsTheCompletionDateAndTheSecondTheCreationDate() {
        XCTAssertEqual(fields(markdownTask("- [x] 2026-01-02 2026-01-01 Call")),
                       "pri=- done=2026-01-02 created=2026-01-01 text=Call")
        XCTAssertEqual(fields(markdownTask("- [-] 2026-01-02 Dropped")), "pri=- done=2026-01-02 created=- text=Dropped")
        XCTAssertEqual(fields(todoTxtTask("x 2026-01-02 2026-01-01 Call")), "pri=- done=2026-01-02 created=2026-01-01 text=Call")
    }

    func testAnInProgressTaskIsOpenSoItsDateIsTheCreationDate() {
        XCTAssertEqual(fields(markdownTask("- [/] 2026-01-01 Doing")), "pri=- done=- created=2026-01-01 text=Doing")
    }

    func testAClosedTaskReadsItsPriorityBeforeOrBetweenItsDates() {
        let expected = "pri=A done=2026-01-02 created=2026-01-01 text=Call"
        XCTAssertEqual(fields(todoTxtTask("x (A) 2026-01-02 2026-01-01 Call")), expected)
        XCTAssertEqual(fields(todoTxtTask("x 2026-01-02 (A) 2026-01-01 Call")), expected)
        XCTAssertEqual(fields(markdownTask("- [x] (A) 2026-01-02 2026-01-01 Call")), expected)
        XCTAssertEqual(fields(markdownTask("- [x] 2026-01-02 (A) 2026-01-01 Call")), expected)
    }

    func testOnlyOnePriorityIsRead() {
        XCTAssertEqual(fields(todoTxtTask("x (A) 2026-01-02 (B) Call")), "pri=A done=2026-01-02 created=- text=(B) Call")
    }

    func testAPriorityAfterTheCreationDateIsDescription() {
        XCTAssertEqual(fields(todoTxtTask("2011-01-02 (A) test")), "pri=- done=- created=2011-01-02 text=(A) test")
    }

    func testAPriorityOrDateMustBeFollowedByWhitespace() {
        XCTAssertEqual(fields(todoTxtTask("(A)2011-01-02 test")), "pri=- done=- created=- text=(A)2011-01-02 test")
        XCTAssertEqual(fields(todoTxtTask("(B)->Submit")), "pri=- done=- created=- text=(B)->Submit")
        XCTAssertEqual(fields(todoTxtTask("2011-01-02T10:00 test")), "pri=- done=- created=- text=2011-01-02T10:00 test")
    }

    func testAPriorityOrDateLaterInTheLineIsDescription() {
        XCTAssertEqual(fields(todoTxtTask("Call Mom (A) 2011-03-02")), "pri=- done=- created=- text=Call Mom (A) 2011-03-02")
    }

    func testALowercasePriorityIsDescriptionWithAWarningOnAnOpenTask() {
        let doc = todotxt("(b) Get back to the boss\nx (b) done\n")
        XCTAssertEqual(fields(doc.tasks[0]), "pri=- done=- created=- text=(b) Get back to the boss")
        XCTAssertEqual(doc.diagnosticLines, ["1:1: warning: priority must be an uppercase letter: '(b)' is read as text"])
    }

    func testAnInvalidCalendarDateIsDescriptionWithAWarning() {
        let doc = markdown("- [ ] (A) 2026-02-30 Call\n")
        XCTAssertEqual(fields(doc.tasks[0]), "pri=A done=- created=- text=2026-02-30 Call")
        XCTAssertEqual(doc.diagnosticLines, ["1:11: warning: invalid date '2026-02-30' is read as text"])
    }

    func testLeapDaysAreRealDatesOnlyInLeapYears() {
        XCTAssertEqual(todoTxtTask("2024-02-29 a").creationDate?.description, "2024-02-29")
        XCTAssertNil(todoTxtTask("2023-02-29 a").creationDate)
        XCTAssertNil(todoTxtTask("1900-02-29 a").creationDate)
        XCTAssertEqual(todoTxtTask("2000-02-29 a").creationDate?.description, "2000-02-29")
    }

    func testTheDescriptionKeepsItsTagsAndInnerSpacingButNotTrailingWhitespace() {
        let task = markdownTask("- [ ] Call  +Mom @phone due:2026-01-05  ")
        XCTAssertEqual(task.text, "Call  +Mom @phone due:2026-01-05")
        XCTAssertEqual(task.title, "Call")
    }

    func testTheBodyTextIsKeptExactly() {
        let task = markdownTask("- [x] x (A) 2026-01-02 note")
        XCTAssertEqual(task.body.text, "x (A) 2026-01-02 note")
        // In Markdown the checkbox says done; a leading `x ` is description.
        XCTAssertEqual(fields(task), "pri=- done=- created=- text=x (A) 2026-01-02 note")
    }
}
