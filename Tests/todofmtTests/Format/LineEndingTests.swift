import Foundation
import XCTest

/// A file keeps its own line endings and byte order mark, and always ends with a newline.
final class LineEndingTests: XCTestCase {
    func testKeepsCRLFLineEndings() throws {
        let folder = try TemporaryFolder()
        try folder.write("# Inbox\r\n\r\n* [ ] buy milk  \r\n- [X] pay rent\r\n", to: "TODO.md")
        let result = try Todofmt.run(["TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.text("TODO.md"), "# Inbox\r\n\r\n- [ ] buy milk\r\n- [x] pay rent\r\n")
    }

    func testLeavesACanonicalCRLFFileUntouched() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("# Inbox\r\n\r\n- [ ] buy milk\r\n", to: "TODO.md")
        try FileStatus.backdate(path)
        let before = try FileStatus(path)
        let result = try Todofmt.run(["--check", "TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        _ = try Todofmt.run(["TODO.md"], in: folder.url)
        XCTAssertEqual(try FileStatus(path), before)
    }

    func testKeepsTheByteOrderMark() throws {
        let folder = try TemporaryFolder()
        try folder.write("\u{FEFF}* [ ] buy milk \n", to: "TODO.md")
        let result = try Todofmt.run(["TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.bytes("TODO.md"), [0xEF, 0xBB, 0xBF] + Array("- [ ] buy milk\n".utf8))
    }

    func testPassesACanonicalFileWithAByteOrderMarkThrough() throws {
        let input = "\u{FEFF}- [ ] buy milk\n"
        let result = try Todofmt.run([], stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(result.stdout.utf8), Array(input.utf8))
    }

    func testAddsAMissingFinalNewline() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [ ] buy milk", to: "TODO.md")
        try folder.write("(A) call mom", to: "todo.txt")
        let result = try Todofmt.run(["TODO.md", "todo.txt"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.text("TODO.md"), "- [ ] buy milk\n")
        XCTAssertEqual(try folder.text("todo.txt"), "(A) call mom\n")
    }
}
