import XCTest
@testable import TodoKit

final class DurationTests: XCTestCase {
    func testPartsOfWeeksDaysHoursAndMinutesAddUp() {
        XCTAssertEqual(Duration(parsing: "30m")?.minutes, 30)
        XCTAssertEqual(Duration(parsing: "2h")?.minutes, 120)
        XCTAssertEqual(Duration(parsing: "1h30m")?.minutes, 90)
        XCTAssertEqual(Duration(parsing: "1d")?.minutes, 8 * 60)
        XCTAssertEqual(Duration(parsing: "1w2d")?.minutes, 7 * 8 * 60)
        XCTAssertEqual(Duration(parsing: "0m")?.minutes, 0)
    }

    func testABareNumberIsMinutes() {
        XCTAssertEqual(Duration(parsing: "45")?.minutes, 45)
    }

    func testUnitsMayBeUppercase() {
        XCTAssertEqual(Duration(parsing: "1H30M")?.minutes, 90)
        XCTAssertEqual(Duration(parsing: "2D")?.minutes, 16 * 60)
        XCTAssertEqual(Duration(parsing: "1W")?.minutes, 40 * 60)
    }

    func testOtherTextIsNotADuration() {
        for text in ["", "h", "1h30", "1.5h", "1 h", "1y", "-1h", "1hh", "３0m", "30ｍ", "30m\u{301}", "10000000m",
                     "1h 30m"] {
            XCTAssertNil(Duration(parsing: text), text)
        }
    }
}
