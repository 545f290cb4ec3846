import TodoKit
import XCTest

/// FORMAT.md 2.2: headings are lists; a task's list is its heading path.
final class HeadingTests: XCTestCase {
    func testATXHeadingsOfLevelsOneToSixAreLists() {
        let doc = markdown("# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n")
        XCTAssertEqual(doc.headings.map(\.level), [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(doc.headings.last?.path, ["One", "Two", "Three", "Four", "Five", "Six"])
    }

    func testSevenHashesOrNoSpaceAfterTheHashesIsNotAHeading() {
        let doc = markdown("####### Seven\n#hashtag\n")
        XCTAssertEqual(doc.headings.count, 0)
        XCTAssertEqual(doc.roleOutline, "text text")
    }

    func testAnEmptyATXHeadingIsAHeadingWithAnEmptyTitle() {
        let doc = markdown("#\n## \n")
        XCTAssertEqual(doc.headings.map(\.title), ["", ""])
    }

    func testClosingHashesAreNotPartOfTheTitle() {
        let doc = markdown("## Inbox ##\n## Later #####   \n## C# #\n## Tag #not-closing\n")
        XCTAssertEqual(doc.headings.map(\.title), ["Inbox", "Later", "C#", "Tag #not-closing"])
    }

    func testAHeadingMayBeIndentedUpToThreeSpacesButFourMakeCode() {
        let doc = markdown("   # Indented\n\n    # Code\n")
        XCTAssertEqual(doc.headings.map(\.title), ["Indented"])
        XCTAssertEqual(doc.roleOutline, "heading blank code")
    }

    func testSetextHeadingsAreListsOfLevelOneAndTwo() {
        let doc = markdown("Home\n====\n\n- [ ] a\n\nWork\n---\n- [ ] b\n")
        XCTAssertEqual(doc.headings.map(\.title), ["Home", "Work"])
        XCTAssertEqual(doc.headings.map(\.level), [1, 2])
        XCTAssertEqual(doc.headings.map(\.isSetext), [true, true])
        XCTAssertEqual(doc.tasks.indices.map(doc.list(of:)), [["Home"], ["Home", "Work"]])
        XCTAssertEqual(doc.roleOutline, "heading underline blank item blank heading underline item")
    }

    func testASetextHeadingMaySpanSeveralParagraphLines() {
        let doc = markdown("Errands\nand chores\n===\n")
        XCTAssertEqual(doc.headings.map(\.title), ["Errands and chores"])
        XCTAssertEqual(doc.headings.first?.line, 1)
        XCTAssertEqual(doc.headings.first?.endLine, 3)
    }

    func testDashesAfterABlankLineAreAThematicBreakNotAHeading() {
        let doc = markdown("Text\n\n---\n")
        XCTAssertEqual(doc.headings.count, 0)
        XCTAssertEqual(doc.roleOutline, "text blank break")
    }

    func testDashesUnderAListItemAreAThematicBreakNotAHeading() {
        let doc = markdown("- [ ] task\n---\n")
        XCTAssertEqual(doc.headings.count, 0)
        XCTAssertEqual(doc.roleOutline, "item break")
    }

    func testDeeperHeadingsAreSubListsAndAShallowerOneStartsAnewPath() {
        let doc = markdown("""
        # Work
        ## Backlog
        - [ ] a
        ### Ideas
        - [ ] b
        ## Doing
        - [ ] c
        # Home
        - [ ] d
        """)
        XCTAssertEqual(doc.tasks.indices.map(doc.list(of:)), [
            ["Work", "Backlog"], ["Work", "Backlog", "Ideas"], ["Work", "Doing"], ["Home"],
        ])
    }

    func testALevelSkippedBetweenHeadingsStillNests() {
        let doc = markdown("# A\n### C\n- [ ] x\n## B\n- [ ] y\n")
        XCTAssertEqual(doc.tasks.indices.map(doc.list(of:)), [["A", "C"], ["A", "B"]])
    }

    func testTasksBeforeTheFirstHeadingAreInNoList() {
        let doc = markdown("- [ ] early\n# Later\n- [ ] late\n")
        XCTAssertEqual(doc.tasks.indices.map(doc.list(of:)), [[], ["Later"]])
        XCTAssertEqual(doc.tasks.map(\.heading), [nil, 0])
    }

    func testAHeadingInsideAListItemIsNotAList() {
        let doc = markdown("# Top\n- [ ] task\n  # Not a list\n  - [ ] sub\n")
        XCTAssertEqual(doc.headings.map(\.title), ["Top"])
        XCTAssertEqual(doc.tasks.indices.map(doc.list(of:)), [["Top"], ["Top"]])
        XCTAssertEqual(doc.taskOutline, """
        L2 [ ] task
          | # Not a list
          L4 [ ] sub
        """)
    }

    func testAHeadingAtTheLeftMarginEndsTheListItemAbove() {
        let doc = markdown("- [ ] task\n# Next\n  indented text\n")
        XCTAssertEqual(doc.tasks[0].endLine, 1)
        XCTAssertEqual(doc.roleOutline, "item heading text")
    }
}
