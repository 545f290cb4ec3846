import TodoKit
import XCTest

/// In a vault with the Tasks plugin, a query names and types a task's status as the vault's status settings do:
/// `status.type`, `status.name`, `done`, `group by status…` and the functions' `task.status` read the custom
/// statuses, a character the settings do not name is an unknown to-do status, and an item of a `NON_TASK` status
/// (no task to todofmt's other commands) is listed, done, as the plugin lists it.
///
/// The expected results are what the plugin's own query engine (Tasks 8.3.0, run under node) listed for the same
/// note under the same settings, each block run on its own (a block without filters sorts the plugin's list of
/// tasks in place, which changes the order of ties in the blocks after it).
final class QueryStatusTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    let statuses = StatusRegistry(Array(StatusRegistry.pluginDefault.statuses.prefix(2)) + [
        CheckboxStatus(symbol: "!", name: "Urgent", nextSymbol: "x", type: .inProgress),
        CheckboxStatus(symbol: "P", name: "Pro", nextSymbol: "C", type: .nonTask),
        CheckboxStatus(symbol: ">", name: "Deferred", nextSymbol: " ", type: .onHold),
        CheckboxStatus(symbol: "/", name: "Half way", nextSymbol: "x", type: .inProgress),
    ])

    let note = """
        - [ ] Write the report
        - [!] Call the bank
        - [P] Cheaper by train
        - [>] Paint the fence
        - [/] Read the book
        - [X] Sort the mail
        - [x] Pay rent

        """

    /// Each group's names and its tasks' lines, as the plugin's result lists them.
    func listed(_ instructions: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let document = Document(parsing: note, reading: MarkdownReading(isObsidian: true, statuses: statuses), kind: .note)
        let query = TasksQuery(QuerySource(instructions: instructions.split(separator: "\n").map(String.init)), file: nil, today: today)
        XCTAssertEqual(query.diagnostics, [], file: file, line: line)
        let result = query.run(on: QueryTask.tasks(of: document, path: "Note.md"))
        return result?.groups.map { group in
            (group.names.isEmpty ? "" : group.names.joined(separator: " / ") + ": ") + group.tasks.map { String($0.task.line) }.joined(separator: " ")
        } ?? []
    }

    func testStatusTypeIsReadsTheVaultsTypes() {
        XCTAssertEqual(listed("status.type is ON_HOLD"), ["4"])
        XCTAssertEqual(listed("status.type is NON_TASK"), ["3"])
    }

    func testANonTaskItemIsDoneAndAnUnknownCharacterIsToDo() {
        XCTAssertEqual(listed("done"), ["7 3"])
        XCTAssertEqual(listed("not done\ngroup by status.type"), ["%%1%%IN_PROGRESS: 2 5", "%%2%%TODO: 1 6", "%%3%%ON_HOLD: 4"])
        XCTAssertEqual(listed("group by status"), ["Done: 7 3", "Todo: 2 5 1 6 4"])
    }

    func testStatusNameIsTheSettingsName() {
        XCTAssertEqual(listed("status.name includes way"), ["5"])
        XCTAssertEqual(listed("group by status.name\nsort by status.name"),
                       ["Deferred: 4", "Done: 7", "Half way: 5", "Pro: 3", "Todo: 1", "Unknown: 6", "Urgent: 2"])
    }

    func testAFunctionReadsTheStatusSymbolAndItsNextSymbol() {
        XCTAssertEqual(listed("group by function task.status.symbol + task.status.nextSymbol"),
                       [" x: 1", "!x: 2", "/x: 5", "> : 4", "PC: 3", "x : 7", "Xx: 6"])
    }

    func testANonTaskItemIsNoTaskToTheOtherCommands() {
        let document = Document(parsing: note, reading: MarkdownReading(isObsidian: true, statuses: statuses), kind: .note)
        XCTAssertEqual(document.tasks.map(\.line), [1, 2, 4, 5, 6, 7])
    }
}
