import Foundation
import XCTest

/// Every read command works across a folder of notes: agenda, stats, count, lslists, show, export and remind.
final class FolderReportTests: XCTestCase {
    var notes: NoteFolder!
    let today = ["--today", "2026-11-28"]

    override func setUpWithError() throws {
        notes = try NoteFolder()
        try notes.write(".todofmt", "")
        try notes.write("Daily/2026-11-27.md", "# Today\n\n- [ ] Call the bank due:2026-11-27 +money\n- [x] 2026-11-27 Walk\n")
        try notes.write("Projects/House.md", "# House\n\n## Paint\n\n- [ ] Buy paint due:2026-11-30 +house\n- [ ] Sand t:2026-11-29\n")
    }

    func testTheAgendaOfAFolderNumbersItsTasksAndNamesTheirFiles() throws {
        let output = try notes.run(["agenda"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, """
            Overdue
              1  Call the bank  [Daily/2026-11-27.md: Today]  due 2026-11-27, 1 day overdue

            Tomorrow, Sunday 2026-11-29
              2  Sand  [Projects/House.md: House / Paint]  starts

            Monday 2026-11-30
              3  Buy paint  [Projects/House.md: House / Paint]  due

            """)
        // The agenda's numbers are the folder's listing, as ls's are.
        XCTAssertEqual(try notes.run(["done", "3"] + today).stdout, "Projects/House.md:5: - [x] 2026-11-28 Buy paint due:2026-11-30 +house\n")
    }

    func testCountingAFoldersOverdueTasks() throws {
        XCTAssertEqual(try notes.run(["count", "due:<today"] + today).stdout, "1\n")
        XCTAssertEqual(try notes.run(["count", "--all"] + today).stdout, "4\n")
    }

    func testAPathFilterKeepsTheTasksOfTheNotesWhosePathHoldsIt() throws {
        let projects = try notes.run(["ls", "path:projects"] + today)
        XCTAssertEqual(projects.stdout, "Projects/House.md\n## House / Paint\n1 [ ] Buy paint due:2026-11-30 +house\n", projects.stderr)
        XCTAssertEqual(projects.stderr, "")
        XCTAssertEqual(try notes.run(["count", "in:Daily/"] + today).stdout, "1\n")
        XCTAssertEqual(try notes.run(["count", "-path:House.md"] + today).stdout, "1\n")
        XCTAssertEqual(try notes.run(["agenda", "path:House"] + today).stdout, """
            Tomorrow, Sunday 2026-11-29
              1  Sand  [Projects/House.md: House / Paint]  starts

            Monday 2026-11-30
              2  Buy paint  [Projects/House.md: House / Paint]  due

            """)
    }

    func testAFilterKeyNoTaskHasIsAWarning() throws {
        let output = try notes.run(["ls", "file:Projects"] + today)
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout, "")
        XCTAssertEqual(output.stderr, "todofmt: warning: no task has a file: tag, so file:… matches nothing; "
                       + "path:TEXT (or in:TEXT) finds the tasks of the notes whose path holds TEXT\n")
        XCTAssertEqual(try notes.run(["count", "who:ann"] + today).stderr, "todofmt: warning: no task has a who: tag, so who:… matches nothing\n")
        let named = try notes.run(["ls", "Projects/House.md"] + today)
        XCTAssertEqual(named.stderr, "todofmt: warning: 'Projects/House.md' is looked for in the tasks' text; "
                       + "'path:Projects/House.md' finds the tasks of that file\n")
    }

    func testListsAreGroupedByFile() throws {
        XCTAssertEqual(try notes.run(["lslists"] + today).stdout, "Daily/2026-11-27.md\nToday  1\n\nProjects/House.md\nHouse        0\nHouse/Paint  1\n")
        XCTAssertEqual(try notes.run(["lsprj", "--all"] + today).stdout, "+house  1\n+money  1\n")
    }

    func testStatsCountEveryNoteNamingListsAfterTheirFiles() throws {
        let output = try notes.run(["stats", "--weeks", "1"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.contains("Daily/2026-11-27.md#Today           1     1"), output.stdout)
        XCTAssertTrue(output.stdout.contains("Projects/House.md#House / Paint     2     0"), output.stdout)
    }

    func testShowNamesTheTaskByItsFileAndLine() throws {
        XCTAssertEqual(try notes.run(["ls"] + today).status, 0)
        let output = try notes.run(["show", "2"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.contains("Projects/House.md:5: - [ ] Buy paint due:2026-11-30 +house"), output.stdout)
    }

    func testRemindersOfEveryNoteArePrintedAsFileLineAndSentOnce() throws {
        let remind = ["remind", "--stdout", "--today", "2026-11-30 10:00"]
        let first = try notes.run(remind)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "Projects/House.md:5: Buy paint due:2026-11-30 +house\n")
        XCTAssertEqual(try notes.run(remind).stdout, "")
    }

    func testAPreviewOfTheRemindersOfEveryNoteSendsNone() throws {
        let preview = ["remind", "--print", "--today", "2026-11-30 10:00"]
        XCTAssertEqual(try notes.run(preview).stdout, "Projects/House.md:5: Buy paint due:2026-11-30 +house\n")
        XCTAssertEqual(try notes.run(preview).stdout, "Projects/House.md:5: Buy paint due:2026-11-30 +house\n")
        XCTAssertEqual(try notes.run(["remind", "--stdout", "--today", "2026-11-30 10:00"]).stdout,
                       "Projects/House.md:5: Buy paint due:2026-11-30 +house\n")
    }

    func testAnExportedTaskKeepsItsUIDWhenItMovesToAnotherNote() throws {
        func uid(of summary: String, _ calendar: String) -> String? {
            let lines = calendar.components(separatedBy: "\r\n")
            guard let at = lines.firstIndex(of: "SUMMARY:\(summary)") else { return nil }
            return lines[..<at].last { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        }
        let first = try notes.run(["export"] + today)
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try XCTUnwrap(uid(of: "Call the bank", first.stdout))
        // Carried over from yesterday's daily note to today's, as a daily-notes user does.
        try notes.write("Daily/2026-11-27.md", "# Today\n\n- [x] 2026-11-27 Walk\n")
        try notes.write("Daily/2026-11-28.md", "# Today\n\n- [ ] Call the bank due:2026-11-28 +money\n")
        let second = try notes.run(["export"] + today)
        XCTAssertEqual(uid(of: "Call the bank", second.stdout), before)
        XCTAssertEqual(second.stdout.components(separatedBy: "BEGIN:VTODO").count - 1, 4)
    }
}
