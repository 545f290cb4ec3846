@testable import TodoKit
import XCTest

/// A note of an Obsidian vault is read as Obsidian reads it: `%%` comments hide their tasks, block quotes and
/// callouts hold tasks, and the Tasks plugin's global filter and custom statuses decide what a task is. Outside
/// a vault, CommonMark's reading stands.
final class ObsidianReadingTests: XCTestCase {
    func note(_ text: String, _ reading: MarkdownReading = .obsidian, settings: TaskSettings = TaskSettings()) -> Document {
        Document(parsing: text, format: .markdown, settings: settings, reading: reading)
    }

    /// A vault's Tasks plugin global filter, `#task`.
    let taskFilter = TaskSettings(globalFilter: GlobalFilter("#task"))

    func titles(_ document: Document) -> [String] { document.tasks.map(\.title) }

    func testACheckboxFollowedByANoBreakSpaceIsATaskInAVaultAndTextOutside() {
        let text = "- [x]\u{A0}Pay rent\n- [ ]\u{A0}\u{A0}Call\n"
        let document = note(text)
        XCTAssertEqual(titles(document), ["Pay rent", "Call"])
        XCTAssertEqual(document.tasks.map(\.status), [.done, .open])
        XCTAssertEqual(document.tasks.map(\.bodyColumn), [8, 8])
        XCTAssertEqual(note(text, .commonMark).tasks.count, 0, "GitHub reads no checkbox there")
        XCTAssertTrue(TaskSearch.mayHoldTasks(Array(text.utf8).span, format: .markdown))
    }

    func testATaskBetweenTwoCommentLinesIsHiddenInAVault() {
        let text = "- [ ] shown\n%%\n- [ ] hidden\n%%\n- [ ] shown too\n"
        XCTAssertEqual(titles(note(text)), ["shown", "shown too"])
        XCTAssertEqual(note(text).roles[2].kind, .comment)
    }

    func testOutsideAVaultATaskBetweenCommentLinesIsATask() {
        let text = "- [ ] shown\n%%\n- [ ] hidden\n%%\n"
        XCTAssertEqual(titles(note(text, .commonMark)), ["shown", "hidden"])
    }

    func testACommentOnOneLineHidesThatLineOnly() {
        XCTAssertEqual(titles(note("%% - [ ] hidden %%\n- [ ] shown\n")), ["shown"])
    }

    func testATaskWithACommentInsideItStaysATask() {
        let document = note("- [ ] Call %% the bank %% today\n- [ ] Next\n")
        XCTAssertEqual(titles(document), ["Call %% the bank %% today", "Next"])
    }

    func testACommentOpenedAtTheEndOfATaskHidesTheLinesAfterIt() {
        XCTAssertEqual(titles(note("- [ ] Visible %%\n- [ ] hidden\n%%\n- [ ] After\n")), ["Visible %%", "After"])
    }

    func testACommentSpansBlankLinesAndHeadings() {
        let document = note("# A\n%%\n\n# B\n- [ ] hidden\n\n%%\n- [ ] shown\n")
        XCTAssertEqual(titles(document), ["shown"])
        XCTAssertEqual(document.headings.map(\.title), ["A"])
        XCTAssertEqual(document.list(of: 0), ["A"])
    }

    func testPercentSignsInCodeAreNoComment() {
        XCTAssertEqual(titles(note("```\n%%\n```\n- [ ] a\nSee `%%` here\n- [ ] b\n")), ["a", "b"])
    }

    func testTasksInABlockQuoteCountInAVault() {
        let document = note("# Inbox\n\n> - [ ] #task Task in 'blockquote'\n>     - [ ] #task Task indented\n\n- [ ] after\n")
        XCTAssertEqual(titles(document), ["#task Task in 'blockquote'", "#task Task indented", "after"])
        XCTAssertEqual(document.tasks.map(\.line), [3, 4, 6])
        XCTAssertEqual(document.tasks[1].parent, 0)
        XCTAssertEqual(document.tasks[1].depth, 1)
        XCTAssertEqual(document.list(of: 0), ["Inbox"])
        XCTAssertEqual(String(document.tasks[0].body.text), "#task Task in 'blockquote'")
        XCTAssertEqual(document.roles[2].kind, .blockQuote)
    }

    func testTasksInACalloutCountInAVault() {
        let text = "> [!todo] Today\n> - [ ] First\n> - [x] Second\n"
        XCTAssertEqual(titles(note(text)), ["First", "Second"])
        XCTAssertEqual(titles(note(text, .commonMark)), [])
    }

    func testTasksInNestedCalloutsCount() {
        let text = " > [!Calendar]+ MONTH\n >> [!Check]+ GROUP\n >>> Some stuff goes here\n >>> - [ ] #task Correction1\n >>> - [ ] #task Correction2\n"
        XCTAssertEqual(titles(note(text)), ["#task Correction1", "#task Correction2"])
    }

    func testAQuotedTaskIsFollowedByTheTasksAfterTheQuote() {
        let document = note("- [ ] one\n> - [ ] two\n- [ ] three\n> - [ ] four\n")
        XCTAssertEqual(titles(document), ["one", "two", "three", "four"])
        XCTAssertEqual(document.tasks.map(\.parent), [nil, nil, nil, nil])
        XCTAssertEqual(document.items.compactMap(\.task), [0, 1, 2, 3])
    }

    func testTheGlobalFilterDecidesWhichCheckboxItemsAreTasks() {
        XCTAssertEqual(titles(note("- [ ] #task Pay\n- [ ] groceries list\n- [x] done #task\n", settings: taskFilter)), ["#task Pay", "done #task"])
    }

    func testCustomStatusesGiveTheirTypeAndANonTaskStatusMakesNoTask() {
        let statuses = StatusRegistry(StatusRegistry.pluginDefault.statuses + [
            CheckboxStatus(symbol: "!", name: "Urgent", nextSymbol: "x", type: .inProgress),
            CheckboxStatus(symbol: "P", name: "Pro", nextSymbol: "C", type: .nonTask),
            CheckboxStatus(symbol: ">", name: "Deferred", nextSymbol: " ", type: .onHold),
        ])
        let document = note("- [!] Urgent\n- [P] A pro\n- [>] Deferred\n- [?] Question\n", MarkdownReading(isObsidian: true, statuses: statuses))
        XCTAssertEqual(titles(document), ["Urgent", "Deferred", "Question"])
        XCTAssertEqual(document.tasks.map(\.status), [.inProgress, .open, .open])
        XCTAssertEqual(document.diagnostics.map(\.message), ["unknown checkbox '[?]' is read as open"])
    }

    func testWithThePluginsStatusesAnUpperCaseXIsAnUnknownStatusReadAsToDo() {
        let document = note("- [X] Pay\n- [x] Paid\n", MarkdownReading(isObsidian: true, statuses: .pluginDefault))
        XCTAssertEqual(document.tasks.map(\.status), [.open, .done])
        XCTAssertEqual(document.diagnostics.map(\.message), ["unknown checkbox '[X]' is read as open"])
        XCTAssertEqual(note("- [X] Pay\n").tasks.map(\.status), [.done], "without the plugin, [X] is done")
    }

    func testAStatusTheVaultsSettingsLeaveOutHasNoMeaningThere() {
        // A vault whose custom statuses were all deleted: [/] and [-] are unknown, to-do, as the plugin reads them.
        let statuses = StatusRegistry(Array(StatusRegistry.pluginDefault.statuses.prefix(2)))
        let document = note("- [/] Going\n- [-] Dropped\n", MarkdownReading(isObsidian: true, statuses: statuses))
        XCTAssertEqual(document.tasks.map(\.status), [.open, .open])
    }

    func testAnUnknownXMeansSomethingElseThanADoneOne() {
        let reading = MarkdownReading(isObsidian: true, statuses: .pluginDefault)
        XCTAssertNotEqual(note("- [X] Pay\n", reading).meaning(of: 0), note("- [ ] Pay\n", reading).meaning(of: 0))
        XCTAssertNotEqual(note("- [X] Pay\n", reading).meaning(of: 0), note("- [x] Pay\n", reading).meaning(of: 0))
    }

    func testAVaultNoteReadsBackAsItself() {
        let text = "# A\n%%\n- [ ] x\n%%\n> [!todo]\n> - [ ] y  \n>\tz\n>> - [x] w\nlazy\n"
        XCTAssertEqual(note(text).text, text)
    }

    func testAnEditOfAQuotedTaskKeepsTheQuoteAndIsChecked() throws {
        let document = note("> [!todo]\n> - [ ] Pay rent\n")
        let result = try StatusChange.complete(lines: [2], in: document, today: CalendarDate(year: 2026, month: 11, day: 28)!)
        XCTAssertEqual(result.document.text, "> [!todo]\n> - [x] 2026-11-28 Pay rent\n")
        XCTAssertEqual(result.document.reading, .obsidian)
    }

    func testFormattingLeavesAQuotedTaskAsItIs() throws {
        let text = "> - [X]   Pay rent  \n%%\n  - [ ]   hidden\n%%\n"
        let result = try Formatter.format(note(text), sortedBy: nil)
        XCTAssertEqual(result.text, text)
    }

    func testANewTaskInAVaultWithAGlobalFilterGetsTheFilter() throws {
        let document = note("# Inbox\n\n- [ ] #task Old\n", settings: taskFilter)
        let today = CalendarDate(year: 2026, month: 11, day: 28)!
        var task = NewTask(text: "(A) Pay rent", checksValues: true)
        task.addsCreationDate = true
        let result = try TaskInsertion.add(task, to: document, today: today)
        XCTAssertEqual(result.document.text, "# Inbox\n\n- [ ] #task Old\n- [ ] (A) 2026-11-28 #task Pay rent\n")
        XCTAssertEqual(result.document.tasks.count, 2)
    }
}
