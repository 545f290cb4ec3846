import Foundation
import XCTest

/// A vault built as the Obsidian Tasks plugin's sample vault (`resources/sample_vaults/Tasks-Demo`) is built:
/// its settings (a global filter `#task`, custom statuses, daily notes in `Daily Notes/` from a Templater
/// template), its `.gitignore` files, and notes with tasks in callouts, block quotes and `%%` comments, as its
/// `Test Data` notes hold them. Read as the plugin reads it.
final class SampleLikeVaultTests: XCTestCase {
    var vault: NoteFolder!

    override func setUpWithError() throws {
        vault = try NoteFolder("Tasks-Demo")
        try vault.git(["init", "-q"])
        try vault.makeVault([
            "app.json": #"{"legacyEditor": false, "showLineNumber": true, "alwaysUpdateLinks": true, "defaultViewMode": "preview"}"#,
            "daily-notes.json": #"{"folder": "Daily Notes", "template": "_meta/templates/daily note template - Templater plugin"}"#,
            "plugins/obsidian-tasks-plugin/data.json": #"""
                {"globalFilter": "#task", "removeGlobalFilter": true, "taskFormat": "tasksPluginEmoji",
                 "statusSettings": {
                   "coreStatuses": [{"symbol": " ", "name": "Todo", "nextStatusSymbol": "x", "type": "TODO"},
                                    {"symbol": "x", "name": "Done", "nextStatusSymbol": " ", "type": "DONE"}],
                   "customStatuses": [{"symbol": "/", "name": "In Progress", "nextStatusSymbol": "x", "type": "IN_PROGRESS"},
                                      {"symbol": "-", "name": "Cancelled", "nextStatusSymbol": " ", "type": "CANCELLED"},
                                      {"symbol": "!", "name": "Important", "nextStatusSymbol": "x", "type": "TODO"},
                                      {"symbol": "P", "name": "Pro", "nextStatusSymbol": "C", "type": "NON_TASK"}]}}
                """#,
        ])
        try vault.write(".gitignore", "Tasks Plugin - Review and check your Statuses*\n/.obsidian/plugins/various-complements/histories.json\n")
        try vault.write("Stress Test/.gitignore", "tasks-stress-test*\n")
        try vault.write("Stress Test/tasks-stress-test 1.md", "- [ ] #task generated\n")
        try vault.write("Tasks Plugin - Review and check your Statuses 2025.md", "- [ ] #task review sample\n")
        try vault.write("Test Data/callout.md", "# callout\n\n> [!todo]\n> - [ ] #task Task in 'callout'\n>     - [ ] #task Task indented in 'callout'\n\n```tasks\nnot done\npath includes {{query.file.path}}\n```\n")
        try vault.write("Test Data/blockquote.md", "# blockquote\n\n> - [ ] #task Task in 'blockquote'\n>     - [ ] #task Task indented in 'blockquote'\n")
        try vault.write("Test Data/callouts_nested_issue_2890_labelled.md", " > [!Calendar]+ MONTH\n >> [!Check]+ GROUP\n >>> [!Attention]+ Correction TITLE\n >>> Some stuff goes here\n >>> - [ ] #task Correction1\n >>> - [ ] #task Correction2\n")
        try vault.write("Test Data/comments_markdown_style.md", "# comments_markdown_style\n\n%%\n- [ ] #task Whole task in a comment\n%%\n\n- [ ] #task Task with a commented-out tag: %% #i-am-parsed %% - is recognised\n")
        try vault.write("Manual Testing/Custom Task Statuses.md", "# Custom Task Statuses\n\n- [ ] #task I am Todo\n- [/] #task I am In Progress\n- [-] #task I am Cancelled\n- [!] #task I am Important\n- [P] #task I am Pro\n- [ ] Not a task: no global filter\n")
        try vault.write("_meta/templates/daily note template - Templater plugin.md", "# <% tp.file.title %>\n\n## Overdue\n\n```tasks\npreset daily_note_overdue\n```\n")
    }

    func tasks(_ arguments: [String] = []) throws -> [[String: Any]] {
        let output = try vault.run(["ls", "--all", "--json"] + arguments)
        XCTAssertEqual(output.status, 0, output.stderr)
        return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as! [[String: Any]]
    }

    func testTheVaultReadsAsThePluginReadsIt() throws {
        // The vault removes its global filter from descriptions (removeGlobalFilter), as the plugin shows them.
        let found = try tasks().map { "\($0["file"]!):\($0["line"]!) \($0["status"]!) \($0["title"]!)" }
        XCTAssertEqual(found, [
            "Manual Testing/Custom Task Statuses.md:3 open I am Todo",
            "Manual Testing/Custom Task Statuses.md:4 in-progress I am In Progress",
            "Manual Testing/Custom Task Statuses.md:5 cancelled I am Cancelled",
            "Manual Testing/Custom Task Statuses.md:6 open I am Important",
            "Test Data/blockquote.md:3 open Task in 'blockquote'",
            "Test Data/blockquote.md:4 open Task indented in 'blockquote'",
            "Test Data/callout.md:4 open Task in 'callout'",
            "Test Data/callout.md:5 open Task indented in 'callout'",
            "Test Data/callouts_nested_issue_2890_labelled.md:5 open Correction1",
            "Test Data/callouts_nested_issue_2890_labelled.md:6 open Correction2",
            "Test Data/comments_markdown_style.md:7 open Task with a commented-out tag: %% #i-am-parsed %% - is recognised",
        ])
    }

    func testAQuotedTaskIsCompletedInPlaceAsThePluginWritesIt() throws {
        // The vault's task format is the plugin's emoji: a task without fields gets its done date as one.
        let output = try vault.run(["done", "Test Data/callout.md:5", "--today", "2026-11-28"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "Test Data/callout.md:5: >     - [x] #task Task indented in 'callout' ✅ 2026-11-28\n")
        XCTAssertTrue(try vault.read("Test Data/callout.md").hasPrefix(
            "# callout\n\n> [!todo]\n> - [ ] #task Task in 'callout'\n>     - [x] #task Task indented in 'callout' ✅ 2026-11-28\n"))
    }

    func testANewTaskGoesToTodaysDailyNoteWithTheGlobalFilter() throws {
        let output = try vault.run(["add", "--today", "2026-11-28", "Water", "the", "plants"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "Daily Notes/2026-11-28.md:8: - [ ] #task Water the plants\n")
        // Made from the template as it is (a Templater command is for Templater to run), the task after the
        // heading's query block, and no other line added.
        XCTAssertEqual(try vault.read("Daily Notes/2026-11-28.md"),
                       "# <% tp.file.title %>\n\n## Overdue\n\n```tasks\npreset daily_note_overdue\n```\n- [ ] #task Water the plants\n")
    }

    func testTheVaultsNotesAreAlreadyInCanonicalForm() throws {
        XCTAssertEqual(try vault.run(["--check", "."]).stdout, "")
    }
}
