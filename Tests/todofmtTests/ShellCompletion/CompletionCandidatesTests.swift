import Foundation
@testable import todofmt
import TodoKit
import XCTest

/// What `todofmt __complete` offers, read from a todo file.
final class CompletionCandidatesTests: XCTestCase {
    let document = Document(parsing: SampleCommandTable.todoFile)

    func candidates(_ kind: CompletionCandidates.Kind, _ prefix: String = "") -> [String] {
        CompletionCandidates.candidates(kind, prefix: prefix) { document }.map(\.line)
    }

    func testProjectsAreOfferedWithTheirSigilInOrderOfFirstUseWithOpenTaskCounts() {
        XCTAssertEqual(candidates(.projects), ["+finance\t2 open tasks", "+reports\t0 open tasks", "+house\t1 open task"])
    }

    func testContextsStartingWithThePrefixAreOfferedIgnoringCase() {
        XCTAssertEqual(candidates(.contexts, "@O"), ["@office\t1 open task"])
    }

    func testListsAreHeadingPathsAndHeadingTitlesWithTheOpenTasksDirectlyUnderThemAsLslistsCountsThem() {
        XCTAssertEqual(candidates(.lists), ["Work\t0 open tasks", "Work/Q4\t2 open tasks", "Q4\t2 open tasks", "Home\t1 open task"])
        XCTAssertEqual(candidates(.lists, "work/"), ["Work/Q4\t2 open tasks"])
    }

    func testSortKeysAreTheNamedKeysAndTheFilesTagKeysLessThoseGivenUnderAnyOfTheirNames() {
        let values = { (prefix: String) in CompletionCandidates.candidates(.sortKeys, prefix: prefix) { self.document }.map(\.value) }
        XCTAssertEqual(values("pri,-"), ["pri,-status", "pri,-due", "pri,-t", "pri,-created", "pri,-completed", "pri,-text",
                                          "pri,-project", "pri,-context", "pri,-rec", "pri,-est"])
        XCTAssertEqual(values("status,creation,c"), ["status,creation,completed", "status,creation,context"])
        XCTAssertEqual(values("e"), ["est"])
    }

    func testStatusAndPriorityValuesCompleteInFilters() {
        XCTAssertEqual(candidates(.terms, "status:c"), ["status:cancelled", "status:closed"])
        XCTAssertEqual(candidates(.terms, "-status:!o"), ["-status:!open"])
        XCTAssertEqual(candidates(.terms, "pri:n"), ["pri:N", "pri:none"])
    }

    func testTagsAreTheKnownKeysThenTheFilesOwnWithAColon() {
        let other = Document(parsing: "- [ ] Pay +bills id:7 due:2026-01-01\n")
        let tags = CompletionCandidates.candidates(.tags, prefix: "") { other }.map(\.value)
        XCTAssertEqual(tags, ["due:", "t:", "rec:", "est:", "id:"])
    }

    func testDateWordsNeedNoFile() {
        let dates = CompletionCandidates.candidates(.dates, prefix: "t") { XCTFail("read the file"); return nil }
        XCTAssertEqual(dates.map(\.value), ["today", "tomorrow", "tuesday", "thursday"])
    }

    func testAddressesAreTaskLineNumbersDescribedByTheTasksText() {
        XCTAssertEqual(candidates(.addresses), [
            "5\t(A) Call the bank +finance @phone due:2026-05-01",
            "6\t(done) Send the report +reports @office",
            "7\tReview the budget +finance @office rec:1w",
            "11\tFix the tap +house @home est:30m",
        ])
        XCTAssertEqual(candidates(.addresses, "1"), ["11\tFix the tap +house @home est:30m"])
    }

    func testDoneIsOfferedOpenTasksAndUndoClosedOnes() {
        XCTAssertEqual(candidates(.openAddresses).map { $0.prefix(while: { $0 != "\t" }) }, ["5", "7", "11"])
        XCTAssertEqual(candidates(.closedAddresses), ["6\t(done) Send the report +reports @office"])
    }

    func testALongTaskIsCutInItsDescription() {
        let long = Document(parsing: "- [ ] " + String(repeating: "word ", count: 30) + "\n")
        let description = CompletionCandidates.candidates(.addresses, prefix: "") { long }.first?.description
        XCTAssertEqual(description?.count, CompletionCandidates.descriptionLimit + 1)
        XCTAssertEqual(description?.last, "…")
    }

    func testTermsChooseByTheirFirstCharacters() {
        XCTAssertEqual(candidates(.terms, "+f"), ["+finance\t2 open tasks"])
        XCTAssertEqual(candidates(.terms, "@h"), ["@home\t1 open task"])
        XCTAssertEqual(candidates(.terms, "list:W"), ["list:Work\t0 open tasks", "list:Work/Q4\t2 open tasks"])
        XCTAssertEqual(candidates(.terms, "due:to"), ["due:today", "due:tomorrow"])
        XCTAssertEqual(candidates(.terms, "t:fr"), ["t:friday"])
        XCTAssertEqual(candidates(.terms, "due:<=mo"), ["due:<=monday"])
        XCTAssertEqual(candidates(.terms, "rec:"), ["rec:1w"])
        XCTAssertEqual(candidates(.terms, "d"), ["due:\tdue date"])
        XCTAssertEqual(candidates(.terms, "li"), ["list:\ttasks under a heading"])
    }

    func testNegatedAndGroupedTermsKeepTheirDashOrParenthesis() {
        XCTAssertEqual(candidates(.terms, "-@h"), ["-@home\t1 open task"])
        XCTAssertEqual(candidates(.terms, "-list:W"), ["-list:Work\t0 open tasks", "-list:Work/Q4\t2 open tasks"])
        XCTAssertEqual(candidates(.terms, "-due:to"), ["-due:today", "-due:tomorrow"])
        XCTAssertEqual(candidates(.terms, "(+f"), ["(+finance\t2 open tasks"])
        XCTAssertEqual(candidates(.terms, "-(@o"), ["-(@office\t1 open task"])
        XCTAssertEqual(candidates(.terms, "-"), [], "a lone dash is left to the options")
        XCTAssertEqual(candidates(.terms, "--a"), [], "an option is not a term")
    }

    func testAnEmptyTermOffersProjectsContextsTagKeysAndLists() {
        let values = CompletionCandidates.candidates(.terms, prefix: "") { document }.map(\.value)
        XCTAssertEqual(values, ["+finance", "+reports", "+house", "@phone", "@office", "@home",
                                "due:", "t:", "rec:", "est:", "list:"])
    }

    func testWithoutAFileOnlyWhatNeedsNoFileIsOffered() {
        XCTAssertEqual(CompletionCandidates.candidates(.projects, prefix: "") { nil }, [])
        XCTAssertEqual(CompletionCandidates.candidates(.terms, prefix: "due:tod") { nil }.map(\.value), ["due:today"])
        XCTAssertEqual(CompletionCandidates.candidates(.tags, prefix: "") { nil }.map(\.value), ["due:", "t:", "rec:", "est:"])
    }

    func testTheRequestReadsTheKindTheFileAndThePrefixInEitherForm() {
        let inline = CandidatesCommand.Request(["terms", "--file=a b.md", "--prefix=--help"])
        XCTAssertEqual(inline.kind, .terms)
        XCTAssertEqual(inline.file, "a b.md")
        XCTAssertEqual(inline.prefix, "--help")
        let separate = CandidatesCommand.Request(["--prefix", "+x", "projects", "--file", "t.txt"])
        XCTAssertEqual(separate.kind, .projects)
        XCTAssertEqual(separate.file, "t.txt")
        XCTAssertEqual(separate.prefix, "+x")
        XCTAssertNil(CandidatesCommand.Request(["nonsense"]).kind)
    }
}

/// `todofmt __complete` as the scripts run it.
final class CandidatesCommandTests: XCTestCase {
    func run(_ arguments: [String], in sandbox: CompletionSandbox) throws -> ChildProcess.Result {
        try Todofmt.requireBuilt()
        return try ChildProcess.run(CompletionHarness.binary.path, ["__complete"] + arguments,
                                         in: sandbox.work, environment: sandbox.environment)
    }

    func testItPrintsOneCandidateALineWithATabBeforeTheDescription() throws {
        let sandbox = try CompletionSandbox()
        try sandbox.write(SampleCommandTable.todoFile, to: "tasks.md")
        let output = try run(["projects", "--file=tasks.md", "--prefix=+f"], in: sandbox)
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout, "+finance\t2 open tasks\n")
        XCTAssertEqual(output.stderr, "")
    }

    func testItPassesNoControlCharactersToTheShell() throws {
        let sandbox = try CompletionSandbox()
        try sandbox.write("- [ ] evil\u{1B}[31m +bad\u{1B}[0m +good\n", to: "tasks.md")
        let projects = try run(["projects", "--file=tasks.md"], in: sandbox)
        XCTAssertEqual(projects.stdout, "+good\t1 open task\n")
        let addresses = try run(["addresses", "--file=tasks.md"], in: sandbox)
        XCTAssertEqual(addresses.stdout, "1\tevil^[[31m +bad^[[0m +good\n")
    }

    func testItReadsTheTodoFileItDiscoversWhenNoneIsNamed() throws {
        let sandbox = try CompletionSandbox()
        try sandbox.write(SampleCommandTable.todoFile, to: "TODO.md")
        let output = try run(["contexts", "--prefix=@p"], in: sandbox)
        XCTAssertEqual(output.stdout, "@phone\t1 open task\n")
    }

    func testItReadsTodoTxtFilesAsTodoTxt() throws {
        let sandbox = try CompletionSandbox()
        try sandbox.write("(B) 2026-01-02 Water the plants +garden @home\nx 2026-01-03 Buy seeds +garden\n", to: "todo.txt")
        let output = try run(["addresses"], in: sandbox)
        XCTAssertEqual(output.stdout, "1\t(B) Water the plants +garden @home\n2\t(done) Buy seeds +garden\n")
    }

    func testItFailsSilentlyWhateverGoesWrong() throws {
        let sandbox = try CompletionSandbox()
        try Data([0x2D, 0x20, 0x5B, 0x20, 0x5D, 0x20, 0xFF, 0xFE, 0x0A]).write(to: sandbox.work.appendingPathComponent("bad.md"))
        try FileManager.default.createDirectory(at: sandbox.work.appendingPathComponent("folder.md"), withIntermediateDirectories: true)
        let cases: [[String]] = [
            ["projects"],                                  // no todo file to discover
            ["projects", "--file=missing.md"],
            ["projects", "--file=folder.md"],
            ["projects", "--file=bad.md"],                 // not UTF-8
            ["no-such-kind", "--file=bad.md"],
            [],
            ["projects", "--file"],
            ["terms", "--prefix=--help"],
            ["terms", "--bogus", "-x", "--", "--prefix=+a"],
        ]
        for arguments in cases {
            let output = try run(arguments, in: sandbox)
            XCTAssertEqual(output.status, 0, "\(arguments)")
            XCTAssertEqual(output.stdout, "", "\(arguments)")
            XCTAssertEqual(output.stderr, "", "\(arguments)")
        }
    }

    func testDateWordsNeedNoTodoFile() throws {
        let sandbox = try CompletionSandbox()
        let output = try run(["terms", "--prefix=due:tom"], in: sandbox)
        XCTAssertEqual(output.stdout, "due:tomorrow\n")
    }

    func testItIsLeftOutOfHelp() throws {
        let help = HelpPrinter.help(for: FormatCommand.spec, commands: commandTable)
        XCTAssertFalse(help.contains("__complete"))
        XCTAssertTrue(help.contains("completions"))
    }
}
