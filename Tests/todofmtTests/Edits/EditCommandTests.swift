import Foundation
import TodoKit
import XCTest

/// Runs the built `todofmt` binary for the edit commands, in a temporary folder with its own state folder.
struct EditCommandRunner {
    static let binary = Todofmt.executable

    let folder: URL
    var state: URL { folder.appendingPathComponent("state") }

    init() throws {
        try Todofmt.requireBuilt()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-edits-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    func read(_ name: String) throws -> String { String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self) }
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) }

    typealias Output = ChildProcess.Result

    /// Starts `todofmt arguments…` in the folder, with the folder as its home and its own state folder.
    func start(_ arguments: [String], environment: [String: String] = [:], stdin: ChildProcess.Input = .none,
               stdout: ChildProcess.Output = .captured, stderr: ChildProcess.Output = .captured) throws -> ChildProcess {
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                   "HOME": folder.path, "XDG_STATE_HOME": state.path]
        env.merge(environment) { $1 }
        return try ChildProcess(EditCommandRunner.binary.path, arguments, in: folder, environment: env, stdin: stdin, stdout: stdout, stderr: stderr)
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        try start(arguments, environment: environment).wait()
    }

    /// Leaves the record `todofmt ls` would leave for a file, listing every task.
    func recordListing(of name: String) throws {
        let path = folder.appendingPathComponent(name).resolvingSymlinksInPath().path
        let record = FileListingRecord(path: path, document: Document(parsing: try read(name), format: FileFormat.inferred(fromPath: name)))
        let directory = state.appendingPathComponent("todofmt")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(record.text.utf8).write(to: directory.appendingPathComponent(FNV1a.hex(path.utf8) + ".listing"))
    }
}

final class EditCommandTests: XCTestCase {
    var runner: EditCommandRunner!
    let sample = "# Todo\n\n## Work\n\n- [ ] (A) Write report\n  - [ ] Collect numbers\n- [ ] Call Bob\n\n## Home\n\n- [ ] Fix sink\n"

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
        try runner.write("TODO.md", sample)
    }

    override func tearDown() { runner?.remove() }

    func testAddPrintsTheNewTasksLineAndText() throws {
        let output = try runner.run(["add", "--today", "2026-11-21", "--list", "home", "Buy", "milk", "due:fri"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "12: - [ ] Buy milk due:2026-11-27\n")
        XCTAssertTrue(try runner.read("TODO.md").hasSuffix("- [ ] Fix sink\n- [ ] Buy milk due:2026-11-27\n"))
        XCTAssertFalse(runner.exists("TODO.md.lock"))
    }

    func testAddWithoutAListGoesToTheDefaultListNamedInTodofmtList() throws {
        let output = try runner.run(["add", "Buy", "milk"], environment: ["TODOFMT_LIST": "Inbox"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "15: - [ ] Buy milk\n")
        XCTAssertEqual(try runner.read("TODO.md"), sample + "\n# Inbox\n\n- [ ] Buy milk\n")
        let again = try runner.run(["add", "Bread"], environment: ["TODOFMT_LIST": "inbox"])
        XCTAssertEqual(again.stdout, "16: - [ ] Bread\n")
    }

    func testTodofmtListIsIgnoredByATodoTxtFileWhichHasNoLists() throws {
        try runner.write("todo.txt", "a\n")
        let output = try runner.run(["add", "-f", "todo.txt", "b"], environment: ["TODOFMT_LIST": "Inbox"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try runner.read("todo.txt"), "a\nb\n")
    }

    func testAddThroughADanglingSymlinkCreatesItsTargetAndKeepsTheLink() throws {
        let link = runner.folder.appendingPathComponent("link.md").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "notes/real.md")
        try FileManager.default.createDirectory(at: runner.folder.appendingPathComponent("notes"), withIntermediateDirectories: true)
        let output = try runner.run(["add", "-f", "link.md", "hello"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(try FileStatus(link).isSymbolicLink)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "notes/real.md")
        XCTAssertEqual(try runner.read("notes/real.md"), "- [ ] hello\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: runner.folder.appendingPathComponent("notes").path), ["real.md"])
    }

    func testFiftyParallelAddsLeaveFiftyNewTasksAndNoLockFile() throws {
        let processes = try (1...50).map { try runner.start(["add", "--today", "2026-11-21", "Parallel task \($0)"]) }
        var failures: [String] = []
        for process in processes {
            let result = try process.wait()
            if result.status != 0 { failures.append(result.stderr) }
        }
        XCTAssertEqual(failures, [])
        let text = try runner.read("TODO.md")
        let document = Document(parsing: text, format: .markdown)
        let added = document.tasks.filter { $0.title.hasPrefix("Parallel task") }.map(\.title)
        XCTAssertEqual(Set(added), Set((1...50).map { "Parallel task \($0)" }))
        XCTAssertEqual(added.count, 50)
        XCTAssertEqual(document.tasks.count, 54)
        XCTAssertTrue(text.hasPrefix(sample.replacingOccurrences(of: "\n\n## Home\n\n- [ ] Fix sink\n", with: "")))
        XCTAssertFalse(runner.exists("TODO.md.lock"))
    }

    func testArchiveInterruptedWhileHoldingBothLocksLeavesNeitherLockFile() throws {
        try runner.write("TODO.md", "# L\n\n- [x] 2026-11-20 finished\n- [ ] open\n")
        try runner.write("DONE.md", "# L\n\n- [x] 2026-11-01 done before\n")
        // Interrupted right after it takes the archive's lock, holding both: its write path waits there (`pause`).
        let process = try runner.start(["archive"], environment: ["TODOFMT_FAULT": "pause"], stdin: .pipe, stderr: .pipe)
        XCTAssertTrue(try process.pause(at: "lock DONE.md"), "archive never took its archive lock")
        XCTAssertTrue(runner.exists("TODO.md.lock") && runner.exists("DONE.md.lock"))
        process.signal(SIGTERM)
        XCTAssertTrue(try process.wait().signalled, "archive finished before it was interrupted holding its archive lock")
        XCTAssertFalse(runner.exists("DONE.md.lock"))
        XCTAssertFalse(runner.exists("TODO.md.lock"))
    }

    func testALineNumberOfAFileAnotherProgramChangedSinceLsIsRefusedAndTheFileIsUntouched() throws {
        try runner.recordListing(of: "TODO.md")
        let changed = sample.replacingOccurrences(of: "## Work\n\n", with: "## Work\n\n- [ ] Sneaked in\n")
        try runner.write("TODO.md", changed)
        let output = try runner.run(["done", "--today", "2026-11-21", "7"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "TODO.md: error: the file changed since 'todofmt ls' listed it (another program wrote it: an editor, "
                       + "a git checkout…), so its line numbers may name other tasks now; run 'todofmt ls' again, or give the task as FILE:LINE\n")
        XCTAssertEqual(try runner.read("TODO.md"), changed)
        XCTAssertFalse(runner.exists("TODO.md.lock"))
    }

    func testAFileColonLineAddressFromAnEditorIsTheCurrentLineEvenAfterTheFileChangedSinceLs() throws {
        try runner.recordListing(of: "TODO.md")
        let changed = sample.replacingOccurrences(of: "  - [ ] Collect numbers\n", with: "")
        try runner.write("TODO.md", changed)
        XCTAssertEqual(try runner.run(["done", "--today", "2026-11-21", "6"]).status, 2)
        let output = try runner.run(["done", "--today", "2026-11-21", "TODO.md:6"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "TODO.md:6: - [x] 2026-11-21 Call Bob\n")
        XCTAssertEqual(try runner.read("TODO.md"), changed.replacingOccurrences(of: "- [ ] Call Bob", with: "- [x] 2026-11-21 Call Bob"))
        XCTAssertEqual(try runner.run(["undo", "TODO.md:3"]).stderr, "TODO.md: error: line 3 is not a task (it is a heading)\n")
    }

    func testAnAddressThatStillMatchesItsListingIsEditedAndFollowedByTheRecord() throws {
        try runner.recordListing(of: "TODO.md")
        XCTAssertEqual(try runner.run(["pri", "7", "b"]).stdout, "7: - [ ] (B) Call Bob\n")
        let output = try runner.run(["append", "7", "tomorrow"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "7: - [ ] (B) Call Bob tomorrow\n")
    }

    func testFileColonLineAddressesTheNamedFileWhateverTheDefaultFile() throws {
        try runner.write("other.txt", "(A) Pay rent\nWater plants\n")
        let output = try runner.run(["done", "--today", "2026-11-21", "-f", "TODO.md", "other.txt:1"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "other.txt:1: x 2026-11-21 Pay rent pri:A\n")
        XCTAssertEqual(try runner.read("other.txt"), "x 2026-11-21 Pay rent pri:A\nWater plants\n")
        XCTAssertEqual(try runner.read("TODO.md"), sample)
    }

    func testANoOpEditSaysSoNamingTheFileAsErrorsDo() throws {
        XCTAssertEqual(try runner.run(["done", "--today", "2026-11-21", "7"]).status, 0)
        let again = try runner.run(["done", "--today", "2026-11-21", "7"])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, "")
        XCTAssertEqual(again.stderr, "TODO.md: note: line 7 is already done\n")
    }

    func testExitCodesSayWhatWentWrong() throws {
        XCTAssertEqual(try runner.run(["done", "twelve"]).status, 64)
        XCTAssertEqual(try runner.run(["pri", "5", "AB"]).status, 64)
        let heading = try runner.run(["done", "3"])
        XCTAssertEqual(heading.status, 2)
        XCTAssertEqual(heading.stderr, "TODO.md: error: line 3 is not a task (it is a heading)\n")
        XCTAssertEqual(try runner.run(["rm", "99"]).status, 2)
        let subtasks = try runner.run(["done", "5"])
        XCTAssertEqual(subtasks.status, 2)
        XCTAssertTrue(subtasks.stderr.contains("open subtasks: 6 (Collect numbers)"))
        XCTAssertEqual(try runner.read("TODO.md"), sample)
        XCTAssertEqual(try runner.run(["done", "--recursive", "5"]).status, 0)
    }

    func testAnEditWaitsForAnotherProcesssLock() throws {
        // The lock of a process that runs (this one) on this host.
        try runner.write("TODO.md.lock", "\(getpid()) \(ProcessInfo.processInfo.hostName)\n")
        // Seen waiting: the write path's steps, printed as they are reached, say when it finds the lock taken.
        let process = try runner.start(["add", "--today", "2026-11-21", "Patient"], environment: ["TODOFMT_FAULT": "steps"], stderr: .pipe)
        let waiting = try process.line(from: .standardError) { $0.hasSuffix(": wait for the lock of TODO.md") }
        XCTAssertNotNil(waiting, "the edit ended instead of waiting for the lock")
        XCTAssertFalse(try runner.read("TODO.md").contains("Patient"))
        try FileManager.default.removeItem(at: runner.folder.appendingPathComponent("TODO.md.lock"))
        let result = try process.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "8: - [ ] Patient\n")
    }

    func testALockLeftByAProcessThatNoLongerRunsIsTakenOver() throws {
        try runner.write("TODO.md.lock", "\(try ChildProcess.identifierOfAnEndedProcess()) \(ProcessInfo.processInfo.hostName)\n")
        // Taken over, not waited for: a lock it waited out would make it give up (exit 2, "locked by …").
        let output = try runner.run(["add", "--today", "2026-11-21", "After a crash"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "8: - [ ] After a crash\n")
        XCTAssertFalse(runner.exists("TODO.md.lock"))
    }

    func testArchiveMovesClosedTasksBesideTheFile() throws {
        try runner.write("todo.txt", "x 2026-11-20 Done thing\nOpen thing\n")
        try runner.write("done.txt", "x 2026-01-01 Old")
        let output = try runner.run(["archive", "-f", "todo.txt"])
        XCTAssertEqual(output.stdout, "archived 1 task from todo.txt to done.txt\n")
        XCTAssertEqual(try runner.read("todo.txt"), "Open thing\n")
        XCTAssertEqual(try runner.read("done.txt"), "x 2026-01-01 Old\nx 2026-11-20 Done thing\n")
        XCTAssertEqual(try runner.run(["done", "--today", "2026-11-21", "7"]).status, 0)
        XCTAssertEqual(try runner.run(["archive"]).stdout, "archived 1 task from TODO.md to DONE.md\n")
        XCTAssertEqual(try runner.read("DONE.md"), "# Todo\n\n## Work\n\n- [x] 2026-11-21 Call Bob\n")
    }

    func testArchiveAppendsAndReadsAnArchiveAnotherProgramChangedSinceAgainWhole() throws {
        try runner.write("TODO.md", "# Work\n\n- [x] 2026-11-20 one\n- [x] 2026-11-20 two\n- [ ] open\n")
        XCTAssertEqual(try runner.run(["archive"]).stdout, "archived 2 tasks from TODO.md to DONE.md\n")
        XCTAssertEqual(try runner.read("DONE.md"), "# Work\n\n- [x] 2026-11-20 one\n- [x] 2026-11-20 two\n")
        // What todofmt knows of the archive's end, kept for the next append.
        let state = runner.state.appendingPathComponent("todofmt")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasSuffix(".end") }.count, 1)

        // Another program leaves a code block open at the end: the next archive reads the archive whole and
        // refuses, since what it would append would be code.
        let changed = try runner.read("DONE.md") + "\n```\nnotes, never closed\n"
        try runner.write("DONE.md", changed)
        XCTAssertEqual(try runner.run(["done", "--today", "2026-11-21", "3"]).status, 0)
        let before = try runner.read("TODO.md")
        let refused = try runner.run(["archive"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "DONE.md: error: the lines added to the archive would not read as the archived tasks "
                       + "(1 tasks written, 0 read: does the archive end inside a code block, an HTML block or front matter?); nothing was written\n")
        XCTAssertEqual(try runner.read("DONE.md"), changed)
        XCTAssertEqual(try runner.read("TODO.md"), before)

        try runner.write("DONE.md", changed + "```\n")
        XCTAssertEqual(try runner.run(["archive"]).status, 0)
        XCTAssertEqual(try runner.read("DONE.md"), changed + "```\n\n- [x] 2026-11-21 open\n", "still in the list Work")
    }

    func testArchiveWithoutAStateFolderItCanWriteMovesEachTaskOnceAndWarns() throws {
        try runner.write("TODO.md", "# Work\n\n- [x] 2026-11-20 one\n- [ ] open\n")
        // The state folder lies under a file, so nothing can be kept there: what todofmt knows of the
        // archive's end is only kept to spare the next run a read.
        try runner.write("not-a-folder", "")
        let environment = ["XDG_STATE_HOME": runner.folder.appendingPathComponent("not-a-folder/state").path]
        let output = try runner.run(["archive"], environment: environment)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "archived 1 task from TODO.md to DONE.md\n")
        XCTAssertTrue(output.stderr.hasPrefix("todofmt: warning: "), output.stderr)
        XCTAssertEqual(try runner.read("TODO.md"), "# Work\n\n- [ ] open\n")
        XCTAssertEqual(try runner.read("DONE.md"), "# Work\n\n- [x] 2026-11-20 one\n")
        XCTAssertEqual(try runner.run(["archive"], environment: environment).stdout, "nothing to archive in TODO.md\n")
        XCTAssertEqual(try runner.read("DONE.md"), "# Work\n\n- [x] 2026-11-20 one\n", "archived once")
    }

    func testAnEditWhoseStateCannotFollowItIsWrittenWithAWarning() throws {
        try runner.recordListing(of: "TODO.md")
        XCTAssertEqual(try runner.run(["export", "--today", "2026-11-21"]).status, 0)
        // The calendar UIDs' file cannot be replaced (a folder stands in its place).
        let state = runner.state.appendingPathComponent("todofmt")
        let sync = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: state.path).first { $0.hasSuffix(".sync") })
        try FileManager.default.removeItem(at: state.appendingPathComponent(sync))
        try FileManager.default.createDirectory(at: state.appendingPathComponent(sync + "/in-the-way"), withIntermediateDirectories: true)
        let output = try runner.run(["done", "--today", "2026-11-21", "7"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "7: - [x] 2026-11-21 Call Bob\n")
        XCTAssertTrue(output.stderr.hasPrefix("todofmt: warning: TODO.md was written, but its line numbers and calendar UIDs "
                                              + "cannot follow the change: "), output.stderr)
        XCTAssertEqual(try runner.read("TODO.md"), sample.replacingOccurrences(of: "- [ ] Call Bob", with: "- [x] 2026-11-21 Call Bob"))
    }

    func testArchivingACRLFTodoTxtFileKeepsItsLinesAsTheyAre() throws {
        try runner.write("todo.txt", "x 2026-11-20 Done thing\r\nOpen thing\r\n")
        XCTAssertEqual(try runner.run(["archive", "-f", "todo.txt"]).status, 0)
        XCTAssertEqual(try runner.read("done.txt"), "x 2026-11-20 Done thing\r\n")
        XCTAssertEqual(try runner.read("todo.txt"), "Open thing\r\n")
    }

    func testEditOpensTheEditorAtTheTasksLineAndReportsProblemsAfterwards() throws {
        let script = runner.folder.appendingPathComponent("fake-editor")
        try Data("#!/bin/sh\necho \"$@\" > args.txt\necho '- [ ] bad due:2026-02-30' >> \"$2\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let output = try runner.run(["edit", "7"], environment: ["EDITOR": script.path])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try runner.read("args.txt"), "+7 TODO.md\n")
        XCTAssertTrue(output.stderr.contains("TODO.md:12:"), output.stderr)
        XCTAssertTrue(try runner.read("TODO.md").hasSuffix("- [ ] bad due:2026-02-30\n"))
    }

    func testEditOpensTheLineInEditorsThatWantFileColonLine() throws {
        let bin = runner.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for name in ["code", "subl", "zed", "hx"] {
            let script = bin.appendingPathComponent(name)
            try Data("#!/bin/sh\necho \"$@\" > \(name).args\n".utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }
        let path = "\(bin.path):" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for (editor, expected) in [("code -w", "-w --goto TODO.md:7"), ("subl", "TODO.md:7"), ("\(bin.path)/zed", "TODO.md:7"), ("hx", "+7 TODO.md")] {
            let output = try runner.run(["edit", "7"], environment: ["VISUAL": editor, "PATH": path])
            XCTAssertEqual(output.status, 0, output.stderr)
            let name = FileManager.default.displayName(atPath: String(editor.split(separator: " ")[0]))
            XCTAssertEqual(try runner.read("\(name).args"), expected + "\n", editor)
        }
    }
}
