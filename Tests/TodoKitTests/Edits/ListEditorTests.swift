@testable import TodoKit
import XCTest

/// Lists made, renamed and removed.
final class ListEditorTests: XCTestCase {
    func md(_ text: String) -> Document { Document(parsing: text, format: .markdown) }
    func path(_ text: String) -> ListPath { ListPath(parsing: text)! }

    func testAddListMakesAnEmptyListAtItsPathsDepthAfterItsParentsLists() throws {
        var document = md("")
        for list in ["Groceries", "Work/Q4", "Home", "Work/Q1"] { document = try ListEditor.add(path(list), in: document).document }
        XCTAssertEqual(document.text, "# Groceries\n\n# Work\n\n## Q4\n\n## Q1\n\n# Home\n")
    }

    func testAddingAListTheFileHasChangesNothingAndSaysSo() throws {
        let result = try ListEditor.add(path("work"), in: md("# Work\n"))
        XCTAssertFalse(result.changesText)
        XCTAssertEqual(result.notes, ["list 'work' exists already"])
    }

    func testRenamingAListKeepsItsMarksAndTakesItsSubListsAndTasksAlong() throws {
        let text = "#  Work  ##\n\n- [ ] a\n\n## Q4\n\n- [ ] b\n\n# Home\n\n- [ ] c\n"
        let result = try ListEditor.rename(path("Work"), to: "Job", in: md(text))
        XCTAssertEqual(result.document.text, "#  Job  ##\n\n- [ ] a\n\n## Q4\n\n- [ ] b\n\n# Home\n\n- [ ] c\n")
        XCTAssertEqual(result.document.list(of: 1), ["Job", "Q4"])
        XCTAssertEqual(result.document.list(of: 2), ["Home"])
    }

    func testRenamingASetextHeadingKeepsItsUnderline() throws {
        let result = try ListEditor.rename(path("Errands and chores"), to: "Errands", in: md("Errands\nand chores\n===\n\n- [ ] a\n"))
        XCTAssertEqual(result.document.text, "Errands\n===\n\n- [ ] a\n")
    }

    func testARenameThatWouldClashOrNotReadBackIsRefused() {
        let document = md("# Work\n\n# Home\n")
        XCTAssertThrowsError(try ListEditor.rename(path("Work"), to: "home", in: document)) { error in
            XCTAssertEqual(error as? EditError, .listExists("Home"))
        }
        XCTAssertThrowsError(try ListEditor.rename(path("Work"), to: "A/B", in: document))
        XCTAssertThrowsError(try ListEditor.rename(path("Work"), to: "Job #", in: document))
        XCTAssertThrowsError(try ListEditor.rename(path("Play"), to: "Fun", in: document)) { error in
            XCTAssertEqual(error as? EditError, .noSuchList("Play"))
        }
    }

    func testRemovingAnEmptyListRemovesItsHeadingAndSubLists() throws {
        let result = try ListEditor.remove(path("Work"), tasks: .refuse, in: md("# Home\n\n- [ ] a\n\n# Work\n\n## Q4\n\n# Later\n"))
        XCTAssertEqual(result.document.text, "# Home\n\n- [ ] a\n\n# Later\n")
        XCTAssertEqual(result.removedLines, ["# Work", "## Q4"])
    }

    func testRemovingAListThatHoldsTasksIsRefusedUnlessTheyGoWithItOrMove() throws {
        let text = "# Home\n\n- [ ] a\n\n# Work\n\nSome text.\n\n- [ ] b\n  - [ ] c\n"
        XCTAssertThrowsError(try ListEditor.remove(path("Work"), tasks: .refuse, in: md(text))) { error in
            XCTAssertEqual(error as? EditError, .listHasTasks("Work", count: 2))
        }
        let removed = try ListEditor.remove(path("Work"), tasks: .remove, in: md(text))
        XCTAssertEqual(removed.document.text, "# Home\n\n- [ ] a\n")
        XCTAssertEqual(removed.removedLines, ["# Work", "Some text.", "- [ ] b", "  - [ ] c"])
        let moved = try ListEditor.remove(path("Work"), tasks: .move(to: path("Home")), in: md(text))
        XCTAssertEqual(moved.document.text, "# Home\n\n- [ ] a\n- [ ] b\n  - [ ] c\n")
        XCTAssertEqual(moved.removedLines, ["# Work", "Some text."])
        XCTAssertEqual(moved.changedTaskLines, [4])
    }

    func testTheTasksOfARemovedListCannotMoveIntoOneOfItsSubLists() {
        XCTAssertThrowsError(try ListEditor.remove(path("Work"), tasks: .move(to: path("Work/Q4")), in: md("# Work\n\n- [ ] a\n\n## Q4\n"))) { error in
            XCTAssertEqual(error as? EditError, .listIntoItself("Work", "Work/Q4"))
        }
        XCTAssertThrowsError(try ListEditor.remove(path("Work"), tasks: .move(to: path("Work/New")), in: md("# Work\n\n- [ ] a\n")))
    }

    func testTodoTxtFilesHaveNoLists() {
        let document = Document(parsing: "a\n", format: .todotxt)
        XCTAssertThrowsError(try ListEditor.add(path("Work"), in: document))
        XCTAssertThrowsError(try ListEditor.rename(path("Work"), to: "Job", in: document))
        XCTAssertThrowsError(try ListEditor.remove(path("Work"), tasks: .refuse, in: document))
    }

    func testEveryListCountsWhenEmptyListsAreIncluded() {
        let document = md("# Work\n\n- [ ] a\n\n## Q4\n\n# Home\n")
        XCTAssertEqual(ListCount.lists(of: [0], in: document, includingEmpty: true).map { "\($0.path)=\($0.count)" },
                       ["Home=0", "Work=1", "Work/Q4=0"])
        XCTAssertEqual(ListCount.lists(of: [0], in: document).map(\.path), ["Work"])
    }

    func testAListWhoseTitleHoldsASlashIsNamedByItsTitleAsAPath() throws {
        let document = md("# A / B\n\n- [ ] t\n\n# Work\n\n## x/y\n\n- [ ] u\n")
        XCTAssertEqual(try ListEditor.remove(path("A / B"), tasks: .remove, in: document).document.text, "# Work\n\n## x/y\n\n- [ ] u\n")
        XCTAssertEqual(try ListEditor.rename(path("A/B"), to: "C", in: document).document.text,
                       "# C\n\n- [ ] t\n\n# Work\n\n## x/y\n\n- [ ] u\n")
        XCTAssertEqual(try path("Work/x / y").openTasks(in: document).map(\.line), [9])
        XCTAssertEqual(try path("x/y").openTasks(in: document).map(\.line), [9])
    }

    func testACapIsWrittenUnderItsListsHeadingChangedInPlaceAndRemoved() throws {
        let text = "# Today\n\n- [ ] a\n\n# Later\n"
        let capped = try ListEditor.setCap(3, of: path("Today"), in: md(text)).document
        XCTAssertEqual(capped.text, "# Today\n\n<!-- todofmt: limit=3 -->\n\n- [ ] a\n\n# Later\n")
        XCTAssertEqual(ListLimit.all(in: capped).map(\.limit), [3])
        let changed = try ListEditor.setCap(5, of: path("today"), in: capped).document
        XCTAssertEqual(changed.text, "# Today\n\n<!-- todofmt: limit=5 -->\n\n- [ ] a\n\n# Later\n")
        XCTAssertEqual(try ListEditor.setCap(nil, of: path("Today"), in: changed).document.text, text)
        let empty = try ListEditor.setCap(2, of: path("Later"), in: md(text)).document
        XCTAssertEqual(empty.text, "# Today\n\n- [ ] a\n\n# Later\n\n<!-- todofmt: limit=2 -->\n")
        XCTAssertEqual(try ListEditor.setCap(nil, of: path("Later"), in: empty).document.text, text)
    }

    func testACapAsItIsOrNoneToRemoveChangesNothingAndSaysSo() throws {
        XCTAssertEqual(try ListEditor.setCap(nil, of: path("Today"), in: md("# Today\n")).notes, ["list 'Today' has no cap"])
        let capped = md("# Today\n\n<!-- todofmt: limit=3 -->\n")
        XCTAssertEqual(try ListEditor.setCap(3, of: path("Today"), in: capped).notes, ["list 'Today' is capped at 3 already"])
        XCTAssertThrowsError(try ListEditor.setCap(3, of: path("Nope"), in: capped))
    }
}
