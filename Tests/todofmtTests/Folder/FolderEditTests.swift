import Foundation
import XCTest

/// Every edit works across a folder of notes: by the numbers its listing gave, by `FILE:LINE` relative to the
/// folder, or by `--where`; every file is checked before any is written, and a refusal in one leaves all as
/// they were, byte for byte.
final class FolderEditTests: XCTestCase {
    var notes: NoteFolder!
    let today = ["--today", "2026-11-28"]

    override func setUpWithError() throws {
        notes = try NoteFolder()
        try notes.write(".todofmt", "")
        try notes.write("A.md", "# A\n\n- [ ] Alpha +x\n")
        try notes.write("B.md", "# B\n\n- [ ] Beta +x\n")
        try notes.write("C.md", "# C\n\n- [ ] Gamma +x\n  - [ ] Gamma's open subtask\n")
    }

    func contents() throws -> [Data] { try ["A.md", "B.md", "C.md"].map(notes.bytes) }

    func testANumberFromTheFoldersListingNamesATaskInItsFile() throws {
        XCTAssertEqual(try notes.run(["ls"] + today).status, 0)
        let output = try notes.run(["done", "2"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "B.md:3: - [x] 2026-11-28 Beta +x\n")
        XCTAssertEqual(try notes.read("B.md"), "# B\n\n- [x] 2026-11-28 Beta +x\n")
    }

    func testNumbersKeepNamingTheirTasksAfterTodofmtChangesTheirFiles() throws {
        XCTAssertEqual(try notes.run(["ls"] + today).status, 0)
        // Gamma (number 3, line 3 of C.md) and its subtask (4) move to a new list further down; the numbers follow.
        let moved = try notes.run(["mv", "3", "--list", "Later"] + today)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertEqual(try notes.run(["pri", "3", "A"] + today).status, 0)
        let output = try notes.run(["done", "4"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try notes.read("C.md"), "# C\n\n# Later\n\n- [ ] (A) Gamma +x\n  - [x] 2026-11-28 Gamma's open subtask\n")
    }

    func testANumberIsRefusedWhenAnotherProgramChangedItsFile() throws {
        XCTAssertEqual(try notes.run(["ls"] + today).status, 0)
        try notes.write("A.md", "# A\n\n- [ ] New first\n- [ ] Alpha +x\n")
        let output = try notes.run(["done", "1"] + today)
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.hasPrefix("A.md: error: the file changed since 'todofmt ls' listed it"), output.stderr)
        XCTAssertEqual(try notes.read("A.md"), "# A\n\n- [ ] New first\n- [ ] Alpha +x\n")
    }

    func testANumberTheListingDidNotShowIsRefused() throws {
        XCTAssertEqual(try notes.run(["ls"] + today).status, 0)
        let output = try notes.run(["done", "9"] + today)
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.hasPrefix("todofmt: error: the folder's last listing showed no task 9"), output.stderr)
    }

    func testFileLineIsRelativeToTheFolderFromAnywhereInIt() throws {
        try FileManager.default.createDirectory(at: notes.root.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        let output = try notes.run(["done", "B.md:3"] + today, in: "Sub")
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "B.md:3: - [x] 2026-11-28 Beta +x\n")
    }

    func testFileLineReadsAndWritesThatFileAlone() throws {
        // Anything else in the folder would be reported by a walk of it: an edit by address walks nothing.
        try FileManager.default.createSymbolicLink(atPath: notes.root.appendingPathComponent("loop").path,
                                                   withDestinationPath: notes.root.path)
        try Data([0xFF, 0x0A]).write(to: notes.root.appendingPathComponent("broken.md"))
        let output = try notes.run(["done", "A.md:3"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stderr, "")
        XCTAssertEqual(try notes.read("A.md"), "# A\n\n- [x] 2026-11-28 Alpha +x\n")
    }

    func testWhereEditsTheSelectedTasksOfEveryNoteAndTheReportNamesEachFile() throws {
        let output = try notes.run(["pri", "--where", "+x", "B"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "A.md:3: - [ ] (B) Alpha +x\nB.md:3: - [ ] (B) Beta +x\nC.md:3: - [ ] (B) Gamma +x\n")
    }

    func testARefusalInTheThirdFileLeavesAllThreeByteForByte() throws {
        let before = try contents()
        let output = try notes.run(["done", "--where", "+x"] + today)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stdout, "")
        XCTAssertEqual(output.stderr, "C.md: error: line 3 has open subtasks: 4 (Gamma's open subtask); use --force to complete only "
                       + "line 3, or --recursive to complete its subtasks too; nothing was written to any of the 3 files\n")
        XCTAssertEqual(try contents(), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: notes.root.path).sorted(), [".todofmt", "A.md", "B.md", "C.md"],
                       "no lock or temporary file is left")
    }

    func testAnAddressedEditOfThreeFilesIsAllOrNothingToo() throws {
        let before = try contents()
        let output = try notes.run(["done", "A.md:3", "B.md:3", "C.md:3"] + today)
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.hasSuffix("; nothing was written to any of the 3 files\n"), output.stderr)
        XCTAssertEqual(try contents(), before)
        let forced = try notes.run(["done", "A.md:3", "B.md:3", "C.md:3", "--force"] + today)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(forced.stdout.split(separator: "\n").count, 3)
    }

    func testEachFileIsWrittenUnderItsOwnLockTakenInPathOrder() throws {
        // This test holds B.md's lock: todofmt takes A.md's, then waits for B.md's, holding A.md's meanwhile.
        try notes.write("B.md.lock", "\(getpid()) \(ProcessInfo.processInfo.hostName)\n")
        // Seen waiting: the write path's steps, printed as they are reached, say when it finds B.md's lock taken.
        let process = try notes.start(["pri", "--where", "+x", "C"] + today, environment: ["TODOFMT_FAULT": "steps"], stderr: .pipe)
        let waiting = try process.line(from: .standardError) { $0.contains(": wait for the lock of ") }
        XCTAssertEqual(waiting.map { $0.hasSuffix("B.md") }, true, "todofmt waits first for the lock of B.md, not \(waiting ?? "none")")
        XCTAssertTrue(notes.exists("A.md.lock"), "todofmt holds the first file's lock while it waits for the second's")
        XCTAssertFalse(notes.exists("C.md.lock"), "and takes no later lock before")
        XCTAssertEqual(try notes.read("A.md"), "# A\n\n- [ ] Alpha +x\n", "nothing is written before every file is read")
        try FileManager.default.removeItem(at: notes.root.appendingPathComponent("B.md.lock"))
        let result = try process.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try notes.read("C.md"), "# C\n\n- [ ] (C) Gamma +x\n  - [ ] Gamma's open subtask\n")
        XCTAssertFalse(notes.exists("A.md.lock") || notes.exists("C.md.lock"))
    }

    func testADryRunShowsEachFilesDiffAndWritesNothing() throws {
        let before = try contents()
        let output = try notes.run(["pri", "--where", "+x", "C", "-n"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.contains("--- a/A.md\n+++ b/A.md\n") && output.stdout.contains("+++ b/C.md\n"), output.stdout)
        XCTAssertEqual(try contents(), before)
    }

    func testWhereSelectingNothingSaysSo() throws {
        let output = try notes.run(["done", "--where", "+nothing"] + today)
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stderr, "todofmt: note: no task matches --where +nothing (hidden and closed tasks need --all); nothing was changed\n")
    }

    func testANoteReachedThroughLinksIsOneNoteEditedUnderOneLock() throws {
        // A symbolic link into the folder and a hard link: three paths, one note (A.md comes first in path order).
        try FileManager.default.createDirectory(at: notes.root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: notes.root.appendingPathComponent("sub/alias.md").path, withDestinationPath: "../A.md")
        try FileManager.default.linkItem(at: notes.root.appendingPathComponent("A.md"), to: notes.root.appendingPathComponent("hard.md"))
        let listed = try notes.run(["ls"] + today)
        XCTAssertEqual(listed.stdout.components(separatedBy: "Alpha").count, 2, listed.stdout)
        XCTAssertFalse(listed.stdout.contains("alias.md") || listed.stdout.contains("hard.md"), listed.stdout)
        // Its lock taken once: a second take would wait for the first, and give up.
        let output = try notes.run(["pri", "--where", "+x", "B"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "A.md:3: - [ ] (B) Alpha +x\nB.md:3: - [ ] (B) Beta +x\nC.md:3: - [ ] (B) Gamma +x\n")
        XCTAssertEqual(try notes.read("sub/alias.md"), "# A\n\n- [ ] (B) Alpha +x\n")
        XCTAssertFalse(notes.exists("A.md.lock") || notes.exists("hard.md.lock"))
    }

    func testTwoPathsOfOneNoteInOneEditAreOneFile() throws {
        try FileManager.default.createSymbolicLink(atPath: notes.root.appendingPathComponent("alias.md").path, withDestinationPath: "A.md")
        try FileManager.default.linkItem(at: notes.root.appendingPathComponent("A.md"), to: notes.root.appendingPathComponent("hard.md"))
        let output = try notes.run(["done", "A.md:3", "alias.md:3", "hard.md:3", "B.md:3"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "A.md:3: - [x] 2026-11-28 Alpha +x\nB.md:3: - [x] 2026-11-28 Beta +x\n")
        XCTAssertEqual(try notes.read("A.md"), "# A\n\n- [x] 2026-11-28 Alpha +x\n")
    }

    func testAFIFOInTheFolderIsNoNoteAndIsNeverWaitedOn() throws {
        // No program ever writes to it: a walk that opened it would wait for ever.
        XCTAssertEqual(mkfifo(notes.root.appendingPathComponent("pipe.md").path, 0o644), 0)
        let output = try notes.run(["done", "--where", "+x", "--force"] + today)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stderr, "")
        XCTAssertEqual(output.stdout.split(separator: "\n").count, 3)
    }
}
