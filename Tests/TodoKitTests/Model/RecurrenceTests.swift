import XCTest
@testable import TodoKit

final class RecurrenceTests: XCTestCase {
    func testARecurrenceIsAnOptionalPlusACountAndAUnit() {
        XCTAssertEqual(Recurrence("1w"), Recurrence(isStrict: false, count: 1, unit: .week))
        XCTAssertEqual(Recurrence("+3d"), Recurrence(isStrict: true, count: 3, unit: .day))
        XCTAssertEqual(Recurrence("12m"), Recurrence(isStrict: false, count: 12, unit: .month))
        XCTAssertEqual(Recurrence("2y"), Recurrence(isStrict: false, count: 2, unit: .year))
        XCTAssertEqual(Recurrence("5b"), Recurrence(isStrict: false, count: 5, unit: .businessDay))
        XCTAssertEqual(Recurrence("007d"), Recurrence(isStrict: false, count: 7, unit: .day))
        XCTAssertEqual(Recurrence("99999d")?.count, 99_999)
    }

    func testALeftOutCountIsOne() {
        XCTAssertEqual(Recurrence("w"), Recurrence(isStrict: false, count: 1, unit: .week))
        XCTAssertEqual(Recurrence("+m"), Recurrence(isStrict: true, count: 1, unit: .month))
    }

    func testTheUnitMayBeUppercase() {
        XCTAssertEqual(Recurrence("2W"), Recurrence(isStrict: false, count: 2, unit: .week))
        XCTAssertEqual(Recurrence("+1B"), Recurrence(isStrict: true, count: 1, unit: .businessDay))
    }

    func testOtherTextIsNotARecurrence() {
        for text in ["", "+", "1", "0d", "00w", "100000d", "1x", "1 w", "-1w", "++1w", "1w+", "1.5w", "ｗ", "1ｗ", "١w",
                     "1w\u{301}", "1\u{301}w", "+\u{301}1w", "w1", "99999999999999999999999d"] {
            XCTAssertNil(Recurrence(text), text)
        }
    }

    func testASubstringReadsAsItsText() {
        let text = "rec:+2w"
        XCTAssertEqual(Recurrence(text.dropFirst(4)), Recurrence(isStrict: true, count: 2, unit: .week))
    }
}
