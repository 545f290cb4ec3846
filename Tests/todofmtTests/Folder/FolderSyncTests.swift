import Foundation
import XCTest

/// A folder of notes syncs with one vdir as one calendar: each task one VTODO whatever note holds it, kept
/// when the task moves to another note; the calendar's changes come back into the right note, its new tasks go
/// to the folder's inbox, and the items of a note that is gone go too.
final class FolderSyncTests: XCTestCase {
    var notes: NoteFolder!
    var vdir: URL { notes.scratch.url.appendingPathComponent("calendar") }

    override func setUpWithError() throws {
        notes = try NoteFolder()
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        try notes.write(".todofmt", "inbox = Inbox.md\n")
        try notes.write("Daily/2026-11-27.md", "# Today\n\n- [ ] Call the bank\n- [x] 2026-11-27 Walk\n")
        try notes.write("Projects/House.md", "# House\n\n- [ ] Buy paint due:2026-11-30\n")
    }

    @discardableResult
    func sync(_ day: String = "2026-11-28") throws -> NoteFolder.Output {
        let output = try notes.run(["sync", "--vdir", vdir.path, "--today", day], environment: ["TZ": "UTC"])
        XCTAssertEqual(output.status, 0, output.stderr)
        return output
    }

    /// The vdir's items, by file name.
    func items() throws -> [String: String] {
        var items: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: vdir.path) where name.hasSuffix(".ics") {
            items[name] = String(decoding: try Data(contentsOf: vdir.appendingPathComponent(name)), as: UTF8.self)
        }
        return items
    }

    func item(_ summary: String) throws -> (name: String, text: String)? {
        try items().first { $0.value.contains("SUMMARY:\(summary)\r\n") }.map { ($0.key, $0.value) }
    }

    func testEveryNotesTasksGoToTheVdirAndASecondSyncChangesNothing() throws {
        try sync()
        XCTAssertEqual(try items().count, 3)
        XCTAssertTrue(try item("Buy paint")?.text.contains("CATEGORIES:House") == true)
        let again = try sync()
        XCTAssertEqual(again.stdout, ". and \(vdir.path) are in sync (3 tasks)\n")
    }

    func testATaskCarriedOverToTodaysNoteKeepsItsItem() throws {
        try sync()
        let before = try XCTUnwrap(try item("Call the bank"))
        try notes.write("Daily/2026-11-27.md", "# Today\n\n- [x] 2026-11-27 Walk\n")
        try notes.write("Daily/2026-11-28.md", "# Today\n\n- [ ] Call the bank due:2026-11-28\n")
        let output = try sync()
        XCTAssertEqual(try items().count, 3, output.stdout)
        let after = try XCTUnwrap(try item("Call the bank"))
        XCTAssertEqual(after.name, before.name)
        XCTAssertTrue(after.text.contains("DUE;VALUE=DATE:20261128"), after.text)
        XCTAssertFalse(output.stdout.contains("removed"), output.stdout)
    }

    func testACompletionInTheCalendarComesBackIntoItsNote() throws {
        try sync()
        let paint = try XCTUnwrap(try item("Buy paint"))
        let done = paint.text.replacingOccurrences(of: "STATUS:NEEDS-ACTION\r\n", with: "STATUS:COMPLETED\r\nCOMPLETED:20261128T090000Z\r\n")
        try Data(done.utf8).write(to: vdir.appendingPathComponent(paint.name))
        let output = try sync()
        XCTAssertEqual(output.stdout, "Projects/House.md:3: completed in the calendar\n")
        XCTAssertEqual(try notes.read("Projects/House.md"), "# House\n\n- [x] 2026-11-28 Buy paint due:2026-11-30\n")
    }

    func testANewTaskOfTheCalendarGoesToTheFoldersInbox() throws {
        try sync()
        let vtodo = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:phone-1@example.com\r\n"
            + "DTSTAMP:20261128T090000Z\r\nSUMMARY:Bring the parcel\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try Data(vtodo.utf8).write(to: vdir.appendingPathComponent("phone-1.ics"))
        let output = try sync()
        XCTAssertEqual(output.stdout, "Inbox.md:1: added from the calendar\n")
        XCTAssertEqual(try notes.read("Inbox.md"), "- [ ] Bring the parcel\n")
        XCTAssertEqual(try sync().stdout, ". and \(vdir.path) are in sync (4 tasks)\n")
    }

    func testTheItemsOfANoteThatIsGoneGoToo() throws {
        try sync()
        try FileManager.default.removeItem(at: notes.root.appendingPathComponent("Projects/House.md"))
        let output = try sync()
        XCTAssertEqual(try items().count, 2, output.stdout)
        XCTAssertNil(try item("Buy paint"))
    }

    /// A vault whose new tasks from the calendar go to today's daily note, made from a template holding a task.
    func makeVaultWithDailyNotes() throws -> String {
        try FileManager.default.removeItem(at: notes.root.appendingPathComponent(".todofmt"))
        try notes.makeVault(["daily-notes.json": #"{"folder": "Daily", "format": "YYYY/MM/YYYY-MM-DD", "template": "templates/daily"}"#])
        try notes.write("templates/daily.md", "# {{date}}\n\n- [ ] Plan the day\n")
        try sync()
        let vtodo = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:phone-1@example.com\r\n"
            + "DTSTAMP:20261128T090000Z\r\nSUMMARY:Bring the parcel\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try Data(vtodo.utf8).write(to: vdir.appendingPathComponent("phone-1.ics"))
        return "Daily/2026/11/2026-11-28.md"
    }

    func testANewTaskOfTheCalendarGoesToTodaysDailyNoteMadeFromItsTemplateInOneCheckedWrite() throws {
        let daily = try makeVaultWithDailyNotes()
        let output = try sync()
        XCTAssertEqual(try notes.read(daily), "# 2026/11/2026-11-28\n\n- [ ] Plan the day\n- [ ] Bring the parcel\n", output.stdout)
    }

    func testASyncWhoseWriteFailsCreatesNoDailyNote() throws {
        let daily = try makeVaultWithDailyNotes()
        let arguments = ["sync", "--vdir", vdir.path, "--today", "2026-11-28"]
        // The steps of the sync, traced on a copy of the state and the calendar, which are then put back.
        let saved = notes.scratch.url.appendingPathComponent("saved")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        for folder in [notes.state, vdir] { try FileManager.default.copyItem(at: folder, to: saved.appendingPathComponent(folder.lastPathComponent)) }
        let traced = try notes.run(arguments, environment: ["TZ": "UTC", "TODOFMT_FAULT": "steps"])
        let steps = traced.stderr.split(separator: "\n").filter { $0.hasPrefix("todofmt: step ") }
        let rename = try XCTUnwrap(steps.firstIndex { $0.hasSuffix(": rename onto \(daily)") }, traced.stderr) + 1
        XCTAssertEqual(steps.filter { $0.contains(daily) }.count, 3, "the note is locked, written beside and renamed: nothing else makes it")
        try FileManager.default.removeItem(at: notes.root.appendingPathComponent(daily))
        for folder in [notes.state, vdir] {
            try FileManager.default.removeItem(at: folder)
            try FileManager.default.copyItem(at: saved.appendingPathComponent(folder.lastPathComponent), to: folder)
        }
        // The note's one write fails (as on a full disk): nothing was made of it before, so nothing is left.
        let failed = try notes.run(arguments, environment: ["TZ": "UTC", "TODOFMT_FAULT": "fail-at:\(rename)"])
        XCTAssertEqual(failed.status, 2, failed.stderr)
        XCTAssertFalse(notes.exists(daily), "nothing is created before the checked write")
    }

    func testASyncStoppedBetweenItsNotesIsUndoneByTheNextRunItsNewDailyNoteRemoved() throws {
        let daily = try makeVaultWithDailyNotes()
        // The calendar completes a task of one note, and adds one that goes to a daily note to be made: two notes.
        let paint = try XCTUnwrap(try item("Buy paint"))
        try Data(paint.text.replacingOccurrences(of: "STATUS:NEEDS-ACTION\r\n", with: "STATUS:COMPLETED\r\nCOMPLETED:20261128T090000Z\r\n").utf8)
            .write(to: vdir.appendingPathComponent(paint.name))
        let saved = notes.scratch.url.appendingPathComponent("saved")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        for folder in [notes.state, vdir] { try FileManager.default.copyItem(at: folder, to: saved.appendingPathComponent(folder.lastPathComponent)) }
        let arguments = ["sync", "--vdir", vdir.path, "--today", "2026-11-28"]
        let traced = try notes.run(arguments, environment: ["TZ": "UTC", "TODOFMT_FAULT": "steps"])
        let steps = traced.stderr.split(separator: "\n").filter { $0.hasPrefix("todofmt: step ") }
        let second = try XCTUnwrap(steps.firstIndex { $0.hasSuffix(": rename onto Projects/House.md") }, traced.stderr) + 1
        XCTAssertTrue(steps.prefix(second).contains { $0.hasSuffix(": rename onto \(daily)") }, "the daily note is renamed first")
        // Back as before the sync, then the same sync killed between its two renames.
        try FileManager.default.removeItem(at: notes.root.appendingPathComponent(daily))
        try notes.write("Projects/House.md", "# House\n\n- [ ] Buy paint due:2026-11-30\n")
        for folder in [notes.state, vdir] {
            try FileManager.default.removeItem(at: folder)
            try FileManager.default.copyItem(at: saved.appendingPathComponent(folder.lastPathComponent), to: folder)
        }
        let killed = try notes.run(arguments, environment: ["TZ": "UTC", "TODOFMT_FAULT": "kill-at:\(second)"])
        XCTAssertEqual(killed.status, SIGKILL)
        XCTAssertTrue(notes.exists(daily))
        // The next run, whatever it is, undoes it: the note it made is gone again.
        let next = try notes.run(["ls", "--today", "2026-11-28"])
        XCTAssertTrue(next.stderr.hasPrefix("todofmt: note: an earlier change of 2 files was stopped before it finished; it is undone: "),
                      next.stderr)
        XCTAssertFalse(notes.exists(daily))
        XCTAssertEqual(try notes.read("Projects/House.md"), "# House\n\n- [ ] Buy paint due:2026-11-30\n")
        // And the sync, run again, finishes as it would have.
        XCTAssertEqual(try sync().status, 0)
        XCTAssertEqual(try notes.read("Projects/House.md"), "# House\n\n- [x] 2026-11-28 Buy paint due:2026-11-30\n")
        XCTAssertEqual(try notes.read(daily), "# 2026/11/2026-11-28\n\n- [ ] Plan the day\n- [ ] Bring the parcel\n")
    }
}
