import TodoKit
import XCTest

/// FORMAT.md 2.3: list items, their markers and content columns (CommonMark).
final class MarkdownItemTests: XCTestCase {
    func testBulletAndOrderedMarkersAllOpenListItems() {
        let doc = markdown("- a\n* b\n+ c\n1. d\n2) e\n")
        XCTAssertEqual(doc.items.map(\.marker.description), ["-", "*", "+", "1.", "2)"])
        XCTAssertEqual(doc.items.map(\.parent), [nil, nil, nil, nil, nil])
    }

    func testAMarkerMustBeFollowedByWhitespaceOrTheEndOfTheLine() {
        let doc = markdown("-a\n1.b\n\n+\n")
        XCTAssertEqual(doc.roleOutline, "text text blank item")
    }

    func testAnOrderedMarkerHasAtMostNineDigits() {
        XCTAssertEqual(markdown("123456789. nine\n").items.count, 1)
        XCTAssertEqual(markdown("1234567890. ten\n").items.count, 0)
    }

    func testTheContentColumnFollowsOneToFourSpacesAfterTheMarker() {
        let doc = markdown("- one\n-  two\n-    four\n10.  wide\n")
        XCTAssertEqual(doc.itemOutline, """
        L1 col 0+2
        L2 col 0+3
        L3 col 0+5
        L4 col 0+5
        """)
    }

    func testFiveOrMoreSpacesAfterTheMarkerPutTheContentColumnOneAfterTheMarker() {
        // The content is then an indented code block inside the item, so this is not a task.
        let doc = markdown("-     [ ] code\n")
        XCTAssertEqual(doc.itemOutline, "L1 col 0+2")
        XCTAssertEqual(doc.tasks.count, 0)
    }

    func testAnEmptyItemHasItsContentColumnOneAfterTheMarker() {
        let doc = markdown("-\n  - [ ] child\n")
        XCTAssertEqual(doc.itemOutline, "L1 col 0+2\nL2 col 2+2 -> L1 task [ ]")
    }

    func testAnEmptyItemEndsAtABlankLineRightAfterIt() {
        // CommonMark: a list item can begin with at most one blank line.
        let doc = markdown("-\n\n  - [ ] not a child\n")
        XCTAssertEqual(doc.itemOutline, "L1 col 0+2\nL3 col 2+2 task [ ]")
        XCTAssertEqual(doc.items[0].endLine, 1)
    }

    func testAnItemIndentedToTheContentColumnIsNested() {
        let doc = markdown("- a\n  - b\n    - c\n  - d\n- e\n")
        XCTAssertEqual(doc.itemOutline, """
        L1 col 0+2
        L2 col 2+2 -> L1
        L3 col 4+2 -> L2
        L4 col 2+2 -> L1
        L5 col 0+2
        """)
    }

    func testAnItemIndentedLessThanTheContentColumnIsASibling() {
        let doc = markdown("1.  a\n  2. b\n")
        XCTAssertEqual(doc.itemOutline, "L1 col 0+4\nL2 col 2+3")
    }

    func testTabsAdvanceToTheNextStopOfFourColumns() {
        let doc = markdown("-\t[ ] a\n\t- [ ] b\n  \t- [ ] c\n")
        XCTAssertEqual(doc.itemOutline, """
        L1 col 0+4 task [ ]
        L2 col 4+2 -> L1 task [ ]
        L3 col 4+2 -> L1 task [ ]
        """)
    }

    func testAListItemCanInterruptAParagraphOnlyWhenItIsNotEmpty() {
        let doc = markdown("Paragraph\n*\n* [ ] task\n")
        XCTAssertEqual(doc.roleOutline, "text text item")
        XCTAssertEqual(doc.tasks.map(\.line), [3])
    }

    func testAnOrderedItemInterruptsAParagraphOnlyWhenItStartsAtOne() {
        let doc = markdown("The year\n1999. was late\n1. [ ] first\n")
        XCTAssertEqual(doc.roleOutline, "text text item")
        XCTAssertEqual(doc.tasks.map(\.line), [3])
    }

    func testAnyItemMayFollowAParagraphAfterABlankLine() {
        let doc = markdown("Paragraph\n\n7. [ ] seventh\n")
        XCTAssertEqual(doc.tasks.map(\.line), [3])
    }

    func testTheInterruptionRuleAlsoHoldsForAParagraphInsideAnItem() {
        let doc = markdown("- [ ] parent\n  3. [ ] not a child\n  - [ ] child\n")
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] parent
          | 3. [ ] not a child
          L3 [ ] child
        """)
    }

    func testAnItemLessIndentedThanTheParagraphsItemIsNotAnInterruption() {
        // The line leaves the item, so it starts a sibling even though it is ordered and not 1.
        let doc = markdown("1. [ ] first\n2. [ ] second\n")
        XCTAssertEqual(doc.tasks.map(\.line), [1, 2])
        XCTAssertEqual(doc.tasks.map(\.depth), [0, 0])
    }

    func testALineLessIndentedThanTheContentColumnAfterABlankLineEndsTheItem() {
        let doc = markdown("- [ ] task\n\n text\n")
        XCTAssertEqual(doc.tasks[0].endLine, 1)
        XCTAssertEqual(doc.roleOutline, "item blank text")
    }

    func testAnItemsBlockEndsAtItsLastNonBlankLine() {
        let doc = markdown("- a\n  more\n\n\n- b\n")
        XCTAssertEqual(doc.items.map(\.endLine), [2, 5])
    }
}
