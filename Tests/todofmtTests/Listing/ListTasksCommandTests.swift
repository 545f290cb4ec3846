import Foundation
import XCTest

/// `todofmt ls` end to end: the real binary on temporary files.
final class ListTasksCommandTests: XCTestCase {
    var runner: ListTasksCommandRunner!

    override func setUpWithError() throws { runner = try ListTasksCommandRunner() }
    override func tearDown() { runner?.cleanUp() }

    let markdown = """
        # Home

        - [ ] (A) Pay rent +house due:2026-11-20
        - [ ] Plan the party +party @home due:2026-11-21 est:2h rec:+1w
          Guests: "Ann" & Bob\tC:\\party
          - [x] 2026-11-19 2026-11-01 Book a venue @phone k:v k:w
          - [ ] Buy snacks @store
        - [ ] Later t:2026-12-01

        ## Garden

        - [/] Prune the roses

        """

    func testLsListsOpenTasksGroupedWithTheirLineNumbers() throws {
        try runner.write(markdown, to: "TODO.md")
        let result = try runner.run(["ls", "--today", "2026-11-21", "-f", "TODO.md"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            ## Home
             3 [ ] (A) Pay rent +house due:2026-11-20 (overdue 1d)
             4 [ ] Plan the party +party @home due:2026-11-21 est:2h rec:+1w (due today)
             7   [ ] Buy snacks @store

            ## Home / Garden
            12 [/] Prune the roses

            Estimated: 2h for the tasks listed

            """)
    }

    func testATagKeyIsExactEverywhereSoDUEIsNoDueDateForLsJSONOrFilters() throws {
        try runner.write("- [ ] a DUE:2026-01-01\n- [ ] b T:2030-01-01\n- [ ] c due:2026-01-01\n", to: "TODO.md")
        let ls = try runner.run(["ls", "--today", "2026-02-01", "-f", "TODO.md"])
        XCTAssertEqual(ls.stdout, "1 [ ] a DUE:2026-01-01\n2 [ ] b T:2030-01-01\n3 [ ] c due:2026-01-01 (overdue 31d)\n")
        let overdue = try runner.run(["ls", "--today", "2026-02-01", "-f", "TODO.md", "due:<today"])
        XCTAssertEqual(overdue.stdout, "3 [ ] c due:2026-01-01 (overdue 31d)\n")
        let tagged = try runner.run(["ls", "--today", "2026-02-01", "-f", "TODO.md", "DUE:<today"])
        XCTAssertEqual(tagged.stdout, "1 [ ] a DUE:2026-01-01\n")
        let json = try runner.run(["ls", "--json", "--today", "2026-02-01", "-f", "TODO.md", "DUE:any"])
        XCTAssertTrue(json.stdout.contains(#""due":null"#) && json.stdout.contains(#""tags":{"DUE":"2026-01-01"}"#), json.stdout)
        for (key, first) in [("due", "3 [ ] c due:2026-01-01 (overdue 31d)"), ("DUE", "1 [ ] a DUE:2026-01-01")] {
            let sorted = try runner.run(["ls", "--today", "2026-02-01", "-f", "TODO.md", "--sort-by", key])
            XCTAssertEqual(sorted.stdout.split(separator: "\n").first.map(String.init), first, key)
        }
    }

    func testTodayDecidesWhatIsOverdueAndWhatIsHidden() throws {
        try runner.write(markdown, to: "TODO.md")
        let result = try runner.run(["ls", "--today", "2026-12-01", "-f", "TODO.md", "list:home"])
        XCTAssertEqual(result.stdout, """
            ## Home
             3 [ ] (A) Pay rent +house due:2026-11-20 (overdue 11d)
             4 [ ] Plan the party +party @home due:2026-11-21 est:2h rec:+1w (overdue 10d)
             7   [ ] Buy snacks @store
             8 [ ] Later t:2026-12-01

            ## Home / Garden
            12 [/] Prune the roses

            Estimated: 2h for the tasks listed

            """)
    }

    func testArchiveListsTheArchivedTasksTooAddressedInTheirFile() throws {
        try runner.write("# Home\n\n- [ ] Pay rent +house\n", to: "TODO.md")
        try runner.write("# Home\n\n- [x] 2026-11-20 Buy milk +house\n- [x] 2026-11-21 Call mom\n", to: "DONE.md")
        XCTAssertEqual(try runner.run(["ls", "-f", "TODO.md", "--archive", "+house"]).stdout,
                       "## Home\n3 [ ] Pay rent +house\n\n## Home\nDONE.md:3 [x] 2026-11-20 Buy milk +house\n")
        XCTAssertEqual(try runner.run(["count", "-f", "TODO.md", "--archive"]).stdout, "3\n")
        XCTAssertEqual(try runner.run(["count", "-f", "TODO.md"]).stdout, "1\n")
        let json = try runner.run(["ls", "-f", "TODO.md", "--archive", "--json", "milk"]).stdout
        XCTAssertTrue(json.contains(#""file":"DONE.md""#), json)
        try runner.write("Pay rent\n", to: "todo.txt")
        try runner.write("x 2026-11-20 Buy milk\n", to: "done.txt")
        XCTAssertEqual(try runner.run(["ls", "-f", "todo.txt", "--archive"]).stdout, "1 Pay rent\n\ndone.txt:1 x 2026-11-20 Buy milk\n")
    }

    func testAListThatIsNotThereIsWarnedAboutWithTheListMeant() throws {
        try runner.write("# Now\n\n- [ ] a\n\n# Later\n\n- [ ] b\n", to: "TODO.md")
        let typo = try runner.run(["ls", "-f", "TODO.md", "list:Nwo"])
        XCTAssertEqual(typo.status, 0)
        XCTAssertEqual(typo.stdout, "")
        XCTAssertEqual(typo.stderr, "TODO.md: warning: there is no list 'Nwo'; did you mean 'Now'?\n")
        XCTAssertEqual(try runner.run(["count", "-f", "TODO.md", "list:Nope"]).stderr,
                       "TODO.md: warning: there is no list 'Nope' ('todofmt lslists' shows the lists)\n")
        XCTAssertEqual(try runner.run(["ls", "-f", "TODO.md", "list:later"]).stderr, "")
    }

    func testAVeryOldDueDateIsSaidInYearsAndMonths() throws {
        try runner.write("- [ ] a due:2019-12-28\n- [ ] b due:2026-11-25\n", to: "TODO.md")
        XCTAssertEqual(try runner.run(["ls", "-f", "TODO.md", "--today", "2026-11-28"]).stdout,
                       "1 [ ] a due:2019-12-28 (overdue 6 years 11 months)\n2 [ ] b due:2026-11-25 (overdue 3d)\n")
    }

    func testATaskTaggedH1IsHiddenUnlessAskedFor() throws {
        try runner.write("- [ ] a h:1\n- [ ] b\n", to: "TODO.md")
        XCTAssertEqual(try runner.run(["ls", "-f", "TODO.md"]).stdout, "2 [ ] b\n")
        XCTAssertEqual(try runner.run(["ls", "-f", "TODO.md", "--all"]).stdout, "1 [ ] a h:1\n2 [ ] b\n")
        XCTAssertEqual(try runner.run(["count", "-f", "TODO.md", "h:1"]).stdout, "1\n")
    }

    func testJsonParsesBackWithEveryField() throws {
        try runner.write(markdown, to: "TODO.md")
        let result = try runner.run(["ls", "--today", "2026-11-21", "-f", "TODO.md", "--all", "--json", "+party OR @phone"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.count, 2)

        let party = array[0]
        XCTAssertEqual(Set(party.keys), ["file", "line", "list", "status", "done", "priority", "created", "completed", "due", "due_time",
                                         "threshold", "recurrence", "text", "title", "projects", "contexts", "tags", "notes",
                                         "depth", "parent", "raw", "start", "scheduled", "cancelled", "priority_level",
                                         "on_completion", "id", "depends_on", "blocked", "hashtags", "dialect"])
        XCTAssertEqual(party["file"] as? String, "TODO.md")
        XCTAssertEqual(party["line"] as? Int, 4)
        XCTAssertEqual(party["list"] as? [String], ["Home"])
        XCTAssertEqual(party["status"] as? String, "open")
        XCTAssertEqual(party["done"] as? Bool, false)
        XCTAssertTrue(party["priority"] is NSNull)
        XCTAssertTrue(party["created"] is NSNull)
        XCTAssertTrue(party["completed"] is NSNull)
        XCTAssertEqual(party["due"] as? String, "2026-11-21")
        XCTAssertTrue(party["threshold"] is NSNull)
        XCTAssertEqual(party["recurrence"] as? String, "+1w")
        XCTAssertEqual(party["text"] as? String, "Plan the party +party @home due:2026-11-21 est:2h rec:+1w")
        XCTAssertEqual(party["title"] as? String, "Plan the party")
        XCTAssertEqual(party["projects"] as? [String], ["party"])
        XCTAssertEqual(party["contexts"] as? [String], ["home"])
        XCTAssertEqual(party["tags"] as? [String: String], ["due": "2026-11-21", "est": "2h", "rec": "+1w"])
        XCTAssertEqual(party["notes"] as? [String], ["Guests: \"Ann\" & Bob\tC:\\party"])
        XCTAssertEqual(party["depth"] as? Int, 0)
        XCTAssertTrue(party["parent"] is NSNull)
        XCTAssertEqual(party["raw"] as? String, "- [ ] Plan the party +party @home due:2026-11-21 est:2h rec:+1w")

        let venue = array[1]
        XCTAssertEqual(venue["line"] as? Int, 6)
        XCTAssertEqual(venue["status"] as? String, "done")
        XCTAssertEqual(venue["done"] as? Bool, true)
        XCTAssertEqual(venue["completed"] as? String, "2026-11-19")
        XCTAssertEqual(venue["created"] as? String, "2026-11-01")
        XCTAssertEqual(venue["text"] as? String, "Book a venue @phone k:v k:w")
        XCTAssertEqual(venue["tags"] as? [String: [String]], ["k": ["v", "w"]])
        XCTAssertEqual(venue["depth"] as? Int, 1)
        XCTAssertEqual(venue["parent"] as? Int, 4)
        XCTAssertEqual(venue["notes"] as? [String], [])
    }

    func testJsonKeepsControlCharactersQuotesAndUnicode() throws {
        try runner.write("Café \"q\" \\ 日本\u{1}\u{1F}x\ty\n", to: "todo.txt")
        let result = try runner.run(["ls", "--today", "2026-11-21", "--json"])
        XCTAssertTrue(result.stdout.contains(#""text":"Café \"q\" \\ 日本\u0001\u001fx\ty""#), result.stdout)
        let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.first?["raw"] as? String, "Café \"q\" \\ 日本\u{1}\u{1F}x\ty")
    }

    func testNothingToShowIsAnEmptyArrayInJson() throws {
        try runner.write("one\n", to: "todo.txt")
        let result = try runner.run(["ls", "--today", "2026-11-21", "--json", "nomatch"])
        XCTAssertEqual(result.stdout, "[]\n")
        XCTAssertEqual(result.status, 0)
    }

    func testMarkdownAndTodoTxtGiveTheSameTasks() throws {
        try runner.write("- [ ] (B) 2026-11-01 Call Ann @phone due:2026-11-22\n- [x] 2026-11-20 Sent it +work\n", to: "TODO.md")
        try runner.write("(B) 2026-11-01 Call Ann @phone due:2026-11-22\nx 2026-11-20 Sent it +work\n", to: "todo.txt")
        func tasks(_ file: String) throws -> [NSDictionary] {
            let result = try runner.run(["ls", "--today", "2026-11-21", "--all", "--json", "-f", file])
            let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
            return array.map { object in
                var object = object
                for key in ["file", "raw"] { object.removeValue(forKey: key) }
                return object as NSDictionary
            }
        }
        XCTAssertEqual(try tasks("TODO.md"), try tasks("todo.txt"))
    }

    func testFileOptionTakesAnyPath() throws {
        let url = try runner.write("elsewhere task\n", to: "deep/er/list.txt")
        let result = try runner.run(["ls", "--today", "2026-11-21", "--file", url.path])
        XCTAssertEqual(result.stdout, "1 elsewhere task\n")
    }

    func testAListArgumentWithSpacesNamesOneListWhileAWholeQueryStillReadsAsAQuery() throws {
        try runner.write("# Big Project\n\n- [ ] a\n\n# Other\n\n- [ ] b\n", to: "TODO.md")
        XCTAssertEqual(try runner.run(["ls", "--today", "2026-11-21", "list:Big Project"]).stdout, "## Big Project\n3 [ ] a\n")
        XCTAssertEqual(try runner.run(["ls", "--today", "2026-11-21", "-list:Big Project"]).stdout, "## Other\n7 [ ] b\n")
        XCTAssertEqual(try runner.run(["ls", "--today", "2026-11-21", "list:Other OR a"]).stdout,
                       "## Big Project\n3 [ ] a\n\n## Other\n7 [ ] b\n")
    }

    func testTheEnvironmentVariableNamesTheFile() throws {
        try runner.write("from the environment\n", to: "lists/mine.txt")
        try runner.write("- [ ] not this one\n", to: "TODO.md")
        let result = try runner.run(["ls", "--today", "2026-11-21"], environment: ["TODOFMT_FILE": "lists/mine.txt"])
        XCTAssertEqual(result.stdout, "1 from the environment\n")
    }

    func testTheFileOptionWinsOverTheEnvironment() throws {
        try runner.write("from the environment\n", to: "a.txt")
        try runner.write("from the option\n", to: "b.txt")
        let result = try runner.run(["ls", "--today", "2026-11-21", "-f", "b.txt"], environment: ["TODOFMT_FILE": "a.txt"])
        XCTAssertEqual(result.stdout, "1 from the option\n")
    }

    func testTheNearestTodoFileIsFoundFromASubfolder() throws {
        try FileManager.default.createDirectory(at: runner.folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try runner.write("- [ ] found upward\n", to: "TODO.md")
        try FileManager.default.createDirectory(at: runner.folder.appendingPathComponent("src/deep"), withIntermediateDirectories: true)
        let result = try runner.run(["ls", "--today", "2026-11-21", "--json"], in: "src/deep")
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(array.first?["title"] as? String, "found upward")
        XCTAssertEqual((array.first?["file"] as? String).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() },
                       runner.folder.appendingPathComponent("TODO.md").resolvingSymlinksInPath())
    }

    func testNoTodoFileIsAClearErrorWithExitCode2() throws {
        try FileManager.default.createDirectory(at: runner.folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: runner.folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let result = try runner.run(["ls"], in: "sub")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("todofmt: error: no todo file found: looked for TODO.md, todo.md, todo.txt, a .todofmt file or an Obsidian vault (.obsidian/) in "), result.stderr)
        XCTAssertTrue(result.stderr.contains("(stopped at the repository root)"), result.stderr)
    }

    func testAMissingNamedFileIsAnErrorWithExitCode2() throws {
        let result = try runner.run(["ls", "-f", "missing.md"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "missing.md: error: no such file or directory\n")
    }

    func testABadFilterIsAUsageErrorPointingAtTheColumn() throws {
        try runner.write("one\n", to: "todo.txt")
        let result = try runner.run(["ls", "(a", "OR", "b"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "todofmt: error: unclosed '(' (column 1 of the filter)\n  (a OR b\n  ^\n")
    }

    func testABadTodayIsAUsageError() throws {
        try runner.write("one\n", to: "todo.txt")
        let result = try runner.run(["ls", "--today", "someday"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--today"), result.stderr)
    }

    func testABadSortKeyIsAUsageError() throws {
        try runner.write("one\n", to: "todo.txt")
        let result = try runner.run(["ls", "--sort-by", "due,,pri"])
        XCTAssertEqual(result.status, 64)
    }

    func testADashWordIsANegationNotAnOption() throws {
        try runner.write("buy food\nbuy fuel\n", to: "todo.txt")
        let result = try runner.run(["ls", "--today", "2026-11-21", "-food", "-f", "todo.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "2 buy fuel\n")
    }

    func testSortByOrdersTheTasks() throws {
        try runner.write("b due:2026-12-02\n(A) a\nc due:2026-12-01\n", to: "todo.txt")
        let result = try runner.run(["ls", "--today", "2026-11-21", "--sort-by", "due"])
        XCTAssertEqual(result.stdout, "3 c due:2026-12-01\n1 b due:2026-12-02\n2 (A) a\n")
    }

    // MARK: topydo's spellings

    func testTopydoPriorityComparisonsDateNamesAndBracketedProjectsFindTasks() throws {
        try runner.write("(A) 2026-11-01 a\n(B) b\n(C) c\nCall Bob (re +taxes)\nx 2026-11-20 2026-11-02 done\n", to: "todo.txt")
        func lines(_ filter: String...) throws -> String {
            try runner.run(["ls", "-f", "todo.txt", "--all", "--today", "2026-11-21"] + filter).stdout
                .split(separator: "\n").map { String($0.prefix(1)) }.joined(separator: " ")
        }
        XCTAssertEqual(try lines("(>C)"), "1 2")
        XCTAssertEqual(try lines("(<B)"), "3 4 5")
        XCTAssertEqual(try lines("(>=B)"), "1 2")
        XCTAssertEqual(try lines("(A)"), "1")
        XCTAssertEqual(try lines("+taxes"), "4")
        XCTAssertEqual(try lines("creation:2026-11-01"), "1")
        XCTAssertEqual(try lines("completion:yesterday"), "5")
        XCTAssertEqual(try runner.run(["lsprj", "-f", "todo.txt"]).stdout, "+taxes  1\n")
    }

    // MARK: Notes and wide names

    func testNotesShowEachTasksNotesUnderItsText() throws {
        try runner.write(markdown.replacingOccurrences(of: "- [/] Prune the roses", with: "- [/] Prune the roses\n  the red ones\n\n  before frost"), to: "TODO.md")
        let result = try runner.run(["ls", "--today", "2026-11-21", "-f", "TODO.md", "--notes", "party OR roses"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            ## Home
             4 [ ] Plan the party +party @home due:2026-11-21 est:2h rec:+1w (due today)
                   Guests: "Ann" & Bob\tC:\\party

            ## Home / Garden
            12 [/] Prune the roses
                   the red ones

                   before frost

            Estimated: 2h for the tasks listed

            """)
    }

    func testCountTablesLineUpNamesByTheirDisplayWidth() throws {
        try runner.write("- [ ] a +買い物\n- [ ] b +work\n- [ ] c +🛒\n- [ ] d +🛒\n", to: "TODO.md")
        let result = try runner.run(["lsprj", "-f", "TODO.md"])
        XCTAssertEqual(result.stdout, "+work    1\n+買い物  1\n+🛒      2\n")
    }

    // MARK: Colour

    let coloured = "(A) top\nlate due:2026-11-20\nnow due:2026-11-21\n"

    func testColorAlwaysColoursEvenWithNoColor() throws {
        try runner.write(coloured, to: "todo.txt")
        let result = try runner.run(["ls", "--today", "2026-11-21", "--color", "always"], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.stdout, """
            1 \u{1B}[1m(A) top\u{1B}[0m
            2 \u{1B}[31mlate due:2026-11-20 (overdue 1d)\u{1B}[0m
            3 \u{1B}[33mnow due:2026-11-21 (due today)\u{1B}[0m

            """)
    }

    func testNoColourIntoAPipe() throws {
        try runner.write(coloured, to: "todo.txt")
        let result = try runner.run(["ls", "--today", "2026-11-21"])
        XCTAssertFalse(result.stdout.contains("\u{1B}"))
        XCTAssertTrue(result.stdout.contains("(overdue 1d)"))
    }

    func testATerminalGetsColourUnlessNoColorOrNever() throws {
        try runner.write(coloured, to: "todo.txt")
        guard let plain = try runner.runOnTerminal(["ls", "--today", "2026-11-21"]) else {
            throw RequiredTool.missing("script(1)", installHint: "Debian's bsdutils has it")
        }
        XCTAssertTrue(plain.stdout.contains("\u{1B}[31m"), plain.stdout)
        let noColor = try XCTUnwrap(try runner.runOnTerminal(["ls", "--today", "2026-11-21"], environment: ["NO_COLOR": "1"]))
        XCTAssertFalse(noColor.stdout.contains("\u{1B}["), noColor.stdout)
        XCTAssertTrue(noColor.stdout.contains("(overdue 1d)"))
        let never = try XCTUnwrap(try runner.runOnTerminal(["ls", "--today", "2026-11-21", "--color", "never"]))
        XCTAssertFalse(never.stdout.contains("\u{1B}["), never.stdout)
        let emptyNoColor = try XCTUnwrap(try runner.runOnTerminal(["ls", "--today", "2026-11-21"], environment: ["NO_COLOR": ""]))
        XCTAssertTrue(emptyNoColor.stdout.contains("\u{1B}[31m"), emptyNoColor.stdout)
    }
}
