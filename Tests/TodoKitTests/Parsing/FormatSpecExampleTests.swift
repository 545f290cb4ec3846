import TodoKit
import XCTest

/// The larger examples of docs/FORMAT.md sections 2 to 4, read exactly as the spec describes them.
final class FormatSpecExampleTests: XCTestCase {
    func testTheNotesExampleOfSection2_4() {
        let doc = markdown("""
        - [ ] Call the bank
          ask about fees
            and the card
        lazy line

          after a blank line

        not a note

        """)
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Call the bank
          | ask about fees
          |   and the card
          | lazy line
          |
          | after a blank line
        """)
        XCTAssertEqual(doc.roleOutline, "item text text lazy blank text blank text")
    }

    func testTheDeployExampleOfSection2_4() {
        let doc = markdown("- [ ] Deploy\n  ```sh\n  - [ ] not a task\n  ```\n  - remember the cache\n")
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Deploy
          | ```sh
          | - [ ] not a task
          | ```
          | - remember the cache
        """)
    }

    func testTheSubtaskExampleOfSection2_5() {
        let doc = markdown("""
        - [ ] Trip
          - Packing
            - [ ] Socks
              - [x] Wool
        - Groceries
          - [ ] Milk
        """)
        XCTAssertEqual(doc.taskOutline, """
        L1 [ ] Trip
          | - Packing
          L3 [ ] Socks
            L4 [x] Wool
        L6 [ ] Milk
        """)
    }

    func testACheckboxFollowedByAnOrdinalIsOneTask() {
        let doc = markdown("- [ ] 1. text\n")
        XCTAssertEqual(doc.items.count, 1)
        XCTAssertEqual(doc.tasks.map(\.text), ["1. text"])
    }

    func testAPriorityAloneIsAPriorityWithAnEmptyDescription() {
        let task = todoTxtTask("(A)")
        XCTAssertEqual(task.priority?.description, "A")
        XCTAssertEqual(task.text, "")
    }

    func testASingleDateAfterTheDoneMarkAndPriorityIsTheCompletionDate() {
        let task = todoTxtTask("x (A) 2026-01-02 Call")
        XCTAssertEqual(task.completionDate?.description, "2026-01-02")
        XCTAssertNil(task.creationDate)
    }

    func testTheExampleOfSection4_1() {
        let doc = todotxt("""
        (A) 2026-01-01 Call Mom +Family @phone

        x 2026-01-03 2026-01-01 Pay rent
        # not a heading
        """)
        XCTAssertEqual(doc.taskOutline, """
        L1 <open> Call Mom +Family @phone
        L3 <done> Pay rent
        L4 <open> # not a heading
        """)
    }
}
