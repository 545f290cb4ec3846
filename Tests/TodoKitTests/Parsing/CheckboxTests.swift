import TodoKit
import XCTest

/// FORMAT.md 2.4: a task is a list item whose content starts with `[c]` and whitespace or the line's end.
final class CheckboxTests: XCTestCase {
    func testEachKnownCheckboxCharacterHasItsStatus() {
        let doc = markdown("- [ ] a\n- [x] b\n- [X] c\n- [/] d\n- [-] e\n")
        XCTAssertEqual(doc.tasks.map(\.status), [.open, .done, .done, .inProgress, .cancelled])
        XCTAssertEqual(doc.tasks.map(\.isOpen), [true, false, false, true, false])
        XCTAssertTrue(doc.diagnostics.isEmpty)
    }

    func testTheCheckboxCharacterIsKeptExactlyAsWritten() {
        XCTAssertEqual(markdown("- [X] shouted\n").tasks[0].checkbox, "X")
    }

    func testAnyOtherSingleCharacterIsAnOpenTaskWithAWarningAtTheCharacter() {
        let doc = markdown("- [?] maybe\n  - [√] ticked\n")
        XCTAssertEqual(doc.tasks.map(\.status), [.open, .open])
        XCTAssertEqual(doc.tasks.map(\.checkbox), ["?", "√"])
        XCTAssertEqual(doc.diagnosticLines, [
            "1:4: warning: unknown checkbox '[?]' is read as open",
            "2:6: warning: unknown checkbox '[√]' is read as open",
        ])
    }

    func testMoreThanOneCharacterOrNoneInTheBracketsIsNotACheckbox() {
        let doc = markdown("- [...] dots\n- [] empty\n- [xx] two\n- [e\u{301}] e and a combining accent\n")
        XCTAssertEqual(doc.tasks.count, 0)
        XCTAssertEqual(doc.items.count, 4)
    }

    func testTheCheckboxMustBeFollowedByWhitespaceOrTheEndOfTheLine() {
        let doc = markdown("- [ ]no space\n- [x]\n- [ ]\tafter a tab\n")
        XCTAssertEqual(doc.tasks.map(\.line), [2, 3])
        XCTAssertEqual(doc.tasks.map(\.text), ["", "after a tab"])
    }

    func testAnEmptyCheckboxItemIsAnEmptyTask() {
        let doc = markdown("- [ ]\n- [ ] \n")
        XCTAssertEqual(doc.taskOutline, "L1 [ ] \nL2 [ ] ")
    }

    func testTheCheckboxMayFollowAnyListMarker() {
        let doc = markdown("* [ ] star\n+ [x] plus\n1. [ ] dot\n2) [/] paren\n")
        XCTAssertEqual(doc.tasks.map(\.text), ["star", "plus", "dot", "paren"])
    }

    func testTheCheckboxMustBeTheFirstContentOfTheItem() {
        let doc = markdown("- see [ ] this\n- **[ ]** bold\n")
        XCTAssertEqual(doc.tasks.count, 0)
    }

    func testACheckboxWithoutAListMarkerIsNotATask() {
        let doc = markdown("[ ] bare\n")
        XCTAssertEqual(doc.tasks.count, 0)
    }

    func testTheBodyStartsAfterTheCheckboxAndItsWhitespace() {
        let task = markdown("- [ ]   spaced out\n").tasks[0]
        XCTAssertEqual(task.text, "spaced out")
        XCTAssertEqual(task.bodyColumn, 7)
    }

    func testAListItemIsATaskWhateverItsNestingUnderPlainItems() {
        let doc = markdown("- plain\n  - [ ] nested task\n")
        XCTAssertEqual(doc.items.map(\.task), [nil, 0])
        XCTAssertEqual(doc.tasks[0].item, 1)
    }
}
