import Foundation
import XCTest

/// `add` in a folder of notes needs a file: `--to FILE`, the folder's inbox, or today's daily note as Obsidian
/// names it (made from its template when missing). `todofmt DIR` and `--check DIR` format its notes.
final class FolderAddAndFormatTests: XCTestCase {
    var notes: NoteFolder!

    override func setUpWithError() throws {
        notes = try NoteFolder()
        try notes.write("Projects/House.md", "# House\n\n- [ ] Buy paint\n")
    }

    func testAddGoesToTodaysDailyNoteMadeFromItsTemplate() throws {
        try notes.makeVault(["daily-notes.json": #"{"folder": "Daily Notes/", "format": "YYYY/MM/YYYY-MM-DD", "template": "_meta/templates/daily"}"#])
        try notes.write("_meta/templates/daily.md", "# {{title}}\n\n{{date:dddd, D MMMM}} at {{time}}\n\n## Tasks\n\n")
        let output = try notes.run(["add", "--today", "2026-11-28 08:15", "Call", "the", "bank"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "Daily Notes/2026/11/2026-11-28.md:7: - [ ] Call the bank\n")
        XCTAssertEqual(try notes.read("Daily Notes/2026/11/2026-11-28.md"),
                       "# 2026/11/2026-11-28\n\nSaturday, 28 November at 08:15\n\n## Tasks\n\n- [ ] Call the bank\n")
        // The note exists now: the next task goes after the first, the template is not used again.
        XCTAssertEqual(try notes.run(["add", "--today", "2026-11-28", "Pay rent"]).stdout, "Daily Notes/2026/11/2026-11-28.md:8: - [ ] Pay rent\n")
    }

    func testADailyNoteIsMadeFromItsTemplateThroughTheCheckEveryChangePasses() throws {
        try notes.makeVault(["daily-notes.json": #"{"template": "daily"}"#])
        try notes.write("daily.md", "# {{title}}\n\n- [ ] Plan the day\n")
        // The new note's text altered after it is made, as a broken template filler would alter it: refused.
        let output = try notes.run(["add", "--today", "2026-11-28", "Walk"], environment: ["TODOFMT_FAULT": "replace:Plan:Skip"])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.hasPrefix("2026-11-28.md: error: "), output.stderr)
        XCTAssertFalse(notes.exists("2026-11-28.md"))
    }

    func testADailyNoteWithoutATemplateStartsEmpty() throws {
        try notes.makeVault(["daily-notes.json": "{}"])
        let output = try notes.run(["add", "--today", "2026-11-28", "Walk"])
        XCTAssertEqual(output.stdout, "2026-11-28.md:1: - [ ] Walk\n", output.stderr)
    }

    func testTheInboxOfDotTodofmtComesBeforeTheDailyNote() throws {
        try notes.makeVault(["daily-notes.json": "{}"])
        try notes.write(".todofmt", "# where add puts tasks\ninbox = Inbox.md\n")
        let output = try notes.run(["add", "--list", "Today", "Walk"])
        XCTAssertEqual(output.stdout, "Inbox.md:3: - [ ] Walk\n", output.stderr)
        XCTAssertEqual(try notes.read("Inbox.md"), "# Today\n\n- [ ] Walk\n")
    }

    func testToNamesAFileOfTheFolderAndComesFirst() throws {
        try notes.write(".todofmt", "inbox = Inbox.md\n")
        let output = try notes.run(["add", "--to", "Projects/House.md", "Sand", "the", "floor"], in: "Projects")
        XCTAssertEqual(output.stdout, "Projects/House.md:4: - [ ] Sand the floor\n", output.stderr)
    }

    func testToRefusesAFileTheFolderWouldNotReadSayingWhy() throws {
        try notes.makeVault()
        try notes.write(".gitignore", "drafts/\n")
        try notes.git(["init", "-q"])
        let elsewhere = notes.scratch.url.appendingPathComponent("elsewhere.md").path
        let refusals = [
            (".obsidian/t.md", "hidden ('.obsidian' starts with a dot), and a folder's walk leaves out hidden files and folders"),
            ("drafts/x.md", "ignored by git (drafts/), and so by a folder's walk"),
            ("../x.md", "outside the folder ."),
            (elsewhere, "outside the folder ."),
            ("notes.txt", "not a note: a folder's tasks are read from Markdown notes (.md, .markdown, …) and from files named todo.txt"),
        ]
        for (path, reason) in refusals {
            let output = try notes.run(["add", "--to", path, "plain"])
            XCTAssertEqual(output.status, 64, path)
            XCTAssertEqual(output.stderr, "todofmt: error: --to \(path): \(reason), so 'todofmt ls' would never list a task added there\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path.hasPrefix("/") ? path : notes.root.appendingPathComponent(path).path), path)
        }
        // A note the folder reads, by its path from anywhere: taken.
        let absolute = try notes.run(["add", "--to", notes.root.appendingPathComponent("Projects/House.md").path, "Sand"])
        XCTAssertEqual(absolute.stdout, "Projects/House.md:4: - [ ] Sand\n", absolute.stderr)
        let relative = try notes.run(["add", "--to", "../Projects/House.md", "Oil"], in: "Projects")
        XCTAssertEqual(relative.stdout, "Projects/House.md:5: - [ ] Oil\n", relative.stderr)
    }

    func testAnInboxTheFolderWouldNotReadIsRefused() throws {
        try notes.write(".todofmt", "inbox = .inbox.md\n")
        let output = try notes.run(["add", "Walk"])
        XCTAssertEqual(output.status, 64)
        XCTAssertEqual(output.stderr, "todofmt: error: the inbox of .todofmt: .inbox.md: hidden ('.inbox.md' starts with a dot), and a folder's walk "
                       + "leaves out hidden files and folders, so 'todofmt ls' would never list a task added there\n")
        XCTAssertFalse(notes.exists(".inbox.md"))
    }

    func testAddWithoutAFileIsAUsageErrorThatSaysWhatToGive() throws {
        try notes.write(".todofmt", "")
        let output = try notes.run(["add", "Walk"])
        XCTAssertEqual(output.status, 64)
        XCTAssertEqual(output.stderr, "todofmt: error: add in the folder . needs a file to add to: give --to FILE, set 'inbox = FILE' "
                       + "in its .todofmt file, or set up daily notes in Obsidian\n")
    }

    func testAnUnknownSettingIsAWarning() throws {
        try notes.write(".todofmt", "inbox = Inbox.md\ncolour = blue\n")
        let output = try notes.run(["add", "Walk"])
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stderr, ".todofmt:2:1: warning: unknown setting 'colour' (settings: inbox, todo-files, format-notes)\n")
    }

    func testCheckOfAFolderNamesTheFilesThatWouldChangeAndFormattingItRewritesThem() throws {
        try notes.write("Projects/Untidy.todo.md", "# Untidy\n* [X]   Done thing  \n")
        try notes.write("Projects/Meeting.md", "# Meeting\n* [X]   Done thing  \n")
        try notes.write("Prose.md", "Not   tidy   prose  \n")
        let check = try notes.run(["--check", "notes"], in: "..")
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "notes/Projects/Untidy.todo.md\n")
        XCTAssertEqual(try notes.run(["notes"], in: "..").status, 0)
        XCTAssertEqual(try notes.read("Projects/Untidy.todo.md"), "# Untidy\n\n- [x] Done thing\n")
        XCTAssertEqual(try notes.read("Projects/Meeting.md"), "# Meeting\n* [X]   Done thing  \n", "a note is its author's")
        XCTAssertEqual(try notes.read("Prose.md"), "Not   tidy   prose  \n", "a note without tasks is no todo file")
        XCTAssertEqual(try notes.run(["--check", "notes"], in: "..").status, 0)
    }

    func testAVaultsNotesAreFormattedAsObsidianReadsThem() throws {
        try notes.makeVault()
        let text = "# Notes\n\n%%\n* [ ]   commented out  \n\n\n%%\n\n> [!todo]\n> * [ ]   quoted\n"
        try notes.write("Obsidian.md", text)
        XCTAssertEqual(try notes.run(["--check", "."]).stdout, "")
        XCTAssertEqual(try notes.read("Obsidian.md"), text)
    }
}
