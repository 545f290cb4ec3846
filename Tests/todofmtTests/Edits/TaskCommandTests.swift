import Foundation
import TodoKit
@testable import todofmt
import XCTest

/// The commands that change one field of a task, run as a user would, on Markdown and todo.txt files.
final class TaskCommandTests: XCTestCase {
    var runner: EditCommandRunner!
    let markdown = "# Home\n\n- [ ] (A) 2026-11-01 Pay rent +house due:2026-11-20 t:2026-11-18\n- [ ] Call mom @phone\n  - [ ] find her number\n"
    let todoTxt = "(A) 2026-11-01 Pay rent +house due:2026-11-20 t:2026-11-18\nCall mom @phone\nx 2026-11-19 Buy milk pri:B\n"

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
        try runner.write("TODO.md", markdown)
        try runner.write("todo.txt", todoTxt)
    }

    override func tearDown() { runner?.remove() }

    @discardableResult
    func run(_ arguments: [String], status: Int32 = 0, environment: [String: String] = [:]) throws -> EditCommandRunner.Output {
        // `note` reads no date; every other command here is given the same today.
        let output = try runner.run(arguments + (arguments.first == "note" ? [] : ["--today", "2026-11-21"]), environment: environment)
        XCTAssertEqual(output.status, status, "\(arguments): \(output.stderr)")
        return output
    }

    // MARK: replace

    func testReplaceGivesANewTextAndKeepsStatusPriorityAndDates() throws {
        XCTAssertEqual(try run(["replace", "3", "Pay", "the", "rent"]).stdout, "3: - [ ] (A) 2026-11-01 Pay the rent\n")
        XCTAssertEqual(try run(["replace", "-f", "todo.txt", "3", "Buy oat milk"]).stdout, "3: x 2026-11-19 Buy oat milk pri:B\n")
        XCTAssertEqual(try runner.read("todo.txt"), "(A) 2026-11-01 Pay rent +house due:2026-11-20 t:2026-11-18\nCall mom @phone\nx 2026-11-19 Buy oat milk pri:B\n")
    }

    func testReplaceWithKeepTagsRenamesATaskAndKeepsItsTagsDatesAndPriority() throws {
        XCTAssertEqual(try run(["replace", "--keep-tags", "3", "Pay", "the", "rent"]).stdout,
                       "3: - [ ] (A) 2026-11-01 Pay the rent +house due:2026-11-20 t:2026-11-18\n")
    }

    func testReplaceWithAnImpossibleDateIsRefusedWithItsColumnAndWritesNothing() throws {
        let output = try run(["replace", "4", "Call mom due:2026-04-31"], status: 64)
        XCTAssertEqual(output.stderr, """
            todofmt: error: column 14: due:2026-04-31 is not a real date (April 2026 has 30 days); use --force to write it as text
              Call mom due:2026-04-31
                           ^

            """)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
        XCTAssertEqual(try run(["replace", "--force", "4", "Call mom due:2026-04-31"]).stdout, "4: - [ ] Call mom due:2026-04-31\n")
    }

    func testPrependingWhatWouldReadAsAPriorityOfADoneTaskIsRefusedWithItsColumn() throws {
        try runner.write("todo.txt", "x 2026-01-01 Call mom\n")
        XCTAssertEqual(try run(["prepend", "-f", "todo.txt", "1", "(C) urgent"], status: 64).stderr, """
            todofmt: error: column 1: (C) at the start of the description would be read as the task's priority, not as text
              (C) urgent
              ^

            """)
        XCTAssertEqual(try runner.read("todo.txt"), "x 2026-01-01 Call mom\n")
    }

    func testReplacingWithTextThatStartsWithTheDoneMarkSaysWhatAddSays() throws {
        let message = "todo.txt: error: a todo.txt line starting with 'x ' is a done task, so the task would read as done; reword its start\n"
        XCTAssertEqual(try run(["replace", "-f", "todo.txt", "2", "x Buy milk"], status: 2).stderr, message)
        XCTAssertEqual(try run(["prepend", "-f", "todo.txt", "2", "x Buy"], status: 2).stderr, message)
        XCTAssertEqual(try run(["add", "-f", "todo.txt", "x Buy milk"], status: 2).stderr, message)
        XCTAssertEqual(try runner.read("todo.txt"), todoTxt)
    }

    func testReplacingADoneTaskWithoutACompletionDateRefusesALeadingDate() throws {
        try runner.write("r.md", "- [x] a\n")
        let output = try run(["replace", "-f", "r.md", "r.md:1", "2026-01-01 new text"], status: 64)
        XCTAssertTrue(output.stderr.hasPrefix("todofmt: error: column 1: 2026-01-01 would be read as the task's completion date"), output.stderr)
        XCTAssertEqual(try runner.read("r.md"), "- [x] a\n")
    }

    // MARK: due and postpone

    func testDueSetsReplacesAndRemovesTheDueDate() throws {
        XCTAssertEqual(try run(["due", "4", "fri"]).stdout, "4: - [ ] Call mom @phone due:2026-11-27\n")
        XCTAssertEqual(try run(["due", "4", "+1w"]).stdout, "4: - [ ] Call mom @phone due:2026-11-28\n")
        XCTAssertEqual(try run(["due", "4", "none"]).stdout, "4: - [ ] Call mom @phone\n")
        XCTAssertEqual(try run(["due", "-f", "todo.txt", "2", "2026-12-24"]).stdout, "2: Call mom @phone due:2026-12-24\n")
    }

    func testPostponingAnOverdueTaskCountsFromTodayUnlessFromDue() throws {
        try runner.write("p.md", "- [ ] a due:2026-11-20\n")
        XCTAssertEqual(try runner.run(["postpone", "p.md:1", "1d", "--today", "2026-11-25"]).stdout, "p.md:1: - [ ] a due:2026-11-26\n")
        XCTAssertEqual(try runner.run(["postpone", "p.md:1", "1d", "--from-due", "--today", "2026-11-30"]).stdout, "p.md:1: - [ ] a due:2026-11-27\n")
    }

    func testDueTakesOnlyADate() throws {
        let output = try run(["due", "4", "2026-02-30"], status: 64)
        XCTAssertEqual(output.stderr, "todofmt: error: due:2026-02-30 is not a real date (February 2026 has 28 days)\n")
        XCTAssertEqual(try run(["due", "4", "2026-12-01T25:00"], status: 64).stderr,
                       "todofmt: error: due:2026-12-01T25:00 is not a real time (there is no hour 25)\n")
        XCTAssertEqual(try run(["due", "4", "fri", "25:00"], status: 64).stderr,
                       "todofmt: error: due takes a date such as 2026-11-27, fri or +3d, a date and time such as 'fri 14:30', or none, not 'fri 25:00'\n")
    }

    func testPostponeMovesTheDueDateAndTheStartDateWithIt() throws {
        XCTAssertEqual(try run(["postpone", "3", "3d", "--from-due"]).stdout, "3: - [ ] (A) 2026-11-01 Pay rent +house due:2026-11-23 t:2026-11-21\n")
        XCTAssertEqual(try run(["postpone", "-f", "todo.txt", "1", "1m", "--from-due"]).stdout, "1: (A) 2026-11-01 Pay rent +house due:2026-12-20 t:2026-12-18\n")
        XCTAssertEqual(try run(["postpone", "3", "1w"]).stdout, "3: - [ ] (A) 2026-11-01 Pay rent +house due:2026-11-30 t:2026-11-28\n")
    }

    func testPostponingATaskWithoutADueDateIsRefused() throws {
        let output = try run(["postpone", "4", "1w"], status: 2)
        XCTAssertEqual(output.stderr, "TODO.md: error: line 4 has no due date to postpone; give it one with 'todofmt due 4 DATE'\n")
        XCTAssertEqual(try run(["postpone", "4", "soon"], status: 64).stderr,
                       "todofmt: error: postpone takes a period such as 3d, 1w, 2m, 1y or 5b (working days), not 'soon'\n")
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
    }

    // MARK: tag

    func testTagSetsReplacesAndRemovesATag() throws {
        XCTAssertEqual(try run(["tag", "4", "who", "ann"]).stdout, "4: - [ ] Call mom @phone who:ann\n")
        XCTAssertEqual(try run(["tag", "4", "who", "bob"]).stdout, "4: - [ ] Call mom @phone who:bob\n")
        XCTAssertEqual(try run(["tag", "4", "who"]).stdout, "4: - [ ] Call mom @phone\n")
        XCTAssertEqual(try run(["tag", "-f", "todo.txt", "2", "est", "30m"]).stdout, "2: Call mom @phone est:30m\n")
        XCTAssertEqual(try run(["tag", "-f", "todo.txt", "1", "due", "tomorrow"]).stdout,
                       "1: (A) 2026-11-01 Pay rent +house due:2026-11-22 t:2026-11-18\n")
    }

    func testTagRefusesAValueItsKeyCannotTake() throws {
        let output = try run(["tag", "4", "rec", "weekly"], status: 64)
        XCTAssertTrue(output.stderr.hasPrefix("todofmt: error: column 5: rec:weekly is not a recurrence ([+]N[dwmyb]); use --force"), output.stderr)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
    }

    func testTagRefusesAKeyThatIsNoTagKeyAlsoWhenRemoving() throws {
        XCTAssertEqual(try run(["tag", "4", "a b"], status: 64).stderr, """
            todofmt: error: column 1: 'a b' is not a tag key (letters, digits, '_', '-' or '.')
              a b
              ^

            """)
        XCTAssertTrue(try run(["tag", "4", ""], status: 64).stderr.hasPrefix("todofmt: error: column 1: '' is not a tag key"))
        XCTAssertTrue(try run(["tag", "4", "a b", "x"], status: 64).stderr.hasPrefix("todofmt: error: column 1: 'a b' is not a tag key"))
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
    }

    func testTagDoesNotOfferForceForAValueThatCannotBeOneTag() throws {
        let output = try run(["tag", "--force", "4", "who", "ann and bob"], status: 64)
        XCTAssertEqual(output.stderr, """
            todofmt: error: column 1: 'who:ann and bob' is not a tag: a key of letters, digits, '_', '-' or '.', a colon, and a value without spaces
              who:ann and bob
              ^

            """)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
    }

    func testEmptyTextIsAUsageErrorAndWritesNothing() throws {
        for arguments in [["add", ""], ["append", "4", "  "], ["prepend", "4", ""], ["replace", "4", ""], ["note", "4", ""]] {
            XCTAssertEqual(try run(arguments, status: 64).stderr, "todofmt: error: no text given\n", "\(arguments)")
        }
        XCTAssertEqual(try run(["add", "-f", "todo.txt", " "], status: 64).stderr, "todofmt: error: no text given\n")
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
        XCTAssertEqual(try runner.read("todo.txt"), todoTxt)
    }

    // MARK: note and show

    func testNoteAddsANoteUnderTheTaskAfterItsSubtasks() throws {
        XCTAssertEqual(try run(["note", "4", "ask", "about", "Sunday"]).stdout, "4: - [ ] Call mom @phone\n")
        XCTAssertEqual(try runner.read("TODO.md"), markdown + "\n  ask about Sunday\n")
        XCTAssertEqual(try run(["note", "3", "the landlord's account"]).stdout, "3: - [ ] (A) 2026-11-01 Pay rent +house due:2026-11-20 t:2026-11-18\n")
        XCTAssertTrue(try runner.read("TODO.md").contains("t:2026-11-18\n  the landlord's account\n- [ ] Call mom"))
    }

    func testATodoTxtFileHasNoNotes() throws {
        let output = try run(["note", "-f", "todo.txt", "2", "a note"], status: 2)
        XCTAssertEqual(output.stderr, "todo.txt: error: todo.txt files have no notes (a task is one line); notes need a Markdown file\n")
    }

    func testShowPrintsTheTaskInFullWithDatesInWords() throws {
        try run(["note", "4", "she moved"])
        XCTAssertEqual(try run(["show", "3"]).stdout, """
            3: Pay rent
              list      Home
              status    open
              priority  A
              due       Friday 2026-11-20, 1 day overdue
              starts    Wednesday 2026-11-18, started 3 days ago
              created   Sunday 2026-11-01, 20 days ago
              projects  +house
              line      TODO.md:3: - [ ] (A) 2026-11-01 Pay rent +house due:2026-11-20 t:2026-11-18

            """)
        let mom = try run(["show", "4"]).stdout
        XCTAssertTrue(mom.contains("  notes     she moved\n  subtasks  5 [ ] find her number\n"), mom)
        XCTAssertEqual(try run(["show", "-f", "todo.txt", "3"]).stdout, """
            3: Buy milk
              status     done
              priority   B (kept as pri:B)
              completed  Thursday 2026-11-19, 2 days ago
              line       todo.txt:3: x 2026-11-19 Buy milk pri:B

            """)
    }

    func testShowOfALineThatIsNoTaskIsRefused() throws {
        XCTAssertEqual(try run(["show", "1"], status: 2).stderr, "TODO.md: error: line 1 is not a task (it is a heading)\n")
    }

    // MARK: toggle

    func testToggleCompletesAnOpenTaskAndReopensADoneOne() throws {
        XCTAssertEqual(try run(["toggle", "-f", "todo.txt", "2", "3"]).stdout, "2: x 2026-11-21 Call mom @phone\n3: (B) Buy milk\n")
        XCTAssertEqual(try run(["toggle", "5"]).stdout, "5:   - [x] 2026-11-21 find her number\n")
        XCTAssertEqual(try run(["toggle", "5"]).stdout, "5:   - [ ] find her number\n")
    }

    // MARK: start and cancel

    func testStartAndCancelSelectByTheDayTodayGives() throws {
        // Due 2026-11-20: overdue on the 21st, not on the 19th.
        XCTAssertEqual(try runner.run(["start", "--today", "2026-11-19", "--where", "is:overdue"]).stderr,
                       "TODO.md: note: no task matches --where is:overdue (hidden and closed tasks need --all); nothing was changed\n")
        XCTAssertEqual(try run(["start", "--where", "is:overdue"]).stdout, "3: - [/] (A) 2026-11-01 Pay rent +house due:2026-11-20 t:2026-11-18\n")
        XCTAssertEqual(try run(["cancel", "4"]).stdout, "4: - [-] Call mom @phone\n")
    }

    func testEveryCommandThatSelectsTasksByAFilterTakesToday() {
        // A filter's date words (is:overdue, due:today) are read as of today.
        var lacking: [String] = []
        for command in commandTable where command.options.contains(where: { $0.long == "where" }) {
            if !command.options.contains(where: { $0.long == "today" }) { lacking.append(command.name) }
        }
        XCTAssertEqual(lacking, [])
    }

    // MARK: append, prepend, add

    func testAppendingADueDateToATaskThatHasOneReplacesIt() throws {
        XCTAssertEqual(try run(["append", "3", "due:2026-11-25"]).stdout, "3: - [ ] (A) 2026-11-01 Pay rent +house due:2026-11-25 t:2026-11-18\n")
        XCTAssertEqual(try run(["prepend", "-f", "todo.txt", "1", "t:mon"]).stdout, "1: (A) 2026-11-01 Pay rent +house due:2026-11-20 t:2026-11-23\n")
    }

    func testAddRefusesDatesThatDoNotExistAndResolvesDateWords() throws {
        let refused = try run(["add", "Pay rent due:2026-02-30"], status: 64)
        XCTAssertTrue(refused.stderr.hasPrefix("todofmt: error: column 14: due:2026-02-30 is not a real date (February 2026 has 28 days)"), refused.stderr)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
        XCTAssertEqual(try run(["add", "-f", "todo.txt", "Pay due:fri t:+3d remind:-1d"]).stdout, "4: Pay due:2026-11-27 t:2026-11-24 remind:-1d\n")
        XCTAssertEqual(try run(["add", "-f", "todo.txt", "Call remind:-1d"], status: 64).stderr.split(separator: "\n").first,
                       "todofmt: error: column 13: remind:-1d counts from the due date, but the task has no due:; use --force to write it as text")
        XCTAssertEqual(try run(["add", "--force", "Pay rent due:2026-02-30"]).stdout, "6: - [ ] Pay rent due:2026-02-30\n")
    }

    func testAnImpossibleDateGetsOneMessageWhetherGivenToDueOrWrittenInTheText() throws {
        let inText = try run(["add", "x due:2026-02-30"], status: 64).stderr
        let option = try run(["add", "--due", "2026-02-30", "x"], status: 64).stderr
        XCTAssertEqual(option, "todofmt: error: due:2026-02-30 is not a real date (February 2026 has 28 days)\n")
        XCTAssertTrue(inText.hasPrefix("todofmt: error: column 7: due:2026-02-30 is not a real date (February 2026 has 28 days);"), inText)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
    }

    // MARK: Addresses stay valid

    func testTheLineAnEditPrintsIsAcceptedByTheNextCommand() throws {
        try runner.write("todo.txt", "A\nB\n")
        XCTAssertEqual(try run(["ls", "-f", "todo.txt"]).stdout, "1 A\n2 B\n")
        XCTAssertEqual(try run(["rm", "-f", "todo.txt", "1"]).stdout, "removed: A\n")
        XCTAssertEqual(try run(["add", "-f", "todo.txt", "C"]).stdout, "2: C\n")
        XCTAssertEqual(try run(["done", "-f", "todo.txt", "2"]).stdout, "2: x 2026-11-21 C\n")
        let gone = try run(["done", "-f", "todo.txt", "1"], status: 2)
        XCTAssertEqual(gone.stderr, "todo.txt: error: the task 'todofmt ls' listed on line 1 is gone (a later command removed or archived it); run 'todofmt ls' again\n")
    }

    func testANumberLsPrintedForOneTaskAndAnEditSincePrintedForAnotherIsRefused() throws {
        try runner.write("todo.txt", "A\nB\nC\nD\n")
        XCTAssertEqual(try run(["ls", "-f", "todo.txt"]).stdout, "1 A\n2 B\n3 C\n4 D\n")
        XCTAssertEqual(try run(["rm", "-f", "todo.txt", "1"]).stdout, "removed: A\n")
        XCTAssertEqual(try run(["pri", "-f", "todo.txt", "3", "A"]).stdout, "2: (A) C\n")
        // 2 is B for ls and C for pri: neither is guessed.
        let refused = try run(["pri", "-f", "todo.txt", "2", "B"], status: 2)
        XCTAssertEqual(refused.stderr, "todo.txt: error: the number 2 names two tasks now: the one 'todofmt ls' listed there, "
                       + "and the one a later command printed there; run 'todofmt ls' again\n")
        XCTAssertEqual(try runner.read("todo.txt"), "B\n(A) C\nD\n")
        XCTAssertEqual(try run(["pri", "-f", "todo.txt", "4", "B"]).stdout, "3: (B) D\n")
    }

    func testANumberLsPrintedNamesItsTaskAfterAnEarlierTaskWasRemoved() throws {
        try runner.write("todo.txt", "A\nB\nC\n")
        XCTAssertEqual(try run(["ls", "-f", "todo.txt"]).stdout, "1 A\n2 B\n3 C\n")
        XCTAssertEqual(try run(["rm", "-f", "todo.txt", "1"]).stdout, "removed: A\n")
        XCTAssertEqual(try run(["done", "-f", "todo.txt", "3"]).stdout, "2: x 2026-11-21 C\n", "C, listed as 3, is on line 2 now")
        XCTAssertEqual(try runner.read("todo.txt"), "B\nx 2026-11-21 C\n")
    }
}
