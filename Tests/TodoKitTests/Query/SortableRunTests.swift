@testable import TodoKit
import XCTest

/// The runs a sort works on, and what they hold.
final class SortableRunTests: XCTestCase {
    func testRunsHoldAboutAsManyTasksAsTheyHave() {
        // A long top-level list whose items each have two subtasks, then a plain item whose many plain subitems
        // end with two tasks: a run of all the tasks of a list that holds far more items.
        var text = ""
        for n in 0..<3000 { text += "- [ ] top \(n)\n  - [ ] (B) b\(n)\n  - [ ] (A) a\(n)\n" }
        text += "- plain parent\n" + String(repeating: "  - plain\n", count: 20_000) + "  - [ ] (B) b\n  - [ ] (A) a\n"
        let runs = SortableRun.all(in: Document(parsing: text))
        XCTAssertEqual(runs.count, 3002)
        XCTAssertEqual(runs.map(\.tasks.count).reduce(0, +), 9002)
        // Each run's arrays are its own size (give or take an allocator's rounding), not a larger list's.
        XCTAssertLessThan(runs.map(\.tasks.capacity).reduce(0, +), 2 * 9002)
        XCTAssertLessThan(runs.map(\.blocks.capacity).reduce(0, +), 2 * 9002)
    }

    func testTodoTxtRunsAreStretchesOfTaskLines() {
        let document = Document(parsing: "a\nb\n\nc\n\nd\ne\nf\n", format: .todotxt)
        let runs = SortableRun.all(in: document)
        XCTAssertEqual(runs.map(\.tasks), [[0, 1], [3, 4, 5]])
        XCTAssertEqual(runs.map(\.blocks), [[0..<1, 1..<2], [5..<6, 6..<7, 7..<8]])
    }
}
