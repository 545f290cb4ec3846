import XCTest
@testable import TodoKit

/// When tasks remind, and the log that sends each reminder once.
final class ReminderScheduleTests: XCTestCase {
    let hour = TimeOfDay(hour: 9, minute: 0)!
    let file = """
        # Home

        - [ ] Call the bank due:2026-11-21T14:30 remind:-2h
        - [ ] Water plants due:2026-11-21 rec:1w
        - [ ] Dentist remind:2026-11-21T08:00
        - [x] 2026-11-19 Paid due:2026-11-21T10:00
        - [ ] Someday

        """

    func at(_ text: String) -> Moment { DateExpression.resolveMoment(text, today: CalendarDate(iso: "2026-11-21")!)! }
    func schedule(_ text: String? = nil) -> ReminderSchedule {
        ReminderSchedule(document: Document(parsing: text ?? file, format: .markdown), hour: hour)
    }

    func testAnOpenTaskRemindsAtItsRemindersAndWhenItIsDue() {
        XCTAssertEqual(schedule().alerts.map { "\($0.line) \($0.moment) \($0.isDue ? "due" : "remind") \($0.when)" }, [
            "5 2026-11-21T08:00 remind reminder",
            "4 2026-11-21T09:00 due due today",
            "3 2026-11-21T12:30 remind due today at 14:30",
            "3 2026-11-21T14:30 due due today at 14:30",
        ])
    }

    func testOnlyRemindersThatHaveComeWithinTheLastDayAreDue() {
        XCTAssertEqual(schedule().due(now: at("2026-11-21 12:30")).map(\.line), [5, 4, 3])
        XCTAssertEqual(schedule().due(now: at("2026-11-21 08:59")).map(\.line), [5])
        XCTAssertEqual(schedule().due(now: at("2026-11-22 08:30")).map(\.line), [4, 3, 3])
    }

    func testTheLogSendsEachReminderOnce() {
        var log = ReminderLog(path: "/home/ann/TODO.md")
        XCTAssertEqual(log.take(schedule(), now: at("2026-11-21 12:31")).map(\.line), [5, 4, 3])
        XCTAssertEqual(log.take(schedule(), now: at("2026-11-21 12:40")).map(\.line), [])
        XCTAssertEqual(log.take(schedule(), now: at("2026-11-21 14:30")).map(\.moment.description), ["2026-11-21T14:30"])
        let stored = ReminderLog(parsing: log.text)
        XCTAssertEqual(stored, log)
        var again = stored!
        XCTAssertEqual(again.take(schedule(), now: at("2026-11-21 14:31")).count, 0)
    }

    func testAReminderKeepsItsIdentityWhenTheTaskMovesOrGainsATagButNotWhenReworded() {
        var log = ReminderLog(path: "/p")
        _ = log.take(schedule(), now: at("2026-11-21 12:31"))
        let moved = file.replacingOccurrences(of: "- [ ] Call the bank due:2026-11-21T14:30 remind:-2h\n", with: "")
            .replacingOccurrences(of: "- [ ] Someday\n", with: "- [ ] Someday\n- [ ] (A) Call the bank due:2026-11-21T14:30 remind:-2h +money\n")
        XCTAssertEqual(log.take(schedule(moved), now: at("2026-11-21 12:32")).count, 0)
        let reworded = file.replacingOccurrences(of: "Call the bank", with: "Phone the bank")
        XCTAssertEqual(log.take(schedule(reworded), now: at("2026-11-21 12:33")).map(\.title), ["Phone the bank"])
    }

    func testASnoozedReminderComesAgainOnceItsTimeHasCome() {
        var log = ReminderLog(path: "/p")
        let sent = log.take(schedule(), now: at("2026-11-21 12:31"))
        log.snooze(sent[2], until: at("2026-11-21 13:31"))
        XCTAssertEqual(log.take(schedule(), now: at("2026-11-21 13:00")).count, 0)
        XCTAssertEqual(log.take(schedule(), now: at("2026-11-21 13:31")).map(\.key), [sent[2].key])
        XCTAssertEqual(log.take(schedule(), now: at("2026-11-21 13:40")).count, 0, "once again, not every time after")
    }

    func testASnoozedReminderOfATaskDoneMeanwhileIsDropped() {
        var log = ReminderLog(path: "/p")
        let sent = log.take(schedule(), now: at("2026-11-21 12:31"))
        log.snooze(sent[2], until: at("2026-11-21 13:31"))
        let done = file.replacingOccurrences(of: "- [ ] Call the bank", with: "- [x] 2026-11-21 Call the bank")
        XCTAssertEqual(log.take(schedule(done), now: at("2026-11-21 13:31")).count, 0)
        XCTAssertTrue(log.snoozed.isEmpty)
    }

    func testOldEntriesAreDropped() {
        var log = ReminderLog(path: "/p")
        _ = log.take(schedule(), now: at("2026-11-21 15:00"))
        XCTAssertEqual(log.sent.count, 4)
        _ = log.take(schedule(""), now: at("2026-11-24 15:00"))
        XCTAssertTrue(log.sent.isEmpty)
    }
}
