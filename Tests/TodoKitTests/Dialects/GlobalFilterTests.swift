@testable import TodoKit
import XCTest

/// The Obsidian Tasks plugin's global filter: only checkbox items holding it are tasks (FORMAT.md 3.8).
final class GlobalFilterTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!
    let settings = TaskSettings(globalFilter: GlobalFilter("#task"))

    func read(_ text: String, removing: Bool = false) -> Document {
        Document(parsing: text, format: .markdown,
                 settings: TaskSettings(globalFilter: GlobalFilter("#task", removesFromDescription: removing)))
    }

    func testOnlyCheckboxItemsHoldingTheFilterAreTasks() {
        let document = read("- [ ] #task take out the trash\n- [ ] take out the cat\n- [x] done #task\n")
        XCTAssertEqual(document.tasks.map(\.line), [1, 3])
        XCTAssertEqual(document.items.count, 3)
    }

    func testTheFilterIsFoundAnywhereInTheTextCaseAndAll() {
        let document = read("- [ ] #tasks holds it\n- [ ] #Task does not\n- [ ] a #task/home nested tag holds it\n")
        XCTAssertEqual(document.tasks.map(\.line), [1, 3])
    }

    func testAnEmptyFilterIsNone() {
        XCTAssertNil(GlobalFilter(""))
        XCTAssertEqual(Document(parsing: "- [ ] a\n", format: .markdown, settings: TaskSettings(globalFilter: GlobalFilter(""))).tasks.count, 1)
    }

    func testATodoTxtFileHasNoGlobalFilter() {
        XCTAssertEqual(Document(parsing: "a\nb #task\n", format: .todotxt, settings: settings).tasks.count, 2)
    }

    func testACheckboxItemWithoutTheFilterNestedInATaskIsANoteOfIt() {
        let document = read("- [ ] #task parent\n  - [ ] child\n")
        XCTAssertEqual(document.tasks.count, 1)
        XCTAssertEqual(document.meaning(of: 0).notes, ["- [ ] child"])
    }

    func testTheFilterIsNoneOfATasksTags() {
        let document = read("- [ ] #task Pay #home 📅 2026-12-01\n")
        XCTAssertEqual(document.hashtags(of: 0), ["home"])
        XCTAssertEqual(document.tasks[0].fields.hashtags, ["task", "home"])
    }

    func testTheShownTextLeavesOutTheFilterOnlyWhenItIsRemovedAndOnlyAsAWord() {
        XCTAssertEqual(read("- [ ] #task Pay\n").shownTitle(of: 0), "#task Pay")
        let removing = read("- [ ] #task Pay #task/home\n", removing: true)
        XCTAssertEqual(removing.shownTitle(of: 0), "Pay #task/home")
        XCTAssertEqual(removing.tasks[0].text, "#task Pay #task/home")
    }

    func testAddPutsTheFilterFirstInTheDescriptionWhenTheTextLacksIt() throws {
        let document = read("# Inbox\n\n- [ ] #task a\n")
        let added = try TaskInsertion.add(NewTask(text: "(A) Buy milk"), to: document, today: today)
        XCTAssertEqual(String(added.document.lines[3].text), "- [ ] (A) #task Buy milk")
        let kept = try TaskInsertion.add(NewTask(text: "Call #task mom"), to: document, today: today)
        XCTAssertEqual(String(kept.document.lines[3].text), "- [ ] Call #task mom")
    }

    func testReplaceKeepsTheFilter() throws {
        let document = read("- [ ] #task Take out the trash\n")
        let replaced = try TaskEditor.replace(line: 1, with: "Take out the bins", in: document, today: today)
        XCTAssertEqual(replaced.document.text, "- [ ] #task Take out the bins\n")
    }

    func testFormattingReadsItsOutputWithTheSameFilter() throws {
        let result = try Formatter.format("* [ ] #task a\n* [ ] b\n", as: .markdown, settings: settings)
        XCTAssertEqual(result.text, "- [ ] #task a\n- [ ] b\n")
        XCTAssertEqual(result.output.tasks.count, 1)
        XCTAssertEqual(result.output.settings, settings)
    }
}
