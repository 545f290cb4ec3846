import Foundation
import XCTest

/// Due dates with a time of day, as a user meets them: ls, agenda, sort, filters, due, postpone, done, show, export.
final class TimesOfDayCommandTests: XCTestCase {
    static let sample = """
        # Today

        - [ ] Pay rent due:2026-11-20
        - [ ] Dentist due:2026-11-21T08:15
        - [ ] Call the bank due:2026-11-21T14:30 remind:-2h
        - [ ] Water the plants due:2026-11-21
        - [ ] Standup due:2026-11-23T09:30 rec:+1b

        """

    var folder: TemporaryFolder!
    var file: String!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        file = try folder.write(TimesOfDayCommandTests.sample, to: "TODO.md")
    }

    override func tearDown() { folder = nil }

    func run(_ arguments: [String], at now: String = "2026-11-21 10:00") throws -> Todofmt.Result {
        let result = try Todofmt.run(arguments + ["-f", file, "--today", now])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    func testLsSaysATimePassedTodayIsOverdueAndShowsTodaysTimes() throws {
        XCTAssertEqual(try run(["ls"]).stdout, """
            ## Today
            3 [ ] Pay rent due:2026-11-20 (overdue 1d)
            4 [ ] Dentist due:2026-11-21T08:15 (overdue since 08:15)
            5 [ ] Call the bank due:2026-11-21T14:30 remind:-2h (due today 14:30)
            6 [ ] Water the plants due:2026-11-21 (due today)
            7 [ ] Standup due:2026-11-23T09:30 rec:+1b

            """)
    }

    func testADateAloneForTodayMeansItsStartSoNoTimeHasPassed() throws {
        XCTAssertTrue(try run(["ls", "due:<now"], at: "2026-11-21").stdout.contains("Pay rent"))
        XCTAssertFalse(try run(["ls", "due:<now"], at: "2026-11-21").stdout.contains("Dentist"))
    }

    func testFiltersCompareTimesWithNow() throws {
        XCTAssertEqual(try run(["ls", "due:<now"]).stdout, """
            ## Today
            3 [ ] Pay rent due:2026-11-20 (overdue 1d)
            4 [ ] Dentist due:2026-11-21T08:15 (overdue since 08:15)

            """)
        XCTAssertEqual(try run(["ls", "due:today", "--sort-by", "-due"]).stdout.split(separator: "\n").dropFirst().map { $0.prefix(4) },
                       ["6 [ ", "5 [ ", "4 [ "], "descending: the end of the day (no time) first, then the later time")
        XCTAssertEqual(try run(["ls", "due:<=2026-11-21T12:00"]).stdout.split(separator: "\n").count, 3)
    }

    func testSortingByDuePutsADaysTimesBeforeItsUntimedTasks() throws {
        let lines = try run(["ls", "--sort-by", "due"]).stdout.split(separator: "\n").dropFirst().map { String($0.prefix(1)) }
        XCTAssertEqual(lines, ["3", "4", "5", "6", "7"])
        let sorted = try Todofmt.run(["--sort-by", "due", "--stdout", file])
        XCTAssertTrue(sorted.stdout.contains("Dentist due:2026-11-21T08:15\n- [ ] Call the bank due:2026-11-21T14:30 remind:-2h\n- [ ] Water the plants due:2026-11-21\n"), sorted.stdout)
    }

    func testAgendaShowsTimesAndOrdersADayByThem() throws {
        XCTAssertEqual(try run(["agenda"]).stdout, """
            Overdue
              3  Pay rent  [Today]  due 2026-11-20, 1 day overdue
              4  Dentist  [Today]  due today at 08:15, overdue

            Today, Saturday 2026-11-21
              5  Call the bank  [Today]  due today at 14:30
              6  Water the plants  [Today]  due today

            Monday 2026-11-23
              7  Standup  [Today]  due at 09:30

            """)
    }

    func testDueTakesADayAndATimeAndPostponeAndRecurrenceKeepTheTime() throws {
        XCTAssertEqual(try run(["due", "6", "fri", "14:30"]).stdout, "6: - [ ] Water the plants due:2026-11-27T14:30\n")
        XCTAssertEqual(try run(["postpone", "4", "1w"]).stdout, "4: - [ ] Dentist due:2026-11-28T08:15\n")
        XCTAssertEqual(try run(["done", "7"]).stdout, """
            7: - [x] 2026-11-21 Standup due:2026-11-23T09:30 rec:+1b
            8: - [ ] Standup due:2026-11-24T09:30 rec:+1b

            """)
    }

    func testShowSaysTheTimeAndTheRemindersInWords() throws {
        let show = try run(["show", "5"]).stdout
        XCTAssertTrue(show.contains("  due     Saturday 2026-11-21, due today at 14:30\n"), show)
        XCTAssertTrue(show.contains("  remind  Saturday 2026-11-21 at 12:30, 2 hours before it is due\n"), show)
        XCTAssertTrue(try run(["show", "4"]).stdout.contains("  due     Saturday 2026-11-21, overdue since 08:15\n"))
    }

    func testTheCalendarExportWritesATimedDueAsALocalTime() throws {
        let export = try run(["export", "--ics"]).stdout
        XCTAssertTrue(export.contains("DUE:20261121T143000\r\n"), export)
        XCTAssertTrue(export.contains("TRIGGER;RELATED=END:-PT2H\r\n"), export)
        XCTAssertTrue(export.contains("DUE;VALUE=DATE:20261121\r\n"), export)
    }

    func testAFileWithTimesIsFormattedWithoutWarnings() throws {
        let check = try Todofmt.run(["--check", file])
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.stderr, "")
    }
}
