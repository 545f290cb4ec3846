import Foundation
import XCTest

/// Named files are rewritten in place, atomically, and only when their content changes.
final class InPlaceRewriteTests: XCTestCase {
    let untidy = "# Inbox\n\n* [ ] buy milk  \n- [X] pay rent\n"
    let tidy = "# Inbox\n\n- [ ] buy milk\n- [x] pay rent\n"

    func testRewritesANamedFileInItsCanonicalForm() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(untidy, to: "TODO.md")
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try folder.text("TODO.md"), tidy)
    }

    func testLeavesACanonicalFileUntouchedWithItsInodeAndModificationTime() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(tidy, to: "TODO.md")
        try FileStatus.backdate(path)
        let before = try FileStatus(path)
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileStatus(path), before)
        XCTAssertEqual(try folder.text("TODO.md"), tidy)
    }

    func testLeavesNoTemporaryFileBehind() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(untidy, to: "TODO.md")
        _ = try Todofmt.run([path])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), ["TODO.md"])
    }

    func testKeepsTheModeOfARewrittenFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(untidy, to: "TODO.md", mode: 0o600)
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.text("TODO.md"), tidy)
        XCTAssertEqual(try FileStatus(path).mode, 0o600)
    }

    func testRewritesTheTargetOfASymlinkAndKeepsTheLink() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("real"), withIntermediateDirectories: true)
        try folder.write(untidy, to: "real/TODO.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path("TODO.md"), withDestinationPath: "real/TODO.md")
        let result = try Todofmt.run(["TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try FileStatus(folder.path("TODO.md")).isSymbolicLink)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("TODO.md")), "real/TODO.md")
        XCTAssertEqual(try folder.text("real/TODO.md"), tidy)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path("real")), ["TODO.md"])
    }

    func testLeavesACanonicalFileBehindASymlinkAndTheLinkAsTheyWere() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write(tidy, to: "target.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path("TODO.md"), withDestinationPath: "target.md")
        try FileStatus.backdate(target)
        let before = try FileStatus(target)
        let result = try Todofmt.run(["TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try FileStatus(folder.path("TODO.md")).isSymbolicLink)
        XCTAssertEqual(try FileStatus(target), before)
    }

    func testRefusesAReadOnlyFileAndLeavesItUntouchedEvenForRoot() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(untidy, to: "TODO.md", mode: 0o444)
        let before = try FileStatus(path)
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, ["\(path): error: the file is read-only (mode 444); nothing was written"])
        XCTAssertEqual(try folder.text("TODO.md"), untidy)
        XCTAssertEqual(try FileStatus(path), before)
    }

    func testAcceptsAReadOnlyFileThatIsAlreadyCanonical() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(tidy, to: "TODO.md", mode: 0o444)
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try folder.text("TODO.md"), tidy)
    }
}
