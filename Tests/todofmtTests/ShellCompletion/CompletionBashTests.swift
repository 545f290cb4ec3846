import Foundation
@testable import todofmt
import XCTest

/// The bash script, driven as bash drives it: COMP_WORDS split at COMP_WORDBREAKS, the function called, COMPREPLY read.
final class CompletionBashTests: XCTestCase {
    var sandbox: CompletionSandbox!

    override func setUpWithError() throws {
        try Todofmt.requireBuilt()
        sandbox = try CompletionSandbox()
        try sandbox.write(SampleCommandTable.todoFile, to: "tasks.md")
    }

    // XCTest keeps every test case object until the run ends, so the sandbox goes when the test does.
    override func tearDown() { sandbox = nil }

    /// The checked-in script, which the real command table generates.
    func realTable() throws -> BashSession? {
        guard let bash = try CompletionHarness.require("bash") else { return nil }
        return BashSession(bash: bash, script: CheckedInScript.url(.bash), sandbox: sandbox)
    }

    /// A script generated from the sample table, with commands that take addresses, filters and task text.
    func sampleTable() throws -> BashSession? {
        guard let bash = try CompletionHarness.require("bash") else { return nil }
        return BashSession(bash: bash, script: try sandbox.script(.bash, for: SampleCommandTable.table), sandbox: sandbox)
    }

    func testCommandNamesCompleteAtTheFirstWord() throws {
        guard let session = try realTable() else { return }
        XCTAssertEqual(try session.complete("todofmt comp"), ["completions"])
        guard let sample = try sampleTable() else { return }
        XCTAssertEqual(try sample.complete("todofmt d"), ["done"])
        XCTAssertEqual(try sample.complete("todofmt __"), [], "the hidden command is not offered")
    }

    func testOptionsCompleteForTheFormatterAndForACommand() throws {
        guard let session = try realTable() else { return }
        XCTAssertEqual(try session.complete("todofmt --sor"), ["--sort", "--sort-by"])
        XCTAssertEqual(try session.complete("todofmt completions --"), ["--help"])
        guard let sample = try sampleTable() else { return }
        XCTAssertEqual(try sample.complete("todofmt ls --c"), ["--color"])
        XCTAssertEqual(try sample.complete("todofmt list --c"), ["--color"], "an alias completes as its command")
    }

    func testSortKeysCompleteAfterTheLastComma() throws {
        guard let session = try realTable() else { return }
        XCTAssertEqual(try session.complete("todofmt --sort-by status,p"), ["status,priority", "status,project"])
        XCTAssertEqual(try session.complete("todofmt --sort-by st"), ["status"])
        XCTAssertEqual(try session.complete("todofmt --sort-by=status,-d"), ["status,-due"])
        XCTAssertEqual(try session.complete("todofmt --sort-by -c"), ["-created", "-completed", "-context"])
    }

    func testChoiceValuesComplete() throws {
        guard let session = try realTable() else { return }
        XCTAssertEqual(try session.complete("todofmt --format "), ["markdown", "todotxt"])
        XCTAssertEqual(try session.complete("todofmt --format=t"), ["todotxt"])
        XCTAssertEqual(try session.complete("todofmt completions "), ["bash", "zsh", "fish"])
        guard let sample = try sampleTable() else { return }
        XCTAssertEqual(try sample.complete("todofmt ls --color a"), ["auto", "always"])
        XCTAssertEqual(try sample.complete("todofmt ls --due tom"), ["tomorrow"])
        XCTAssertEqual(try sample.complete("todofmt pri 5 "), (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) })
    }

    func testFileNamesCompleteWhereAFileIsExpected() throws {
        guard let session = try realTable() else { return }
        try sandbox.write("", to: "notes/inbox.md")
        XCTAssertEqual(try session.complete("todofmt tas"), ["tasks.md"])
        XCTAssertEqual(try session.complete("todofmt --check no"), ["notes"])
        XCTAssertEqual(try session.complete("todofmt notes/"), ["notes/inbox.md"])
        XCTAssertEqual(try session.complete("todofmt --stdin-filepath ta"), ["tasks.md"])
        guard let sample = try sampleTable() else { return }
        XCTAssertEqual(try sample.complete("todofmt ls -f ta"), ["tasks.md"])
        XCTAssertEqual(try sample.complete("todofmt ls --file=ta"), ["tasks.md"])
    }

    func testProjectsAndContextsComeFromTheFileNamedWithF() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md +f"), ["+finance"])
        XCTAssertEqual(try session.complete("todofmt ls --file tasks.md +"), ["+finance", "+reports", "+house"])
        // Bash splits `@office` at `@`: only `office` replaces the word after it.
        XCTAssertEqual(try session.complete("todofmt ls --file=tasks.md @o"), ["office"])
        XCTAssertEqual(try session.complete("todofmt add -ftasks.md Call +h"), ["+house"])
        XCTAssertEqual(try session.complete("todofmt ls +f"), [], "no -f and no todo file to discover")
    }

    func testValuesComeFromTheDiscoveredTodoFileWithoutF() throws {
        guard let session = try sampleTable() else { return }
        try sandbox.write("- [ ] Sweep +house @home\n", to: "TODO.md")
        XCTAssertEqual(try session.complete("todofmt ls +h"), ["+house"])
        XCTAssertEqual(try session.complete("todofmt ls @h"), ["home"])
    }

    func testDateWordsCompleteAfterDueAndT() throws {
        guard let session = try sampleTable() else { return }
        // `due:tom` reaches bash as `due`, `:`, `tom`: the reply replaces `tom`.
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md due:tom"), ["tomorrow"])
        XCTAssertEqual(try session.complete("todofmt add -f tasks.md Pay t:to"), ["today", "tomorrow"])
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md du"), ["due:"])
    }

    func testListsCompleteForTheListOptionAndListTerms() throws {
        guard let session = try sampleTable() else { return }
        try sandbox.write("# Next week\n\n- [ ] Plan\n", to: "plan.md")
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md --list W"), ["Work", "Work/Q4"])
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md list:Wo"), ["Work", "Work/Q4"])
        XCTAssertEqual(try session.complete("todofmt ls -f plan.md -l Ne"), ["Next\\ week"])
    }

    func testListsWithSpacesCompleteWhenTheWordIsEscapedOrQuoted() throws {
        guard let session = try sampleTable() else { return }
        try sandbox.write("# Next week\n\n- [ ] Plan\n", to: "plan.md")
        XCTAssertEqual(try session.complete("todofmt ls -f plan.md -l Next\\ w"), ["Next\\ week"])
        XCTAssertEqual(try session.complete("todofmt ls -f plan.md list:Next\\ w"), ["Next\\ week"])
        // Inside an open quote readline replaces the text after the quote, and closes the quote itself.
        XCTAssertEqual(try session.complete("todofmt ls -f plan.md -l \"Ne"), ["Next week"])
        XCTAssertEqual(try session.complete("todofmt ls -f plan.md --list='Next w"), ["Next week"])
        XCTAssertEqual(try session.complete("todofmt ls -f plan.md \"list:Ne"), ["list:Next week"])
        XCTAssertEqual(try session.complete("todofmt ls -f plan.md list:'Ne"), ["Next week"])
        XCTAssertEqual(try session.complete("todofmt ls --color \"al"), ["always"])
    }

    func testNegatedFilterTermsCompleteAfterTheirDash() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md -+f"), ["-+finance"])
        // With bash's default COMP_WORDBREAKS `@` and `:` split the word: the reply replaces what follows them.
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md -@o"), ["office"])
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md -due:to"), ["today", "tomorrow"])
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md --c"), ["--color"], "options still complete")
        XCTAssertEqual(try session.complete("todofmt done -f tasks.md -+f"), [], "done reads no filter")
    }

    func testTaskAddressesCompleteAsLineNumbersAndShowTheirTextOnlyInTheListing() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.complete("todofmt done -f tasks.md "), ["5", "6", "7", "11"])
        XCTAssertEqual(try session.complete("todofmt done -f tasks.md ", type: 63), [
            "5 -- (A) Call the bank +finance @phone due:2026-05-01",
            "6 -- (done) Send the report +reports @office",
            "7 -- Review the budget +finance @office rec:1w",
            "11 -- Fix the tap +house @home est:30m",
        ])
        XCTAssertEqual(try session.complete("todofmt done -f tasks.md 1", type: 63), ["11"], "one candidate is inserted bare")
        XCTAssertEqual(try session.complete("todofmt pri -f tasks.md 7"), ["7"])
    }

    func testTheTodoFileOptionIsFoundAfterArgumentsAndOtherOptions() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.complete("todofmt ls --sort-by due -f tasks.md --color never @p"), ["phone"])
        XCTAssertEqual(try session.complete("todofmt ls -someday -f tasks.md +r"), ["+reports"])
    }
}
