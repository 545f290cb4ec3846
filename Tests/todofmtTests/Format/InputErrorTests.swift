import Foundation
import XCTest

/// Input that cannot be read as a todo file is reported in one line, exits 2, and is never written.
final class InputErrorTests: XCTestCase {
    func testReportsInvalidUTF8WithItsLineAndColumnAndLeavesTheFileUntouched() throws {
        let folder = try TemporaryFolder()
        let bytes: [UInt8] = Array("- [ ] one  \n- [ ] caf".utf8) + [0xE9] + Array(" au lait\n".utf8)
        let path = try folder.write(bytes: bytes, to: "TODO.md")
        try FileStatus.backdate(path)
        let before = try FileStatus(path)
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, ["\(path):2:10: error: invalid UTF-8 (byte 0xE9): the file must be UTF-8 text"])
        XCTAssertEqual(try folder.bytes("TODO.md"), bytes)
        XCTAssertEqual(try FileStatus(path), before)
    }

    func testReportsANulByteWithItsLineAndColumnAndLeavesTheFileUntouched() throws {
        let folder = try TemporaryFolder()
        let bytes: [UInt8] = Array("- [ ] one  \n\n- [ ] t".utf8) + [0] + Array("wo\n".utf8)
        let path = try folder.write(bytes: bytes, to: "TODO.md")
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, ["\(path):3:8: error: NUL byte: not a text file"])
        XCTAssertEqual(try folder.bytes("TODO.md"), bytes)
    }

    func testReportsInvalidUTF8WithCheckToo() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes: [0x61, 0xFF, 0x0A], to: "todo.txt")
        let result = try Todofmt.run(["--check", "todo.txt"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.errorLines, ["todo.txt:1:2: error: invalid UTF-8 (byte 0xFF): the file must be UTF-8 text"])
    }

    func testReportsAMissingFileInOneLine() throws {
        let folder = try TemporaryFolder()
        let result = try Todofmt.run(["nope.md"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, ["nope.md: error: no such file or directory; nothing was written"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("nope.md")))
    }

    func testADirectoryIsAFolderOfNotesWhoseNotesWithTasksAreFormatted() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try folder.write("* [ ]  untidy\n", to: "notes/a.todo.md")
        try folder.write("* [ ]  a note's task 📅 2026-12-01 ⏫\n", to: "notes/b.md")
        let result = try Todofmt.run(["notes"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.errorLines, [])
        XCTAssertEqual(try folder.text("notes/a.todo.md"), "- [ ] untidy\n")
        XCTAssertEqual(try folder.text("notes/b.md"), "* [ ]  a note's task ⏫ 📅 2026-12-01\n")
    }

    func testProcessesTheOtherFilesAndExitsWithTheWorstCode() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [ ] tidy\n", to: "a.todo.md")
        try folder.write(bytes: [0x2D, 0x20, 0xC0, 0x0A], to: "b.todo.md")
        try folder.write("* [ ] untidy\n", to: "d.todo.md")
        let result = try Todofmt.run(["a.todo.md", "b.todo.md", "d.todo.md"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, ["b.todo.md:1:3: error: invalid UTF-8 (byte 0xC0): the file must be UTF-8 text"])
        XCTAssertEqual(try folder.text("a.todo.md"), "- [ ] tidy\n")
        XCTAssertEqual(try folder.bytes("b.todo.md"), [0x2D, 0x20, 0xC0, 0x0A])
        XCTAssertEqual(try folder.text("d.todo.md"), "- [ ] untidy\n")
    }

    func testAMissingOrUnreadableFileStopsTheRunBeforeAnyFileIsWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("* [ ] untidy\n", to: "a.md")
        try folder.write("* [ ] secret\n", to: "locked.md", mode: 0o000)
        let result = try Todofmt.run(["a.md", "missing.md", "locked.md"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        var expected = ["missing.md: error: no such file or directory; nothing was written"]
        if getuid() != 0 { expected.append("locked.md: error: permission denied; nothing was written") }
        XCTAssertEqual(result.errorLines, expected)
        XCTAssertEqual(try folder.text("a.md"), "* [ ] untidy\n")
    }

    func testAFileWhoseNameIsNoTodoFileStopsTheRunUnlessFormatNamesItsFormat() throws {
        let folder = try TemporaryFolder()
        try folder.write("* [ ] untidy\n", to: "a.todo.md")
        // A [x]it! file: a blank line after the title would end its group.
        let xit = "Groceries\n[ ] Milk\n[x] Bread\n"
        try folder.write(xit, to: "shopping.xit")
        let result = try Todofmt.run(["a.todo.md", "shopping.xit"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, ["shopping.xit: error: not a todo file by its name: todofmt formats Markdown (.md, .markdown, …) and todo.txt (.txt) files; give --format markdown or --format todotxt to format it as one; nothing was written"])
        XCTAssertEqual(try folder.text("a.todo.md"), "* [ ] untidy\n")
        XCTAssertEqual(try folder.text("shopping.xit"), xit)

        let check = try Todofmt.run(["--check", "shopping.xit", "a.todo.md"], in: folder.url)
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.stdout, "a.todo.md\n")
        XCTAssertEqual(check.errorLines, ["shopping.xit: error: not a todo file by its name: todofmt formats Markdown (.md, .markdown, …) and todo.txt (.txt) files; give --format markdown or --format todotxt to format it as one"])

        try folder.write("* [ ] a task\n", to: "tasks.org")
        try folder.write("todo-files = tasks.org\n", to: ".todofmt")
        let forced = try Todofmt.run(["--format", "markdown", "tasks.org"], in: folder.url)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try folder.text("tasks.org"), "- [ ] a task\n")
        let piped = try Todofmt.run(["--stdin-filepath", "tasks.org", "a.todo.md", "-"], stdin: "* [ ] a task\n", in: folder.url)
        XCTAssertEqual(piped.status, 2)
        XCTAssertEqual(piped.stdout, "")
        XCTAssertEqual(piped.errorLines, ["tasks.org: error: not a todo file by its name: todofmt formats Markdown (.md, .markdown, …) and todo.txt (.txt) files; give --format markdown or --format todotxt to format it as one; nothing was written"])
        XCTAssertEqual(try folder.text("a.todo.md"), "* [ ] untidy\n", "refused before any file is written")
    }

    func testReportsEveryBadFileOnceWhileCheckingTheGoodOnes() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [ ] tidy\n", to: "a.md")
        try folder.write(bytes: [0x00], to: "b.md")
        let result = try Todofmt.run(["--check", "a.md", "b.md", "gone.txt"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.errorLines, ["b.md:1:1: error: NUL byte: not a text file", "gone.txt: error: no such file or directory"])
    }

    func testWarnsAboutInvalidMetadataWithoutFailing() throws {
        let result = try Todofmt.run(["--stdin-filepath", "todo.txt"], stdin: "(A) call mom due:2026-02-30\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.errorLines, ["todo.txt:1:18: warning: due:2026-02-30 is not a real date"])
        XCTAssertEqual(result.stdout, "(A) call mom due:2026-02-30\n")
    }

    func testQuietLeavesWarningsOut() throws {
        let result = try Todofmt.run(["--quiet", "--stdin-filepath", "todo.txt"], stdin: "(A) call mom due:2026-02-30\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
    }
}

/// A path holding a control character is shown in double quotes with C escapes, as git shows it, so that each
/// diagnostic and each name `--check` lists stays one line.
final class PathInMessageTests: XCTestCase {
    func testAPathWithANewlineIsShownEscapedInDiagnosticsAndInTheCheckList() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes: Array("a".utf8) + [0] + Array("b\n".utf8), to: "n\nl.md")
        try folder.write("* [ ] untidy\n", to: "c\tk.todo.md")
        let nul = try Todofmt.run(["n\nl.md"], in: folder.url)
        XCTAssertEqual(nul.status, 2)
        XCTAssertEqual(nul.errorLines, [#""n\nl.md":1:2: error: NUL byte: not a text file"#])
        let missing = try Todofmt.run(["n\nl.md", "mis\nsing.md"], in: folder.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.errorLines, [#""mis\nsing.md": error: no such file or directory; nothing was written"#])
        let check = try Todofmt.run(["--check", "c\tk.todo.md"], in: folder.url)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, #""c\tk.todo.md""# + "\n")
        let edit = try Todofmt.run(["done", "-f", "c\tk.todo.md", "9"], in: folder.url)
        XCTAssertEqual(edit.errorLines, [#""c\tk.todo.md": error: line 9 is past the end of the file (it has 1 line)"#])
    }

    func testAnOrdinaryPathIsShownAsItIs() throws {
        let folder = try TemporaryFolder()
        let result = try Todofmt.run(["no such \"file\".md"], in: folder.url)
        XCTAssertEqual(result.errorLines, ["no such \"file\".md: error: no such file or directory; nothing was written"])
    }
}
