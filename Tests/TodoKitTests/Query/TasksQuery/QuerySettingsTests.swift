import TodoKit
import XCTest

/// A vault's Tasks settings change its queries as in the plugin: the global query runs first unless a block
/// ignores it, the vault's presets are the presets, and `explain` names the global filter and query.
final class QuerySettingsTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!
    let settings = QuerySettings(globalQuery: "path does not include Templates\nlimit 5",
                                 presets: ["open_work": "not done\npath includes Projects"], globalFilter: "#task")

    let notes: [(String, String)] = [
        ("Projects/Work.md", "- [ ] Send the report 📅 2026-11-30\n- [x] Book the room\n"),
        ("Templates/Daily.md", "- [ ] Review the inbox\n"),
    ]

    func query(_ lines: [String], settings: QuerySettings? = nil) -> TasksQuery {
        TasksQuery(QuerySource(instructions: lines), file: "Home.md", today: today, settings: settings ?? self.settings)
    }

    func listed(_ query: TasksQuery) -> [String] {
        let tasks = notes.flatMap { QueryTask.tasks(of: Document(parsing: $0.1), path: $0.0) }
        return query.run(on: tasks)?.tasks.map(\.task.text) ?? ["(invalid)"]
    }

    func testTheGlobalQueryFiltersEveryBlock() {
        XCTAssertEqual(listed(query(["not done"])), ["Send the report 📅 2026-11-30"])
    }

    func testIgnoreGlobalQueryLeavesItOut() {
        XCTAssertEqual(listed(query(["not done", "ignore global query"])), ["Send the report 📅 2026-11-30", "Review the inbox"])
    }

    func testTheBlocksLimitReplacesTheGlobalQuerysLimit() {
        XCTAssertEqual(listed(query(["limit 1"])), ["Send the report 📅 2026-11-30"])
    }

    func testTheVaultsPresetsAreThePresets() {
        XCTAssertEqual(listed(query(["preset open_work"])), ["Send the report 📅 2026-11-30"])
        let unknown = query(["preset this_file"])
        XCTAssertEqual(unknown.diagnostics.map(\.message), ["unknown preset 'this_file' (the presets are open_work)"])
    }

    func testAProblemInTheGlobalQueryIsReportedAtTheBlocksFirstLine() {
        let broken = query(["not done"], settings: QuerySettings(globalQuery: "due before someday"))
        XCTAssertEqual(broken.diagnostics.map(\.description), [
            "1:1: error: global query: do not understand the date 'someday' (use a date such as 2026-12-01, today, tomorrow, "
                + "next monday, in two weeks, 14 days ago, or a range such as next week, 2026-W49, 2026-12)",
        ])
        XCTAssertFalse(broken.isValid)
    }

    func testExplainNamesTheGlobalFilterAndTheGlobalQuery() {
        XCTAssertEqual(query(["not done"]).explanation, """
            Only tasks containing the global filter '#task'.

            Explanation of the global query:

              path does not include Templates

              At most 5 tasks.

            Explanation of this Tasks code block query:

              not done =>
                status type is TODO or IN_PROGRESS or ON_HOLD

            """)
    }

    func testWithoutSettingsTheExplanationIsTheBlocksAlone() {
        XCTAssertEqual(query(["not done"], settings: .plugin).explanation, """
            Explanation of this Tasks code block query:

              not done =>
                status type is TODO or IN_PROGRESS or ON_HOLD

            """)
    }

    // obsidian-tasks-group/obsidian-tasks, tests/Query/Explain/DocsSamplesForExplain.test.
    // explain_explains_task_block_with_global_query_active.approved.explanation.text (global query from
    // …explain_example_global_query.approved.query.text), in the week before 2022-10-24.
    func testThePluginsApprovedExplanationWithAGlobalQuery() {
        let block = TasksQuery(QuerySource(instructions: ["not done", "due next week", "explain"]), file: nil,
                               today: CalendarDate(year: 2022, month: 10, day: 21)!,
                               settings: QuerySettings(globalQuery: "limit 50\nheading includes tasks"))
        XCTAssertEqual(block.explanation, """
            Explanation of the global query:

              heading includes tasks

              At most 50 tasks.

            Explanation of this Tasks code block query:

              not done =>
                status type is TODO or IN_PROGRESS or ON_HOLD

              due next week =>
                due date is between:
                  2022-10-24 (Monday 24th October 2022) and
                  2022-10-30 (Sunday 30th October 2022) inclusive

            """)
    }
}
