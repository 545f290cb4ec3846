import Foundation
import TodoKit
import XCTest

/// Every command that writes a file goes through one write path: lock, read, compute, read the new text
/// afresh and check what every task means, write atomically only if the file did not change meanwhile.
/// A refused write leaves the file byte for byte as it was and names the task and the difference.
final class WritePathTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    // XCTest keeps every test case object until the run ends, so the folder goes when the test does.
    override func tearDown() { folder = nil }

    /// Runs todofmt in the folder, with its own state folder (no listing record from elsewhere).
    private func todofmt(_ arguments: [String], environment: [String: String] = [:]) throws -> Todofmt.Result {
        try Todofmt.run(arguments, environment: ["XDG_STATE_HOME": folder.path("state")].merging(environment) { $1 },
                        in: folder.url)
    }

    /// Runs a command that must be refused: exit 2, nothing on standard output, the file byte for byte as it
    /// was, no lock or temporary file left; returns the message.
    private func refused(_ arguments: [String], file: String, environment: [String: String] = [:]) throws -> String {
        let before = try folder.bytes(file)
        let result = try todofmt(arguments, environment: environment)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.stdout)\(result.stderr)")
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try folder.bytes(file), before, "\(file) must be left as it was")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("todofmt-") || $0.hasSuffix(".lock") }
        XCTAssertEqual(left, [])
        return result.stderr
    }

    // MARK: Edits check the whole file, not just the lines they patch

    func testRemovingATaskThatWouldBringACommentedOutTaskToLifeIsRefused() throws {
        try folder.write("- a\n 1) [x] b\n  <!--\n- [ ] hidden\n-->\n", to: "f.md")
        let message = try refused(["rm", "f.md:2"], file: "f.md")
        XCTAssertEqual(message, "f.md: error: the edit would change tasks it should not touch (a task appeared on line 3 (\"hidden\")); nothing was written\n")
    }

    func testRemovingATaskThatWouldMakeALineStartingWithAByteOrderMarkTheFilesOwnIsRefused() throws {
        try folder.write(bytes: Array("- [ ] a\n\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("# H\n- [ ] b\n".utf8), to: "f.md")
        XCTAssertTrue(try refused(["rm", "f.md:1"], file: "f.md").contains("task on line 4 moved from list (none) to \"H\""))
        XCTAssertTrue(try refused(["mv", "f.md:1", "--list", "Elsewhere"], file: "f.md").contains("moved from list (none) to \"H\""))
        try folder.write(bytes: Array("a\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("x 2026-01-01 b\n".utf8), to: "f.txt")
        XCTAssertTrue(try refused(["rm", "f.txt:1"], file: "f.txt").contains("task on line 2 changed from open to done"))
    }

    func testRemovingATaskThatWouldMakeAParagraphASetextHeadingIsRefused() throws {
        try folder.write("para\n- [ ] a\n---\n- [ ] b\n", to: "f.md")
        XCTAssertTrue(try refused(["rm", "f.md:2"], file: "f.md").contains("task on line 4 moved from list (none) to \"para\""))
    }

    func testRemovingATaskBetweenALoneCarriageReturnAndABlankLineKeepsThemTwoLines() throws {
        // The blank line after the removed task is written with a CR of its own, so it cannot join `para`'s
        // CR and make `===` its setext underline.
        try folder.write("para\r- [ ] a\n\n===\n- [ ] b\n", to: "f.md")
        let result = try todofmt(["rm", "f.md:2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.text("f.md"), "para\r\r===\n- [ ] b\n")
    }

    func testArchivingThatWouldMakeALineStartingWithAByteOrderMarkTheFilesOwnIsRefused() throws {
        try folder.write(bytes: Array("- [x] 2026-01-01 a\n\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("# H\n- [ ] b\n".utf8), to: "f.md")
        XCTAssertTrue(try refused(["archive", "-f", "f.md"], file: "f.md").contains("moved from list (none) to \"H\""))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("DONE.md")), "the archive is written only with the todo file")
    }

    func testAnArchiveRefusedForWhatItWouldDoToTheTodoFileNamesTheTodoFile() throws {
        try folder.write(bytes: Array("- [x] 2026-01-01 a\n\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("# H\n- [ ] b\n".utf8), to: "f.md")
        let message = try refused(["archive", "-f", "f.md"], file: "f.md")
        XCTAssertTrue(message.hasPrefix("f.md: error: "), message)
    }

    func testAnArchiveRefusedForWhereItsLinesWouldLandNamesTheArchive() throws {
        try folder.write("# W\n\n- [x] 2026-01-01 a\n", to: "f.md")
        try folder.write("# W\n\n```\nnever closed\n", to: "DONE.md")
        let message = try refused(["archive", "-f", "f.md"], file: "f.md")
        XCTAssertTrue(message.hasPrefix("DONE.md: error: "), message)
    }

    // MARK: A deliberate fault is caught

    func testACanonicalFormThatLosesATaskIsRefused() throws {
        try folder.write("- [ ] a\n- [ ] b\n* [ ] c\n", to: "TODO.md")
        let message = try refused(["TODO.md"], file: "TODO.md", environment: ["TODOFMT_FAULT": "drop-line:2"])
        XCTAssertEqual(message, "TODO.md: error: formatting would change the tasks (task on line 2 (\"b\") was lost); nothing was written\n")
    }

    func testASortThatChangesATaskIsRefused() throws {
        try folder.write("- [ ] b\n- [ ] (A) a\n", to: "TODO.md")
        let message = try refused(["--sort", "TODO.md"], file: "TODO.md", environment: ["TODOFMT_FAULT": "replace:(A) a:(B) a"])
        XCTAssertEqual(message, "TODO.md: error: formatting would change the tasks (task on line 2 changed priority from (A) to (B)); nothing was written\n")
    }

    func testAnEditPatchThatTouchesAnotherTaskIsRefused() throws {
        try folder.write("x 2026-01-01 done\nopen one\nopen two\n", to: "todo.txt")
        let message = try refused(["pri", "todo.txt:2", "A"], file: "todo.txt", environment: ["TODOFMT_FAULT": "replace:open two:open 2"])
        XCTAssertEqual(message, "todo.txt: error: the edit would change tasks it should not touch (task on line 3 changed its text from \"open two\" to \"open 2\"); nothing was written\n")
        try folder.write("- [ ] a\n- [ ] b\n", to: "TODO.md")
        let done = try refused(["done", "--today", "2026-03-01", "TODO.md:1"], file: "TODO.md", environment: ["TODOFMT_FAULT": "drop-line:2"])
        XCTAssertTrue(done.contains("was lost"), done)
    }

    func testWithoutAFaultTheSameCommandsWrite() throws {
        try folder.write("- [ ] a\n- [ ] b\n* [ ] c\n", to: "TODO.md")
        XCTAssertEqual(try todofmt(["TODO.md"]).status, 0)
        XCTAssertEqual(try folder.text("TODO.md"), "- [ ] a\n- [ ] b\n- [ ] c\n")
    }

    // MARK: Nothing lost to a race

    func testFormattingWhileAnotherTodofmtAddsLosesNoTask() throws {
        // Large enough that formatting takes a while; untidy, so that formatting writes.
        var text = "# Tasks\n\n"
        for n in 0..<3000 { text += "*   [ ] task number \(n) +p\(n % 7)  \n" }
        for round in 0..<30 {
            try folder.write(text, to: "big.md")
            let environment = ["XDG_STATE_HOME": folder.path("state")]
            let format = try Todofmt.start(["big.md"], environment: environment, in: folder.url, stdout: .discarded, stderr: .discarded)
            let add = try Todofmt.start(["add", "-f", "big.md", "--today", "2026-03-01", "added in round \(round)"],
                                        environment: environment, in: folder.url, stdout: .discarded, stderr: .discarded)
            try format.wait()
            let added = try add.wait().status == 0
            let result = Document(parsing: try folder.text("big.md"))
            if added {
                XCTAssertTrue(result.tasks.contains { $0.title == "added in round \(round)" }, "round \(round): the added task was lost")
            }
            XCTAssertEqual(result.tasks.count, added ? 3001 : 3000, "round \(round)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("big.md.lock")))
        }
    }

    func testAFileInAFolderThatDoesNotExistIsReportedByItsFolder() throws {
        let output = try todofmt(["-f", "/nonexistent/dir/TODO.md", "add", "x"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "/nonexistent/dir: error: no such folder, so /nonexistent/dir/TODO.md cannot be read or written there\n")
    }

    func testTheFormatterRefusesAFIFOInPlaceWithoutWaitingForAWriter() throws {
        let fifo = folder.url.appendingPathComponent("ff.md").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // No writer ever opens it: a formatter that opened it for reading would wait for ever.
        let output = try todofmt(["ff.md"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "ff.md: error: not a regular file; nothing was written\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fifo + ".lock"))
    }

    func testAFIFONoProgramWritesToIsRefusedAtOnceByEveryCommand() throws {
        XCTAssertEqual(mkfifo(folder.path("ff.md"), 0o644), 0)
        try folder.write("- [ ] a\n", to: "ours.md")
        // No writer ever opens it: a command that opened it for reading as usual would wait for ever.
        for command in [["ls", "-f", "ff.md"], ["done", "-f", "ff.md", "1"], ["merge", "ff.md", "ours.md", "ff.md"], ["--check", "ff.md"]] {
            let output = try todofmt(command)
            XCTAssertEqual(output.status, 2, "\(command)")
            XCTAssertTrue(output.stderr.hasPrefix("ff.md: error: "), "\(command): \(output.stderr)")
        }
        XCTAssertEqual(try folder.text("ours.md"), "- [ ] a\n")
    }

    func testAPipeBeingWrittenIsReadToItsEndAsCatReadsIt() throws {
        // `todofmt --check <(git show HEAD:TODO.md)`: the shell hands over a pipe its writer is filling.
        let shell = try ChildProcess.run("/bin/sh", ["-c", "printf '* [ ] a\\n' | \"$TODOFMT\" --check /dev/stdin; echo \"status $?\"; "
                                                     + "printf -- '- [ ] a\\n' | \"$TODOFMT\" ls -f /dev/stdin"], in: folder.url,
                                         environment: ["TODOFMT": Todofmt.executable.path, "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": folder.path("state")])
        XCTAssertEqual(shell.stdout, "/dev/stdin\nstatus 1\n1 [ ] a\n")
        XCTAssertEqual(shell.stderr, "", "no listing is recorded of a pipe")
    }

    func testAnOutputIsNeverWrittenToAFileTodofmtReadsTasksFrom() throws {
        try folder.write("- [ ] a due:2026-12-01\n", to: "TODO.md")
        try folder.write("- [ ] kept\n", to: "other.md")
        for command in [["export", "-o", "other.md"], ["export", "-o", "todo.txt"], ["stats", "--svg", "chart.md"]] {
            let output = try todofmt(command + ["--today", "2026-11-28"])
            XCTAssertEqual(output.status, 2, "\(command)")
            XCTAssertTrue(output.stderr.hasPrefix("\(command[2]): error: named as a todo file or a note (.md, .txt, …), and this output is none"),
                          "\(command): \(output.stderr)")
        }
        XCTAssertEqual(try folder.text("other.md"), "- [ ] kept\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("todo.txt")) || FileManager.default.fileExists(atPath: folder.path("chart.md")))
        XCTAssertEqual(try todofmt(["export", "-o", "tasks.ics"]).status, 0)
    }
}
