import Foundation
import XCTest

/// `--check` names the files that would change and `--diff` shows how; neither writes anything.
final class CheckAndDiffTests: XCTestCase {
    func testCheckNamesAFileThatWouldChangeExitsWith1AndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let untidy = "- [ ] buy milk   \n"
        let path = try folder.write(untidy, to: "TODO.md")
        try FileStatus.backdate(path)
        let before = try FileStatus(path)
        let result = try Todofmt.run(["--check", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "\(path)\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try folder.text("TODO.md"), untidy)
        XCTAssertEqual(try FileStatus(path), before)
    }

    func testCheckExitsWith0AndPrintsNothingForACanonicalFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("# Inbox\n\n- [ ] buy milk\n", to: "TODO.md")
        let result = try Todofmt.run(["--check", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
    }

    func testCheckNamesOnlyTheFilesThatWouldChange() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [ ] tidy\n", to: "a.todo.md")
        try folder.write("* [ ] untidy\n", to: "b.todo.md")
        try folder.write("(B) tidy\n", to: "c.txt")
        try folder.write("(B) untidy  \n", to: "d.txt")
        // A note is its author's: only its task lines' fields would change.
        try folder.write("* [ ] untidy\n", to: "e.md")
        try folder.write("* [ ] untidy 📅 2026-12-01 ⏫\n", to: "f.md")
        let result = try Todofmt.run(["--check", "a.todo.md", "b.todo.md", "c.txt", "d.txt", "e.md", "f.md"], in: folder.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "b.todo.md\nd.txt\nf.md\n")
    }

    func testDiffPrintsAUnifiedDiffExitsWith1AndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let untidy = """
            # Inbox

            * [ ] buy milk
            - [ ] call mom
            - [ ] pay rent
            - [ ] book dentist
            - [ ] plan trip
            - [ ] fix bike
            - [ ] renew passport
            - [ ] read book
            - [X] water plants

            """
        try folder.write(untidy, to: "TODO.md")
        let result = try Todofmt.run(["--diff", "TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            --- a/TODO.md
            +++ b/TODO.md
            @@ -1,6 +1,6 @@
             # Inbox
             
            -* [ ] buy milk
            +- [ ] buy milk
             - [ ] call mom
             - [ ] pay rent
             - [ ] book dentist
            @@ -8,4 +8,4 @@
             - [ ] fix bike
             - [ ] renew passport
             - [ ] read book
            -- [X] water plants
            +- [x] water plants

            """)
        XCTAssertEqual(try folder.text("TODO.md"), untidy)
    }

    func testDiffMarksAMissingFinalNewline() throws {
        let result = try Todofmt.run(["--diff", "--stdin-filepath", "TODO.md"], stdin: "- [ ] one\n- [ ] two")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            --- a/TODO.md
            +++ b/TODO.md
            @@ -1,2 +1,2 @@
             - [ ] one
            -- [ ] two
            \\ No newline at end of file
            +- [ ] two

            """)
    }

    func testDiffPrintsNothingAndExitsWith0ForACanonicalFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("- [ ] buy milk\n- [x] pay rent\n", to: "TODO.md")
        let result = try Todofmt.run(["--diff", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testDiffNamesAnAbsolutePathAsWrittenWithoutAOrBPrefixes() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("* [ ] buy milk\n", to: "TODO.md")
        XCTAssertTrue(path.hasPrefix("/"))
        let result = try Todofmt.run(["--diff", path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            --- \(path)
            +++ \(path)
            @@ -1 +1 @@
            -* [ ] buy milk
            +- [ ] buy milk

            """)
    }
}
