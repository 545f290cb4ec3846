@testable import TodoKit
import XCTest

/// `rm` of a task that open tasks wait for is refused, naming them, unless forced (FORMAT.md 8.7).
final class DependentRemovalTests: XCTestCase {
    func testRemovingATaskThatAnOpenTaskWaitsForIsRefusedNamingIt() {
        let document = Document(parsing: "- [ ] Write tests 🆔 tests\n- [ ] Ship ⛔ tests\n")
        XCTAssertThrowsError(try TaskEditor.remove(lines: [1], in: document)) { error in
            XCTAssertEqual("\(error)", "line 1 is a task that an open task waits for: 2 (Ship); use --force to remove it all the same")
        }
    }

    func testDataviewAndTopydoDependenciesCountToo() {
        let dataview = Document(parsing: "- [ ] a [id:: x]\n- [ ] b [dependsOn:: x]\n")
        XCTAssertThrowsError(try TaskEditor.remove(lines: [1], in: dataview))
        let topydo = Document(parsing: "Plan trip id:1\nBook hotel p:1\n", format: .todotxt)
        XCTAssertThrowsError(try TaskEditor.remove(lines: [2], in: topydo))
        XCTAssertNoThrow(try TaskEditor.remove(lines: [1], in: topydo))
    }

    func testForcedTheTaskGoesAndTheOthersKeepNamingItsID() throws {
        let document = Document(parsing: "- [ ] Write tests 🆔 tests\n- [ ] Ship ⛔ tests\n")
        let result = try TaskEditor.remove(lines: [1], in: document, dependents: .keep)
        XCTAssertEqual(result.document.text, "- [ ] Ship ⛔ tests\n")
        XCTAssertFalse(Dependencies(result.document).isBlocked(0))
    }

    func testDoneDependentsAndTasksRemovedTogetherDoNotCount() {
        let done = Document(parsing: "- [ ] Write tests 🆔 tests\n- [x] Ship ⛔ tests\n")
        XCTAssertNoThrow(try TaskEditor.remove(lines: [1], in: done))
        let together = Document(parsing: "- [ ] Release\n  - [ ] Write tests 🆔 tests\n  - [ ] Ship ⛔ tests\n")
        XCTAssertNoThrow(try TaskEditor.remove(lines: [1], in: together))
        XCTAssertNoThrow(try TaskEditor.remove(lines: [2, 3], in: together))
    }
}
