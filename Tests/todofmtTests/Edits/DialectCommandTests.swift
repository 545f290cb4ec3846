import Foundation
import XCTest

/// Every command, run as a user runs it, on a note of the Obsidian Tasks plugin and on one of Dataview: the
/// reports read their fields, and every edit writes its field in the task's own dialect. Today is Wednesday
/// 2026-11-25.
final class DialectCommandTests: XCTestCase {
    var runner: EditCommandRunner!

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
    }

    override func tearDown() { runner?.remove() }

    static let tasksNote = """
        # Home

        - [ ] Pay rent 📅 2026-12-01 ⏫ 🔁 every month
        - [ ] Write report #work 🛫 2026-11-20 📅 2026-11-27 🆔 report
        - [ ] Send report ⛔ report
        - [x] Old thing ✅ 2026-11-01

        """

    static let dataviewNote = """
        # Home

        - [ ] Pay rent [due:: 2026-12-01] [priority:: high] [repeat:: every month]
        - [ ] Write report #work [start:: 2026-11-20] [due:: 2026-11-27] [id:: report]
        - [ ] Send report [dependsOn:: report]
        - [x] Old thing [completion:: 2026-11-01]

        """

    static let today = ["--today", "2026-11-25"]

    /// Runs `arguments`, which must succeed, and returns what it printed.
    @discardableResult
    private func ok(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let output = try runner.run(arguments)
        XCTAssertEqual(output.status, 0, "\(arguments): \(output.stderr)", file: file, line: line)
        return output.stdout
    }

    /// The note's lines after its heading and blank line, as the file holds them now.
    private func tasks(_ name: String) throws -> [String] {
        Array(try runner.read(name).split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).dropLast().map(String.init))
    }

    func testTheReportsReadATasksNote() throws {
        try assertTheReportsRead(Self.tasksNote,
                                 highPriority: "3 [ ] Pay rent 📅 2026-12-01 ⏫ 🔁 every month",
                                 blocked: "5 [ ] Send report ⛔ report (blocked)",
                                 reminder: "Tasks.md:4: Write report #work 🛫 2026-11-20 📅 2026-11-27 🆔 report")
    }

    func testTheReportsReadADataviewNote() throws {
        try assertTheReportsRead(Self.dataviewNote,
                                 highPriority: "3 [ ] Pay rent [due:: 2026-12-01] [priority:: high] [repeat:: every month]",
                                 blocked: "5 [ ] Send report [dependsOn:: report] (blocked)",
                                 reminder: "Tasks.md:4: Write report #work [start:: 2026-11-20] [due:: 2026-11-27] [id:: report]")
    }

    /// count, ls, agenda, stats, export and remind read `note` (either dialect of the same tasks) alike; the
    /// lines `ls` and `remind` print are the note's own.
    private func assertTheReportsRead(_ note: String, highPriority: String, blocked: String, reminder: String,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        try runner.write("Tasks.md", note)
        XCTAssertEqual(try ok(["count", "-f", "Tasks.md", "due:<2026-11-30"] + Self.today), "1\n", file: file, line: line)
        XCTAssertEqual(try ok(["count", "-f", "Tasks.md", "is:blocked"] + Self.today), "1\n", file: file, line: line)
        XCTAssertEqual(try ok(["ls", "-f", "Tasks.md", "priority:high"] + Self.today), "## Home\n\(highPriority)\n", file: file, line: line)
        XCTAssertEqual(try ok(["ls", "-f", "Tasks.md", "is:blocked"] + Self.today), "## Home\n\(blocked)\n", file: file, line: line)
        XCTAssertEqual(try ok(["agenda", "-f", "Tasks.md"] + Self.today), """
            Friday 2026-11-27
              4  Write report #work  [Home]  due

            Tuesday 2026-12-01
              3  (high) Pay rent  [Home]  due

            """, file: file, line: line)
        let stats = try ok(["stats", "-f", "Tasks.md"] + Self.today)
        XCTAssertTrue(stats.contains("Home      3     1          0        0         -"), stats, file: file, line: line)
        let calendar = try ok(["export", "-f", "Tasks.md"] + Self.today)
        XCTAssertTrue(calendar.contains("SUMMARY:Pay rent\r\nDUE;VALUE=DATE:20261201\r\nPRIORITY:3\r\n"), calendar, file: file, line: line)
        XCTAssertTrue(calendar.contains("RRULE:FREQ=MONTHLY\r\n"), calendar, file: file, line: line)
        XCTAssertTrue(calendar.contains("DTSTART;VALUE=DATE:20261120\r\nDUE;VALUE=DATE:20261127\r\n"), calendar, file: file, line: line)
        XCTAssertEqual(try ok(["remind", "--print", "-f", "Tasks.md", "--today", "2026-11-27 10:00"]), reminder + "\n", file: file, line: line)
    }

    func testDoneAndUndoOnATasksNote() throws {
        try runner.write("Tasks.md", Self.tasksNote)
        try ok(["done", "Tasks.md:4"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md")[1], "- [x] Write report #work 🛫 2026-11-20 📅 2026-11-27 🆔 report ✅ 2026-11-25")
        try ok(["undo", "Tasks.md:4"])
        XCTAssertEqual(try runner.read("Tasks.md"), Self.tasksNote)
        try ok(["done", "Tasks.md:3"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md").prefix(2), [
            "- [ ] Pay rent 📅 2027-01-01 ⏫ 🔁 every month",
            "- [x] Pay rent 📅 2026-12-01 ⏫ 🔁 every month ✅ 2026-11-25",
        ])
    }

    func testDoneAndUndoOnADataviewNote() throws {
        try runner.write("Tasks.md", Self.dataviewNote)
        try ok(["done", "Tasks.md:4"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md")[1],
                       "- [x] Write report #work [start:: 2026-11-20] [due:: 2026-11-27] [id:: report]  [completion:: 2026-11-25]")
        try ok(["undo", "Tasks.md:4"])
        XCTAssertEqual(try runner.read("Tasks.md"), Self.dataviewNote)
        try ok(["done", "Tasks.md:3"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md").prefix(2), [
            "- [ ] Pay rent [due:: 2027-01-01] [priority:: high] [repeat:: every month]",
            "- [x] Pay rent [due:: 2026-12-01] [priority:: high] [repeat:: every month]  [completion:: 2026-11-25]",
        ])
    }

    func testEveryEditWritesTheTasksDialect() throws {
        try runner.write("Tasks.md", Self.tasksNote)
        try ok(["cancel", "Tasks.md:5"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md")[2], "- [-] Send report ⛔ report ❌ 2026-11-25")
        try ok(["undo", "Tasks.md:5"])
        try ok(["pri", "Tasks.md:4", "highest"])
        try ok(["due", "Tasks.md:5", "fri"] + Self.today)
        try ok(["postpone", "Tasks.md:3", "2d"] + Self.today)
        // The plugin's format has no field for ctx: writing todo.txt's ctx:home into the line is refused.
        let tagged = try runner.run(["tag", "Tasks.md:5", "ctx", "home"])
        XCTAssertEqual(tagged.status, 64, tagged.stderr)
        XCTAssertTrue(tagged.stderr.contains("the Tasks plugin's format has no field for 'ctx'"), tagged.stderr)
        XCTAssertEqual(try tasks("Tasks.md"), [
            "- [ ] Pay rent 📅 2026-12-03 ⏫ 🔁 every month",
            "- [ ] Write report #work 🔺 🛫 2026-11-20 📅 2026-11-27 🆔 report",
            "- [ ] Send report ⛔ report 📅 2026-11-27",
            "- [x] Old thing ✅ 2026-11-01",
        ])
        try ok(["replace", "Tasks.md:5", "Send the report 🛫 2026-11-26"])
        try ok(["add", "-f", "Tasks.md", "--due", "mon", "--pri", "low", "Buy milk"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md").suffix(2), ["- [x] Old thing ✅ 2026-11-01", "- [ ] Buy milk 🔽 📅 2026-11-30"])
        XCTAssertEqual(try tasks("Tasks.md")[2], "- [ ] Send the report 🛫 2026-11-26")
    }

    func testEveryEditWritesTheDataviewDialect() throws {
        try runner.write("Tasks.md", Self.dataviewNote)
        try ok(["cancel", "Tasks.md:5"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md")[2], "- [-] Send report [dependsOn:: report]  [cancelled:: 2026-11-25]")
        try ok(["undo", "Tasks.md:5"])
        XCTAssertEqual(try runner.read("Tasks.md"), Self.dataviewNote)
        try ok(["pri", "Tasks.md:5", "low"])
        try ok(["due", "Tasks.md:5", "fri"] + Self.today)
        try ok(["postpone", "Tasks.md:4", "2d"] + Self.today)
        try ok(["tag", "Tasks.md:5", "ctx", "home"])
        XCTAssertEqual(try tasks("Tasks.md"), [
            "- [ ] Pay rent [due:: 2026-12-01] [priority:: high] [repeat:: every month]",
            "- [ ] Write report #work [start:: 2026-11-22] [due:: 2026-11-29] [id:: report]",
            "- [ ] Send report  [ctx:: home] [dependsOn:: report]  [priority:: low]  [due:: 2026-11-27]",
            "- [x] Old thing [completion:: 2026-11-01]",
        ])
        try ok(["replace", "Tasks.md:5", "Send the report"])
        try ok(["add", "-f", "Tasks.md", "--due", "mon", "--pri", "low", "Buy milk"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md")[2], "- [ ] Send the report  [priority:: low]")
        XCTAssertEqual(try tasks("Tasks.md").last, "- [ ] Buy milk  [priority:: low]  [due:: 2026-11-30]")
    }

    func testTagWritesEveryDateFieldInTheTasksOwnDialect() throws {
        try runner.write("Tasks.md", Self.tasksNote)
        try ok(["tag", "Tasks.md:3", "scheduled", "fri"] + Self.today)
        try ok(["tag", "Tasks.md:3", "start", "2026-11-26"] + Self.today)
        try ok(["tag", "Tasks.md:5", "created", "today"] + Self.today)
        try ok(["tag", "Tasks.md:4", "t"] + Self.today)
        // Each goes before the first field the plugin writes after it.
        XCTAssertEqual(try tasks("Tasks.md").prefix(3), [
            "- [ ] Pay rent 🛫 2026-11-26 ⏳ 2026-11-27 📅 2026-12-01 ⏫ 🔁 every month",
            "- [ ] Write report #work 📅 2026-11-27 🆔 report",
            "- [ ] Send report ⛔ report ➕ 2026-11-25",
        ])
        try runner.write("Tasks.md", Self.dataviewNote)
        try ok(["tag", "Tasks.md:3", "scheduled", "fri"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md")[0],
                       "- [ ] Pay rent  [scheduled:: 2026-11-27] [due:: 2026-12-01] [priority:: high] [repeat:: every month]")
        let refused = try runner.run(["tag", "Tasks.md:3", "scheduled", "2026-02-30"] + Self.today)
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("scheduled:2026-02-30 is not a real date (February 2026 has 28 days)"), refused.stderr)
    }

    func testReplaceKeepingTagsKeepsEveryFieldAndHashtagInEitherDialect() throws {
        try runner.write("Tasks.md", Self.tasksNote)
        try ok(["replace", "--keep-tags", "Tasks.md:3", "Pay the rent"] + Self.today)
        try ok(["replace", "--keep-tags", "Tasks.md:4", "Write the report"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md").prefix(2), [
            "- [ ] Pay the rent ⏫ 🔁 every month 📅 2026-12-01",
            "- [ ] Write the report #work 🆔 report 🛫 2026-11-20 📅 2026-11-27",
        ])
        try runner.write("Tasks.md", Self.dataviewNote)
        try ok(["replace", "--keep-tags", "Tasks.md:4", "Write the report due:mon"] + Self.today)
        try ok(["replace", "--keep-tags", "Tasks.md:5", "Send the report"] + Self.today)
        XCTAssertEqual(try tasks("Tasks.md")[1...2], [
            "- [ ] Write the report #work  [id:: report]  [start:: 2026-11-20]  [due:: 2026-11-30]",
            "- [ ] Send the report  [dependsOn:: report]",
        ])
    }

    func testRmRefusesATaskOthersWaitForThenArchiveMovesTheDoneOnesInEitherDialect() throws {
        // The archive holds its tasks in canonical form: two spaces before a Dataview field.
        for (note, archived) in [(Self.tasksNote, "- [x] Old thing ✅ 2026-11-01"),
                                 (Self.dataviewNote, "- [x] Old thing  [completion:: 2026-11-01]")] {
            try runner.write("Tasks.md", note)
            let refused = try runner.run(["rm", "Tasks.md:4"])
            XCTAssertEqual(refused.status, 2)
            XCTAssertTrue(refused.stderr.contains("an open task waits for: 5 (Send report); use --force"), refused.stderr)
            XCTAssertEqual(try runner.read("Tasks.md"), note)
            try ok(["rm", "--force", "Tasks.md:4"])
            try ok(["archive", "-f", "Tasks.md"])
            let lines = note.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(try runner.read("Tasks.md"), ([lines[0], lines[1], lines[2], lines[4]] + [""]).joined(separator: "\n"))
            XCTAssertEqual(try runner.read("DONE.md"), "# Home\n\n\(archived)\n")
            try FileManager.default.removeItem(at: runner.folder.appendingPathComponent("DONE.md"))
        }
    }

    func testTheFormatterWritesEachTasksFieldsInTheirDialectsCanonicalForm() throws {
        try runner.write("Tasks.md", "- [ ] x   📅   2026-12-01\n- [ ] y 📅 2026-12-01 ⏫\n- [ ] z [due:: 2026-12-01]\n")
        try ok(["Tasks.md"])
        XCTAssertEqual(try runner.read("Tasks.md"), "- [ ] x 📅 2026-12-01\n- [ ] y ⏫ 📅 2026-12-01\n- [ ] z  [due:: 2026-12-01]\n")
        try ok(["--check", "Tasks.md"])
    }
}
