import Foundation
import TodoKit
import XCTest

/// `--where FILTER` and `--dry-run`: the edits that act on every task a filter selects, all or nothing.
final class ManyTasksCommandTests: XCTestCase {
    var runner: EditCommandRunner!
    let markdown = """
        # Home

        - [ ] Pay rent +bills due:2026-11-20
        - [ ] Pay water +bills due:2026-11-25
          - [ ] read the meter
        - [ ] Call mom @phone
        - [x] 2026-11-20 Pay gas +bills

        # Later

        - [ ] Paint the fence t:2026-12-01

        """
    let todoTxt = "Pay rent +bills due:2026-11-20\nPay water +bills due:2026-11-25\nCall mom @phone\nx 2026-11-20 Pay gas +bills\n"

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
        try runner.write("TODO.md", markdown)
        try runner.write("todo.txt", todoTxt)
    }

    override func tearDown() { runner?.remove() }

    @discardableResult
    func run(_ arguments: [String], status: Int32 = 0) throws -> EditCommandRunner.Output {
        let output = try runner.run(arguments + ["--today", "2026-11-21"])
        XCTAssertEqual(output.status, status, "\(arguments): \(output.stderr)")
        return output
    }

    func testAFileInCanonicalFormStillPassesTheCheckAfterEachEdit() throws {
        let canonical = "# Today\n\n- [ ] a\n- [ ] b\n\nSome text\n\n# Backlog\n"
        let edits: [[[String]]] = [[["rm", "3", "4"]], [["mv", "3", "4", "--list", "Backlog"]], [["rm", "--where", "list:Today"]],
                                   [["done", "3", "4"], ["archive"]]]
        for commands in edits {
            try runner.write("TODO.md", canonical)
            for command in commands {
                let output = try runner.run(["--today", "2026-11-21", "-f", "TODO.md"] + command)
                XCTAssertEqual(output.status, 0, "\(command): \(output.stderr)")
            }
            let check = try runner.run(["--check", "TODO.md"])
            let edited = try runner.read("TODO.md")
            XCTAssertEqual(check.status, 0, "\(commands): \(edited.debugDescription) \(check.stdout)\(check.stderr)")
        }
    }

    func testDoneWhereCompletesEveryTaskTheFilterSelects() throws {
        XCTAssertEqual(try run(["done", "-f", "todo.txt", "--where", "+bills due:<today"]).stdout, "1: x 2026-11-21 Pay rent +bills due:2026-11-20\n")
        XCTAssertEqual(try run(["done", "-f", "todo.txt", "-w", "+bills"]).stdout, "2: x 2026-11-21 Pay water +bills due:2026-11-25\n")
        XCTAssertEqual(try runner.read("todo.txt"),
                       "x 2026-11-21 Pay rent +bills due:2026-11-20\nx 2026-11-21 Pay water +bills due:2026-11-25\nCall mom @phone\nx 2026-11-20 Pay gas +bills\n")
    }

    func testAWhereEditIsAllOrNothing() throws {
        // Pay water has an open subtask: completing it is refused, so Pay rent is not completed either.
        let output = try run(["done", "--where", "+bills"], status: 2)
        XCTAssertTrue(output.stderr.hasPrefix("TODO.md: error: line 4 has open subtasks: 5 (read the meter)"), output.stderr)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
        XCTAssertEqual(try run(["done", "--where", "+bills", "--recursive"]).stdout.split(separator: "\n").count, 3)
    }

    func testDryRunPrintsWhatWouldChangeAsADiffAndWritesNothing() throws {
        let output = try run(["pri", "--where", "+bills", "A", "--dry-run"])
        XCTAssertEqual(output.stdout, """
            --- a/TODO.md
            +++ b/TODO.md
            @@ -1,7 +1,7 @@
             # Home
             \n\
            -- [ ] Pay rent +bills due:2026-11-20
            -- [ ] Pay water +bills due:2026-11-25
            +- [ ] (A) Pay rent +bills due:2026-11-20
            +- [ ] (A) Pay water +bills due:2026-11-25
               - [ ] read the meter
             - [ ] Call mom @phone
             - [x] 2026-11-20 Pay gas +bills

            """)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
        XCTAssertEqual(try run(["rm", "3", "-n"]).stdout.contains("-- [ ] Pay rent +bills due:2026-11-20\n"), true)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
    }

    func testAllTakesHiddenAndClosedTasksAndUndoWhereLooksAtClosedTasks() throws {
        XCTAssertEqual(try run(["tag", "--where", "list:Later", "who", "ann"]).stderr,
                       "TODO.md: note: no task matches --where list:Later (hidden and closed tasks need --all); nothing was changed\n")
        XCTAssertEqual(try run(["tag", "--where", "list:Later", "--all", "who", "ann"]).stdout, "11: - [ ] Paint the fence t:2026-12-01 who:ann\n")
        XCTAssertEqual(try run(["undo", "--where", "+bills"]).stdout, "7: - [ ] Pay gas +bills\n")
        XCTAssertEqual(try run(["undo", "-f", "todo.txt", "--where", "completed:yesterday"]).stdout, "4: Pay gas +bills\n")
    }

    func testEveryManyTaskCommandTakesWhere() throws {
        XCTAssertEqual(try run(["toggle", "-f", "todo.txt", "--where", "@phone"]).stdout, "3: x 2026-11-21 Call mom @phone\n")
        XCTAssertEqual(try run(["depri", "--where", "+bills"]).stderr, "TODO.md: note: line 3 has no priority\nTODO.md: note: line 4 has no priority\n")
        XCTAssertEqual(try run(["due", "--where", "@phone", "fri"]).stdout, "6: - [ ] Call mom @phone due:2026-11-27\n")
        XCTAssertEqual(try run(["postpone", "-f", "todo.txt", "--where", "+bills", "1w", "--from-due"]).stdout,
                       "1: Pay rent +bills due:2026-11-27\n2: Pay water +bills due:2026-12-02\n")
        XCTAssertEqual(try run(["mv", "--where", "@phone", "--list", "Later"]).stdout, "11: - [ ] Call mom @phone due:2026-11-27\n")
        XCTAssertEqual(try run(["rm", "-f", "todo.txt", "--where", "rent"]).stdout, "removed: Pay rent +bills due:2026-11-27\n")
    }

    func testPostponeWhereRefusesAllWhenOneTaskHasNoDueDate() throws {
        let output = try run(["postpone", "-f", "todo.txt", "--where", "pay OR call", "1d"], status: 2)
        XCTAssertEqual(output.stderr, "todo.txt: error: line 3 has no due date to postpone; give it one with 'todofmt due 3 DATE'\n")
        XCTAssertEqual(try runner.read("todo.txt"), todoTxt)
    }

    func testWhereAndAddressesTogetherOrAllAloneAreUsageErrors() throws {
        XCTAssertEqual(try run(["done", "3", "--where", "+bills"], status: 64).stderr, "todofmt: error: give task addresses or --where FILTER, not both\n")
        XCTAssertEqual(try run(["done", "3", "--all"], status: 64).stderr, "todofmt: error: --all goes with --where FILTER\n")
        XCTAssertEqual(try run(["done", "--where", "due:<tomorow"], status: 64).stderr, """
            todofmt: error: 'tomorow' is not a date (use YYYY-MM-DD, today, tomorrow, yesterday, a weekday, or an offset such as +3d, 2w, 1m); due: also takes now, or a date and time such as 2026-12-01T14:30 (column 6 of --where)
              due:<tomorow
                   ^

            """)
        XCTAssertEqual(try runner.read("TODO.md"), markdown)
    }

    // MARK: Caps

    func testMoveAndReviewIntoAFullListAreRefusedUnlessForced() throws {
        try runner.write("TODO.md", "## Today\n\n<!-- todofmt: limit=2 -->\n\n- [ ] a\n- [ ] b\n\n## Backlog\n\n<!-- todofmt: limit=1 -->\n\n- [ ] c\n")
        let before = try runner.read("TODO.md")
        let move = try run(["mv", "12", "--list", "Today"], status: 2)
        XCTAssertEqual(move.stderr, "TODO.md: error: list 'Today' takes at most 2 open tasks and would hold 3; nothing was moved (use --force to go over its limit)\n")
        let review = try runner.run(["review"])
        XCTAssertEqual(review.status, 2)
        XCTAssertEqual(review.stderr, "TODO.md: error: list 'Backlog' takes at most 1 open task and would hold 3; nothing was moved (use --force to go over its limit)\n")
        XCTAssertEqual(try runner.run(["review", "--dry-run"]).stderr, review.stderr)
        XCTAssertEqual(try runner.read("TODO.md"), before)
        XCTAssertEqual(try run(["mv", "12", "--list", "Today", "--force"]).stdout, "7: - [ ] c\n")
    }
}
