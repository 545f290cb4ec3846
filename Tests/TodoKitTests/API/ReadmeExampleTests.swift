import Foundation
import TodoKit
import XCTest

/// The README's "Using TodoKit" example compiles and does what its comments say.
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleRunsAsItsCommentsSay() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // The code below is the README's, line for line (checked by the last test).
        let text = """
            # Home

            - [ ] (B) Call mom @phone
            - [ ] (A) Pay rent +house due:2026-12-01

            """
        let document = Document(parsing: text, format: .markdown)
        for (index, task) in document.tasks.enumerated() where task.isOpen {
            print(task.line, task.priority?.description ?? "-", task.title, document.list(of: index))
        }
        // 3 B Call mom ["Home"]
        // 4 A Pay rent ["Home"]

        // Complete the task on line 3, then format and sort the file: open tasks first, then by priority.
        let today = CalendarDate(year: 2026, month: 11, day: 26)!
        let completed = try StatusChange.complete(lines: [3], in: document, today: today)
        let formatted = try Formatter.format(completed.document.text, as: .markdown, sortedBy: SortKey.defaultOrder)
        print(formatted.text)
        // # Home
        //
        // - [ ] (A) Pay rent +house due:2026-12-01
        // - [x] 2026-11-26 Call mom @phone pri:B

        XCTAssertEqual(printed, [
            "3 B Call mom [\"Home\"]",
            "4 A Pay rent [\"Home\"]",
            "# Home\n\n- [ ] (A) Pay rent +house due:2026-12-01\n- [x] 2026-11-26 Call mom @phone pri:B\n",
        ])
    }

    func testTheReadmeFilterAndSortExampleRunsAsItsCommentsSay() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let today = CalendarDate(year: 2026, month: 11, day: 26)!

        // The code below is the README's, line for line (checked by the last test).
        // Open tasks due within ten days, soonest first: the three dialects read as one model.
        let notes = """
            - [ ] Pay rent 📅 2026-12-01 ⏫
            - [ ] Call mom [due:: 2026-11-30]
            - [ ] Water plants due:2026-12-20
            - [x] Renew passport 📅 2026-11-29 ✅ 2026-11-25

            """
        let week = Document(parsing: notes, format: .markdown)
        let dueSoon = try FilterParser.parse("status:open due:<=+10d", today: today)
        let soonestFirst = try SortKey.parseOrder("due,priority")
        for index in Sorter.order(week.tasks, by: soonestFirst) where dueSoon.matches(week.tasks[index], list: week.list(of: index)) {
            print(week.tasks[index].due!, week.tasks[index].title)
        }
        // 2026-11-30 Call mom
        // 2026-12-01 Pay rent

        XCTAssertEqual(printed, ["2026-11-30 Call mom", "2026-12-01 Pay rent"])
    }

    func testTheReadmeShowsTheCodeThisTestRuns() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let test = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        guard let section = readme.range(of: "## Using TodoKit\n") else { return XCTFail("README.md has no TodoKit section") }
        var examples = 0
        var searchFrom = section.upperBound
        while let start = readme.range(of: "```swift\n", range: searchFrom..<readme.endIndex),
              let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex),
              !readme[section.upperBound..<start.lowerBound].contains("\n## ") {
            examples += 1
            // Each line of the README's example, indented as the test's body is, is a line of this file.
            for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") where line != "import TodoKit" {
                XCTAssertTrue(test.contains("        " + line), "README line not in the test: \(line)")
            }
            searchFrom = end.upperBound
        }
        XCTAssertEqual(examples, 2, "README's Using TodoKit shows two examples")
    }
}
