import TodoKit
import XCTest

/// Where the plugin reads only the start of an instruction, todofmt reads it so too and warns about the rest.
final class QueryReadPastTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    func query(_ lines: String) -> TasksQuery {
        TasksQuery(QuerySource(instructions: lines.split(separator: "\n").map(String.init)), file: nil, today: today)
    }

    func listed(_ lines: String, _ note: String) -> [String] {
        query(lines).run(on: QueryTask.tasks(of: Document(parsing: note), path: "Note.md"))?.tasks.map(\.task.text) ?? ["(invalid)"]
    }

    let note = """
        - [ ] b 📅 2026-11-30 ⏫
        - [ ] a 📅 2026-11-29 🔽
        - [ ] c 📅 2026-12-01 ⏫
        """

    func testSortByPrioritySortByDueSortsByPriorityAndWarns() {
        let read = query("sort by priority sort by due")
        XCTAssertTrue(read.isValid)
        XCTAssertEqual(read.diagnostics.map(\.description), [
            "1:18: warning: 'sort by due' after 'sort by priority' is ignored, as the plugin ignores it; put each instruction on a line of its own",
        ])
        // Priority first; then the plugin's defaults (urgency puts the earlier due date first among equals).
        XCTAssertEqual(listed("sort by priority sort by due", note), ["b 📅 2026-11-30 ⏫", "c 📅 2026-12-01 ⏫", "a 📅 2026-11-29 🔽"])
    }

    func testAFieldsNameMayStartALongerWord() {
        XCTAssertEqual(query("sort by due date").diagnostics.map(\.message), ["'date' after 'sort by due' is ignored, as the plugin ignores it; put each instruction on a line of its own"])
        XCTAssertEqual(query("sort by duedate").diagnostics.map(\.message), ["'date' after 'sort by due' is ignored, as the plugin ignores it"])
        XCTAssertEqual(listed("sort by due date reverse", note).first, "a 📅 2026-11-29 🔽")
    }

    func testSortByTagTakesReverseBeforeItsNumber() {
        XCTAssertEqual(query("sort by tag reverse 2").diagnostics, [])
        XCTAssertEqual(query("sort by tag 2 reverse").diagnostics.map(\.message), ["'reverse' after 'sort by tag 2' is ignored, as the plugin ignores it; put each instruction on a line of its own"])
    }

    func testLimitExplainAndTheModesReadPastTheirWords() {
        XCTAssertEqual(query("limit 2 tasks please").diagnostics.map(\.message), ["'please' after 'limit 2' is ignored, as the plugin ignores it; put each instruction on a line of its own"])
        XCTAssertEqual(listed("limit 2 tasks please", note).count, 2)
        XCTAssertTrue(query("explain everything").explains)
        XCTAssertTrue(query("shorter").layout.isShortMode)
        XCTAssertFalse(query("short mode\nfull").layout.isShortMode)
    }

    func testHideAndShowTakeTextThatStartsWithAnElementsName() {
        let read = query("hide task counts\nshow backlinks")
        XCTAssertTrue(read.isValid)
        XCTAssertEqual(read.diagnostics.map(\.description), ["1:16: warning: 's' after 'hide task count' is ignored, as the plugin ignores it"])
        XCTAssertFalse(read.layout.shows(.taskCount))
    }

    func testGroupByStillRefusesTrailingText() {
        // The plugin's `group by` pattern ends the line.
        XCTAssertFalse(query("group by due date").isValid)
    }

    func testASearchTextKeepsTheSpacesAfterItsOperatorsOne() {
        let tagged = "- [ ] x #plumbing\n- [ ] y"
        XCTAssertEqual(listed("tags include #plumbing", tagged), ["x #plumbing"])
        XCTAssertEqual(listed("tags include  #plumbing", tagged), [])
        XCTAssertEqual(listed("description includes  x", "- [ ] a x\n- [ ] ax"), ["a x"])
    }
}
