import Foundation
import XCTest

/// A vault whose Obsidian Tasks plugin is installed is read and changed under all of the plugin's settings
/// (`.obsidian/plugins/obsidian-tasks-plugin/data.json`, or the plugin's defaults without one): its statuses, the
/// dates its edits set, where a next occurrence goes, which notes it reads. The expected lines are the plugin's.
final class VaultSettingsTests: XCTestCase {
    var vault: NoteFolder!
    let today = ["--today", "2026-11-28"]

    override func setUpWithError() throws {
        vault = try NoteFolder("vault")
    }

    /// A cycle of custom statuses: `[!]` Important goes to `[D]` Doing, to `[X]` Done, back to `[!]`.
    let cycle = #"""
        "statusSettings": {
          "coreStatuses": [{"symbol": " ", "name": "Todo", "nextStatusSymbol": "x", "availableAsCommand": true, "type": "TODO"},
                           {"symbol": "x", "name": "Done", "nextStatusSymbol": " ", "availableAsCommand": true, "type": "DONE"}],
          "customStatuses": [{"symbol": "!", "name": "Important", "nextStatusSymbol": "D", "availableAsCommand": false, "type": "TODO"},
                             {"symbol": "D", "name": "Doing - Important", "nextStatusSymbol": "X", "availableAsCommand": false, "type": "IN_PROGRESS"},
                             {"symbol": "X", "name": "Done - Important", "nextStatusSymbol": "!", "availableAsCommand": false, "type": "DONE"},
                             {"symbol": "-", "name": "Cancelled", "nextStatusSymbol": " ", "availableAsCommand": true, "type": "CANCELLED"}]}
        """#

    func settings(_ json: String) throws {
        try vault.makeVault(["plugins/obsidian-tasks-plugin/data.json": json])
    }

    @discardableResult
    func run(_ arguments: [String], status: Int32 = 0) throws -> NoteFolder.Output {
        let output = try vault.run(arguments)
        XCTAssertEqual(output.status, status, "todofmt \(arguments): \(output.stderr)")
        return output
    }

    func testDoneOnARecurringTaskWritesThePluginsLinesUnderAllItsSettings() throws {
        try settings(#"{"setCreatedDate": true, "setDoneDate": false, "recurrenceOnNextLine": true, "taskFormat": "tasksPluginEmoji", "# + cycle + "}")
        let note = "# Running\n\nWarm up first.\n\n- [D] Run 5k 🔁 every day ➕ 2026-11-01 📅 2026-11-27\n- [ ] Stretch\n\t- [ ] calves\n"
        try vault.write("Health.md", note)
        let output = try run(["done", "Health.md:5"] + today)
        XCTAssertEqual(output.stdout, """
            Health.md:5: - [X] Run 5k 🔁 every day ➕ 2026-11-01 📅 2026-11-27
            Health.md:6: - [!] Run 5k 🔁 every day ➕ 2026-11-28 📅 2026-11-28

            """)
        XCTAssertEqual(try vault.read("Health.md"), """
            # Running

            Warm up first.

            - [X] Run 5k 🔁 every day ➕ 2026-11-01 📅 2026-11-27
            - [!] Run 5k 🔁 every day ➕ 2026-11-28 📅 2026-11-28
            - [ ] Stretch
            \t- [ ] calves

            """)
    }

    func testWithoutSetCreatedDateTheNextOccurrenceDropsTheCreatedDate() throws {
        try settings(#"{"taskFormat": "tasksPluginEmoji"}"#)
        try vault.write("a.md", "- [ ] Water 🔁 every week ➕ 2026-11-01 📅 2026-11-28\n")
        try run(["done", "a.md:1"] + today)
        XCTAssertEqual(try vault.read("a.md"),
                       "- [ ] Water 🔁 every week 📅 2026-12-05\n- [x] Water 🔁 every week ➕ 2026-11-01 📅 2026-11-28 ✅ 2026-11-28\n")
    }

    func testToggleFollowsTheVaultsCycleAndUndoGoesBackToToDo() throws {
        try settings("{" + cycle + "}")
        try vault.write("a.md", "- [!] Call the bank\n")
        XCTAssertEqual(try run(["toggle", "a.md:1"] + today).stdout, "a.md:1: - [D] Call the bank\n")
        XCTAssertEqual(try run(["toggle", "a.md:1"] + today).stdout, "a.md:1: - [X] Call the bank ✅ 2026-11-28\n")
        XCTAssertEqual(try run(["undo", "a.md:1"]).stdout, "a.md:1: - [!] Call the bank\n")
        XCTAssertEqual(try run(["start", "a.md:1"]).stdout, "a.md:1: - [D] Call the bank\n")
    }

    func testCancelWritesNoDateWhereTheVaultSaysSo() throws {
        try settings(#"{"setCancelledDate": false, "taskFormat": "tasksPluginEmoji"}"#)
        try vault.write("a.md", "- [ ] Pay 📅 2026-12-01\n")
        XCTAssertEqual(try run(["cancel", "a.md:1"] + today).stdout, "a.md:1: - [-] Pay 📅 2026-12-01\n")
    }

    func testAnUpperCaseXIsToDoWhereThePluginIsInstalledAndDoneWhereItIsNot() throws {
        try vault.write("a.md", "- [X] Pay rent\n- [x] Buy milk\n- [ ] Walk\n")
        try vault.makeVault()
        XCTAssertEqual(try run(["count"]).stdout, "1\n", "without the plugin, [X] is done")
        // The plugin's folder, without a data.json: its defaults, where [X] is no status of its own.
        try FileManager.default.createDirectory(at: vault.root.appendingPathComponent(".obsidian/plugins/obsidian-tasks-plugin"),
                                                withIntermediateDirectories: true)
        XCTAssertEqual(try run(["count"]).stdout, "2\n")
        XCTAssertEqual(try run(["ls"]).stdout, "a.md\n1 [X] Pay rent\n2 [ ] Walk\n")
    }

    func testShowSaysWhichSettingsApplied() throws {
        try settings(#"{"setCreatedDate": true, "recurrenceOnNextLine": true, "# + cycle + "}")
        try vault.write("a.md", "- [D] Run\n")
        let shown = try run(["show", "a.md:1"] + today).stdout
        XCTAssertTrue(shown.contains("  status    in-progress: [D] Doing - Important (IN_PROGRESS, next [X])\n"), shown)
        XCTAssertTrue(shown.contains("  settings  the Tasks plugin's, from \(vault.root.path)/.obsidian/plugins/obsidian-tasks-plugin/data.json\n"), shown)
        XCTAssertTrue(shown.contains("setCreatedDate true, setDoneDate true, setCancelledDate true, recurrenceOnNextLine true, "
                                     + "removeScheduledDateOnRecurrence false\n"), shown)
        XCTAssertTrue(shown.contains("statuses: [ ] Todo TODO → [x], [x] Done DONE → [ ], [!] Important TODO → [D], "
                                     + "[D] Doing - Important IN_PROGRESS → [X], [X] Done - Important DONE → [!], [-] Cancelled CANCELLED → [ ]\n"), shown)
    }

    func testATodoTxtOrAnyFileButANoteInAVaultWithThePluginIsReadOnlyWhenNamed() throws {
        try settings("{}")
        try vault.write("a.md", "- [ ] Walk\n")
        try vault.write("todo.txt", "Call mom\n")
        try vault.write("b.markdown", "- [ ] Run\n")
        XCTAssertEqual(try run(["ls"]).stdout, "a.md\n1 [ ] Walk\n")
        XCTAssertEqual(try run(["ls", "-f", "todo.txt"]).stdout, "1 Call mom\n")
    }

    func testAddToANewDailyNoteFillsItsTemplateAndPutsTheTaskAfterTheHeadingsTasks() throws {
        try vault.makeVault(["daily-notes.json": #"{"folder": "Daily", "template": "Templates/Daily"}"#,
                             "plugins/obsidian-tasks-plugin/data.json": #"{"setCreatedDate": true, "taskFormat": "tasksPluginEmoji"}"#])
        try vault.write("Templates/Daily.md", "# {{date}}\n\n## Tasks\n- [ ] Review inbox\n\t- [ ] empty it\n\n## Log\n- \n")
        let output = try run(["add", "--list", "Tasks", "Call", "the", "bank"] + today)
        XCTAssertEqual(output.stdout, "Daily/2026-11-28.md:6: - [ ] Call the bank ➕ 2026-11-28\n")
        XCTAssertEqual(try vault.read("Daily/2026-11-28.md"),
                       "# 2026-11-28\n\n## Tasks\n- [ ] Review inbox\n\t- [ ] empty it\n- [ ] Call the bank ➕ 2026-11-28\n\n## Log\n- \n")
    }

    func testADailyNoteIsMadeByTheSameCheckedChangeAsItsTask() throws {
        try vault.makeVault(["daily-notes.json": #"{"folder": "Daily", "template": "Templates/Daily"}"#])
        try vault.write("Templates/Daily.md", "## Tasks\n- [ ] Review inbox\n")
        // A fault in the change that makes the note: nothing is written, not even the note.
        let output = try vault.run(["add", "Call the bank"] + today, environment: ["TODOFMT_FAULT": "replace:Review inbox:Review"])
        XCTAssertEqual(output.status, 2, output.stderr)
        XCTAssertFalse(vault.exists("Daily/2026-11-28.md"))
    }

    func testAnArchiveReadWholeReadsAsTheVaultReadsItsNotes() throws {
        // `[d]` is done in this vault alone: read as CommonMark, the archive would hold an unknown status.
        try settings(#"{"statusSettings": {"customStatuses": [{"symbol": "d", "name": "Delivered", "nextStatusSymbol": " ", "type": "DONE"}]}}"#)
        try vault.write("Inbox.md", "- [d] Ship the parcel\n- [ ] Call the bank\n")
        // A task outside any list cannot follow an archive that ends in a list: the archive is read whole.
        try vault.write("DONE.md", "# Work\n\n- [x] Old report\n")
        XCTAssertEqual(try run(["-f", "Inbox.md", "archive"]).stdout, "archived 1 task from Inbox.md to DONE.md\n")
        XCTAssertEqual(try vault.read("DONE.md"), "- [d] Ship the parcel\n\n# Work\n\n- [x] Old report\n")
        XCTAssertEqual(try vault.read("Inbox.md"), "- [ ] Call the bank\n")
    }

    // MARK: Edits of a note's fields

    func testPostponeOfATaskWithOnlyAScheduledDateMovesThatDate() throws {
        try settings(#"{"taskFormat": "tasksPluginEmoji"}"#)
        try vault.write("a.md", "- [ ] Water the plants ⏳ 2026-11-20\n- [ ] Paint 🛫 2026-12-20 📅 2026-12-22\n")
        XCTAssertEqual(try run(["postpone", "a.md:1", "2d"] + today).stdout, "a.md:1: - [ ] Water the plants ⏳ 2026-11-30\n")
        // In the vault, as in the plugin, the date postponed is the only one that moves.
        XCTAssertEqual(try run(["postpone", "a.md:2", "1w"] + today).stdout, "a.md:2: - [ ] Paint 🛫 2026-12-20 📅 2026-12-29\n")
    }

    func testTagWritesTheTasksOwnDialectOrRefusesAKeyItHasNoFieldFor() throws {
        try settings(#"{"taskFormat": "tasksPluginEmoji"}"#)
        let note = "- [ ] Call the bank 📅 2026-12-01\n"
        try vault.write("a.md", note)
        let refused = try run(["tag", "a.md:1", "context", "work"], status: 64)
        XCTAssertTrue(refused.stderr.contains("the Tasks plugin's format has no field for 'context'"), refused.stderr)
        XCTAssertEqual(try vault.read("a.md"), note)
        XCTAssertEqual(try run(["tag", "a.md:1", "scheduled", "2026-11-30"]).stdout, "a.md:1: - [ ] Call the bank ⏳ 2026-11-30 📅 2026-12-01\n")
        // A vault reads one format: a Dataview task is one in a Dataview vault (in an emoji vault its field is text).
        try settings(#"{"taskFormat": "dataview"}"#)
        try vault.write("b.md", "- [ ] Call the bank  [due:: 2026-12-01]\n")
        XCTAssertEqual(try run(["tag", "b.md:1", "context", "work"]).stdout, "b.md:1: - [ ] Call the bank  [context:: work]  [due:: 2026-12-01]\n")
    }
}
