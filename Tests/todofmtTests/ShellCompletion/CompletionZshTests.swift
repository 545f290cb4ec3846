import Foundation
@testable import todofmt
import XCTest

/// The zsh script in a real interactive zsh: loaded by compinit from `fpath`, a line typed, the listing read.
final class CompletionZshTests: XCTestCase {
    var sandbox: CompletionSandbox!

    override func setUpWithError() throws {
        try Todofmt.requireBuilt()
        sandbox = try CompletionSandbox()
        try sandbox.write(SampleCommandTable.todoFile, to: "tasks.md")
    }

    // XCTest keeps every test case object until the run ends, so the sandbox goes when the test does.
    override func tearDown() { sandbox = nil }

    func realTable() throws -> ZshSession? {
        guard let zsh = try CompletionHarness.require("zsh") else { return nil }
        return ZshSession(zsh: zsh, functions: CompletionHarness.completionsFolder, sandbox: sandbox)
    }

    func sampleTable() throws -> ZshSession? {
        guard let zsh = try CompletionHarness.require("zsh") else { return nil }
        let script = try sandbox.script(.zsh, for: SampleCommandTable.table)
        return ZshSession(zsh: zsh, functions: script.deletingLastPathComponent(), sandbox: sandbox)
    }

    func assertListing(_ listing: String, contains expected: [String], lacks unexpected: [String] = [],
                       file: StaticString = #filePath, line: UInt = #line) {
        for text in expected {
            XCTAssertTrue(listing.contains(text), "expected '\(text)' in the listing:\n\(listing)", file: file, line: line)
        }
        for text in unexpected {
            XCTAssertFalse(listing.contains(text), "did not expect '\(text)' in the listing:\n\(listing)", file: file, line: line)
        }
    }

    func testCommandNamesCompleteWithTheirSummaries() throws {
        guard let session = try realTable() else { return }
        assertListing(try session.listing("todofmt comp"),
                      contains: ["completions", "Print the completion script for bash, zsh or fish"], lacks: ["__complete"])
        guard let sample = try sampleTable() else { return }
        assertListing(try sample.listing("todofmt "), contains: ["done", "Mark tasks done", "pri", "ls", "add"])
    }

    func testOptionsCompleteWithTheirHelp() throws {
        guard let session = try realTable() else { return }
        assertListing(try session.listing("todofmt --sor"),
                      contains: ["--sort-by", "Sort by a comma list of keys", "Sort tasks: open before done"])
        guard let sample = try sampleTable() else { return }
        assertListing(try sample.listing("todofmt list --co"), contains: ["--color", "Colour the output"])
    }

    func testTheScriptSourcedAfterCompinitRegistersItself() throws {
        guard let zsh = try CompletionHarness.require("zsh") else { return }
        let empty = sandbox.folder.appendingPathComponent("no-functions")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let session = ZshSession(zsh: zsh, functions: empty, sandbox: sandbox, sourced: CheckedInScript.url(.zsh))
        assertListing(try session.listing("todofmt --form"), contains: ["--format", "Read files as this format"])
    }

    func testSortKeysCompleteAfterTheLastComma() throws {
        guard let session = try realTable() else { return }
        let listing = try session.listing("todofmt --sort-by status,p")
        assertListing(listing, contains: ["priority", "project"], lacks: ["created"])
        assertListing(try session.listing("todofmt --sort-by=due,-c"), contains: ["created", "completed", "context"],
                      lacks: ["priority"])
    }

    func testChoiceValuesComplete() throws {
        guard let session = try realTable() else { return }
        assertListing(try session.listing("todofmt --format "), contains: ["markdown", "todotxt"])
        assertListing(try session.listing("todofmt completions "), contains: ["bash", "zsh", "fish"])
        guard let sample = try sampleTable() else { return }
        assertListing(try sample.listing("todofmt ls --color "), contains: ["auto", "always", "never"])
    }

    func testFileNamesCompleteWhereAFileIsExpected() throws {
        guard let session = try realTable() else { return }
        try sandbox.write("", to: "notes.md")
        assertListing(try session.listing("todofmt no"), contains: ["notes.md"])
        assertListing(try session.listing("todofmt --stdin-filepath ta"), contains: ["tasks.md"])
        guard let sample = try sampleTable() else { return }
        assertListing(try sample.listing("todofmt ls -f no"), contains: ["notes.md"])
    }

    func testProjectsAndContextsComeFromTheFileNamedWithF() throws {
        guard let session = try sampleTable() else { return }
        assertListing(try session.listing("todofmt ls -f tasks.md +"),
                      contains: ["+finance", "+reports", "+house", "2 open tasks"])
        assertListing(try session.listing("todofmt ls --file=tasks.md @o"), contains: ["@office"], lacks: ["@home"])
        assertListing(try session.listing("todofmt add --file tasks.md Call @p"), contains: ["@phone"])
    }

    func testValuesComeFromTheDiscoveredTodoFileWithoutF() throws {
        guard let session = try sampleTable() else { return }
        try sandbox.write("- [ ] Sweep +house @home\n", to: "TODO.md")
        assertListing(try session.listing("todofmt ls +h"), contains: ["+house"], lacks: ["+finance"])
    }

    func testDateWordsCompleteAfterDue() throws {
        guard let session = try sampleTable() else { return }
        assertListing(try session.listing("todofmt ls -f tasks.md due:to"), contains: ["due:today", "due:tomorrow"])
        assertListing(try session.listing("todofmt ls --due tom"), contains: ["tomorrow"])
    }

    func testListsCompleteForTheListOption() throws {
        guard let session = try sampleTable() else { return }
        assertListing(try session.listing("todofmt ls -f tasks.md --list W"), contains: ["Work/Q4", "2 open tasks"])
    }

    func testListsWithSpacesCompleteWhenTheWordIsEscapedOrQuoted() throws {
        guard let session = try sampleTable() else { return }
        try sandbox.write("# Next week\n\n- [ ] Plan\n\n# Next month\n\n- [ ] Later\n", to: "plan.md")
        assertListing(try session.listing("todofmt ls -f plan.md -l Next\\ "), contains: ["Next week", "Next month"])
        assertListing(try session.listing("todofmt ls -f plan.md -l \"Next "), contains: ["Next week", "Next month"])
    }

    func testNegatedFilterTermsCompleteAfterTheirDash() throws {
        guard let session = try sampleTable() else { return }
        assertListing(try session.listing("todofmt ls -f tasks.md -@"), contains: ["-@office", "-@phone", "1 open task"])
        assertListing(try session.listing("todofmt ls -f tasks.md -due:to"), contains: ["-due:today", "-due:tomorrow"])
    }

    func testTaskAddressesCompleteWithTheTasksTextAsDescription() throws {
        guard let session = try sampleTable() else { return }
        assertListing(try session.listing("todofmt done -f tasks.md "),
                      contains: ["5", "(A) Call the bank +finance @phone", "(done) Send the report", "Fix the tap"])
        assertListing(try session.listing("todofmt pri -f tasks.md 7 "), contains: ["A", "B", "Z"])
    }

    func testValuesWithSpecialCharactersSurviveEscaping() throws {
        guard let zsh = try CompletionHarness.require("zsh") else { return }
        let odd = CommandSpec(name: "odd", summary: "It's [odd]: really.",
                              options: [OptionSpec("weird", value: .choice(["c:d", "it's"]), help: "Says \"hi\" [loudly]: $HOME.")],
                              run: { _ in .ok })
        let script = try sandbox.script(.zsh, for: [FormatCommand.spec, odd])
        let session = ZshSession(zsh: zsh, functions: script.deletingLastPathComponent(), sandbox: sandbox)
        assertListing(try session.listing("todofmt o"), contains: ["It's [odd]: really"])
        assertListing(try session.listing("todofmt odd --w"), contains: ["Says \"hi\" [loudly]: $HOME"])
        // A listing shows each value quoted as it would be inserted, as it shows a file named it's.
        assertListing(try session.listing("todofmt odd --weird "), contains: ["c:d", "it\\'s"])
    }
}
