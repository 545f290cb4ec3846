import Foundation
import XCTest

/// A folder of notes is one todo source: named with -f or TODOFMT_FILE, or found upward by its `.obsidian/` or
/// `.todofmt`; its tasks are those of its Markdown notes and todo.txt files, less what its walk skips.
final class FolderSourceTests: XCTestCase {
    var notes: NoteFolder!

    override func setUpWithError() throws {
        notes = try NoteFolder()
        try notes.write("Projects/House.md", "# House\n\n## Paint\n\n- [ ] Buy paint +house\n  - [ ] Pick a colour\n- [x] Measure\n")
        try notes.write("Daily/2026-11-28.md", "# Morning\n\n- [ ] Call the bank due:2026-11-27\n")
        try notes.write("todo.txt", "(A) Renew passport\n")
        try notes.write("Reading.md", "Prose only, with [[a link]] and [one](https://example.com).\n")
    }

    let listing = """
        Daily/2026-11-28.md
        ## Morning
        1 [ ] Call the bank due:2026-11-27 (overdue 1d)

        Projects/House.md
        ## House / Paint
        2 [ ] Buy paint +house
        3   [ ] Pick a colour

        todo.txt
        4 (A) Renew passport

        """

    func testDashFNamesAFolderWhoseTasksAreListedByFileThenList() throws {
        let output = try notes.run(["ls", "-f", "notes", "--today", "2026-11-28"], in: "..")
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, listing)
        XCTAssertEqual(output.stderr, "")
    }

    func testTheEnvironmentMayNameAFolder() throws {
        let output = try notes.run(["ls", "--today", "2026-11-28"], in: "..", environment: ["TODOFMT_FILE": notes.root.path])
        XCTAssertEqual(output.stdout, listing)
    }

    func testAVaultIsFoundUpwardFromAFolderInside() throws {
        try notes.makeVault()
        let output = try notes.run(["count"], in: "Daily")
        XCTAssertEqual(output.stdout, "4\n", output.stderr)
    }

    func testADotTodofmtFileMarksAFolderAndWinsOverATodoFileBesideIt() throws {
        try notes.write(".todofmt", "")
        try notes.write("TODO.md", "- [ ] in TODO.md\n")
        let output = try notes.run(["count"], in: "Projects")
        XCTAssertEqual(output.stdout, "5\n", output.stderr)
    }

    func testHiddenFoldersTrashAndWhatAVaultExcludesAreSkipped() throws {
        try notes.makeVault(["app.json": #"{"userIgnoreFilters": ["Archive/", "/[Tt]emplates/"]}"#])
        try notes.write(".obsidian/note.md", "- [ ] settings\n")
        try notes.write(".trash/old.md", "- [ ] trashed\n")
        try notes.write("Archive/2025.md", "- [ ] archived\n")
        try notes.write("Meta/Templates/daily.md", "- [ ] template\n")
        try notes.write("Projects/plan.txt", "not a note\n")
        let output = try notes.run(["ls", "--json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertFalse(output.stdout.contains("settings") || output.stdout.contains("trashed") || output.stdout.contains("archived")
                       || output.stdout.contains("template") || output.stdout.contains("not a note"), output.stdout)
        XCTAssertTrue(output.stdout.contains("Buy paint"))
    }

    func testWhatGitIgnoresThereIsSkipped() throws {
        try notes.git(["init", "-q"])
        try notes.write(".gitignore", "Drafts/\n*.private.md\n")
        try notes.write("Projects/.gitignore", "!keep.private.md\n")
        try notes.write("Drafts/idea.md", "- [ ] draft\n")
        try notes.write("Projects/secret.private.md", "- [ ] secret\n")
        try notes.write("Projects/keep.private.md", "- [ ] kept\n")
        let output = try notes.run(["ls", "--json", "-f", "."])
        XCTAssertFalse(output.stdout.contains("draft") || output.stdout.contains("\"secret"), output.stdout)
        XCTAssertTrue(output.stdout.contains("\"kept\""), output.stdout)
    }

    func testALoopOfLinksAndANoteThatIsNoTextAreReportedOneLineEachAndTheRestIsListed() throws {
        try FileManager.default.createSymbolicLink(atPath: notes.root.appendingPathComponent("Projects/loop").path,
                                                   withDestinationPath: notes.root.path)
        try FileManager.default.createSymbolicLink(atPath: notes.root.appendingPathComponent("gone.md").path,
                                                   withDestinationPath: "nowhere.md")
        try Data([0x2D, 0x20, 0x5B, 0x20, 0x5D, 0x20, 0xFF, 0x0A]).write(to: notes.root.appendingPathComponent("binary.md"))
        let output = try notes.run(["count", "-f", "."])
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout, "4\n")
        XCTAssertEqual(output.stderr.split(separator: "\n").sorted(), [
            "Projects/loop: warning: a symbolic link back to a folder above it (a loop); skipped",
            "binary.md:1:7: warning: invalid UTF-8 (byte 0xFF): the file must be UTF-8 text; skipped",
            "gone.md: warning: a symbolic link to no such file or directory; skipped",
        ])
    }

    func testWithoutAMarkerTheNearestTodoFileIsTheSourceNotItsFolder() throws {
        let output = try notes.run(["ls"], in: "Projects")
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "1 (A) Renew passport\n")
    }

    func testACommandOfOneFileSaysAFolderIsNotOne() throws {
        let output = try notes.run(["archive", "-f", "."])
        XCTAssertEqual(output.status, 64)
        XCTAssertEqual(output.stderr, "todofmt: error: 'archive' works on one todo file, and . is a folder of notes; name a file with -f FILE\n")
    }
}
