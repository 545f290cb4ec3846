import XCTest
@testable import TodoKit

final class TimeOfDayTests: XCTestCase {
    func testAFileHoldsATimeAsTwoDigitHoursAndMinutesOnThe24HourClock() {
        XCTAssertEqual(TimeOfDay(iso: "14:30"), TimeOfDay(hour: 14, minute: 30))
        XCTAssertEqual(TimeOfDay(iso: "00:00")?.minutes, 0)
        XCTAssertEqual(TimeOfDay(iso: "23:59")?.minutes, 1439)
        for text in ["9:30", "24:00", "12:60", "1430", "14:30:00", "14h30", " 14:30", "２3:00", ""] {
            XCTAssertNil(TimeOfDay(iso: text), text)
        }
    }

    func testATimeIsWrittenBackAsTwoDigitHoursAndMinutes() {
        XCTAssertEqual(TimeOfDay(hour: 9, minute: 5)?.description, "09:05")
        XCTAssertEqual(TimeOfDay(hour: 23, minute: 0)?.description, "23:00")
    }

    func testATypedTimeMayUseOneDigitHoursOrAmAndPm() {
        XCTAssertEqual(TimeOfDay(typed: "9:05")?.description, "09:05")
        XCTAssertEqual(TimeOfDay(typed: "14:30")?.description, "14:30")
        XCTAssertEqual(TimeOfDay(typed: "9am")?.description, "09:00")
        XCTAssertEqual(TimeOfDay(typed: "2:30PM")?.description, "14:30")
        XCTAssertEqual(TimeOfDay(typed: "12am")?.description, "00:00")
        XCTAssertEqual(TimeOfDay(typed: "12pm")?.description, "12:00")
        for text in ["14", "13pm", "0am", "9:5", "25:00", "9:60", "noon", "pm"] {
            XCTAssertNil(TimeOfDay(typed: text), text)
        }
    }
}
