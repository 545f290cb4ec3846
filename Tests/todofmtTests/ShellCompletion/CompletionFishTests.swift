import Foundation
@testable import todofmt
import XCTest

/// The fish script through fish's own `complete -C`, which completes a command line as the shell would.
final class CompletionFishTests: XCTestCase {
    typealias Candidate = FishSession.Candidate
    var sandbox: CompletionSandbox!

    override func setUpWithError() throws {
        try Todofmt.requireBuilt()
        sandbox = try CompletionSandbox()
        try sandbox.write(SampleCommandTable.todoFile, to: "tasks.md")
    }

    // XCTest keeps every test case object until the run ends, so the sandbox goes when the test does.
    override func tearDown() { sandbox = nil }

    func realTable() throws -> FishSession? {
        guard let fish = try CompletionHarness.require("fish") else { return nil }
        return FishSession(fish: fish, script: CheckedInScript.url(.fish), sandbox: sandbox)
    }

    func sampleTable() throws -> FishSession? {
        guard let fish = try CompletionHarness.require("fish") else { return nil }
        return FishSession(fish: fish, script: try sandbox.script(.fish, for: SampleCommandTable.table), sandbox: sandbox)
    }

    func testCommandNamesCompleteWithTheirSummaries() throws {
        guard let session = try realTable() else { return }
        XCTAssertEqual(try session.complete("todofmt comp"),
                       [Candidate(value: "completions", description: "Print the completion script for bash, zsh or fish")])
        guard let sample = try sampleTable() else { return }
        XCTAssertEqual(try sample.complete("todofmt d"), [Candidate(value: "done", description: "Mark tasks done")])
        XCTAssertEqual(try sample.values("todofmt __"), [], "the hidden command is not offered")
    }

    func testOptionsCompleteWithTheirHelp() throws {
        guard let session = try realTable() else { return }
        let options = try session.complete("todofmt --sor")
        XCTAssertEqual(options.map(\.value), ["--sort", "--sort-by"])
        XCTAssertEqual(options.first?.description, "Sort tasks: open before done, then priority, then due date")
        guard let sample = try sampleTable() else { return }
        XCTAssertEqual(try sample.complete("todofmt list --co").map(\.value), ["--color"])
        XCTAssertEqual(try sample.values("todofmt ls -"), ["-f", "-h", "-l", "--color", "--due", "--file", "--help",
                                                           "--list", "--sort-by"])
    }

    func testSortKeysCompleteAfterTheLastComma() throws {
        guard let session = try realTable() else { return }
        XCTAssertEqual(try session.values("todofmt --sort-by pri"), ["priority"])
        XCTAssertEqual(try session.values("todofmt --sort-by status,p"), ["status,priority", "status,project"])
        XCTAssertEqual(try session.values("todofmt --sort-by=due,-c"),
                       ["--sort-by=due,-completed", "--sort-by=due,-context", "--sort-by=due,-created"])
        XCTAssertEqual(try session.values("todofmt --sort-by -pr"), ["-priority", "-project"])
    }

    func testChoiceValuesComplete() throws {
        guard let session = try realTable() else { return }
        XCTAssertEqual(try session.values("todofmt --format "), ["markdown", "todotxt"])
        XCTAssertEqual(try session.values("todofmt completions "), ["bash", "fish", "zsh"])
        guard let sample = try sampleTable() else { return }
        XCTAssertEqual(try sample.values("todofmt ls --color n"), ["never"])
        XCTAssertEqual(try sample.values("todofmt ls --due tom"), ["tomorrow"])
        XCTAssertEqual(try sample.values("todofmt pri 5 ").count, 26)
    }

    func testFileNamesCompleteWhereAFileIsExpectedAndNowhereElse() throws {
        guard let session = try realTable() else { return }
        try sandbox.write("", to: "notes/inbox.md")
        XCTAssertEqual(try session.values("todofmt tas"), ["tasks.md"])
        XCTAssertEqual(try session.values("todofmt notes/"), ["notes/inbox.md"])
        XCTAssertEqual(try session.values("todofmt --stdin-filepath ta"), ["tasks.md"])
        XCTAssertEqual(try session.values("todofmt completions ta"), [])
        guard let sample = try sampleTable() else { return }
        XCTAssertEqual(try sample.values("todofmt ls -f ta"), ["tasks.md"])
        XCTAssertEqual(try sample.values("todofmt add ta"), [], "task text is not a file")
    }

    func testProjectsAndContextsComeFromTheFileNamedWithF() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md +f"),
                       [Candidate(value: "+finance", description: "2 open tasks")])
        XCTAssertEqual(try session.values("todofmt ls --file=tasks.md @o"), ["@office"])
        XCTAssertEqual(try session.values("todofmt add -ftasks.md Call @p"), ["@phone"])
        XCTAssertEqual(try session.values("todofmt ls +f"), [], "no -f and no todo file to discover")
    }

    func testValuesComeFromTheDiscoveredTodoFileWithoutF() throws {
        guard let session = try sampleTable() else { return }
        try sandbox.write("- [ ] Sweep +house @home\n", to: "TODO.md")
        XCTAssertEqual(try session.values("todofmt ls @h"), ["@home"])
    }

    func testDateWordsCompleteAfterDueAndT() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.values("todofmt ls -f tasks.md due:tom"), ["due:tomorrow"])
        XCTAssertEqual(try session.values("todofmt add -f tasks.md Pay t:to"), ["t:today", "t:tomorrow"])
    }

    func testListsCompleteForTheListOptionAndListTerms() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md --list Work/"),
                       [Candidate(value: "Work/Q4", description: "2 open tasks")])
        XCTAssertEqual(try session.values("todofmt ls -f tasks.md list:H"), ["list:Home"])
    }

    func testListsWithSpacesCompleteWhenTheWordIsEscapedOrQuoted() throws {
        guard let session = try sampleTable() else { return }
        try sandbox.write("# Next week\n\n- [ ] Plan\n", to: "plan.md")
        XCTAssertEqual(try session.values("todofmt ls -f plan.md -l Next\\ w"), ["Next week"])
        XCTAssertEqual(try session.values("todofmt ls -f plan.md -l \"Ne"), ["Next week"])
        XCTAssertEqual(try session.values("todofmt ls -f plan.md --list='Next w"), ["--list=Next week"])
        XCTAssertEqual(try session.values("todofmt ls -f plan.md \"list:Ne"), ["list:Next week"])
        XCTAssertEqual(try session.values("todofmt ls --color \"al"), ["always"])
    }

    func testNegatedFilterTermsCompleteAfterTheirDash() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.complete("todofmt ls -f tasks.md -@o"), [Candidate(value: "-@office", description: "1 open task")])
        XCTAssertEqual(try session.values("todofmt ls -f tasks.md -due:to"), ["-due:today", "-due:tomorrow"])
        XCTAssertEqual(try session.values("todofmt ls -f tasks.md --c"), ["--color"], "options still complete")
    }

    func testTaskAddressesCompleteInFileOrderWithTheTasksTextAsDescription() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.complete("todofmt done -f tasks.md "), [
            Candidate(value: "5", description: "(A) Call the bank +finance @phone due:2026-05-01"),
            Candidate(value: "6", description: "(done) Send the report +reports @office"),
            Candidate(value: "7", description: "Review the budget +finance @office rec:1w"),
            Candidate(value: "11", description: "Fix the tap +house @home est:30m"),
        ])
        XCTAssertEqual(try session.values("todofmt done -f tasks.md 5 1"), ["11"], "addresses repeat")
        XCTAssertEqual(try session.values("todofmt pri -f tasks.md 7 B"), ["B"], "the second argument is a priority")
    }

    func testTheTodoFileOptionIsFoundAfterArgumentsAndOtherOptions() throws {
        guard let session = try sampleTable() else { return }
        XCTAssertEqual(try session.values("todofmt ls --sort-by due -f tasks.md --color never @p"), ["@phone"])
        XCTAssertEqual(try session.values("todofmt ls -someday -f tasks.md +r"), ["+reports"])
        XCTAssertEqual(try session.values("todofmt pri -f tasks.md -- 7 C"), ["C"], "arguments after --")
    }

    func testValuesWithSpecialCharactersSurviveEscaping() throws {
        guard let fish = try CompletionHarness.require("fish") else { return }
        let odd = CommandSpec(name: "odd", summary: "It's [odd]: really.",
                              options: [OptionSpec("weird", value: .choice(["c:d", "it's"]), help: "Says \"hi\" [loudly]: $HOME.")],
                              run: { _ in .ok })
        let session = FishSession(fish: fish, script: try sandbox.script(.fish, for: [FormatCommand.spec, odd]), sandbox: sandbox)
        XCTAssertEqual(try session.complete("todofmt o"), [Candidate(value: "odd", description: "It's [odd]: really")])
        XCTAssertEqual(try session.complete("todofmt odd --w"),
                       [Candidate(value: "--weird", description: "Says \"hi\" [loudly]: $HOME")])
        XCTAssertEqual(try session.values("todofmt odd --weird "), ["c:d", "it's"])
    }
}
