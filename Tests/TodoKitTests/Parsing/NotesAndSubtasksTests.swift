import TodoKit
import XCTest

/// FORMAT.md 2.5 and 2.6: a task's notes and subtasks.
final class NotesAndSubtasksTests: XCTestCase {
    func testLinesIndentedToTheContentColumnAreNotes() {
        let doc = markdown("- [ ] Call the bank\n  ask about fees\n    and the card\n")
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Call the bank
          | ask about fees
          |   and the card
        """)
        XCTAssertEqual(doc.noteLines(of: 0), [2, 3])
    }

    func testNotesAreIndentedToTheContentColumnOfTheirOwnItem() {
        let doc = markdown("10. [ ] Wide marker\n    note\n")
        XCTAssertEqual(doc.notes(of: 0), ["note"])
    }

    func testALazyContinuationLineIsANote() {
        let doc = markdown("- [ ] Write report\nlazy line\n- [ ] Next\n")
        XCTAssertEqual(doc.roleOutline, "item lazy item")
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Write report
          | lazy line
        L3 [ ] Next
        """)
    }

    func testALineAfterABlankLineMustBeIndentedToStayInTheTask() {
        let doc = markdown("- [ ] Task\n\nNot a note\n")
        XCTAssertEqual(doc.notes(of: 0), [])
        XCTAssertEqual(doc.tasks[0].endLine, 1)
    }

    func testBlankLinesInsideATaskBlockAreKeptInTheNotesButNotAtItsEnds() {
        let doc = markdown("- [ ] Task\n\n  first\n\n  second\n\n- [ ] Next\n")
        XCTAssertEqual(doc.notes(of: 0), ["first", "", "second"])
        XCTAssertEqual(doc.noteLines(of: 0), [2, 3, 4, 5])
        XCTAssertEqual(doc.tasks[0].endLine, 5)
        XCTAssertEqual(doc.roleOutline, "item blank text blank text blank item")
    }

    func testTabIndentedNotesLoseOnlyTheirIndentationToTheContentColumn() {
        let doc = markdown("- [ ] Task\n\tnote with a tab\n")
        XCTAssertEqual(doc.notes(of: 0), ["  note with a tab"])
    }

    func testTrailingWhitespaceIsNotPartOfANote() {
        XCTAssertEqual(markdown("- [ ] Task\n  note  \n").notes(of: 0), ["note"])
    }

    func testNestedTasksAreSubtasksNotNotes() {
        let doc = markdown("- [ ] Parent\n  note\n  - [ ] Child\n    child note\n\n  parent note again\n")
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Parent
          | note
          |
          | parent note again
          L3 [ ] Child
            | child note
        """)
        XCTAssertEqual(doc.noteLines(of: 0), [2, 5, 6])
        XCTAssertEqual(doc.subtasks(of: 0), [1])
        XCTAssertEqual(doc.tasks[1].parent, 0)
    }

    func testAnUnderIndentedLineRightAfterASubtasksTextIsThatSubtasksLazyNote() {
        let doc = markdown("- [ ] Parent\n  - [ ] Child\n    child note\n  still the child's\n")
        XCTAssertEqual(doc.notes(of: 1), ["child note", "still the child's"])
        XCTAssertEqual(doc.notes(of: 0), [])
    }

    func testSubtasksNestToAnyDepth() {
        let doc = markdown("- [ ] 1\n  - [ ] 2\n    - [ ] 3\n      - [x] 4\n        - [ ] 5\n")
        XCTAssertEqual(doc.tasks.map(\.depth), [0, 1, 2, 3, 4])
        XCTAssertEqual(doc.tasks.map(\.parent), [nil, 0, 1, 2, 3])
        XCTAssertEqual(doc.tasks.map(\.endLine), [5, 5, 5, 5, 5])
    }

    func testAPlainItemBetweenTasksLeavesTheNearestEnclosingTaskAsTheParent() {
        let doc = markdown("- [ ] Trip\n  - Packing\n    - [ ] Socks\n    - [ ] Charger\n")
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Trip
          | - Packing
          L3 [ ] Socks
          L4 [ ] Charger
        """)
        XCTAssertEqual(doc.tasks.map(\.parent), [nil, 0, 0])
    }

    func testATaskUnderAPlainItemAtTheTopIsATopLevelTask() {
        let doc = markdown("- Groceries\n  - [ ] Milk\n")
        XCTAssertEqual(doc.tasks.map(\.depth), [0])
        XCTAssertEqual(doc.tasks.map(\.parent), [nil])
    }

    func testSiblingSubtasksKeepTheirOrderAndEndLines() {
        let doc = markdown("- [ ] P\n  - [ ] A\n    a note\n  - [ ] B\n- [ ] Q\n")
        XCTAssertEqual(doc.subtasks(of: 0), [1, 2])
        XCTAssertEqual(doc.tasks.map(\.endLine), [4, 3, 4, 5])
    }

    func testAWronglyIndentedItemIsASiblingNotASubtask() {
        // One space is not enough to reach the content column (2) of `- `.
        let doc = markdown("- [ ] P\n - [ ] Q\n")
        XCTAssertEqual(doc.tasks.map(\.depth), [0, 0])
    }
    func testSubtasksAreTheTasksWhoseNearestEnclosingTaskItIs() {
        let doc = markdown("""
            - [ ] a
              - plain item
                - [ ] b, under a plain item of a
                  note of b
                  - [ ] c
              - [ ] d
            - [ ] e
            """)
        XCTAssertEqual(doc.tasks.map(\.text), ["a", "b, under a plain item of a", "c", "d", "e"])
        XCTAssertEqual(doc.subtasks(of: 0), [1, 3])
        XCTAssertEqual(doc.subtasks(of: 1), [2])
        XCTAssertEqual(doc.subtasks(of: 2), [])
        XCTAssertEqual(doc.subtasks(of: 4), [])
        XCTAssertEqual(doc.notes(of: 1), ["note of b"])
        XCTAssertEqual(doc.noteLines(of: 0), [2])
    }

    /// A task's note lines, as the format defines them: the lines of its block outside its subtasks' blocks.
    private func definedNoteLines(of task: Int, in doc: Document) -> [Int] {
        let subtaskBlocks = doc.subtasks(of: task).map { doc.tasks[$0].line...doc.tasks[$0].endLine }
        guard doc.tasks[task].endLine > doc.tasks[task].line else { return [] }
        return ((doc.tasks[task].line + 1)...doc.tasks[task].endLine).filter { line in
            !subtaskBlocks.contains { $0.contains(line) }
        }
    }

    func testNoteLinesAreTheBlockOutsideTheSubtasksBlocksInEveryCorpusFile() throws {
        for url in try Corpus.files(in: "markdown") {
            let doc = Document(parsing: try String(contentsOf: url, encoding: .utf8))
            for task in doc.tasks.indices {
                XCTAssertEqual(doc.noteLines(of: task), definedNoteLines(of: task, in: doc), "\(url.lastPathComponent), task \(task)")
            }
        }
    }

    func testNoteLinesAreTheBlockOutsideTheSubtasksBlocksInRandomDocuments() {
        var generator = RandomTodoDocument(seed: 0x0_5EED_707E)
        for number in 0..<500 {
            let doc = Document(parsing: generator.make())
            for task in doc.tasks.indices {
                XCTAssertEqual(doc.noteLines(of: task), definedNoteLines(of: task, in: doc), "document \(number), task \(task)")
            }
        }
    }

    func testStatusAndDepthAreKeptApart() {
        let doc = markdown("- [x] a\n  - [/] b\n    - [-] c\n      - [ ] d\n    - [x] e\n")
        XCTAssertEqual(doc.tasks.map(\.status), [.done, .inProgress, .cancelled, .open, .done])
        XCTAssertEqual(doc.tasks.map(\.depth), [0, 1, 2, 3, 2])
    }
}
