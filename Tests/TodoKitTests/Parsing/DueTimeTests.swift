import XCTest
@testable import TodoKit

/// A due date with a time of day (`due:2026-12-01T14:30`), and the warnings for times that are not ones.
final class DueTimeTests: XCTestCase {
    func testADueDateMayCarryATimeOfDay() {
        let task = todoTxtTask("Call the bank due:2026-12-01T14:30")
        XCTAssertEqual(task.due?.description, "2026-12-01")
        XCTAssertEqual(task.dueMoment?.description, "2026-12-01T14:30")
        XCTAssertEqual(task.body.dueTime?.description, "14:30")
        XCTAssertTrue(todotxt("Call the bank due:2026-12-01T14:30\n").diagnostics.isEmpty)
    }

    func testADueDateWithoutATimeHasNone() {
        let task = todoTxtTask("Pay rent due:2026-12-01")
        XCTAssertEqual(task.dueMoment, Moment(CalendarDate(year: 2026, month: 12, day: 1)!))
        XCTAssertNil(task.body.dueTime)
    }

    func testATimeThatIsNoTimeIsAWarningAndTheTaskHasNoDueDate() {
        let doc = todotxt("a due:2026-12-01T25:00\nb due:2026-12-01T9:30\nc due:2026-02-30T10:00\n")
        XCTAssertEqual(doc.tasks.map(\.due), [nil, nil, nil])
        XCTAssertEqual(doc.diagnosticLines, [
            "1:7: warning: due:2026-12-01T25:00 is not a real time (there is no hour 25)",
            "2:7: warning: due:2026-12-01T9:30 is not a real time (a time is written HH:MM, from 00:00 to 23:59)",
            "3:7: warning: due:2026-02-30T10:00 is not a real date",
        ])
        XCTAssertEqual(doc.diagnostics.map(\.code), [.malformedTime, .malformedTime, .impossibleDate])
    }

    func testAThresholdTakesNoTimeOfDay() {
        let doc = todotxt("a t:2026-12-01T09:00\n")
        XCTAssertNil(doc.tasks[0].threshold)
        XCTAssertEqual(doc.diagnosticLines, ["1:5: warning: t:2026-12-01T09:00 is not a date (YYYY-MM-DD): t: takes no time of day"])
    }

    func testRemindersInHoursNeedADueTime() {
        let doc = todotxt("a due:2026-12-01T14:30 remind:-2h remind:2026-11-30T09:00\nb due:2026-12-01 remind:-2h\nc remind:2026-11-30T24:00\n")
        XCTAssertEqual(doc.diagnosticLines, [
            "2:25: warning: remind:-2h counts from the due time, but due: has no time of day (e.g. due:2026-12-01T14:30)",
            "3:10: warning: remind:2026-11-30T24:00 is not a real time (there is no hour 24)",
        ])
        XCTAssertEqual(doc.diagnostics.map(\.code), [.reminderWithoutDueTime, .malformedTime])
    }

    func testTheTimeIsPartOfWhatATaskMeans() {
        let at1430 = markdown("- [ ] Call due:2026-12-01T14:30\n"), at1500 = markdown("- [ ] Call due:2026-12-01T15:00\n")
        XCTAssertNotEqual(at1430.meaning(of: 0), at1500.meaning(of: 0))
    }
}
