import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The planning commands run as a user runs them: agenda, count, stats, export, review, and list caps.
final class PlanningCommandTests: XCTestCase {
    static let sample = """
        # Today
        <!-- todofmt: limit=3 -->

        - [ ] (A) Pay rent due:2026-11-18 est:15m
        - [ ] Call the plumber due:2026-11-21 @phone
          The kitchen tap.
        - [x] 2026-11-20 2026-11-02 Buy light bulbs

        # Backlog

        - [ ] (B) 2026-11-19 Send the report, with figures due:2026-11-23 remind:2026-11-22 +q4
        - [ ] Paint the hallway t:2026-11-24 due:2026-11-28 rec:1m
        - [ ] Someday, maybe

        """

    /// The test's folder; it lives as long as the test case.
    var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder = nil }

    func write(_ text: String = PlanningCommandTests.sample) throws -> String {
        try folder.write(text, to: "TODO.md")
    }

    func testAgendaListsOverdueThenEachDayWithAddressesAndReasonsInWords() throws {
        let file = try write()
        let result = try Todofmt.run(["agenda", "-f", file, "--today", "2026-11-21"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            Overdue
               4  (A) Pay rent  [Today]  due 2026-11-18, 3 days overdue

            Today, Saturday 2026-11-21
               5  Call the plumber  [Today]  due today

            Monday 2026-11-23
              11  (B) Send the report, with figures  [Backlog]  due

            Tuesday 2026-11-24
              12  Paint the hallway  [Backlog]  starts

            Estimated: 15m for the tasks listed

            """)
    }

    func testAgendaJSONCarriesTheTaskObjectsWithTheirReasonAndDate() throws {
        let file = try write()
        let result = try Todofmt.run(["agenda", "-f", file, "--today", "2026-11-21", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["line"] as? Int }, [4, 5, 11, 12])
        XCTAssertEqual(objects.compactMap { ($0["agenda"] as? [String: Any])?["reason"] as? String }, ["due", "due", "due", "starts"])
        XCTAssertEqual((objects[0]["agenda"] as? [String: Any])?["date"] as? String, "2026-11-18")
    }

    func testAgendaAddressesAreTheOnesEditsCheckAfterTheFileChangedSinceLs() throws {
        let file = try write()
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        XCTAssertEqual(try Todofmt.run(["ls", "-f", file, "--today", "2026-11-21"], environment: state).status, 0)
        try folder.write(PlanningCommandTests.sample.replacingOccurrences(of: "# Backlog\n\n", with: "# Backlog\n\n- [ ] Typed by hand\n"), to: "TODO.md")
        let agenda = try Todofmt.run(["agenda", "-f", file, "--today", "2026-11-21"], environment: state)
        XCTAssertTrue(agenda.stdout.contains("  12  (B) Send the report, with figures"), agenda.stdout)
        let done = try Todofmt.run(["done", "-f", file, "--today", "2026-11-21", "12"], environment: state)
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertTrue(done.stdout.hasPrefix("12: - [x] 2026-11-21 2026-11-19 Send the report"), done.stdout)
    }

    func testCountPrintsABareNumberAndFollowsTheFileInAPromptLikeLoop() throws {
        let file = try write("# Inbox\n\n- [ ] first due:2026-11-01\n")
        for expected in 1...12 {
            let count = try Todofmt.run(["count", "-f", file, "--today", "2026-11-21", "due:<today"])
            XCTAssertEqual(count.status, 0, count.stderr)
            XCTAssertEqual(count.stdout, "\(expected)\n")
            let add = try Todofmt.run(["add", "-f", file, "--today", "2026-11-21", "--due", "yesterday", "task", "\(expected)"])
            XCTAssertEqual(add.status, 0, add.stderr)
        }
        let done = try Todofmt.run(["done", "-f", file, "--today", "2026-11-21", "3"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(try Todofmt.run(["count", "-f", file, "--today", "2026-11-21", "due:<today"]).stdout, "12\n")
        XCTAssertEqual(try Todofmt.run(["count", "-f", file, "--today", "2026-11-21", "--all", "status:done"]).stdout, "1\n")
        XCTAssertTrue(try folder.text("TODO.md").contains("- [x] 2026-11-21 first due:2026-11-01"))
    }

    func testAgendaColoursAsLsDoesWhenAskedAndNotOtherwise() throws {
        let file = try write("# Today\n\n- [ ] (A) rent due:2026-11-20\n- [ ] call due:2026-11-21\n")
        let coloured = try Todofmt.run(["agenda", "-f", file, "--today", "2026-11-21", "--color", "always"]).stdout
        XCTAssertEqual(coloured, """
            \u{1B}[1mOverdue\u{1B}[0m
              3  \u{1B}[1;31m(A) rent  [Today]  due 2026-11-20, 1 day overdue\u{1B}[0m

            \u{1B}[1mToday, Saturday 2026-11-21\u{1B}[0m
              4  \u{1B}[33mcall  [Today]  due today\u{1B}[0m

            """)
        let plain = try Todofmt.run(["agenda", "-f", file, "--today", "2026-11-21"]).stdout
        XCTAssertFalse(plain.contains("\u{1B}"), plain)
    }

    func testTheOverdueBadgeCountsWhatAgendaAndLsShowAsOverdue() throws {
        let file = try write("# Today\n\n- [ ] rent due:2026-11-20\n- [ ] dentist due:2026-11-21T10:00\n- [ ] call due:2026-11-19\n- [ ] later due:2026-11-21\n")
        let now = ["--today", "2026-11-21 10:15"]
        XCTAssertEqual(try Todofmt.run(["count", "-f", file, "is:overdue"] + now).stdout, "3\n")
        let listed = try Todofmt.run(["ls", "-f", file] + now).stdout
        XCTAssertEqual(listed.components(separatedBy: "(overdue").count - 1, 3, listed)
        XCTAssertEqual(try Todofmt.run(["ls", "-f", file, "is:overdue"] + now).stdout.split(separator: "\n").filter { $0.contains("(overdue") }.count, 3)
    }

    func testStatsPrintsCountsAndWritesAWellFormedSVGChart() throws {
        let file = try write()
        try folder.write("# Today\n\n- [x] 2026-11-19 Old task\n", to: "DONE.md")
        let svg = folder.path("chart.svg")
        let result = try Todofmt.run(["stats", "-f", file, "--today", "2026-11-21", "--weeks", "2", "--svg", svg])
        XCTAssertEqual(result.status, 0, result.stderr)
        // The archive's done task counts under its list, Today.
        XCTAssertTrue(result.stdout.contains("Today       2     2          0        1       15m"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Backlog     3     0          0        0         -"), result.stdout)
        // One completion in the file (2026-11-20) and one in the archive (2026-11-19).
        XCTAssertTrue(result.stdout.contains("2026-11-16  · · · █ █ ·        2        1"), result.stdout)
        let data = try Data(contentsOf: URL(fileURLWithPath: svg))
        let parser = XMLParser(data: data)
        XCTAssertTrue(parser.parse(), "the SVG is not well-formed XML")
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }

    func testStatsAndExportRefuseToWriteOverTheTodoFileItself() throws {
        let file = try write()
        let before = try folder.text("TODO.md")
        for arguments in [["stats", "-f", file, "--svg", file], ["export", "-f", file, "-o", "./TODO.md"],
                          ["stats", "-f", "TODO.md", "--svg", folder.url.appendingPathComponent("TODO.md").path]] {
            let result = try Todofmt.run(arguments + ["--today", "2026-11-21"], in: folder.url)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("would overwrite the todo file"), result.stderr)
            XCTAssertEqual(try folder.text("TODO.md"), before, "\(arguments)")
        }
    }

    func testExportWritesICalendarThatARealParserReads() throws {
        let file = try write()
        let ics = folder.path("tasks.ics")
        let result = try Todofmt.run(["export", "--ics", "-f", file, "--today", "2026-11-21", "-o", ics])
        XCTAssertEqual(result.status, 0, result.stderr)
        let script = """
            import icalendar, json, sys
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            out = []
            for todo in cal.walk('VTODO'):
                out.append({'uid': str(todo['UID']), 'summary': str(todo['SUMMARY']), 'due': todo['DUE'].dt.isoformat() if 'DUE' in todo else None,
                            'priority': int(todo['PRIORITY']) if 'PRIORITY' in todo else None,
                            'categories': [str(c) for cat in ([todo['CATEGORIES']] if 'CATEGORIES' in todo and not isinstance(todo['CATEGORIES'], list) else todo.get('CATEGORIES', [])) for c in cat.cats],
                            'alarms': [str(a['TRIGGER'].dt) for a in todo.walk('VALARM')],
                            'rrule': todo['RRULE'].to_ical().decode() if 'RRULE' in todo else None,
                            'description': str(todo.get('DESCRIPTION', ''))})
            print(json.dumps(out))
            """
        let parsed = try python(script, arguments: [ics])
        let todos = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[String: Any]])
        XCTAssertEqual(todos.map { $0["summary"] as? String }, ["Pay rent", "Call the plumber", "Buy light bulbs", "Send the report, with figures",
                                                                "Paint the hallway", "Someday, maybe"])
        XCTAssertEqual(todos.compactMap { $0["due"] as? String }, ["2026-11-18", "2026-11-21", "2026-11-23", "2026-11-28"])
        XCTAssertEqual(todos[0]["priority"] as? Int, 1)
        XCTAssertEqual(todos[3]["priority"] as? Int, 5)
        XCTAssertEqual(todos[1]["description"] as? String, "The kitchen tap.")
        XCTAssertEqual(todos[3]["categories"] as? [String], ["Backlog", "+q4"])
        XCTAssertEqual(todos[3]["alarms"] as? [String], ["2026-11-22 09:00:00+00:00"])
        XCTAssertNil(todos[4]["rrule"] as? String, "rec:1m counts from the day it is done: no calendar rule says that")
        let again = try Todofmt.run(["export", "-f", file, "--today", "2026-11-21"])
        XCTAssertEqual(again.stdout, try folder.text("tasks.ics"), "UIDs and everything else stay the same across runs")
        let filtered = try Todofmt.run(["export", "-f", file, "--today", "2026-11-21", "+q4"])
        XCTAssertEqual(filtered.stdout.components(separatedBy: "BEGIN:VTODO").count - 1, 1)
        XCTAssertTrue(filtered.stdout.contains("SUMMARY:Send the report\\, with figures\r\n"), filtered.stdout)
    }

    func testReviewMovesWhatIsLeftOpenAndDryRunChangesNothing() throws {
        let file = try write()
        let before = try folder.text("TODO.md")
        let dry = try Todofmt.run(["review", "-f", file, "--from", "Today", "--to", "Backlog", "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertEqual(dry.stdout, "would move 2 tasks from Today to Backlog:\n  4: - [ ] (A) Pay rent due:2026-11-18 est:15m\n  5: - [ ] Call the plumber due:2026-11-21 @phone\n")
        XCTAssertEqual(try folder.text("TODO.md"), before)
        let real = try Todofmt.run(["review", "-f", file])
        XCTAssertEqual(real.status, 0, real.stderr)
        let after = try folder.text("TODO.md")
        XCTAssertTrue(after.contains("- [x] 2026-11-20 2026-11-02 Buy light bulbs"), after)
        XCTAssertTrue(after.hasSuffix("- [ ] Someday, maybe\n- [ ] (A) Pay rent due:2026-11-18 est:15m\n- [ ] Call the plumber due:2026-11-21 @phone\n  The kitchen tap.\n"), after)
    }

    func testReviewFindsListsUnderATitleHeadingAsAddDoesAndPrintsWhereTasksWent() throws {
        let file = try write("# TODO\n\n## Today\n\n- [ ] (A) Pay rent\n- [x] 2026-11-20 Buy bulbs\n\n## Backlog\n\n- [ ] Someday\n")
        let dry = try Todofmt.run(["review", "-f", file, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertEqual(dry.stdout, "would move 1 task from Today to Backlog:\n  5: - [ ] (A) Pay rent\n")
        let real = try Todofmt.run(["review", "-f", file])
        XCTAssertEqual(real.status, 0, real.stderr)
        XCTAssertEqual(real.stdout, "moved 1 task from Today to Backlog:\n  10: - [ ] (A) Pay rent\n")
        XCTAssertEqual(try folder.text("TODO.md"), "# TODO\n\n## Today\n\n- [x] 2026-11-20 Buy bulbs\n\n## Backlog\n\n- [ ] Someday\n- [ ] (A) Pay rent\n")
    }

    func testReviewFromAListToItselfIsAUsageErrorAndWritesNothing() throws {
        let file = try write()
        let before = try folder.text("TODO.md")
        for arguments in [["--from", "Today", "--to", "today"], ["--from", "Today", "--to", " Today ", "--dry-run"]] {
            let result = try Todofmt.run(["review", "-f", file] + arguments)
            XCTAssertEqual(result.status, 64, arguments.joined(separator: " "))
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "todofmt: error: --from and --to name the same list, 'Today'\n")
            XCTAssertEqual(try folder.text("TODO.md"), before)
        }
    }

    func testNoViewPassesATasksControlCharactersToTheTerminal() throws {
        let text = "# Today\n\n- [ ] evil\u{1B}[31m +p\u{1B}[0m @c\u{07} due:2026-11-21\n- [ ] other\n\n# Later\u{1B}[2J\n\n- [ ] x\n"
        let commands = [["agenda"], ["stats"], ["lsprj"], ["lscon"], ["lslists"], ["ls"], ["done", "TODO.md:3"],
                        ["review", "--from", "Today", "--to", "Someday", "--dry-run"], ["rm", "TODO.md:3"]]
        for command in commands {
            let file = try write(text)
            let result = try Todofmt.run([command[0], "-f", file] + command.dropFirst() + ["--today", "2026-11-21"].filter { _ in
                ["agenda", "stats", "ls", "done"].contains(command[0])
            }, in: folder.url)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertFalse(result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" },
                           "\(command): \(result.stdout.debugDescription)")
            XCTAssertTrue(result.stdout.contains("^[") || result.stdout.contains("^G"), "\(command): \(result.stdout.debugDescription)")
        }
    }

    func testCommandsWithoutArgumentsRefuseOneInsteadOfIgnoringIt() throws {
        let file = try write()
        let before = try folder.text("TODO.md")
        for arguments in [["stats", "8"], ["review", "Today"], ["git-setup", "--undo", "now"]] {
            let result = try Todofmt.run(arguments + ["-f", file].filter { _ in arguments[0] != "git-setup" }, in: folder.url)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stdout)\(result.stderr)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "todofmt: error: \(arguments[0]) takes no arguments\n")
        }
        // agenda takes filter terms; a number alone is the days it was meant to show.
        let agenda = try Todofmt.run(["agenda", "14", "-f", file], in: folder.url)
        XCTAssertEqual(agenda.status, 64)
        XCTAssertEqual(agenda.stderr, "todofmt: error: agenda takes filter terms, not a number of days: give --days 14\n")
        XCTAssertEqual(try folder.text("TODO.md"), before)
    }

    func testReviewFromAListTheFileDoesNotHaveIsAnErrorNotNothingToDo() throws {
        let file = try write()
        let before = try folder.text("TODO.md")
        let missing = try Todofmt.run(["review", "-f", file, "--from", "Tody"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr, "\(file): error: there is no list 'Tody' in the file ('todofmt lslists --all' shows its lists)\n")
        let dry = try Todofmt.run(["review", "-f", file, "--from", "Tody", "--dry-run"])
        XCTAssertEqual(dry.status, 2)
        XCTAssertEqual(dry.stderr, missing.stderr)
        XCTAssertEqual(try folder.text("TODO.md"), before)
        let todoTxt = try folder.write("(A) Pay rent\n", to: "todo.txt")
        let flat = try Todofmt.run(["review", "-f", todoTxt])
        XCTAssertEqual(flat.status, 2)
        XCTAssertEqual(flat.stderr, "\(todoTxt): error: todo.txt files have no lists (headings); review needs a Markdown file\n")
    }

    func testAddToAListAtItsCapIsRefusedUnlessForced() throws {
        let file = try write()
        XCTAssertEqual(try Todofmt.run(["add", "-f", file, "--list", "Today", "third"]).status, 0)
        let before = try folder.text("TODO.md")
        let refused = try Todofmt.run(["add", "-f", file, "--list", "Today", "fourth"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "\(file): error: list 'Today' takes at most 3 open tasks and would hold 4; nothing was added (use --force to go over its limit)\n")
        XCTAssertEqual(try folder.text("TODO.md"), before)
        XCTAssertEqual(try Todofmt.run(["add", "-f", file, "--list", "Today", "--force", "fourth"]).status, 0)
        let check = try Todofmt.run(["--check", file])
        XCTAssertTrue(check.stderr.contains(":2:1: warning: list 'Today' has 4 open tasks, more than its limit of 3"), check.stderr)
        let ls = try Todofmt.run(["ls", "-f", file])
        XCTAssertTrue(ls.stderr.contains("warning: list 'Today' has 4 open tasks"), ls.stderr)
    }

    /// Runs a Python script; a missing interpreter or module fails under CI=true and skips elsewhere.
    func python(_ script: String, arguments: [String]) throws -> String {
        let result = try ChildProcess.run("python3", ["-c", script] + arguments)
        if result.status != 0, result.stderr.contains("No module named 'icalendar'") {
            throw RequiredTool.missing("Python's icalendar")
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = result.stdout
        return text
    }
}
