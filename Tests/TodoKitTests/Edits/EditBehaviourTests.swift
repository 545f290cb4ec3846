@testable import TodoKit
import XCTest

/// The edits' rules, one behaviour each.
final class EditBehaviourTests: XCTestCase {
    let today = CalendarDate(iso: "2026-11-21")!

    func md(_ text: String) -> Document { Document(parsing: text, format: .markdown) }
    func txt(_ text: String) -> Document { Document(parsing: text, format: .todotxt) }

    func testAddressesAreLineNumbersOrFileColonLine() {
        XCTAssertEqual(TaskAddress(parsing: "12"), TaskAddress(line: 12))
        XCTAssertEqual(TaskAddress(parsing: "notes/TODO.md:7"), TaskAddress(file: "notes/TODO.md", line: 7))
        XCTAssertEqual(TaskAddress(parsing: "TODO.md:7:3"), TaskAddress(file: "TODO.md", line: 7))
        XCTAssertNil(TaskAddress(parsing: "0"))
        XCTAssertNil(TaskAddress(parsing: "twelve"))
        XCTAssertNil(TaskAddress(parsing: ":12"))
    }

    func testDoneThenUndoGivesBackTheLineByteForByte() throws {
        for (text, format) in [("- [ ] (A) 2026-11-01 Call Mom  \n", FileFormat.markdown), ("(B) 2026-01-02 Pay +rent\n", .todotxt)] {
            let done = try StatusChange.complete(lines: [1], in: Document(parsing: text, format: format), today: today)
            let undone = try StatusChange.reopen(lines: [1], in: done.document)
            XCTAssertEqual(undone.document.text, text)
        }
    }

    func testATaskWithoutTextComesBackFromDoneAndUndoWithoutATrailingSpace() throws {
        let done = try StatusChange.complete(lines: [1], in: md("- [ ]\n"), today: today)
        XCTAssertEqual(done.document.text, "- [x] 2026-11-21\n")
        XCTAssertEqual(try StatusChange.reopen(lines: [1], in: done.document).document.text, "- [ ]\n")
    }

    func testRemovingTheLineBetweenALoneCarriageReturnAndABlankLineKeepsTheBlankLineApart() throws {
        let result = try TaskEditor.remove(lines: [2], in: txt("a\rb\n\nc\n"))
        XCTAssertEqual(result.document.text, "a\r\rc\n")
        XCTAssertEqual(result.document.lines.count, 3)
    }

    func testUndoGivesBackALineThatStartsWithUFEFFAsItsOwnText() throws {
        for (text, format) in [("a\n\u{FEFF}# Inbox\n", FileFormat.todotxt), ("- [ ] a\n\u{FEFF}b\n", .todotxt)] {
            let done = try StatusChange.complete(lines: [2], in: Document(parsing: text, format: format), today: today)
            XCTAssertEqual(try StatusChange.reopen(lines: [2], in: done.document).document.text, text)
        }
    }

    func testMovingATaskToWhereItAlreadyIsChangesNothing() throws {
        let result = try TaskMover.move(lines: [3], to: ListPath(titles: ["A"]), in: md("# A\n- [ ] a\n- [ ] b\n\n# B\n- [ ] c\n"))
        XCTAssertEqual(result.document.text, "# A\n- [ ] a\n- [ ] b\n\n# B\n- [ ] c\n")
        XCTAssertFalse(result.changesText)
    }

    func testARecurrencePastTheCalendarsEndAddsNoOccurrenceAndSaysSo() throws {
        for text in ["- [ ] a due:9999-12-31 rec:+1d\n", "- [ ] a due:9000-01-01 rec:+99999y\n"] {
            let result = try StatusChange.complete(lines: [1], in: md(text), today: today)
            XCTAssertEqual(result.document.lines.count, 1, result.document.text)
            XCTAssertEqual(result.notes, ["line 1 recurs, but its next date would fall after 9999-12-31; no next occurrence was added"])
        }
    }

    func testAddingAfterTheLargestListNumberKeepsANumberMarkdownReads() throws {
        let result = try TaskInsertion.add(NewTask(text: "b"), to: md("999999999. [ ] a\n"), today: today)
        XCTAssertEqual(result.document.text, "999999999. [ ] a\n999999999. [ ] b\n")
    }

    func testAddingAfterALastTaskWithoutANewlineGivesItOne() throws {
        let result = try TaskInsertion.add(NewTask(text: "b"), to: md("# T\n- [ ] a\n  - [ ] sub"), today: today)
        XCTAssertEqual(result.document.text, "# T\n- [ ] a\n  - [ ] sub\n- [ ] b\n")
        XCTAssertEqual(result.changedTaskLines, [4])
        let todoTxt = try TaskInsertion.add(NewTask(text: "b"), to: txt("a"), today: today)
        XCTAssertEqual(todoTxt.document.text, "a\nb\n")
        XCTAssertEqual(todoTxt.changedTaskLines, [2])
    }

    func testUndoGivesBackATodoTxtTaskWhoseTextStartsLikeADoneMark() throws {
        let text = "(A) x 2026-01-01 marks the spot\n"
        let done = try StatusChange.complete(lines: [1], in: txt(text), today: today)
        XCTAssertEqual(try StatusChange.reopen(lines: [1], in: done.document).document.text, text)
    }

    func testCompletingKeepsThePriorityAsAPriTag() throws {
        let result = try StatusChange.complete(lines: [1], in: txt("(A) Call Mom\n"), today: today)
        XCTAssertEqual(result.document.text, "x 2026-11-21 Call Mom pri:A\n")
    }

    func testCompletingAClosedTaskChangesNothingAndSaysSo() throws {
        let result = try StatusChange.complete(lines: [1], in: md("- [x] 2026-01-01 Done\n"), today: today)
        XCTAssertFalse(result.changesText)
        XCTAssertEqual(result.notes, ["line 1 is already done"])
    }

    func testCompletingATaskWithOpenSubtasksIsRefusedNamingThem() {
        XCTAssertThrowsError(try StatusChange.complete(lines: [1], in: md("- [ ] Parent\n  - [ ] Child\n"), today: today)) { error in
            XCTAssertEqual("\(error)", "line 1 has open subtasks: 2 (Child); use --force to complete only line 1, or --recursive to complete its subtasks too")
        }
    }

    func testCompletingAParentTogetherWithItsSubtasksNeedsNoFlag() throws {
        let result = try StatusChange.complete(lines: [1, 2], in: md("- [ ] Parent\n  - [ ] Child\n"), today: today)
        XCTAssertEqual(result.document.text, "- [x] 2026-11-21 Parent\n  - [x] 2026-11-21 Child\n")
    }

    func testRecurrenceFromCompletionCountsFromTodayAndStrictFromTheDueDate() {
        let body = txt("Pay rec:1m due:2026-01-31\n").tasks[0].body
        XCTAssertEqual(TodoTxtRecurrence.NextOccurrence(of: body, completedOn: today)?.due, CalendarDate(iso: "2026-12-21"))
        let strict = txt("Pay rec:+1m due:2026-01-31\n").tasks[0].body
        XCTAssertEqual(TodoTxtRecurrence.NextOccurrence(of: strict, completedOn: today)?.due, CalendarDate(iso: "2026-02-28"))
    }

    func testTheNextOccurrenceOfAMarkdownTaskFollowsItsBlockInTheSameList() throws {
        let text = "- [ ] Water rec:1w due:2026-11-20\n  note\n- [ ] Other\n"
        let result = try StatusChange.complete(lines: [1], in: md(text), today: today)
        XCTAssertEqual(result.document.text, "- [x] 2026-11-21 Water rec:1w due:2026-11-20\n  note\n- [ ] Water rec:1w due:2026-11-28\n- [ ] Other\n")
        XCTAssertEqual(result.changedTaskLines, [1, 3])
    }

    func testPrioritizingAClosedTaskIsRefused() {
        XCTAssertThrowsError(try TaskEditor.setPriority(Priority("A")!, lines: [1], in: txt("x 2026-01-01 Done\n")))
    }

    func testAnAddressThatIsNotATaskIsRefused() {
        XCTAssertThrowsError(try TaskEditor.remove(lines: [1], in: md("# Heading\n- [ ] Task\n"))) { error in
            XCTAssertEqual("\(error)", "line 1 is not a task (it is a heading)")
        }
        XCTAssertThrowsError(try TaskEditor.remove(lines: [9], in: md("- [ ] Task\n"))) { error in
            XCTAssertEqual("\(error)", "line 9 is past the end of the file (it has 1 line)")
        }
    }

    func testAppendingPutsNoSpaceBeforePunctuationAndKeepsTrailingSpaces() throws {
        let result = try TaskEditor.append(", then rest", lines: [1], in: md("- [ ] Work  \n"), today: today)
        XCTAssertEqual(result.document.text, "- [ ] Work, then rest  \n")
    }

    func testAppendingPunctuationAfterATagKeepsASpaceSoTheTagKeepsItsValue() throws {
        let result = try TaskEditor.append(": before noon", lines: [1], in: txt("Pay rent due:2026-11-28\n"), today: today)
        XCTAssertEqual(result.document.text, "Pay rent due:2026-11-28 : before noon\n")
        XCTAssertEqual(result.document.tasks[0].due, CalendarDate(iso: "2026-11-28"))
        let project = try TaskEditor.append(", soon", lines: [1], in: txt("Pay +rent\n"), today: today)
        XCTAssertEqual(project.document.text, "Pay +rent, soon\n")
    }

    func testRemovingATaskBetweenBlankLinesLeavesOneBlankLine() throws {
        let result = try TaskEditor.remove(lines: [3], in: md("Intro\n\n- [ ] Gone\n  - [ ] Sub\n\nOutro\n"))
        XCTAssertEqual(result.document.text, "Intro\n\nOutro\n")
        XCTAssertEqual(result.removedLines, ["- [ ] Gone", "  - [ ] Sub"])
    }

    func testAListIsFoundByTheEndOfItsPathWhenThatIsUnambiguous() throws {
        let text = "# Plans\n\n## Work\n\n- [ ] A\n\n## Home\n"
        let result = try TaskInsertion.add(NewTask(text: "B", list: ListPath(parsing: "work")), to: md(text), today: today)
        XCTAssertEqual(result.document.text, "# Plans\n\n## Work\n\n- [ ] A\n- [ ] B\n\n## Home\n")
    }

    func testAddingToATodoTxtFileWithAListIsRefused() {
        XCTAssertThrowsError(try TaskInsertion.add(NewTask(text: "B", list: ListPath(parsing: "Work")), to: txt("A\n"), today: today))
    }

    func testAddedTextIsOneLineWithRelativeDatesResolved() throws {
        let result = try TaskInsertion.add(NewTask(text: "Call\rMom due:tomorrow t:+2d"), to: txt(""), today: today)
        XCTAssertEqual(result.document.text, "Call Mom due:2026-11-22 t:2026-11-23\n")
    }

    func testAddingTextThatStartsWithTheDoneMarkToATodoTxtFileIsRefusedSayingWhy() throws {
        XCTAssertThrowsError(try TaskInsertion.add(NewTask(text: "x marks the spot"), to: txt("A\n"), today: today)) { error in
            XCTAssertEqual("\(error)", "a todo.txt line starting with 'x ' is a done task, so the task would read as done; reword its start")
        }
        let prioritized = try TaskInsertion.add(NewTask(text: "x marks the spot", priority: Priority("A")), to: txt(""), today: today)
        XCTAssertEqual(prioritized.document.text, "(A) x marks the spot\n")
        XCTAssertEqual(try TaskInsertion.add(NewTask(text: "x marks"), to: md("# T\n"), today: today).document.text, "# T\n\n- [ ] x marks\n")
    }

    func testAddedTextLosesSurroundingWhitespace() throws {
        XCTAssertEqual(try TaskInsertion.add(NewTask(text: "  (A) Call Mom  "), to: txt(""), today: today).document.text, "(A) Call Mom\n")
        XCTAssertEqual(try TaskInsertion.add(NewTask(text: "\tCall Mom  \n"), to: md("# T\n"), today: today).document.text, "# T\n\n- [ ] Call Mom\n")
    }

    func testMovingANestedTaskMakesItATopLevelTaskRightUnderAnEmptyListsHeading() throws {
        let text = "## A\n\n- [ ] One\n  - [ ] Two\n\n## B\n"
        let result = try TaskMover.move(lines: [4], to: ListPath(parsing: "B")!, in: md(text))
        XCTAssertEqual(result.document.text, "## A\n\n- [ ] One\n\n## B\n\n- [ ] Two\n")
    }

    func testTheSafeModeCheckRefusesAnEditThatWouldChangeAnotherTask() {
        // An indented line inserted under a task would become part of its notes.
        var edit = DocumentEdit(md("- [ ] Task\n- [ ] Other\n"))
        edit.add(.insert([Line("  sneaky note")], at: 1))
        XCTAssertThrowsError(try edit.finish()) { error in
            XCTAssertEqual("\(error)", "the edit would change tasks it should not touch (task on line 1 gained a note \"sneaky note\"); nothing was written")
        }
    }

    func testAListingRecordReadsBackAsItselfAndNamesEachTaskByItsLine() throws {
        let document = md("# L\n\n- [ ] A\n- [ ] B\n")
        let record = FileListingRecord(path: "/t/TODO.md", document: document)
        XCTAssertEqual(FileListingRecord(parsing: record.text), record)
        XCTAssertEqual(try record.line(forListed: 4, in: document), 4)
        XCTAssertEqual(try record.line(forListed: 1, in: document), 1, "a number no task was listed on is a line")
    }

    func testAFileAnotherProgramChangedSinceItWasListedHasNoTrustedNumbers() throws {
        let record = FileListingRecord(path: "/t/TODO.md", document: md("- [ ] A\n- [ ] B\n"))
        let checkedOut = md("- [ ] New\n- [ ] A\n- [ ] B\n")
        XCTAssertThrowsError(try record.line(forListed: 2, in: checkedOut)) { error in
            XCTAssertEqual(error as? EditError, .changedSinceListing)
            XCTAssertEqual("\(error)", "the file changed since 'todofmt ls' listed it (another program wrote it: an editor, a git checkout…), "
                           + "so its line numbers may name other tasks now; run 'todofmt ls' again, or give the task as FILE:LINE")
        }
    }

    func testAListedNumberFollowsItsTaskThroughAnEditThatMovesLines() throws {
        let document = Document(parsing: "a\nb\nc\nd\n", format: .todotxt)
        var record = FileListingRecord(path: "/t/todo.txt", document: document)
        let removed = try TaskEditor.remove(lines: [2], in: document)
        record.follow(removed.checked)
        XCTAssertEqual(try record.line(forListed: 1, in: removed.document), 1)
        XCTAssertEqual(try record.line(forListed: 3, in: removed.document), 2, "c, listed on line 3, is on line 2 now")
        XCTAssertEqual(try record.line(forListed: 4, in: removed.document), 3)
        XCTAssertThrowsError(try record.line(forListed: 2, in: removed.document)) { error in
            XCTAssertEqual("\(error)", "the task 'todofmt ls' listed on line 2 is gone (a later command removed or archived it); run 'todofmt ls' again")
        }
    }

    func testAFileAsListedIsRecordedWithoutARowPerTask() throws {
        let document = md("# Today\n\n- [ ] a\n- [ ] b\n")
        let record = FileListingRecord(path: "/t/TODO.md", document: document)
        XCTAssertEqual(record.text, "todofmt listing 3\n/t/TODO.md\n\(Fingerprint.hex(Fingerprint(document.text).value))\n")
        XCTAssertEqual(try record.line(forListed: 4, in: document), 4)
        XCTAssertEqual(FileListingRecord(parsing: record.text), record)
    }

    func testAListedNumberFollowsItsTaskThroughAMoveToAnotherList() throws {
        let document = md("# Today\n\n- [ ] a\n- [ ] b\n\n# Later\n\n- [ ] c\n")
        var record = FileListingRecord(path: "/t/TODO.md", document: document)
        let moved = try TaskMover.move(lines: [3], to: ListPath(parsing: "Later")!, in: document)
        record.follow(moved.checked)
        let a = try record.line(forListed: 3, in: moved.document)
        XCTAssertEqual(moved.document.lines.text(a - 1), "- [ ] a")
        XCTAssertEqual(moved.document.lines.text(try record.line(forListed: 4, in: moved.document) - 1), "- [ ] b")
        XCTAssertEqual(moved.document.lines.text(try record.line(forListed: 8, in: moved.document) - 1), "- [ ] c")
    }
}
