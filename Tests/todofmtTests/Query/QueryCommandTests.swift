import Foundation
import XCTest

/// `todofmt query` end to end: the built binary runs a note's ```tasks blocks, or `-e` instructions, over the
/// note and the todo file, and prints what Obsidian would list.
final class QueryCommandTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("""
            # Home

            - [ ] Water the plants due:2026-11-27
            - [ ] (A) Fix the tap due:2026-11-28 #plumbing
            - [x] 2026-11-20 Sweep the hall

            ## Garden

            - [/] Rake the leaves #garden

            """, to: "TODO.md")
    }

    func query(_ arguments: [String]) throws -> Todofmt.Result {
        try Todofmt.run(["query", "--today", "2026-11-28"] + arguments, in: folder.url)
    }

    func testANotesBlockRunsOverTheNoteAndTheTodoFile() throws {
        try folder.write("""
            # Dashboard

            - [ ] Write the dashboard due:2026-11-26

            ```tasks
            not done
            due before tomorrow
            ```

            """, to: "Dashboard.md")
        let result = try query(["Dashboard.md"])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            - [ ] (A) Fix the tap due:2026-11-28 #plumbing (TODO > Home)
            - [ ] Write the dashboard due:2026-11-26 (Dashboard)
            - [ ] Water the plants due:2026-11-27 (TODO > Home)

            3 tasks

            """)
    }

    func testEachBlockOfSeveralIsListedUnderItsPlace() throws {
        try folder.write("""
            ```tasks
            done
            hide backlink
            ```

            > [!todo] In the garden
            > ```tasks
            > group by heading
            > heading includes garden
            > hide backlink
            > ```

            """, to: "Review.md")
        let result = try query(["Review.md"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            Review.md:1

            - [x] 2026-11-20 Sweep the hall

            1 task

            Review.md:7

            #### Garden

            - [/] Rake the leaves #garden

            1 task

            """)
    }

    func testInAVaultABlockRunsOverEveryNoteEachNamedByItsPathInTheVault() throws {
        let vault = try NoteFolder("vault")
        try vault.makeVault()
        try vault.write("Projects/Work.md", "# Work\n\n- [ ] Send the report 📅 2026-11-27\n- [x] File the invoice\n")
        try vault.write("Home.md", "- [ ] Call the plumber 📅 2026-12-03\n")
        try vault.write("Dashboard/Today.md", """
            ```tasks
            not done
            path includes {{query.file.folder}}
            ```

            ```tasks
            not done
            path includes Projects/
            ```

            """)
        let result = try vault.run(["query", "--today", "2026-11-28", "Today.md"], in: "Dashboard")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            Today.md:1

            0 tasks

            Today.md:6

            - [ ] Send the report 📅 2026-11-27 (Work)

            1 task

            """)
    }

    func testDashEInstructionsRunOverEveryNoteOfAFolder() throws {
        let notes = try NoteFolder()
        try notes.write(".todofmt", "")
        try notes.write("a/One.md", "- [ ] First\n")
        try notes.write("b/Two.md", "- [ ] Second\n- [x] Third\n")
        let result = try notes.run(["query", "--today", "2026-11-28", "-e", "not done", "-e", "hide backlink"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "- [ ] First\n- [ ] Second\n\n2 tasks\n")
    }

    func testInstructionsGivenWithDashERunOverTheTodoFile() throws {
        let result = try query(["-e", "not done", "-e", "group by priority", "-e", "hide backlink"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            #### Highest priority

            - [ ] (A) Fix the tap due:2026-11-28 #plumbing

            #### Normal priority

            - [/] Rake the leaves #garden
            - [ ] Water the plants due:2026-11-27

            3 tasks

            """)
    }

    func testAnInstructionItCannotReadIsAnErrorAtItsLineAndTheOtherBlocksStillRun() throws {
        try folder.write("""
            ```tasks
            not done
            abracadabra
            (not done) AND (due before blue moon)
            ```

            ```tasks
            is recurring
            ```

            """, to: "Broken.md")
        let result = try query(["Broken.md"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, [
            "Broken.md:3:1: error: unknown instruction 'abracadabra'",
            "Broken.md:4:28: error: do not understand the date 'blue moon' (use a date such as 2026-12-01, today, tomorrow, next monday, in two weeks, 14 days ago, or a range such as next week, 2026-W49, 2026-12)",
        ])
        XCTAssertEqual(result.stdout, "0 tasks\n")
    }

    func testABadDashEInstructionIsAUsageErrorPointingAtItsColumn() throws {
        let result = try query(["-e", "not done", "-e", "sort by colour"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("todofmt: error: cannot sort by 'colour' ("), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("(column 9 of -e 2)\n  sort by colour\n          ^\n"), result.stderr)
    }

    func testExplainPrintsTheQueryAsThePluginExplainsIt() throws {
        let result = try query(["-e", "explain", "-e", "due before tomorrow", "-e", "hide task count", "-e", "hide backlink"])
        XCTAssertEqual(result.stdout, """
            Explanation of this Tasks code block query:

              due before tomorrow =>
                due date is before 2026-11-29 (Sunday 29th November 2026)

              hide task count

              hide backlink

            - [ ] (A) Fix the tap due:2026-11-28 #plumbing
            - [ ] Water the plants due:2026-11-27

            """)
    }

    func testNotesOrInstructionsAreNeeded() throws {
        let result = try query([])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "todofmt: error: query takes notes holding ```tasks blocks, or instructions with -e\n")
    }

    func testANoteWithoutBlocksIsAWarning() throws {
        try folder.write("# Notes\n", to: "Plain.md")
        let result = try query(["Plain.md"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "Plain.md: warning: no ```tasks block\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testAMissingNoteIsAnInputError() throws {
        let result = try query(["Missing.md"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Missing.md: error: "), result.stderr)
    }

    func testNothingIsWritten() throws {
        let before = try String(contentsOfFile: folder.path("TODO.md"), encoding: .utf8)
        _ = try query(["-e", "not done"])
        XCTAssertEqual(try String(contentsOfFile: folder.path("TODO.md"), encoding: .utf8), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted(), ["TODO.md"])
    }

    /// docs/query.md's example: its note, run over a todo file holding the tasks it shows, prints what it shows.
    func testTheQueryPageExamplePrintsWhatThePageShows() throws {
        let section = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent("docs/query.md"), encoding: .utf8)
        let note = try XCTUnwrap(section.components(separatedBy: "````markdown\n").dropFirst().first?.components(separatedBy: "````").first)
        let shown = try XCTUnwrap(section.components(separatedBy: "$ todofmt query Dashboard.md\n").dropFirst().first?
            .components(separatedBy: "\n$ ").first)
        try folder.write("""
            # Home

            - [ ] (A) Fix the tap due:2026-11-28 #plumbing
            - [ ] Paint the fence due:2026-12-10

            ## Garden

            - [ ] Rake the leaves due:2026-11-27 #garden

            """, to: "TODO.md")
        try folder.write(note, to: "Dashboard.md")
        let result = try query(["Dashboard.md"])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, shown + "\n")
    }
}
