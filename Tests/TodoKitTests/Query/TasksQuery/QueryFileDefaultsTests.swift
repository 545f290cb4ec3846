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
        XCTAssertFalse(query.explanation.contains("global query"), query.explanation)
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
