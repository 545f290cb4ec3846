@testable import TodoKit
import XCTest

/// The Obsidian Tasks plugin's sample vault, read in place from the shared corpus.
final class SampleVaultTests: XCTestCase {
    func sample(_ name: String) throws -> Document {
        let url = Corpus.root.appendingPathComponent("markdown/obsidian-tasks-group+obsidian-tasks__resources__sample_vaults__Tasks-Demo__\(name)")
        return Document(parsing: try String(contentsOf: url, encoding: .utf8))
    }

    func testTheDailyNotesOverdueTaskIsOverdueAndDoneWritesItsDoneDate() throws {
        let document = try sample("Daily_Notes__2025-06-19.md")
        let today = CalendarDate(year: 2025, month: 6, day: 25)!
        let overdue = TaskListing(document: document, filter: try FilterParser.parse("due:<today", today: today), scope: .actionable,
                                  today: today)
        XCTAssertEqual(overdue.matches.map { document.tasks[$0].line }, [23, 24])
        XCTAssertEqual(document.tasks[0].priority.map(PriorityLevel.init), .highest)
        let done = try StatusChange.complete(lines: [23], in: document, today: today)
        XCTAssertEqual(String(done.document.lines[22].text), "- [x] #task **Overdue** on 2025-06-19 📅 2025-06-18 🔺 ✅ 2025-06-25")
    }

    func testTheFormatNotesReadEveryFieldOfTheirDialect() throws {
        let tasks = try sample("Formats__Tasks_Format.md").tasks
        XCTAssertTrue(tasks.contains { $0.dialect == .tasks })
        let dataview = try sample("Formats__Dataview_Format.md").tasks
        XCTAssertEqual(dataview.filter { $0.dialect == .dataview }.count, dataview.filter { $0.body.text.contains("::") }.count)
    }
}
