import Foundation
import XCTest

/// In a vault with the Obsidian Tasks plugin, a task's fields are read in the plugin's task format alone, as the
/// plugin reads them, by every command alike; a vault without the plugin reads every dialect, as a file outside
/// a vault does.
final class VaultTaskFormatTests: XCTestCase {
    /// Notes that write their due dates in the three dialects, glued to a word or not; today is 2026-11-28.
    private func vault(plugin: String?) throws -> NoteFolder {
        let folder = try NoteFolder("vault")
        try folder.makeVault(plugin.map { ["plugins/obsidian-tasks-plugin/data.json": $0] } ?? [:])
        if plugin == "" { try FileManager.default.removeItem(at: folder.root.appendingPathComponent(".obsidian/plugins/obsidian-tasks-plugin/data.json")) }
        try folder.write("Work.md", """
            # Work

            - [ ] emoji overdue 📅 2026-01-01
            - [ ] dataview overdue [due:: 2026-01-02]
            - [ ] todotxt overdue due:2026-01-03
            - [ ] emoji later 📅 2027-01-01
            - [ ] glued overdue📅 2026-01-04
            - [x] emoji done 📅 2026-01-01

            """)
        try folder.write("Daily/2026-11-28.md", """
            - [ ] (A) 2026-01-05 a todo.txt priority and date
            - [ ] mixed due:2026-01-06 [due:: 2026-01-07] 📅 2027-02-02
            - [ ] glued dataview[due:: 2026-01-08]

            """)
        return folder
    }

    /// The titles `ls is:overdue` lists, and the numbers `count is:overdue` and a query for open tasks due before
    /// today give.
    private func overdue(_ folder: NoteFolder) throws -> (listed: [String], counted: Int, queried: [String]) {
        let today = ["--today", "2026-11-28"]
        let listing = try folder.run(["ls", "is:overdue", "--json"] + today)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        let tasks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        let count = try folder.run(["count", "is:overdue"] + today)
        XCTAssertEqual(count.status, 0, count.stderr)
        let query = try folder.run(["query", "-e", "not done", "-e", "due before today"] + today)
        XCTAssertEqual(query.status, 0, query.stderr)
        let queried = query.stdout.split(separator: "\n").filter { $0.hasPrefix("- [") }.map { line in
            // `- [ ] TEXT (HEADING)`: the text up to its first field.
            String(line.dropFirst(6).prefix { $0 != "📅" && $0 != "[" && $0 != "(" }).trimmingCharacters(in: .whitespaces)
        }
        return (tasks.compactMap { $0["title"] as? String }, Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                queried)
    }

    func testInAnEmojiVaultOnlyTheEmojiFieldsAreDueDatesForEveryCommand() throws {
        let folder = try vault(plugin: #"{"taskFormat": "tasksPluginEmoji"}"#)
        let found = try overdue(folder)
        XCTAssertEqual(found.listed, ["emoji overdue", "glued overdue"])
        XCTAssertEqual(found.counted, 2)
        XCTAssertEqual(Set(found.queried), ["emoji overdue", "glued overdue"])
    }

    func testWithThePluginsFolderAndNoSettingsItsDefaultEmojiFormatApplies() throws {
        let folder = try vault(plugin: "")
        let found = try overdue(folder)
        XCTAssertEqual(found.listed, ["emoji overdue", "glued overdue"])
        XCTAssertEqual(found.counted, 2)
        XCTAssertEqual(found.queried.count, 2)
    }

    func testInADataviewVaultOnlyTheInlineFieldsAreDueDatesForEveryCommand() throws {
        let folder = try vault(plugin: #"{"taskFormat": "dataview"}"#)
        let found = try overdue(folder)
        // `mixed` ends in an emoji, which is text here: its inline field is no field either.
        XCTAssertEqual(found.listed, ["glued dataview", "dataview overdue"])
        XCTAssertEqual(found.counted, 2)
        XCTAssertEqual(Set(found.queried), ["dataview overdue", "glued dataview"])
    }

    func testAVaultWithoutThePluginReadsEveryDialectAsAFileOutsideAVaultDoes() throws {
        let folder = try vault(plugin: nil)
        let found = try overdue(folder)
        // `mixed` is due when its todo.txt tag says, the first of its three due dates.
        XCTAssertEqual(found.listed, ["mixed", "glued dataview", "emoji overdue", "dataview overdue", "todotxt overdue", "glued overdue"])
        XCTAssertEqual(found.counted, 6)
        XCTAssertEqual(found.queried.count, 6)
    }

    func testInAnEmojiVaultATodoTxtPriorityAndDateAreText() throws {
        let folder = try vault(plugin: #"{"taskFormat": "tasksPluginEmoji"}"#)
        let shown = try folder.run(["show", "Daily/2026-11-28.md:1", "--today", "2026-11-28"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertFalse(shown.stdout.contains("  priority "), shown.stdout)
        XCTAssertFalse(shown.stdout.contains("  created "), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("(A) 2026-01-05 a todo.txt priority and date"), shown.stdout)
    }

    func testAnEditInAnEmojiVaultWritesAnEmojiFieldBesideATodoTxtDueThatIsText() throws {
        let folder = try vault(plugin: #"{"taskFormat": "tasksPluginEmoji"}"#)
        let edit = try folder.run(["due", "Work.md:5", "2026-12-24", "--today", "2026-11-28"])
        XCTAssertEqual(edit.status, 0, edit.stderr)
        let dated = try folder.read("Work.md")
        XCTAssertTrue(dated.contains("- [ ] todotxt overdue due:2026-01-03 📅 2026-12-24\n"), dated)
        let done = try folder.run(["done", "Work.md:5", "--today", "2026-11-28"])
        XCTAssertEqual(done.status, 0, done.stderr)
        let completed = try folder.read("Work.md")
        XCTAssertTrue(completed.contains("- [x] todotxt overdue due:2026-01-03 📅 2026-12-24 ✅ 2026-11-28\n"), completed)
    }

    func testAnEditInAnEmojiVaultLeavesAnInlineFieldThatIsTextAsItIs() throws {
        let folder = try vault(plugin: #"{"taskFormat": "tasksPluginEmoji"}"#)
        let edit = try folder.run(["due", "Work.md:4", "2026-12-24", "--today", "2026-11-28"])
        XCTAssertEqual(edit.status, 0, edit.stderr)
        let dated = try folder.read("Work.md")
        XCTAssertTrue(dated.contains("- [ ] dataview overdue [due:: 2026-01-02] 📅 2026-12-24\n"), dated)
    }

    func testACheckboxFollowedByANoBreakSpaceIsATaskInAVault() throws {
        let folder = try NoteFolder("vault")
        try folder.makeVault()
        try folder.write("Note.md", "- [x]\u{A0}Paid the rent\n- [ ]\u{A0}Call the bank\n")
        let count = try folder.run(["count", "--all"])
        XCTAssertEqual(count.status, 0, count.stderr)
        XCTAssertEqual(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "2")
        let listing = try folder.run(["ls"])
        XCTAssertTrue(listing.stdout.contains("1 [ ] Call the bank"), listing.stdout)
    }
}
