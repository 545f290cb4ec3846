import TodoKit
import XCTest

/// What moves when a document is sorted: sortable runs, blocks, ordered markers and line endings.
final class SortRunTests: XCTestCase {
    private func sorted(_ text: String, by keys: [SortKey] = [SortKey(.priority)],
                        format: FileFormat = .markdown) -> String {
        Sorter.sorted(Document(parsing: text, format: format), by: keys).document.text
    }

    func testNotesMoveWithTheirTask() {
        let input = """
            - [ ] (B) second
              a note of the second
            - [ ] (A) first
              first note

              after a blank line, still a note

            """
        XCTAssertEqual(sorted(input), """
            - [ ] (A) first
              first note

              after a blank line, still a note
            - [ ] (B) second
              a note of the second

            """)
    }

    func testSubtasksMoveWithTheirParentAndAreSortedAmongThemselves() {
        let input = """
            - [ ] (B) parent b
              - [ ] (Z) child z
              - [ ] (Y) child y
                - [ ] (D) grandchild d
                - [ ] (C) grandchild c
            - [ ] (A) parent a
              - [ ] child without priority
              - [ ] (A) child a

            """
        XCTAssertEqual(sorted(input), """
            - [ ] (A) parent a
              - [ ] (A) child a
              - [ ] child without priority
            - [ ] (B) parent b
              - [ ] (Y) child y
                - [ ] (C) grandchild c
                - [ ] (D) grandchild d
              - [ ] (Z) child z

            """)
    }

    func testTasksUnderAPlainItemAreSortedAmongThemselves() {
        let input = "- Groceries\n  - [ ] (B) milk\n  - [ ] (A) eggs\n- Other\n"
        XCTAssertEqual(sorted(input), "- Groceries\n  - [ ] (A) eggs\n  - [ ] (B) milk\n- Other\n")
    }

    func testABlankLineEndsARun() {
        let input = "- [ ] (C) c\n- [ ] (B) b\n\n- [ ] (A) a\n- [ ] (D) d\n- [ ] (B) b2\n"
        XCTAssertEqual(sorted(input), "- [ ] (B) b\n- [ ] (C) c\n\n- [ ] (A) a\n- [ ] (B) b2\n- [ ] (D) d\n")
    }

    func testAPlainListItemEndsARun() {
        let input = "- [ ] (C) c\n- [ ] (B) b\n- not a task\n- [ ] (B) b2\n- [ ] (A) a\n"
        XCTAssertEqual(sorted(input), "- [ ] (B) b\n- [ ] (C) c\n- not a task\n- [ ] (A) a\n- [ ] (B) b2\n")
    }

    func testAParagraphEndsARun() {
        let input = "- [ ] (C) c\n- [ ] (B) b\n\nSome text.\n- [ ] (B) b2\n- [ ] (A) a\n"
        XCTAssertEqual(sorted(input), "- [ ] (B) b\n- [ ] (C) c\n\nSome text.\n- [ ] (A) a\n- [ ] (B) b2\n")
    }

    func testTasksNeverMoveAcrossAHeading() {
        let input = "# One\n- [ ] (C) c\n- [ ] (B) b\n# Two\n- [ ] (A) a\n- [ ] (D) d\n"
        XCTAssertEqual(sorted(input), "# One\n- [ ] (B) b\n- [ ] (C) c\n# Two\n- [ ] (A) a\n- [ ] (D) d\n")
    }

    func testADifferentBulletCharacterStartsANewList() {
        let input = "- [ ] (C) c\n- [ ] (B) b\n* [ ] (A) a\n"
        XCTAssertEqual(sorted(input), "- [ ] (B) b\n- [ ] (C) c\n* [ ] (A) a\n")
    }

    func testCodeBlocksAreNotSorted() {
        let input = "```\n- [ ] (B) b\n- [ ] (A) a\n```\n"
        XCTAssertEqual(sorted(input), input)
    }

    func testOrderedItemsAreRenumberedFromTheRunsFirstNumber() {
        let input = "3. [ ] (C) c\n4. [ ] (A) a\n   note of a\n5. [ ] (B) b\n"
        XCTAssertEqual(sorted(input), "3. [ ] (A) a\n   note of a\n4. [ ] (B) b\n5. [ ] (C) c\n")
    }

    func testOrderedParenthesisMarkersAreRenumberedToo() {
        let input = "1) [ ] (B) b\n2) [ ] (A) a\n"
        XCTAssertEqual(sorted(input), "1) [ ] (A) a\n2) [ ] (B) b\n")
    }

    func testANumberThatChangesWidthMovesItsBlockWithTheContentColumn() {
        let input = "8. [ ] (C) c\n9. [ ] (B) b\n   note\n10. [ ] (A) a\n    - [ ] sub\n    ```\n      code\n    ```\n"
        XCTAssertEqual(sorted(input),
                       "8. [ ] (A) a\n   - [ ] sub\n   ```\n     code\n   ```\n9. [ ] (B) b\n   note\n10. [ ] (C) c\n")
    }

    func testANarrowerNumberThatCannotPullItsLinesLeftKeepsTheRunsNumbers() {
        // The lazy line under 10. has no indentation to give up, so the run keeps its numbers.
        let input = "9. [ ] (B) b\n10. [ ] (A) a\nlazy text\n"
        XCTAssertEqual(sorted(input), "10. [ ] (A) a\nlazy text\n9. [ ] (B) b\n")
    }

    func testAnUnchangedOrderedRunKeepsItsNumbers() {
        let input = "1. [ ] (A) a\n1. [ ] (B) b\n1. [ ] (C) c\n"
        XCTAssertEqual(sorted(input), input)
    }

    func testCRLFLinesKeepTheirEndings() {
        let input = "# List\r\n- [ ] (B) b\r\n  note\r\n- [ ] (A) a\r\n"
        XCTAssertEqual(sorted(input), "# List\r\n- [ ] (A) a\r\n- [ ] (B) b\r\n  note\r\n")
    }

    func testALastLineWithoutNewlineTakesTheDominantEndingWhenItMoves() {
        XCTAssertEqual(sorted("- [ ] (B) b\r\n- [ ] (A) a"), "- [ ] (A) a\r\n- [ ] (B) b\r\n")
        XCTAssertEqual(sorted("(B) b\n(A) a", format: .todotxt), "(A) a\n(B) b\n")
    }

    func testTheNewLastLineKeepsItsOwnEnding() {
        XCTAssertEqual(sorted("(A) a\n(B) b", by: [SortKey(.priority, descending: true)], format: .todotxt),
                       "(B) b\n(A) a\n")
        XCTAssertEqual(sorted("(A) a\n(B) b", format: .todotxt), "(A) a\n(B) b")
    }

    func testTodoTxtRunsAreSeparatedByBlankLines() {
        let input = "(C) c\n(A) a\n\n(B) b\nx (A) done\n(A) open\n"
        XCTAssertEqual(sorted(input, by: SortKey.defaultOrder, format: .todotxt),
                       "(A) a\n(C) c\n\n(A) open\n(B) b\nx (A) done\n")
    }

    func testTheByteOrderMarkIsKept() {
        let document = Document(parsing: "\u{FEFF}(B) b\n(A) a\n", format: .todotxt)
        let sorted = Sorter.sorted(document, by: [SortKey(.priority)]).document
        XCTAssertTrue(sorted.hasByteOrderMark)
        XCTAssertEqual(sorted.text, "\u{FEFF}(A) a\n(B) b\n")
    }

    func testARunWhoseReorderingWouldChangeHowTheFileReadsIsLeftAsWritten() {
        // The fence inside b is never closed: it ends where the next item starts. Put last, it would take
        // the blank line and run on to the end of the file.
        let input = "- [ ] (B) b\n  ```\n  code\n- [ ] (A) a\n\n- [ ] (D) d\n- [ ] (C) c\n"
        XCTAssertEqual(sorted(input), "- [ ] (B) b\n  ```\n  code\n- [ ] (A) a\n\n- [ ] (C) c\n- [ ] (D) d\n")
    }

    func testSortingASortedDocumentChangesNothing() {
        let input = "# A\n- [ ] (A) a\n  - [ ] (B) b\n  - [ ] c\n- [x] done\n"
        let document = Document(parsing: input)
        XCTAssertEqual(Sorter.sorted(document, by: SortKey.defaultOrder).document.text, input)
    }
}
