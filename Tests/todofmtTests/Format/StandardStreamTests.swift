import Foundation
import XCTest

/// No FILE, or `-`, reads standard input and writes standard output; `--stdout` prints named files instead.
final class StandardStreamTests: XCTestCase {
    func testFormatsStandardInputToStandardOutputWhenNoFileIsNamed() throws {
        let result = try Todofmt.run([], stdin: "* [ ] call mom  \n- [X] pay rent")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "- [ ] call mom\n- [x] pay rent\n")
    }

    func testPassesCanonicalStandardInputThroughByteForByte() throws {
        let input = "# Today\n\n- [ ] call mom +family @phone due:2026-03-01\n  bring the photos\n- [x] pay rent\n"
        let result = try Todofmt.run([], stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, input)
        XCTAssertEqual(result.stderr, "")
    }

    func testReadsStandardInputForADash() throws {
        let folder = try TemporaryFolder()
        let input = "- [ ] water the plants\n"
        let result = try Todofmt.run(["-"], stdin: input, in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, input)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), [])
    }

    func testFormatsStandardInputForADash() throws {
        let result = try Todofmt.run(["-"], stdin: "* [ ] water the plants\t\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "- [ ] water the plants\n")
    }

    func testPrintsANamedFileWithStdoutAndLeavesTheFileAlone() throws {
        let folder = try TemporaryFolder()
        let untidy = "* [ ] buy milk   \n"
        let path = try folder.write(untidy, to: "TODO.md")
        try FileStatus.backdate(path)
        let before = try FileStatus(path)
        let result = try Todofmt.run(["--stdout", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "- [ ] buy milk\n")
        XCTAssertEqual(try folder.text("TODO.md"), untidy)
        XCTAssertEqual(try FileStatus(path), before)
    }

    func testPrintsEveryNamedFileInOrderWithStdout() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [ ] one\n", to: "a.md")
        try folder.write("(A) two\n", to: "b.txt")
        let result = try Todofmt.run(["--stdout", "a.md", "b.txt"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "- [ ] one\n(A) two\n")
    }

    func testReadsStandardInputAsTodoTxtWhenStdinFilepathEndsInTxt() throws {
        // In Markdown an unknown checkbox is warned about; in todo.txt `- [?]` is just a task's text.
        let input = "- [?] odd one\n"
        let asTodoTxt = try Todofmt.run(["--stdin-filepath", "x.txt"], stdin: input)
        XCTAssertEqual(asTodoTxt.status, 0, asTodoTxt.stderr)
        XCTAssertEqual(asTodoTxt.stderr, "")
        let asMarkdown = try Todofmt.run(["--stdin-filepath", "notes/x.md"], stdin: input)
        XCTAssertEqual(asMarkdown.status, 0, asMarkdown.stderr)
        XCTAssertEqual(asMarkdown.errorLines, ["notes/x.md:1:4: warning: unknown checkbox '[?]' is read as open"])
    }

    func testRemovesTodoTxtBlankLinesFromStandardInputNamedByStdinFilepath() throws {
        let result = try Todofmt.run(["--stdin-filepath", "x.txt"], stdin: "(A) call mom\n\nx 2026-01-02 pay rent\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "(A) call mom\nx 2026-01-02 pay rent\n")
    }

    func testNamesDiagnosticsOnStandardInputByStdinFilepath() throws {
        let result = try Todofmt.run(["--stdin-filepath", "x.txt"], stdin: Data([0x61, 0x0A, 0x62, 0x62, 0xC3, 0x28, 0x0A]))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, ["x.txt:2:3: error: invalid UTF-8 (byte 0xC3): the file must be UTF-8 text"])
        XCTAssertEqual(result.stdout, "")
    }

    func testFailsWithExitCode2WhenStandardOutputCannotBeWritten() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        try Todofmt.requireBuilt()
        let folder = try TemporaryFolder()
        let path = try folder.write("- [ ] one\n", to: "a.md")
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        defer { try? full.close() }
        let result = try Todofmt.start(["--stdout", path], stdout: .handle(full)).wait()
        XCTAssertEqual(result.status, 2)
        let message = result.stderr
        XCTAssertEqual(message, "todofmt: error: cannot write to standard output: no space left on device\n")
    }
}
