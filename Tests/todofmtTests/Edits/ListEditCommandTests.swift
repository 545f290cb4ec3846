import Foundation
import XCTest

/// `addlist`, `renamelist`, `rmlist` and `lslists`, run as a user would.
final class ListEditCommandTests: XCTestCase {
    var runner: EditCommandRunner!

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
    }

    override func tearDown() { runner?.remove() }

    @discardableResult
    func run(_ arguments: [String], status: Int32 = 0) throws -> EditCommandRunner.Output {
        let output = try runner.run(arguments)
        XCTAssertEqual(output.status, status, "\(arguments): \(output.stderr)")
        return output
    }

    func testListsAreMadeAsPeersAndShownEvenWhenEmpty() throws {
        XCTAssertEqual(try run(["addlist", "-f", "TODO.md", "Groceries"]).stdout, "1: # Groceries\n")
        XCTAssertEqual(try run(["addlist", "-f", "TODO.md", "Work/Q4"]).stdout, "5: ## Q4\n")
        XCTAssertEqual(try run(["add", "-f", "TODO.md", "-l", "Home", "Fix the tap"]).stdout, "9: - [ ] Fix the tap\n")
        XCTAssertEqual(try run(["add", "-f", "TODO.md", "-l", "Groceries", "Milk"]).stdout, "3: - [ ] Milk\n")
        XCTAssertEqual(try runner.read("TODO.md"), "# Groceries\n\n- [ ] Milk\n\n# Work\n\n## Q4\n\n# Home\n\n- [ ] Fix the tap\n")
        XCTAssertEqual(try run(["lslists", "-f", "TODO.md"]).stdout, "Groceries  1\nHome       1\nWork       0\nWork/Q4    0\n")
        XCTAssertEqual(try run(["lslists", "-f", "TODO.md", "milk"]).stdout, "Groceries  1\n")
        XCTAssertEqual(try run(["addlist", "-f", "TODO.md", "groceries"]).stderr, "TODO.md: note: list 'groceries' exists already\n")
    }

    func testAListWhoseTitleHoldsASlashIsNamedAsLslistsShowsIt() throws {
        try runner.write("s.md", "# A / B\n\n- [ ] t\n\n# C\n\n- [ ] u\n")
        XCTAssertEqual(try run(["lslists", "-f", "s.md"]).stdout, "A / B  1\nC      1\n")
        XCTAssertEqual(try run(["ls", "-f", "s.md", "list:A / B"]).stdout, "## A / B\n3 [ ] t\n")
        XCTAssertEqual(try run(["rmlist", "-f", "s.md", "A / B", "--with-tasks"]).stdout, "removed: # A / B\nremoved: - [ ] t\nremoved list 'A/B'\n")
        XCTAssertEqual(try runner.read("s.md"), "# C\n\n- [ ] u\n")
    }

    func testCapSetsShowsAndRemovesAListsCapAndTheCapHolds() throws {
        try runner.write("TODO.md", "# Today\n\n- [ ] a\n- [ ] b\n")
        XCTAssertEqual(try run(["cap", "Today"]).stdout, "Today: no cap; it holds 2 open tasks\n")
        XCTAssertEqual(try run(["cap", "Today", "2"]).stdout, "capped 'Today' at 2 open tasks\n")
        XCTAssertEqual(try runner.read("TODO.md"), "# Today\n\n<!-- todofmt: limit=2 -->\n\n- [ ] a\n- [ ] b\n")
        XCTAssertEqual(try run(["cap", "Today"]).stdout, "Today: at most 2 open tasks; it holds 2 open tasks\n")
        XCTAssertTrue(try run(["add", "-l", "Today", "c"], status: 2).stderr.contains("takes at most 2 open tasks"))
        XCTAssertEqual(try run(["cap", "Today", "none"]).stdout, "removed the cap of 'Today'\n")
        XCTAssertEqual(try runner.read("TODO.md"), "# Today\n\n- [ ] a\n- [ ] b\n")
        XCTAssertEqual(try run(["cap", "Today", "many"], status: 64).stderr.split(separator: "\n").first,
                       "todofmt: error: cap takes a whole number of tasks, or none, not 'many'")
    }

    func testRenameListRewritesTheHeadingAndItsTasksFollow() throws {
        try runner.write("TODO.md", "# Work\n\n## Q4\n\n- [ ] Report\n")
        XCTAssertEqual(try run(["renamelist", "Work/Q4", "Q1", "2027"]).stdout, "3: ## Q1 2027\n")
        XCTAssertEqual(try run(["ls", "list:Q1 2027"]).stdout, "## Work / Q1 2027\n5 [ ] Report\n")
        XCTAssertEqual(try run(["renamelist", "Work", "Q1 2027/x"], status: 64).stderr,
                       "todofmt: error: 'Q1 2027/x' cannot be a list's title (it must be one line, without '/', that reads back as the title)\n")
        XCTAssertEqual(try run(["renamelist", "Nowhere", "a/b"], status: 64).stderr,
                       "todofmt: error: 'a/b' cannot be a list's title (it must be one line, without '/', that reads back as the title)\n")
        XCTAssertEqual(try run(["renamelist", "Work", " "], status: 64).stderr,
                       "todofmt: error: ' ' cannot be a list's title (it must be one line, without '/', that reads back as the title)\n")
        XCTAssertEqual(try runner.read("TODO.md"), "# Work\n\n## Q1 2027\n\n- [ ] Report\n")
    }

    func testRemoveListRefusesAListWithTasksUnlessTheyGoOrMove() throws {
        let text = "# Home\n\n- [ ] Fix the tap\n\n# Groceries\n\n- [ ] Milk\n  - [ ] oat\n- [ ] Bread\n"
        try runner.write("TODO.md", text)
        XCTAssertEqual(try run(["rmlist", "Groceries"], status: 2).stderr,
                       "TODO.md: error: list 'Groceries' holds 3 tasks; use --with-tasks to delete them with it, or --to LIST to move them first\n")
        XCTAssertEqual(try runner.read("TODO.md"), text)
        let dry = try run(["rmlist", "Groceries", "--with-tasks", "--dry-run"])
        XCTAssertTrue(dry.stdout.contains("-# Groceries\n"), dry.stdout)
        XCTAssertEqual(try runner.read("TODO.md"), text)
        XCTAssertEqual(try run(["rmlist", "Groceries", "--to", "Shopping"]).stdout,
                       "removed: # Groceries\nremoved list 'Groceries'\n7: - [ ] Milk\n9: - [ ] Bread\n")
        XCTAssertEqual(try runner.read("TODO.md"), "# Home\n\n- [ ] Fix the tap\n\n# Shopping\n\n- [ ] Milk\n  - [ ] oat\n- [ ] Bread\n")
        XCTAssertEqual(try run(["rmlist", "Shopping", "--with-tasks"]).stdout,
                       "removed: # Shopping\nremoved: - [ ] Milk\nremoved:   - [ ] oat\nremoved: - [ ] Bread\nremoved list 'Shopping'\n")
        XCTAssertEqual(try runner.read("TODO.md"), "# Home\n\n- [ ] Fix the tap\n")
    }

    func testListCommandsRefuseATodoTxtFileAndAMissingList() throws {
        try runner.write("todo.txt", "a\n")
        for arguments in [["addlist", "Work"], ["renamelist", "Work", "Job"], ["rmlist", "Work"]] {
            XCTAssertEqual(try run(arguments + ["-f", "todo.txt"], status: 2).stderr,
                           "todo.txt: error: todo.txt files have no lists (headings); lists need a Markdown file\n")
        }
        try runner.write("TODO.md", "# Home\n")
        XCTAssertEqual(try run(["rmlist", "Work"], status: 2).stderr,
                       "TODO.md: error: there is no list 'Work' in the file ('todofmt lslists --all' shows its lists)\n")
        XCTAssertEqual(try run(["rmlist", "Home", "--to", "Work", "--with-tasks"], status: 64).stderr,
                       "todofmt: error: options '--with-tasks' and '--to' cannot be used together\n")
    }
}
