@testable import TodoKit
import XCTest

/// The document model's small values.
final class ModelTests: XCTestCase {
    func testADocumentBuiltFromLinesPrintsThem() {
        let doc = Document(lines: [Line("- [ ] a", ending: .crlf), Line("b", ending: .none)], format: .markdown,
                           hasByteOrderMark: true)
        XCTAssertEqual(doc.text, "\u{FEFF}- [ ] a\r\nb")
        XCTAssertEqual(doc.tasks.count, 1)
    }

    func testTheTaskAtALineIsFoundByItsCheckboxLine() {
        let doc = Document(parsing: "- [ ] a\n  note\n- [ ] b\n")
        XCTAssertEqual(doc.task(atLine: 1), 0)
        XCTAssertEqual(doc.task(atLine: 2), nil)
        XCTAssertEqual(doc.task(atLine: 3), 1)
    }

    func testTheDominantLineEndingIsTheMostCommonOneAndLFWhenThereIsNone() {
        XCTAssertEqual(Document(parsing: "a\r\nb\r\nc\n").dominantLineEnding, .crlf)
        XCTAssertEqual(Document(parsing: "a\rb\rc").dominantLineEnding, .cr)
        XCTAssertEqual(Document(parsing: "a").dominantLineEnding, .lf)
    }

    func testALineIsBlankWhenItHoldsOnlySpacesAndTabs() {
        XCTAssertTrue(Line(" \t ").isBlank)
        XCTAssertTrue(Line("").isBlank)
        XCTAssertFalse(Line(" x").isBlank)
    }

    func testPrioritiesAreUppercaseLettersAndAIsTheSmallest() {
        XCTAssertNil(Priority("a"))
        XCTAssertNil(Priority("1"))
        XCTAssertLessThan(Priority("A")!, Priority("B")!)
        XCTAssertEqual(Priority("Z")?.rank, 25)
        XCTAssertEqual(Priority(lenient: "c")?.description, "C")
        XCTAssertNil(Priority(lenient: "cc"))
    }

    func testEveryStatusHasACanonicalCheckboxThatReadsBackAsIt() {
        for status in TaskStatus.allCases {
            XCTAssertEqual(TaskStatus(checkbox: status.checkbox), status)
        }
        XCTAssertNil(TaskStatus(checkbox: "?"))
        XCTAssertTrue(TaskStatus.inProgress.isOpen)
        XCTAssertTrue(TaskStatus.cancelled.isClosed)
    }

    func testListMarkersPrintAsWritten() {
        XCTAssertEqual(ItemMarker.bullet("*").description, "*")
        XCTAssertEqual(ItemMarker.ordered(number: 12, delimiter: ")").description, "12)")
        XCTAssertTrue(ItemMarker.ordered(number: 1, delimiter: ".").isOrdered)
    }

    func testDurationsPrintInTheirShortestForm() {
        XCTAssertEqual(Duration(minutes: 90).description, "1h30m")
        XCTAssertEqual(Duration(minutes: 120).description, "2h")
        XCTAssertEqual(Duration(minutes: 0).description, "0m")
        XCTAssertEqual(Duration(parsing: "1d")?.description, "8h")
    }

    func testRecurrencesStepFromADate() {
        let date = CalendarDate(year: 2026, month: 1, day: 31)!
        XCTAssertEqual(TodoTxtRecurrence("1m")?.next(after: date)?.description, "2026-02-28")
        XCTAssertEqual(TodoTxtRecurrence("+2w")?.next(after: date)?.description, "2026-02-14")
        XCTAssertEqual(TodoTxtRecurrence("1b")?.next(after: CalendarDate(year: 2026, month: 1, day: 30)!)?.description, "2026-02-02")
    }
}
