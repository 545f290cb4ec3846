import Foundation
@testable import todofmt
import XCTest

/// The checked-in scripts complete the commands that change tasks and lists, their options and values, in
/// bash, zsh and fish as a user types them.
final class CompletionEditCommandTests: XCTestCase {
    var sandbox: CompletionSandbox!
    static let todoFile = """
        # Work

        - [ ] (A) Call the bank +finance @phone due:2026-05-01 who:ann
        - [ ] Review the budget +finance @office est:30m

        # Home

        - [ ] Fix the tap +house @home

        """

    override func setUpWithError() throws {
        try Todofmt.requireBuilt()
        sandbox = try CompletionSandbox()
        try sandbox.write(Self.todoFile, to: "tasks.md")
    }

    // XCTest keeps every test case object until the run ends, so the sandbox goes when the test does.
    override func tearDown() { sandbox = nil }

    func testBashCompletesTheNewCommandsAndTheirValues() throws {
        guard let bash = try CompletionHarness.require("bash") else { return }
        let session = BashSession(bash: bash, script: CheckedInScript.url(.bash), sandbox: sandbox)
        XCTAssertEqual(try session.complete("todofmt ren"), ["renamelist"])
        XCTAssertEqual(try session.complete("todofmt post"), ["postpone"])
        XCTAssertEqual(try session.complete("todofmt rml"), ["rmlist"])
        XCTAssertEqual(try session.complete("todofmt done --wh"), ["--where"])
        XCTAssertEqual(try session.complete("todofmt rmlist --w"), ["--with-tasks"])
        XCTAssertEqual(try session.complete("todofmt rmlist -f tasks.md --to H"), ["Home"])
        XCTAssertEqual(try session.complete("todofmt tag -f tasks.md 3 w"), ["who"])
        XCTAssertEqual(try session.complete("todofmt due 3 n"), ["none"])
        XCTAssertEqual(try session.complete("todofmt postpone 3 1"), ["1d", "1w", "1m", "1y", "1b"])
        XCTAssertEqual(try session.complete("todofmt help renamel"), ["renamelist"])
        XCTAssertEqual(try session.complete("todofmt help to"), ["toggle"])
        XCTAssertEqual(try session.complete("todofmt done -f tasks.md --where @ph"), ["phone"])
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md status:d"), ["done"])
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md pri:n"), ["none"])
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md --sort-by due,e"), ["due,est"])
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md --sort-by who,w"), [], "a key already given is not offered")
    }

    func testZshCompletesTheNewCommandsAndTheirValues() throws {
        guard let zsh = try CompletionHarness.require("zsh") else { return }
        let session = ZshSession(zsh: zsh, functions: CompletionHarness.completionsFolder, sandbox: sandbox)
        func assertListing(_ line: String, contains expected: [String], lacks unexpected: [String] = [],
                           file: StaticString = #filePath, lineNumber: UInt = #line) throws {
            let listing = try session.listing(line)
            for text in expected { XCTAssertTrue(listing.contains(text), "'\(text)' missing for '\(line)':\n\(listing)", file: file, line: lineNumber) }
            for text in unexpected { XCTAssertFalse(listing.contains(text), "'\(text)' offered for '\(line)':\n\(listing)", file: file, line: lineNumber) }
        }
        try assertListing("todofmt re", contains: ["renamelist", "replace", "review", "Give a list (its heading) a new title"])
        try assertListing("todofmt toggle --", contains: ["--where", "--dry-run", "--all", "--recursive"])
        try assertListing("todofmt rmlist -f tasks.md --to ", contains: ["Home", "Work"])
        try assertListing("todofmt tag -f tasks.md 3 ", contains: ["who", "est", "due"])
        try assertListing("todofmt help ", contains: ["addlist", "postpone", "show"])
        try assertListing("todofmt ls -f tasks.md status:", contains: ["status:in-progress", "status:closed"])
        try assertListing("todofmt ls -f tasks.md --sort-by=who,", contains: ["who,est", "who,priority"], lacks: ["who,who"])
    }

    func testFishCompletesTheNewCommandsAndTheirValues() throws {
        guard let fish = try CompletionHarness.require("fish") else { return }
        let session = FishSession(fish: fish, script: CheckedInScript.url(.fish), sandbox: sandbox)
        XCTAssertEqual(try session.values("todofmt addl"), ["addlist"])
        XCTAssertEqual(try session.values("todofmt note -f tasks.md "), ["3", "4", "8"])
        XCTAssertEqual(try session.values("todofmt postpone 3 2"), ["2d", "2w"])
        XCTAssertEqual(try session.values("todofmt help sh"), ["show"])
        XCTAssertEqual(try session.values("todofmt tag -f tasks.md 3 e"), ["est"])
        XCTAssertEqual(Set(try session.values("todofmt ls -f tasks.md pri:a")), ["pri:A", "pri:any"])
        XCTAssertEqual(try session.values("todofmt ls -f tasks.md --sort-by est,e"), [])
        XCTAssertEqual(try session.values("todofmt ls -f tasks.md --sort-by=est,w"), ["--sort-by=est,who"])
    }
}
