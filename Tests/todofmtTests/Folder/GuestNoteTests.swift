import Foundation
import XCTest

/// A note is its author's (docs/FORMAT.md 1.5): on a vault, `--check` names only the notes whose task lines would
/// change, `--diff` shows only task lines, and formatting leaves every other byte; `.todofmt` names the todo files
/// and can leave notes alone.
final class GuestNoteTests: XCTestCase {
    var notes: NoteFolder!

    /// A note as Obsidian writes one: tabs, `*` bullets, `[X]`, trailing spaces, a callout, a table, front matter.
    let meeting = "---\ntags: [work]\n---\n# Sync up  \nWe agreed:  \n* [X] Ship it\n\t* [ ] Pay rent 📅 2026-12-01 ⏫\n\t\t+ detail\n\n\n> [!todo]\n> - [ ] quoted\n\n| a | b |\n|---|---|\n"
    let tidy = "# Done\n\n- [x] Nothing to do ✅ 2026-11-01\n"

    override func setUpWithError() throws {
        notes = try NoteFolder()
        try notes.makeVault()
        try notes.write("Meeting Notes/Sync up.md", meeting)
        try notes.write("Tidy.md", tidy)
        try notes.write("Prose.md", "*  not   tidy*  \n\n\n")
        try notes.write("TODO.md", "* [ ] a todo file in a vault is a note  \n")
    }

    func testCheckOfAVaultNamesOnlyTheNotesWhoseTaskLinesWouldChange() throws {
        let check = try notes.run(["--check", "."])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.stdout, "Meeting Notes/Sync up.md\n")
    }

    func testDiffOfAVaultShowsOnlyTaskLines() throws {
        let diff = try notes.run(["--diff", "."])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        let changed = diff.stdout.split(separator: "\n").filter { ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++") }
        XCTAssertEqual(changed, ["-\t* [ ] Pay rent 📅 2026-12-01 ⏫", "+\t* [ ] Pay rent ⏫ 📅 2026-12-01"])
    }

    func testFormattingAVaultChangesOnlyTheFieldsOfTaskLines() throws {
        XCTAssertEqual(try notes.run(["."]).status, 0)
        XCTAssertEqual(try notes.read("Meeting Notes/Sync up.md"),
                       meeting.replacingOccurrences(of: "📅 2026-12-01 ⏫", with: "⏫ 📅 2026-12-01"))
        XCTAssertEqual(try notes.read("TODO.md"), "* [ ] a todo file in a vault is a note  \n")
        XCTAssertEqual(try notes.read("Prose.md"), "*  not   tidy*  \n\n\n")
        XCTAssertEqual(try notes.run(["--check", "."]).status, 0)
    }

    func testANoteNamedOnItsOwnIsFormattedAsANoteAndOneWithoutATaskIsNotWritten() throws {
        let diff = try notes.run(["--diff", "Prose.md"])
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertEqual(diff.stdout, "")
        let before = try FileManager.default.attributesOfItem(atPath: notes.root.appendingPathComponent("Prose.md").path)[.modificationDate] as? Date
        XCTAssertEqual(try notes.run(["Prose.md"]).status, 0)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: notes.root.appendingPathComponent("Prose.md").path)[.modificationDate] as? Date, before)
        XCTAssertEqual(try notes.run(["--stdout", "Meeting Notes/Sync up.md"]).stdout,
                       meeting.replacingOccurrences(of: "📅 2026-12-01 ⏫", with: "⏫ 📅 2026-12-01"))
    }

    func testDotTodofmtNamesTheTodoFilesOfAVault() throws {
        try notes.write(".todofmt", "todo-files = TODO.md\n")
        XCTAssertEqual(try notes.run(["--check", "."]).stdout, "Meeting Notes/Sync up.md\nTODO.md\n")
        XCTAssertEqual(try notes.run(["--stdout", "TODO.md"]).stdout, "- [ ] a todo file in a vault is a note\n")
    }

    func testFormatNotesOffLeavesNotesAsTheyAre() throws {
        try notes.write(".todofmt", "format-notes = off\n")
        let check = try notes.run(["--check", "."])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stdout, "")
    }

    func testOutsideAVaultAMarkdownFileNamedForTasksIsATodoFileAndAnyOtherANote() throws {
        let plain = try NoteFolder()
        try plain.write("TODO.md", "* [X] a  \n")
        try plain.write("notes.md", "* [X] a  \n")
        XCTAssertEqual(try plain.run(["--stdout", "TODO.md"]).stdout, "- [x] a\n")
        XCTAssertEqual(try plain.run(["--stdout", "notes.md"]).stdout, "* [X] a  \n")
    }

    func testAnEditOfANoteChangesOnlyItsTaskLine() throws {
        let output = try notes.run(["done", "--today", "2026-11-28", "Meeting Notes/Sync up.md:7"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try notes.read("Meeting Notes/Sync up.md"),
                       meeting.replacingOccurrences(of: "\t* [ ] Pay rent 📅 2026-12-01 ⏫", with: "\t* [x] Pay rent 📅 2026-12-01 ⏫ ✅ 2026-11-28"))
    }
}
