import XCTest
@testable import TodoKit

final class ReminderTests: XCTestCase {
    let due = Moment(CalendarDate(year: 2026, month: 12, day: 1)!, at: TimeOfDay(hour: 14, minute: 30)!)
    let hour = TimeOfDay(hour: 9, minute: 0)!

    func testAReminderIsADayADayAndATimeOrASignedPeriod() {
        XCTAssertEqual(Reminder("2026-11-27"), .date(CalendarDate(year: 2026, month: 11, day: 27)!))
        XCTAssertEqual(Reminder("2026-11-30T09:00"), .moment(CalendarDate(year: 2026, month: 11, day: 30)!, hour))
        XCTAssertEqual(Reminder("-3d"), .relative(days: -3))
        XCTAssertEqual(Reminder("-1w"), .relative(days: -7))
        XCTAssertEqual(Reminder("+1D"), .relative(days: 1))
        XCTAssertEqual(Reminder("-2h"), .relativeTime(minutes: -120))
        XCTAssertEqual(Reminder("-30m"), .relativeTime(minutes: -30))
        for text in ["2h", "3d", "-2x", "-h", "soon", "-1.5h", "2026-11-30T9:00", "-123456m"] {
            XCTAssertNil(Reminder(text), text)
        }
    }

    func testAReminderComesAtItsMomentOrCountsFromTheDueMoment() {
        func moment(_ value: String, due: Moment?) -> String? { Reminder(value)!.moment(due: due, hour: hour)?.description }
        XCTAssertEqual(moment("2026-11-27", due: due), "2026-11-27T09:00")
        XCTAssertEqual(moment("2026-11-30T08:15", due: nil), "2026-11-30T08:15")
        XCTAssertEqual(moment("-2h", due: due), "2026-12-01T12:30")
        XCTAssertEqual(moment("-15h", due: due), "2026-11-30T23:30")
        XCTAssertEqual(moment("-1d", due: due), "2026-11-30T14:30", "days before a timed due keep its time")
        XCTAssertEqual(moment("-1d", due: Moment(due.date)), "2026-11-30T09:00", "an untimed due: the reminder hour")
        XCTAssertNil(moment("-2h", due: Moment(due.date)), "hours need a due time")
        XCTAssertNil(moment("-1d", due: nil))
    }

    func testTheDayOfAReminder() {
        XCTAssertEqual(Reminder("-2h")!.date(due: due)?.description, "2026-12-01")
        XCTAssertEqual(Reminder("-3d")!.date(due: due.date)?.description, "2026-11-28")
        XCTAssertTrue(Reminder("-2h")!.needsDueTime)
        XCTAssertFalse(Reminder("-2d")!.needsDueTime)
    }
}
