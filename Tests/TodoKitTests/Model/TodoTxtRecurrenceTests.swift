import XCTest
@testable import TodoKit

final class TodoTxtRecurrenceTests: XCTestCase {
    func testARecurrenceIsAnOptionalPlusACountAndAUnit() {
        XCTAssertEqual(TodoTxtRecurrence("1w"), TodoTxtRecurrence(isStrict: false, count: 1, unit: .week))
        XCTAssertEqual(TodoTxtRecurrence("+3d"), TodoTxtRecurrence(isStrict: true, count: 3, unit: .day))
        XCTAssertEqual(TodoTxtRecurrence("12m"), TodoTxtRecurrence(isStrict: false, count: 12, unit: .month))
        XCTAssertEqual(TodoTxtRecurrence("2y"), TodoTxtRecurrence(isStrict: false, count: 2, unit: .year))
        XCTAssertEqual(TodoTxtRecurrence("5b"), TodoTxtRecurrence(isStrict: false, count: 5, unit: .businessDay))
        XCTAssertEqual(TodoTxtRecurrence("007d"), TodoTxtRecurrence(isStrict: false, count: 7, unit: .day))
        XCTAssertEqual(TodoTxtRecurrence("99999d")?.count, 99_999)
    }

    func testALeftOutCountIsOne() {
        XCTAssertEqual(TodoTxtRecurrence("w"), TodoTxtRecurrence(isStrict: false, count: 1, unit: .week))
        XCTAssertEqual(TodoTxtRecurrence("+m"), TodoTxtRecurrence(isStrict: true, count: 1, unit: .month))
    }

    func testTheUnitMayBeUppercase() {
        XCTAssertEqual(TodoTxtRecurrence("2W"), TodoTxtRecurrence(isStrict: false, count: 2, unit: .week))
        XCTAssertEqual(TodoTxtRecurrence("+1B"), TodoTxtRecurrence(isStrict: true, count: 1, unit: .businessDay))
    }

    func testOtherTextIsNotARecurrence() {
        for text in ["", "+", "1", "0d", "00w", "100000d", "1x", "1 w", "-1w", "++1w", "1w+", "1.5w", "ｗ", "1ｗ", "١w",
                     "1w\u{301}", "1\u{301}w", "+\u{301}1w", "w1", "99999999999999999999999d"] {
            XCTAssertNil(TodoTxtRecurrence(text), text)
        }
    }

    func testASubstringReadsAsItsText() {
        let text = "rec:+2w"
        XCTAssertEqual(TodoTxtRecurrence(text.dropFirst(4)), TodoTxtRecurrence(isStrict: true, count: 2, unit: .week))
    }
}
