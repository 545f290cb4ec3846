import Foundation
import TodoKit
import XCTest

/// The README's "Using TodoKit" example compiles and does what its comments say.
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleRunsAsItsCommentsSay() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // The code below is the README's, line for line (checked by the next test).
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

    func testTheReadmeShowsTheCodeThisTestRuns() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let test = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        guard let start = readme.range(of: "```swift\nimport TodoKit\n\n"),
              let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex) else {
            return XCTFail("README.md has no TodoKit example")
        }
        // Each line of the README's example, indented as the test's body is, is a line of this file.
        let lines = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines where !line.isEmpty {
            XCTAssertTrue(test.contains("        " + line), "README line not in the test: \(line)")
        }
    }
}
