import XCTest
@testable import TodoKit

final class MomentTests: XCTestCase {
    let day = CalendarDate(year: 2026, month: 12, day: 1)!
    func at(_ text: String) -> TimeOfDay { TimeOfDay(iso: text)! }

    func testAMomentIsADateOrADateAndATimeJoinedByT() {
        XCTAssertEqual(Moment(iso: "2026-12-01"), Moment(day))
        XCTAssertEqual(Moment(iso: "2026-12-01T14:30"), Moment(day, at: at("14:30")))
        XCTAssertEqual(Moment(iso: "2026-12-01T14:30")?.description, "2026-12-01T14:30")
        XCTAssertEqual(Moment(iso: "2026-12-01")?.description, "2026-12-01")
        for text in ["2026-12-01t14:30", "2026-12-01 14:30", "2026-12-01T14:30:00", "2026-12-01T14:30Z",
                     "2026-12-01T25:00", "2026-12-01T9:30", "2026-02-30T10:00", "2026-12-01T"] {
            XCTAssertNil(Moment(iso: text), text)
        }
    }

    func testADayWithoutATimeComesAfterEveryTimeOfThatDay() {
        let morning = Moment(day, at: at("09:00")), evening = Moment(day, at: at("23:59")), allDay = Moment(day)
        XCTAssertLessThan(morning, evening)
        XCTAssertLessThan(evening, allDay)
        XCTAssertLessThan(allDay, Moment(day.adding(days: 1), at: at("00:00")))
        XCTAssertLessThan(Moment(day.adding(days: -1)), morning)
    }

    func testAddingMinutesCrossesMidnight() {
        XCTAssertEqual(Moment(day, at: at("01:00")).adding(minutes: -120), Moment(day.adding(days: -1), at: at("23:00")))
        XCTAssertEqual(Moment(day, at: at("23:30")).adding(minutes: 45), Moment(day.adding(days: 1), at: at("00:15")))
        XCTAssertEqual(Moment(day, at: at("09:00")).minutes(until: Moment(day, at: at("11:30"))), 150)
    }

    func testWhyAValueWithATimeNamesNoMoment() {
        XCTAssertEqual(Moment.whyNoTime("2026-12-01T25:00"), "there is no hour 25")
        XCTAssertEqual(Moment.whyNoTime("2026-12-01T10:75"), "there is no minute 75")
        XCTAssertEqual(Moment.whyNoTime("2026-12-01T9:30"), "a time is written HH:MM, from 00:00 to 23:59")
        XCTAssertNil(Moment.whyNoTime("2026-12-01T09:30"))
        XCTAssertNil(Moment.whyNoTime("tomorrow"))
    }
}
