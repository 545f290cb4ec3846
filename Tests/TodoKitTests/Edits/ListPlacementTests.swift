@testable import TodoKit
import XCTest

/// Where new tasks and new lists go in a Markdown file.
final class ListPlacementTests: XCTestCase {
    let today = CalendarDate(iso: "2026-11-21")!

    func add(_ text: String, list: String? = nil, to document: String) throws -> String {
        let task = NewTask(text: text, list: list.flatMap(ListPath.init(parsing:)))
        return try TaskInsertion.add(task, to: Document(parsing: document, format: .markdown), today: today).document.text
    }

    func testNewTopLevelListsArePeersOfTheFilesTopLevelHeadingsNotNestedUnderTheLastOne() throws {
        var text = ""
        text = try add("Milk", list: "Groceries", to: text)
        text = try add("Report", list: "Work", to: text)
        text = try add("Tap", list: "Home", to: text)
        XCTAssertEqual(text, "# Groceries\n\n- [ ] Milk\n\n# Work\n\n- [ ] Report\n\n# Home\n\n- [ ] Tap\n")
        XCTAssertEqual(Document(parsing: text).headings.map(\.path), [["Groceries"], ["Work"], ["Home"]])
    }

    func testANewListGoesAtItsPathsDepthUnderItsParentAfterTheParentsOtherLists() throws {
        let text = "# Work\n\n## Q3\n\n- [ ] a\n\n## Q4\n\n- [ ] b\n\n# Home\n\n- [ ] c\n"
        XCTAssertEqual(try add("d", list: "Work/Q1", to: text),
                       "# Work\n\n## Q3\n\n- [ ] a\n\n## Q4\n\n- [ ] b\n\n## Q1\n\n- [ ] d\n\n# Home\n\n- [ ] c\n")
    }

    func testANewTopLevelListIsAPeerOfATitleHeadingToo() throws {
        let text = "# TODO\n\n## Today\n\n- [ ] a\n"
        XCTAssertEqual(try add("b", list: "Backlog", to: text), "# TODO\n\n## Today\n\n- [ ] a\n\n# Backlog\n\n- [ ] b\n")
        XCTAssertEqual(try add("b", list: "TODO/Backlog", to: text), "# TODO\n\n## Today\n\n- [ ] a\n\n## Backlog\n\n- [ ] b\n")
    }

    func testNewListsUnderAProjectWithSectionsDoNotTakeLaterTopLevelListsUnderIt() throws {
        var text = try add("Finish the deck", list: "Launch/Slides", to: "")
        text = try add("Email the landlord", list: "Inbox", to: text)
        XCTAssertEqual(Document(parsing: text).headings.map(\.path), [["Launch"], ["Launch", "Slides"], ["Inbox"]])
    }

    func testAFirstHeadingWithTasksOfItsOwnOrWithoutSubListsIsAListNotATitle() throws {
        let text = "# Groceries\n\n- [ ] Milk\n"
        XCTAssertEqual(try add("Report", list: "Work", to: text), "# Groceries\n\n- [ ] Milk\n\n# Work\n\n- [ ] Report\n")
        XCTAssertEqual(try add("Report", list: "Work", to: "# Groceries\n"), "# Groceries\n\n# Work\n\n- [ ] Report\n")
    }

    func testATaskAddedToAListWhoseLastTaskIsNestedInAPlainItemFollowsTheListsLastTopLevelTask() throws {
        let text = "## Groceries\n\n- [ ] Milk\n- Fruit\n  - [ ] Apples\n\n## Home\n"
        XCTAssertEqual(try add("Bread", list: "Groceries", to: text),
                       "## Groceries\n\n- [ ] Milk\n- [ ] Bread\n- Fruit\n  - [ ] Apples\n\n## Home\n")
    }

    func testATaskAddedToAListWhoseOnlyTasksAreNestedInPlainItemsGoesAfterThem() throws {
        let text = "## Groceries\n\n- Fruit\n  - [ ] Apples\n"
        XCTAssertEqual(try add("Bread", list: "Groceries", to: text), "## Groceries\n\n- Fruit\n  - [ ] Apples\n- [ ] Bread\n")
    }

    func testATaskAddedToAListWithoutTasksGoesAfterItsContentAndNothingElseMoves() throws {
        // A daily note's template: a query block under the heading stays first, and no blank line is added.
        let note = "# 2026-11-28\n\n## Overdue\n\n```tasks\nnot done\n```\n\n## Log\n\n- 9:00 standup\n"
        XCTAssertEqual(try add("Water the plants", list: "Overdue", to: note),
                       "# 2026-11-28\n\n## Overdue\n\n```tasks\nnot done\n```\n- [ ] Water the plants\n\n## Log\n\n- 9:00 standup\n")
        XCTAssertEqual(try add("a", list: "Notes", to: "## Notes\nSome text.\n## Next\n"), "## Notes\nSome text.\n- [ ] a\n## Next\n")
    }

    func testATaskAfterAnHTMLBlockIsSetApartFromIt() throws {
        XCTAssertEqual(try add("a", list: "Notes", to: "## Notes\n<div>\nhi\n</div>\n"), "## Notes\n<div>\nhi\n</div>\n\n- [ ] a\n")
    }

    func testAMoveIntoAListWhoseLastTaskIsNestedInAPlainItemLandsAtTopLevel() throws {
        let text = "## Groceries\n\n- [ ] Milk\n- Fruit\n  - [ ] Apples\n\n## Home\n\n- [ ] Bread\n"
        let moved = try TaskMover.move(lines: [9], to: ListPath(parsing: "Groceries")!, in: Document(parsing: text))
        XCTAssertEqual(moved.document.text, "## Groceries\n\n- [ ] Milk\n- [ ] Bread\n- Fruit\n  - [ ] Apples\n\n## Home\n")
    }

    func testWithoutAListATaskGoesToTheFirstListNotBetweenATitleAndItsFirstList() throws {
        XCTAssertEqual(try add("a", to: "# TODO\n\n## Today\n\n## Backlog\n"), "# TODO\n\n## Today\n\n- [ ] a\n\n## Backlog\n")
        XCTAssertEqual(try add("b", to: "# Notes\n\nSome text.\n\n## Inbox\n\n- [ ] a\n"),
                       "# Notes\n\nSome text.\n\n## Inbox\n\n- [ ] a\n- [ ] b\n")
    }
}
