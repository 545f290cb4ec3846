import TodoKit
import XCTest

/// FORMAT.md 2.7: the blocks whose lines are never tasks.
final class NonTaskBlockTests: XCTestCase {
    func testACheckboxInsideAFencedCodeBlockIsNotATask() {
        let doc = markdown("```\n- [ ] example\n```\n- [ ] real\n")
        XCTAssertEqual(doc.roleOutline, "fence code fence item")
        XCTAssertEqual(doc.tasks.map(\.line), [4])
    }

    func testTildeFencesAndLongerFencesWork() {
        let doc = markdown("~~~~ md\n- [ ] a\n~~~\n- [ ] b\n~~~~\n")
        XCTAssertEqual(doc.roleOutline, "fence code code code fence")
        XCTAssertEqual(doc.tasks.count, 0)
    }

    func testAFenceClosesOnlyWithTheSameCharacter() {
        let doc = markdown("```\n~~~\n- [ ] a\n```\n")
        XCTAssertEqual(doc.roleOutline, "fence code code fence")
    }

    func testABacktickLineWithABacktickInItsInfoIsNotAFence() {
        let doc = markdown("``` a`b\n- [ ] task\n")
        XCTAssertEqual(doc.tasks.count, 1)
    }

    func testAnUnclosedFenceAtTheTopLevelRunsToTheEndOfTheFile() {
        let doc = markdown("```\n- [ ] a\n\n# Not a heading\n")
        XCTAssertEqual(doc.roleOutline, "fence code code code")
        XCTAssertEqual(doc.tasks.count, 0)
        XCTAssertEqual(doc.headings.count, 0)
    }

    func testAFenceIndentedUnderATaskBelongsToTheTaskAndHidesItsCheckboxes() {
        let doc = markdown("- [ ] Task\n  ```\n  - [ ] inside\n  ```\n- [ ] Next\n")
        XCTAssertEqual(doc.roleOutline, "item fence code fence item")
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Task
          | ```
          | - [ ] inside
          | ```
        L5 [ ] Next
        """)
    }

    func testAnUnclosedFenceInsideATaskEndsWhenALineIsLessIndentedThanTheTask() {
        let doc = markdown("- [ ] Task\n  ```\n  code\n- [ ] Next\n")
        XCTAssertEqual(doc.roleOutline, "item fence code item")
        XCTAssertEqual(doc.tasks.map(\.line), [1, 4])
    }

    func testBlankLinesInsideAFenceInsideATaskStayCode() {
        let doc = markdown("- [ ] Task\n  ```\n\n  x\n  ```\n")
        XCTAssertEqual(doc.roleOutline, "item fence code code fence")
    }

    func testAnIndentedCodeBlockAtTheTopLevelIsNotATask() {
        let doc = markdown("Text\n\n    - [ ] code\n\n    more code\n")
        XCTAssertEqual(doc.roleOutline, "text blank code code code")
        XCTAssertEqual(doc.tasks.count, 0)
    }

    func testFourSpacesRightAfterAParagraphContinueIt() {
        let doc = markdown("Text\n    - [ ] still text\n")
        XCTAssertEqual(doc.roleOutline, "text text")
        XCTAssertEqual(doc.tasks.count, 0)
    }

    func testCodeIndentedFourColumnsPastATasksContentColumnIsNotATask() {
        let doc = markdown("- [ ] Task\n\n      - [ ] code\n")
        XCTAssertEqual(doc.roleOutline, "item blank code")
        XCTAssertEqual(doc.tasks.count, 1)
    }

    func testAnHTMLCommentHidesTheTasksInIt() {
        let doc = markdown("<!--\n- [ ] hidden\n-->\n- [ ] shown\n<!-- - [ ] hidden too -->\n")
        XCTAssertEqual(doc.roleOutline, "html html html item html")
        XCTAssertEqual(doc.tasks.map(\.line), [4])
    }

    func testAnHTMLCommentEndsOnTheLineHoldingTheClosingMarkEvenAfterBlankLines() {
        let doc = markdown("<!-- start\n\n- [ ] hidden\n\nend -->\n- [ ] shown\n")
        XCTAssertEqual(doc.roleOutline, "html html html html html item")
    }

    func testAnHTMLBlockOfABlockTagEndsAtABlankLine() {
        let doc = markdown("<details>\n- [ ] hidden\n\n- [ ] shown\n</details>\n")
        XCTAssertEqual(doc.roleOutline, "html html blank item html")
        XCTAssertEqual(doc.tasks.map(\.line), [4])
    }

    func testRawTextTagsRunToTheirClosingTag() {
        let doc = markdown("<pre>\n- [ ] hidden\n\n- [ ] hidden\n</pre>\n- [ ] shown\n")
        XCTAssertEqual(doc.tasks.map(\.line), [6])
    }

    func testAnInlineTagAloneOnItsLineStartsAnHTMLBlockButCannotInterruptAParagraph() {
        XCTAssertEqual(markdown("<span>\n- [ ] hidden\n").tasks.count, 0)
        XCTAssertEqual(markdown("Text\n<span>\n").roleOutline, "text text")
    }

    func testAnHTMLCommentInsideATaskHidesOnlyItsOwnLines() {
        let doc = markdown("- [ ] Task\n  <!--\n  - [ ] hidden\n  -->\n  - [ ] Sub\n")
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Task
          | <!--
          | - [ ] hidden
          | -->
          L5 [ ] Sub
        """)
    }

    func testYAMLFrontMatterIsNotRead() {
        let doc = markdown("---\ntitle: x\n- [ ] not a task\n---\n# Heading\n- [ ] task\n")
        XCTAssertEqual(doc.roleOutline, "front front front front heading item")
        XCTAssertEqual(doc.tasks.map(\.line), [6])
    }

    func testFrontMatterMayCloseWithThreeDots() {
        XCTAssertEqual(markdown("---\na: b\n...\n").roleOutline, "front front front")
    }

    func testADashLineThatIsNotTheFirstLineOrIsNeverClosedIsNotFrontMatter() {
        XCTAssertEqual(markdown("\n---\na: b\n---\n").roleOutline, "blank break heading underline")
        XCTAssertEqual(markdown("---\n- [ ] task\n").roleOutline, "break item")
    }

    func testABlockQuoteIsKeptVerbatimAndItsCheckboxesAreNotTasks() {
        let doc = markdown("> - [ ] quoted\n>     - [ ] nested\n> [!todo]\n> - [ ] callout\n- [ ] real\n")
        XCTAssertEqual(doc.roleOutline, "quote quote quote quote item")
        XCTAssertEqual(doc.tasks.map(\.line), [5])
    }

    func testALazyLineAfterABlockQuoteBelongsToTheQuote() {
        let doc = markdown("> quote\nlazy - [ ] text\n- [ ] task\n")
        XCTAssertEqual(doc.roleOutline, "quote quote item")
    }

    func testTablesAndParagraphsMentioningCheckboxesAreNotTasks() {
        let doc = markdown("| Done | Task |\n|---|---|\n| [x] | ship |\n\nWrite [ ] in a box.\n")
        XCTAssertEqual(doc.tasks.count, 0)
        XCTAssertEqual(doc.roleOutline, "text text text blank text")
    }

    func testAThematicBreakIsNotAListItem() {
        let doc = markdown("- - -\n* * *\n")
        XCTAssertEqual(doc.roleOutline, "break break")
        XCTAssertEqual(doc.items.count, 0)
    }
}
