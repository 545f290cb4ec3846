import XCTest
@testable import TodoKit

/// The edits an editor's code actions and rename make: postpone, a date repaired, a name renamed.
final class EditorEditsTests: XCTestCase {
    private func markdown(_ text: String) -> Document { Document(parsing: text, format: .markdown) }

    func testPostponeMovesDueAndTheThresholdWithItKeepingTheirDistance() throws {
        let document = markdown("- [ ] a t:2026-01-30 due:2026-01-31\n- [ ] b due:2026-02-27\n")
        XCTAssertEqual(try TaskEditor.postpone(lines: [1, 2], by: Period(count: 1, unit: .month), in: document).document.text,
                       "- [ ] a t:2026-02-27 due:2026-02-28\n- [ ] b due:2026-03-27\n")
        XCTAssertEqual(try TaskEditor.postpone(lines: [2], by: .week, in: document).document.text,
                       "- [ ] a t:2026-01-30 due:2026-01-31\n- [ ] b due:2026-03-06\n")
    }

    func testPostponeRefusesATaskWithoutADueDateOrAClosedOne() {
        let document = markdown("- [ ] a\n- [x] b due:2026-02-27\n")
        XCTAssertThrowsError(try TaskEditor.postpone(lines: [1], by: .day, in: document)) {
            XCTAssertEqual($0 as? EditError, .noDueDate(line: 1))
        }
        XCTAssertThrowsError(try TaskEditor.postpone(lines: [2], by: .day, in: document)) {
            XCTAssertEqual($0 as? EditError, .taskIsClosed(line: 2, action: "postpone"))
        }
    }

    func testTheNearestRealDatesOfOneTheCalendarLacks() {
        XCTAssertEqual(DateRepair.nearestDates(to: "2026-02-30").map(\.description), ["2026-02-28", "2026-03-01"])
        XCTAssertEqual(DateRepair.nearestDates(to: "2024-02-30").map(\.description), ["2024-02-29", "2024-03-01"])
        XCTAssertEqual(DateRepair.nearestDates(to: "2026-13-01").map(\.description), ["2026-12-31", "2027-01-01"])
        XCTAssertEqual(DateRepair.nearestDates(to: "2026-00-10").map(\.description), ["2025-12-31", "2026-01-01"])
        XCTAssertEqual(DateRepair.nearestDates(to: "2026-04-00").map(\.description), ["2026-03-31", "2026-04-01"])
        XCTAssertEqual(DateRepair.nearestDates(to: "2026-04-01"), [], "a real date needs no repair")
    }

    func testADateIsReplacedOrRemovedWithItsKey() throws {
        let document = markdown("- [ ] 2026-02-30 Pay due:2026-02-30 now\n")
        XCTAssertEqual(try DateRepair.replaceDate(atLine: 1, column: 7, with: CalendarDate(iso: "2026-02-28"), in: document).document.text,
                       "- [ ] 2026-02-28 Pay due:2026-02-30 now\n")
        XCTAssertEqual(try DateRepair.replaceDate(atLine: 1, column: 26, with: nil, in: document).document.text,
                       "- [ ] 2026-02-30 Pay now\n")
        XCTAssertEqual(try DateRepair.replaceDate(atLine: 1, column: 7, with: nil, in: document).document.text,
                       "- [ ] Pay due:2026-02-30 now\n")
        XCTAssertThrowsError(try DateRepair.replaceDate(atLine: 1, column: 8, with: nil, in: document))
    }

    func testRenameMatchesTheNameIgnoringCaseAndKeepsTrailingPunctuation() throws {
        let document = Document(parsing: "a +House.\nb +house +houses\nc @house\n", format: .todotxt)
        XCTAssertEqual(try TaskEditor.rename(.project, from: "house", to: "home", in: document).document.text,
                       "a +home.\nb +home +houses\nc @house\n")
    }

    func testRenameRefusesANameThatWouldNotReadAsOne() {
        let document = Document(parsing: "a +house\n", format: .todotxt)
        for name in ["", "two words", "home.", "x\ny"] {
            XCTAssertThrowsError(try TaskEditor.rename(.project, from: "house", to: name, in: document), name)
        }
    }
}
