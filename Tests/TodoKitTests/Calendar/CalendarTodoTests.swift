import TodoKit
import XCTest

/// What a task says in a VTODO, and what todofmt reads back from one.
final class CalendarTodoTests: XCTestCase {
    let settings = CalendarSettings(zone: .fixed(secondsEast: -5 * 3600), reminderTime: TimeOfDay(hour: 9, minute: 0)!)

    func todo(_ text: String, format: FileFormat = .markdown) -> CalendarTodo {
        let document = Document(parsing: text, format: format)
        return CalendarTodo(task: document.tasks.count - 1, in: document, parent: nil, settings: settings)
    }

    /// The task's VTODO as a new object, read back.
    func readBack(_ todo: CalendarTodo) throws -> CalendarTodo {
        let text = VTodoWriter.newObject(uid: "u", todo: todo, created: nil, stamp: "20261121T000000Z", settings: settings, productVersion: "test")
        let vtodo = try XCTUnwrap(CalendarComponent.parse(text).first?.components.first)
        return CalendarTodo(component: vtodo, settings: settings)
    }

    func testEveryTaskReadsBackFromItsOwnVTODOAsItWasWritten() throws {
        let tasks = [
            "# Home\n\n- [ ] (A) Pay rent +house @desk due:2026-12-01 remind:-3d\n  the landlord's account\n\n  twice a year\n",
            "- [x] 2026-11-20 Send report; with figures, to Ann pri:B due:2026-11-22\n",
            "- [-] Renew gym membership\n",
            "- [/] Paint the hallway t:2026-11-23 due:2026-11-28T09:15 remind:-30m\n",
            "- [ ] Water plants rec:+1w due:2026-11-28\n",
            "x 2026-11-20 (C) Call mom due:2026-11-21\n",
        ]
        for text in tasks {
            let format: FileFormat = text.hasPrefix("x ") ? .todotxt : .markdown
            let written = todo(text, format: format)
            XCTAssertEqual(try readBack(written), written, text)
        }
    }

    func testEveryRemindTagOfATaskIsAnAlarmAndTwoAtTheSameMomentAreOne() throws {
        let timed = todo("- [ ] Pay rent due:2026-12-01T10:00 remind:-2h remind:-1d remind:-120m\n")
        XCTAssertEqual(timed.alarms.map(\.value), ["-PT2H", "-P1D"])
        let untimed = todo("- [ ] Vote due:2026-12-01 remind:-1d remind:2026-11-29 remind:2026-11-30\n")
        XCTAssertEqual(untimed.alarms.map(\.value), ["20261130T140000Z", "20261129T140000Z"])
        XCTAssertEqual(try readBack(timed), timed)
        var reordered = timed
        reordered.alarms.reverse()
        XCTAssertTrue(timed.saysSame(as: reordered), "a client that reorders the alarms changed nothing")
        reordered.alarms.removeLast()
        XCTAssertFalse(timed.saysSame(as: reordered))
    }

    func testStatusesCompletionDatesAndPrioritiesAsTheCalendarSaysThem() {
        let done = todo("- [x] 2026-11-20 Send report pri:B\n")
        XCTAssertEqual(done.status, .completed)
        XCTAssertEqual(done.completed, CalendarDate(iso: "2026-11-20"))
        XCTAssertEqual(done.priority, 5, "a done task's kept pri:B")
        XCTAssertEqual(todo("- [-] x\n").status, .cancelled)
        XCTAssertEqual(todo("- [/] x\n").status, .inProcess)
        XCTAssertEqual(todo("- [?] x\n").status, .needsAction)
    }

    func testPrioritiesAToZMapToOneToNineAsCalendarAppsUseThemAndBack() {
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Priority(Character(Unicode.Scalar($0)))! }
        XCTAssertEqual(letters.map { CalendarPriority.number(for: $0, dialect: .todotxt) }, [1, 5] + Array(repeating: 9, count: 24))
        XCTAssertEqual(CalendarPriority.number(for: nil, dialect: .todotxt), 0)
        XCTAssertEqual((0...9).map { CalendarPriority.priority(for: $0, dialect: .todotxt)?.description ?? "-" },
                       ["-", "A", "A", "A", "A", "B", "C", "C", "C", "C"])
        for number in [1, 5, 9] {
            XCTAssertEqual(CalendarPriority.number(for: CalendarPriority.priority(for: number, dialect: .todotxt), dialect: .todotxt), number,
                           "the apps' high, medium and low come back as written")
        }
    }

    func testTheSixLevelsMapToOneThreeFiveSevenNineAndBackByRFC5545sRanges() {
        for dialect in [Dialect.tasks, .dataview] {
            let levels: [PriorityLevel] = [.highest, .high, .medium, .low, .lowest]
            XCTAssertEqual(levels.map { CalendarPriority.number(for: $0.priority, dialect: dialect) }, [1, 3, 5, 7, 9])
            XCTAssertEqual((0...9).map { CalendarPriority.priority(for: $0, dialect: dialect).map { PriorityLevel($0).description } ?? "-" },
                           ["-", "highest", "high", "high", "high", "medium", "low", "low", "low", "lowest"])
            for level in levels {
                let number = CalendarPriority.number(for: level.priority, dialect: dialect)
                XCTAssertEqual(CalendarPriority.priority(for: number, dialect: dialect), level.priority, "\(level) comes back as itself")
            }
        }
        // A three-level client reads them as RFC 5545 says: 1–4 high, 5 medium, 6–9 low.
        XCTAssertEqual(todo("- [ ] a ⏫\n").priority, 3)
        XCTAssertEqual(todo("- [ ] a  [priority:: low]\n").priority, 7)
        XCTAssertEqual(todo("- [ ] (B) a 📅 2026-12-01\n").priority, 5, "a todo.txt priority keeps todo.txt's scale")
    }

    func testACompletionDateIsNoonOfTheLocalDayInUTCAndReadsBackAsThatDay() throws {
        let text = VTodoWriter.newObject(uid: "u", todo: todo("- [x] 2026-11-20 a\n"), created: nil, stamp: "20261121T000000Z",
                                         settings: settings, productVersion: "test")
        XCTAssertTrue(text.contains("COMPLETED:20261120T170000Z\r\n"), text)
        let late = try XCTUnwrap(CalendarComponent.parse("BEGIN:VTODO\r\nSTATUS:COMPLETED\r\nCOMPLETED:20261121T030000Z\r\nEND:VTODO\r\n").first)
        XCTAssertEqual(CalendarTodo(component: late, settings: settings).completed, CalendarDate(iso: "2026-11-20"),
                       "03:00 UTC is the evening before at UTC-5")
    }

    func testRepeatingRulesOnlyWhereTheCalendarRepeatsAsTodofmtDoes() {
        func rule(_ rec: String, _ due: String) -> String? {
            TodoTxtRecurrence(rec)?.calendarRule(anchor: CalendarDate(iso: due)!)
        }
        XCTAssertNil(rule("1w", "2026-11-29"), "rec:1w counts from the day it is done: no calendar knows that day")
        XCTAssertEqual(rule("+1w", "2026-11-29"), "FREQ=WEEKLY")
        XCTAssertEqual(rule("+3d", "2026-11-29"), "FREQ=DAILY;INTERVAL=3")
        XCTAssertEqual(rule("+2m", "2026-01-28"), "FREQ=MONTHLY;INTERVAL=2")
        XCTAssertNil(rule("+1m", "2026-01-31"), "todofmt goes to 28 February and stays on the 28th; a calendar skips to 31 March")
        XCTAssertNil(rule("+1y", "2028-02-29"))
        XCTAssertEqual(rule("+1y", "2028-02-28"), "FREQ=YEARLY")
        XCTAssertEqual(rule("+1b", "2026-11-27"), "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(rule("+10b", "2026-11-27"), "FREQ=WEEKLY;INTERVAL=2")
        XCTAssertNil(rule("+5b", "2026-11-28"), "from a Saturday five working days is a Friday")
        XCTAssertNil(rule("+2b", "2026-11-27"), "every other working day is no BYDAY pattern")
    }

    func testTheWorkingDayRulesGiveTheDatesTodofmtGives() {
        // +1b: every weekday; +5b from a weekday: that weekday each week. Checked over a year of occurrences.
        for (rec, start) in [("+1b", "2026-11-27"), ("+1b", "2026-11-28"), ("+5b", "2026-11-25")] {
            let recurrence = TodoTxtRecurrence(rec)!
            var todofmt = [CalendarDate(iso: start)!]
            for _ in 0..<260 { todofmt.append(recurrence.next(after: todofmt.last!)!) }
            let first = todofmt[0]
            let calendar = (0...first.days(until: todofmt.last!)).map { first.adding(days: $0) }.filter { day in
                day == first || (rec == "+1b" ? day.weekday <= 5 : first.days(until: day) % 7 == 0)
            }
            XCTAssertEqual(calendar, todofmt, rec + " from " + start)
        }
    }

    func testUpdatingAnotherClientsVTODORewritesOnlyTodofmtsPropertiesAndCountsTheSequenceUp() throws {
        let theirs = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Other//App//EN\r
            BEGIN:VTODO\r
            UID:abc\r
            SUMMARY:Old summary\r
            X-APPLE-SORT-ORDER:42\r
            SEQUENCE:3\r
            LOCATION:Office\r
            DUE:20261130T100000Z\r
            BEGIN:VALARM\r
            ACTION:AUDIO\r
            TRIGGER:-PT15M\r
            END:VALARM\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let object = try XCTUnwrap(CalendarComponent.parse(theirs).first)
        let text = try XCTUnwrap(VTodoWriter.updating(object, with: todo("- [ ] New summary due:2026-12-01 remind:2026-11-30\n"),
                                                      stamp: "20261121T000000Z", settings: settings))
        let vtodo = try XCTUnwrap(CalendarComponent.parse(text).first?.components.first)
        XCTAssertEqual(vtodo.property("X-APPLE-SORT-ORDER")?.value, "42")
        XCTAssertEqual(vtodo.property("LOCATION")?.value, "Office")
        XCTAssertEqual(vtodo.property("SEQUENCE")?.value, "4")
        XCTAssertEqual(vtodo.property("SUMMARY")?.value, "New summary")
        XCTAssertEqual(vtodo.properties("DUE").map(\.raw), ["DUE;VALUE=DATE:20261201"])
        XCTAssertEqual(vtodo.components.map { $0.property("TRIGGER")?.raw }, ["TRIGGER:-PT15M", "TRIGGER;VALUE=DATE-TIME:20261130T140000Z"],
                       "their alarm stays; ours is added once")
        let again = try XCTUnwrap(VTodoWriter.updating(try XCTUnwrap(CalendarComponent.parse(text).first), with: todo("- [ ] New summary due:2026-12-01 remind:2026-11-30\n"),
                                                       stamp: "20261122T000000Z", settings: settings))
        XCTAssertEqual(try XCTUnwrap(CalendarComponent.parse(again).first?.components.first).components.count, 2, "and is replaced, not doubled")
    }
}
