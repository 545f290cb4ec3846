import TodoKit
import XCTest

/// A note's properties in a query, as the Tasks plugin reads them: its Query File Defaults (`TQ_…` properties)
/// come before every block's instructions, and `{{query.file.property('name')}}` and `task.file.property('name')`
/// read them.
final class QueryFileDefaultsTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    func query(_ note: String, _ path: String, settings: QuerySettings = .plugin) -> (TasksQuery, Document) {
        let document = Document(parsing: note, reading: .obsidian, kind: .note)
        let block = QueryBlock.all(in: document)[0]
        return (TasksQuery(block.source, file: path, today: today, settings: settings, properties: NoteProperties(of: document)), document)
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_query_file_defaults_file_content.approved.md and
    // tests/Query/Explain/DocsSamplesForExplain.test.explain_query_file_defaults_explanation.approved.explanation.text
    func testTheDefaultsAreExplainedBeforeTheBlock() {
        let (query, _) = query("""
            ---
            TQ_extra_instructions: |-
              folder includes {{query.file.folder}}
              not done
            TQ_short_mode: true
            TQ_show_tree: true
            ---

            ```tasks
            explain
            ```

            """, "Test Data/docs_sample_for_explain_query_file_defaults.md")
        XCTAssertEqual(query.diagnostics, [])
        XCTAssertTrue(query.layout.isShortMode)
        XCTAssertEqual(query.explanation, """
            Explanation of the Query File Defaults (from properties/frontmatter in the query's file):

              folder includes {{query.file.folder}} =>
              folder includes Test Data/

              not done =>
                status type is TODO or IN_PROGRESS or ON_HOLD

              short mode

              show tree

            Explanation of this Tasks code block query:

              No filters supplied. All tasks will match the query.

            """)
    }

    /// The instructions the Query File Defaults make of a note's front matter.
    func defaults(_ frontMatter: String) -> [String] {
        NoteProperties(of: Document(parsing: "---\n" + frontMatter + "---\n", reading: .obsidian, kind: .note)).queryFileDefaults
    }

    static let allProperties = ["TQ_explain", "TQ_short_mode", "TQ_show_backlink", "TQ_show_cancelled_date", "TQ_show_created_date",
                                "TQ_show_depends_on", "TQ_show_done_date", "TQ_show_due_date", "TQ_show_edit_button", "TQ_show_id",
                                "TQ_show_on_completion", "TQ_show_postpone_button", "TQ_show_priority", "TQ_show_recurrence_rule",
                                "TQ_show_scheduled_date", "TQ_show_start_date", "TQ_show_tags", "TQ_show_task_count", "TQ_show_toolbar",
                                "TQ_show_tree", "TQ_show_urgency"]

    // resources/sample_vaults/Tasks-Demo/Test Data/query_file_defaults_all_options_true.md (as in
    // tests/DocumentationSamples/DefaultsDocs/DocsSamplesForDefaults.test.DocsSamplesForDefaults_supported-properties-full.approved.yaml)
    // and its instructions, tests/Query/QueryFileDefaults.test.ts, "should generate instructions - all values true"
    func testEveryPropertyTrueMakesItsInstructionInThePluginsOrder() {
        let yaml = "TQ_extra_instructions: |-\n  # press shift-return to add new lines\n  not done\n"
            + Self.allProperties.map { "\($0): true\n" }.joined()
        XCTAssertEqual(defaults(yaml), [
            "show toolbar", "explain", "short mode", "show tree", "show tags", "show id", "show depends on", "show priority",
            "show recurrence rule", "show on completion", "show created date", "show start date", "show scheduled date",
            "show due date", "show cancelled date", "show done date", "show urgency", "show backlink", "show edit button",
            "show postpone button", "show task count", "# press shift-return to add new lines", "not done",
        ])
    }

    // resources/sample_vaults/Tasks-Demo/Test Data/query_file_defaults_all_options_false.md and its instructions,
    // tests/Query/QueryFileDefaults.test.ts, "should generate instructions - all values false"
    func testEveryPropertyFalseHidesAndExplainsNothing() {
        let yaml = "TQ_extra_instructions: |-\n  # press shift-return to add new lines\n  not done\n"
            + Self.allProperties.map { "\($0): false\n" }.joined()
        XCTAssertEqual(defaults(yaml), [
            "hide toolbar", "full mode", "hide tree", "hide tags", "hide id", "hide depends on", "hide priority",
            "hide recurrence rule", "hide on completion", "hide created date", "hide start date", "hide scheduled date",
            "hide due date", "hide cancelled date", "hide done date", "hide urgency", "hide backlink", "hide edit button",
            "hide postpone button", "hide task count", "# press shift-return to add new lines", "not done",
        ])
    }

    // tests/DocumentationSamples/DefaultsDocs/DocsSamplesForDefaults.test.DocsSamplesForDefaults_supported-properties-empty.approved.yaml
    // and DocsSamplesForDefaults_demo-short-mode_yaml/_instructions.approved.*
    func testPropertiesWithoutValuesMakeNothingAndShortModeIsShortMode() {
        XCTAssertEqual(defaults((["TQ_extra_instructions"] + Self.allProperties).map { "\($0):\n" }.joined()), [])
        XCTAssertEqual(defaults("TQ_short_mode: true\n"), ["short mode"])
    }

    func testIgnoreGlobalQueryInTheDefaultsIgnoresIt() {
        let note = """
            ---
            TQ_explain: false
            TQ_extra_instructions: |-
              ignore global query
              limit 20
            ---
            ```tasks
            ```
            """
        let (query, _) = query(note, "Note.md", settings: QuerySettings(globalQuery: "path includes Work"))
        XCTAssertEqual(query.diagnostics, [])
        XCTAssertFalse(query.explains)
        XCTAssertFalse(query.explanation.contains("Explanation of the global query"), query.explanation)
        XCTAssertTrue(query.explanation.contains("At most 20 tasks."), query.explanation)
    }

    func testAPropertyPlaceholderIsTheValueAsJavaScriptWritesIt() {
        let (query, document) = query("""
            ---
            groupby: heading
            tags: [home, work]
            ---
            # Chores
            - [ ] Sweep #home
            ```tasks
            group by {{query.file.property('groupby')}}
            filter by function {{query.file.hasProperty('tags')}} && task.file.property('tags').includes('#home')
            group by function task.file.property('tags').sort().join(' ') + ' ' + (task.file.property('missing') ?? 'none')
            ```
            """, "Chores.md")
        XCTAssertEqual(query.diagnostics, [])
        let result = query.run(on: QueryTask.tasks(of: document, path: "Chores.md"))
        XCTAssertEqual(result?.groups.map(\.names), [["Chores", "#home #work none"]])
    }

    func testPropertiesReadAsObsidianReadsThem() {
        let document = Document(parsing: """
            ---
            Title: "A: title"
            count: 3
            done: false
            empty:
            list:
              - one
              - 'two'
            text: >
              folded
              lines
            ---
            """, reading: .obsidian, kind: .note)
        let properties = NoteProperties(of: document)
        XCTAssertEqual(properties.value("title"), .text("A: title"))
        XCTAssertEqual(properties.value("COUNT"), .number("3"))
        XCTAssertEqual(properties.value("done"), .bool(false))
        XCTAssertEqual(properties.value("empty"), .null)
        XCTAssertEqual(properties.value("list"), .list([.text("one"), .text("two")]))
        XCTAssertEqual(properties.value("text"), .text("folded lines\n"))
        XCTAssertNil(properties.value("missing"))
    }
}
