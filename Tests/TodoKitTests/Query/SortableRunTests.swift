@testable import TodoKit
import XCTest

/// The runs a sort works on, and what they hold.
final class SortableRunTests: XCTestCase {
    func testRunsHoldAboutAsManyTasksAsTheyHave() {
        // A long top-level list whose items each have two subtasks: a run of all the siblings under each item,
        // found after the long list of top-level items.
        var text = ""
        for n in 0..<3000 { text += "- [ ] top \(n)\n  - [ ] (B) b\(n)\n  - [ ] (A) a\(n)\n" }
        let runs = SortableRun.all(in: Document(parsing: text))
        XCTAssertEqual(runs.count, 3001)
        XCTAssertEqual(runs.map(\.tasks.count).reduce(0, +), 9000)
        // Each run's arrays are its own size (give or take an allocator's rounding), not a larger list's.
        XCTAssertLessThan(runs.map(\.tasks.capacity).reduce(0, +), 2 * 9000 + 8 * runs.count)
        XCTAssertLessThan(runs.map(\.blocks.capacity).reduce(0, +), 2 * 9000 + 8 * runs.count)
    }

    func testTodoTxtRunsAreStretchesOfTaskLines() {
        let document = Document(parsing: "a\nb\n\nc\n\nd\ne\nf\n", format: .todotxt)
        XCTAssertEqual(SortableRun.todoTxtRuns(in: document), [0...1, 3...5])
        XCTAssertEqual(SortableRun.all(in: document).map(\.blocks), [[0..<1, 1..<2], [5..<6, 6..<7, 7..<8]])
    }
}
