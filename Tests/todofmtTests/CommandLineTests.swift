import Foundation
import XCTest

/// The command line itself: help, version, and usage errors (exit code 64).
final class CommandLineTests: XCTestCase {
    func testHelpDescribesTheOptionsAndExitCodes() throws {
        let result = try Todofmt.run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("todofmt: "), result.stdout)
        for option in ["--sort", "--sort-by KEYS", "--check", "--diff", "--stdout", "--format FORMAT", "--stdin-filepath PATH", "--version"] {
            XCTAssertTrue(result.stdout.contains(option), "help does not mention \(option)")
        }
        XCTAssertTrue(result.stdout.contains("EXIT CODES"))
        XCTAssertEqual(result.stderr, "")
    }

    func testVersionPrintsTheVersion() throws {
        let result = try Todofmt.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("todofmt "), result.stdout)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1)
    }

    func testAnUnknownOptionIsAUsageError() throws {
        let result = try Todofmt.run(["--chek", "TODO.md"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.errorLines, ["todofmt: error: unknown option '--chek'", "Run 'todofmt --help' for usage."])
    }

    func testAUsageErrorInACommandPointsToThatCommandsHelp() throws {
        let result = try Todofmt.run(["undo", "--today", "2026-11-21", "3"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errorLines, ["todofmt: error: unknown option '--today'", "Run 'todofmt undo --help' for usage."])
        let missingValue = try Todofmt.run(["mv", "3", "--list"])
        XCTAssertEqual(missingValue.errorLines, ["todofmt: error: option '--list' needs a value (NAME)", "Run 'todofmt mv --help' for usage."])
    }

    func testAnUnknownFormatIsAUsageError() throws {
        let result = try Todofmt.run(["--format", "org", "TODO.md"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errorLines.first, "todofmt: error: option '--format' takes one of markdown, todotxt, not 'org'")
    }

    func testAMissingOptionValueIsAUsageError() throws {
        let result = try Todofmt.run(["--stdin-filepath"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errorLines.first, "todofmt: error: option '--stdin-filepath' needs a value (PATH)")
    }

    func testStdoutWithCheckIsAUsageErrorAndTouchesNoFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("* [ ] untidy\n", to: "TODO.md")
        let result = try Todofmt.run(["--stdout", "--check", "TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errorLines, ["todofmt: error: options '--stdout' and '--check' cannot be used together"])
        XCTAssertEqual(try folder.text("TODO.md"), "* [ ] untidy\n")
    }

    func testFormatOverridesTheFileName() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [?] odd\n", to: "tasks.txt")
        let asMarkdown = try Todofmt.run(["--check", "--format", "markdown", "tasks.txt"], in: folder.url)
        XCTAssertEqual(asMarkdown.errorLines, ["tasks.txt:1:4: warning: unknown checkbox '[?]' is read as open"])
        let asTodoTxt = try Todofmt.run(["--check", "tasks.txt"], in: folder.url)
        XCTAssertEqual(asTodoTxt.stderr, "")
    }
}
