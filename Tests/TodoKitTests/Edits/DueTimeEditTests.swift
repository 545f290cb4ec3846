@testable import TodoKit
import XCTest

/// Edits of a due date with a time of day: set, typed, postponed, recurring.
final class DueTimeEditTests: XCTestCase {
    let today = CalendarDate(iso: "2026-11-21")!  // a Saturday

    func md(_ text: String) -> Document { Document(parsing: text, format: .markdown) }

    func testDateWordsWithATimeBecomeADateAndTime() throws {
        let result = try TaskEditor.append("due:friT14:30 remind:tomorrowT9am", lines: [1], in: md("- [ ] Call\n"), today: today)
        XCTAssertEqual(result.document.text, "- [ ] Call due:2026-11-27T14:30 remind:2026-11-22T09:00\n")
    }

    func testSettingTheDueDateTakesATime() throws {
        let result = try TaskEditor.setTag("due", to: "2026-12-01T14:30", lines: [1], in: md("- [ ] Call due:2026-11-25\n"), today: today)
        XCTAssertEqual(result.document.text, "- [ ] Call due:2026-12-01T14:30\n")
    }

    func testATimeThatIsNoneIsRefusedWithItsReason() {
        XCTAssertThrowsError(try TaskEditor.append("due:2026-12-01T24:00", lines: [1], in: md("- [ ] Call\n"), today: today)) { error in
            XCTAssertEqual((error as? TypedTextError)?.message, "due:2026-12-01T24:00 is not a real time (there is no hour 24)")
        }
    }

    func testARemindInHoursNeedsATimedDueDate() throws {
        XCTAssertThrowsError(try TaskEditor.append("remind:-2h", lines: [1], in: md("- [ ] Call due:2026-12-01\n"), today: today)) { error in
            XCTAssertEqual((error as? TypedTextError)?.message,
                           "remind:-2h counts from the due time, but due: has no time of day (e.g. due:2026-12-01T14:30)")
        }
        let result = try TaskEditor.append("remind:-2h", lines: [1], in: md("- [ ] Call due:2026-12-01T14:30\n"), today: today)
        XCTAssertEqual(result.document.text, "- [ ] Call due:2026-12-01T14:30 remind:-2h\n")
    }

    func testPostponeKeepsTheTimeOfDay() throws {
        let result = try TaskEditor.postpone(lines: [1], by: Period(parsing: "1w")!, in: md("- [ ] Call due:2026-12-01T14:30 t:2026-11-30\n"))
        XCTAssertEqual(result.document.text, "- [ ] Call due:2026-12-08T14:30 t:2026-12-07\n")
    }

    func testTheNextOccurrenceKeepsTheTimeOfDay() throws {
        let strict = try StatusChange.complete(lines: [1], in: md("- [ ] Standup due:2026-11-20T09:30 rec:+1b\n"), today: today)
        XCTAssertEqual(strict.document.text, "- [x] 2026-11-21 Standup due:2026-11-20T09:30 rec:+1b\n- [ ] Standup due:2026-11-23T09:30 rec:+1b\n")
        let loose = try StatusChange.complete(lines: [1], in: md("- [ ] Water plants due:2026-11-19T18:00 rec:3d\n"), today: today)
        XCTAssertEqual(loose.document.text.split(separator: "\n").last, "- [ ] Water plants due:2026-11-24T18:00 rec:3d")
    }

    func testAddingWithADueMomentWritesItsTime() throws {
        let moment = DateExpression.resolveMoment("mon 2pm", today: today)
        let result = try TaskInsertion.add(NewTask(text: "Call Bob", due: moment), to: md(""), today: today)
        XCTAssertEqual(result.document.text, "- [ ] Call Bob due:2026-11-23T14:00\n")
    }

    func testTypedMomentsReadADateAndATimeAfterASpaceOrAT() {
        func resolved(_ text: String) -> String? { DateExpression.resolveMoment(text, today: today)?.description }
        XCTAssertEqual(resolved("fri 14:30"), "2026-11-27T14:30")
        XCTAssertEqual(resolved("2026-12-01T09:05"), "2026-12-01T09:05")
        XCTAssertEqual(resolved("tomorrow 9am"), "2026-11-22T09:00")
        XCTAssertEqual(resolved("14:30"), "2026-11-21T14:30")
        XCTAssertEqual(resolved("today"), "2026-11-21")
        XCTAssertNil(resolved("fri 25:00"))
        XCTAssertNil(resolved("now"), "now needs a clock")
        XCTAssertEqual(DateExpression.resolveMoment("now", today: today, now: Moment(today, at: TimeOfDay(iso: "10:00")))?.description,
                       "2026-11-21T10:00")
    }
}
