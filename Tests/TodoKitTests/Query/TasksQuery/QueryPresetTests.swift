import Foundation
import TodoKit
import XCTest

/// Presets: named instructions that `preset NAME` and `{{preset.NAME}}` stand for. The cases are the plugin's
/// (obsidian-tasks-group/obsidian-tasks, tests/Query/Presets/Presets.test.ts), run on 2025-04-28 in the note
/// `root/folder/stuff.md`.
final class QueryPresetTests: XCTestCase {
    let today = CalendarDate(year: 2025, month: 4, day: 28)!

    func query(_ text: String, _ presets: [String: String]) -> TasksQuery {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            QuerySource.Line(line: $0.offset + 1, text: String($0.element))
        }
        return TasksQuery(QuerySource(lines: lines), file: "root/folder/stuff.md", today: today, presets: presets)
    }

    /// The explanation without its heading, each line without the two spaces every line has.
    func explained(_ text: String, _ presets: [String: String]) -> String {
        let query = query(text, presets)
        XCTAssertEqual(query.diagnostics, [], text)
        return query.explanation.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
            .map { String($0.dropFirst(2)) }.joined(separator: "\n")
    }

    // tests/Query/Presets/DocsForPresets.test.default-presets.approved.md: the plugin's own presets, each a row of
    // `name` and its instructions joined by <br>.
    func testThePluginsOwnPresetsAreTheApprovedOnes() {
        let approved = """
            | `this_file` | `path includes {{query.file.path}}` |
            | `this_folder` | `folder includes {{query.file.folder}}` |
            | `this_folder_only` | `filter by function task.file.folder === query.file.folder` |
            | `this_root` | `root includes {{query.file.root}}` |
            | `hide_date_fields` | `# Hide any values for all date fields`<br>`hide due date`<br>`hide scheduled date`<br>`hide start date`<br>`hide created date`<br>`hide done date`<br>`hide cancelled date` |
            | `hide_non_date_fields` | `# Hide all the non-date fields, but not tags`<br>`hide id`<br>`hide depends on`<br>`hide recurrence rule`<br>`hide on completion`<br>`hide priority` |
            | `hide_query_elements` | `# Hide toolbar, postpone, edit, backlinks and task count`<br>`hide toolbar`<br>`hide postpone button`<br>`hide edit button`<br>`hide backlinks`<br>`hide task count` |
            | `hide_everything` | `# Hide everything except description and any tags`<br>`preset hide_date_fields`<br>`preset hide_non_date_fields`<br>`preset hide_query_elements` |
            """
        var rows: [String: String] = [:]
        for row in approved.split(separator: "\n") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows[name] = cells[1].replacingOccurrences(of: "`<br>`", with: "\n").trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
        XCTAssertEqual(TasksQuery.defaultPresets, rows)
        // Each of them reads in a note.
        for name in rows.keys.sorted() {
            XCTAssertEqual(query("preset \(name)", TasksQuery.defaultPresets).diagnostics, [], name)
        }
    }

    // "should accept whole-line include placeholder", "… include filter instruction"
    func testAPresetStandsForItsInstruction() {
        XCTAssertEqual(explained("{{preset.not_done}}", ["not_done": "not done"]), """
            {{preset.not_done}} =>
            not done =>
              status type is TODO or IN_PROGRESS or ON_HOLD

            """)
        XCTAssertEqual(explained("preset not_done", ["not_done": "not done"]), """
            preset not_done =>
            not done =>
              status type is TODO or IN_PROGRESS or ON_HOLD

            """)
    }

    // "should accept whole-line include filter instruction, continued over two lines"
    func testAPresetLineMayBeContinued() {
        XCTAssertEqual(explained("preset \\\nnot_done", ["not_done": "not done"]), """
            preset \\
            not_done
             =>
            preset not_done =>
            not done =>
              status type is TODO or IN_PROGRESS or ON_HOLD

            """)
    }

    // "includes placeholder should support one-level nested placeholders"
    func testAPresetOfSeveralLinesIsSeveralStatements() {
        let presets = ["this_path": "path includes {{query.file.path}}", "this_folder": "folder includes {{query.file.folder}}",
                       "this_root": "root includes {{query.file.root}}",
                       "this_everything": "{{preset.this_path}}\n{{preset.this_folder}}\n{{preset.this_root}}"]
        XCTAssertEqual(explained("{{preset.this_everything}}", presets), """
            {{preset.this_everything}}: statement 1 after expansion of placeholder =>
            path includes root/folder/stuff.md

            {{preset.this_everything}}: statement 2 after expansion of placeholder =>
            folder includes root/folder/

            {{preset.this_everything}}: statement 3 after expansion of placeholder =>
            root includes root/

            """)
    }

    // "include instruction should explain two levels of nested includes"
    func testPresetsNest() {
        let presets = ["inside": "(happens this week) AND (starts before today)", "out": "preset inside\nnot done"]
        XCTAssertEqual(explained("preset out", presets), """
            preset out =>
            (happens this week) AND (starts before today) =>
              AND (All of):
                happens this week =>
                  due, start or scheduled date is between:
                    2025-04-28 (Monday 28th April 2025) and
                    2025-05-04 (Sunday 4th May 2025) inclusive
                starts before today =>
                  start date is before 2025-04-28 (Monday 28th April 2025) OR no start date

            preset out =>
            not done =>
              status type is TODO or IN_PROGRESS or ON_HOLD

            """)
    }

    // "should allow Boolean instructions to use includes placeholders"
    func testAPlaceholderPresetMayStandInsideABooleanLine() {
        XCTAssertEqual(explained("( {{preset.filter1}} ) AND ( {{preset.filter2}} )", ["filter1": "not done", "filter2": "due 2025-05-01"]), """
            ( {{preset.filter1}} ) AND ( {{preset.filter2}} ) =>
            ( not done ) AND ( due 2025-05-01 ) =>
              AND (All of):
                not done =>
                  status type is TODO or IN_PROGRESS or ON_HOLD
                due 2025-05-01 =>
                  due date is on 2025-05-01 (Thursday 1st May 2025)

            """)
    }

    // "include instruction should give a meaningful error for non-existent include"
    func testAnUnknownPresetIsAnErrorNamingThePresets() {
        XCTAssertEqual(query("not done\npreset xxxx", ["b": "done", "a": "not done"]).diagnostics.map(\.description),
                       ["2:8: error: unknown preset 'xxxx' (the presets are a, b)"])
        XCTAssertEqual(query("{{preset.xxxx}}", [:]).diagnostics.map(\.description), ["1:1: error: unknown preset 'xxxx' (there are none)"])
    }

    func testAPresetThatNamesItselfIsAnErrorNotALoop() {
        XCTAssertEqual(query("preset loop", ["loop": "preset loop"]).diagnostics.map(\.message), ["presets nest more than 20 deep"])
        XCTAssertEqual(query("{{preset.loop}}", ["loop": "{{preset.loop}}"]).diagnostics.map(\.message), ["presets nest more than 20 deep"])
    }

    // docs/Queries/Presets.md, "Default Presets"
    func testThePluginsOwnPresetsAreThere() {
        let query = TasksQuery(QuerySource(instructions: ["preset this_folder", "preset hide_everything"]), file: "Work/Week.md",
                               today: today)
        XCTAssertEqual(query.diagnostics, [])
        XCTAssertFalse(query.layout.shows(.dueDate))
        XCTAssertFalse(query.layout.shows(.priority))
        XCTAssertFalse(query.layout.shows(.taskCount))
        XCTAssertTrue(query.explanation.contains("  preset this_folder =>\n  folder includes Work/\n"), query.explanation)
    }
}
