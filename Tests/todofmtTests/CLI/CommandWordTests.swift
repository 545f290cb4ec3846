import Foundation
import XCTest

/// The first words of a command line: a mistyped command is a usage error that writes nothing, the options
/// every command shares may come before the command, and a bare `todofmt` at a terminal says what to do.
final class CommandWordTests: XCTestCase {
    var runner: ListTasksCommandRunner!

    override func setUpWithError() throws { runner = try ListTasksCommandRunner() }
    override func tearDown() { runner?.cleanUp() }

    func testAMistypedCommandIsAUsageErrorThatSuggestsTheCommandAndWritesNothing() throws {
        try runner.write("* [ ] untidy\n", to: "TODO.md")
        let result = try runner.run(["lsit", "TODO.md"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "todofmt: error: unknown command 'lsit'; did you mean 'ls'?\nRun 'todofmt --help' for usage.\n")
        XCTAssertEqual(try String(contentsOf: runner.folder.appendingPathComponent("TODO.md"), encoding: .utf8), "* [ ] untidy\n")
    }

    func testAWordPeopleUseForACommandOrAMisspelledOneSuggestsIt() throws {
        for (word, command) in [("remove", "rm"), ("delete", "rm"), ("prority", "pri"), ("priority", "pri"), ("move", "mv")] {
            let result = try runner.run([word, "3"])
            XCTAssertEqual(result.status, 64, word)
            XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init),
                           "todofmt: error: unknown command '\(word)'; did you mean '\(command)'?")
        }
    }

    func testASingleLetterAfterADashInAFilterIsAnUnknownOptionNotANegatedWord() throws {
        try runner.write("- [ ] x marks the spot\n- [ ] y\n", to: "TODO.md")
        let result = try runner.run(["ls", "-x"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init),
                       "todofmt: error: unknown option '-x'; to leave out tasks with the word 'x', write 'NOT x' or 'todofmt ls -- -x'")
        XCTAssertEqual(try runner.run(["ls", "--", "-x"]).stdout, "2 [ ] y\n")
        XCTAssertEqual(try runner.run(["ls", "-spot"]).stdout, "2 [ ] y\n")
    }

    func testAFormatterOptionWrittenAsACommandSuggestsTheOption() throws {
        try runner.write("- [x] b\n- [ ] a\n", to: "TODO.md")
        let result = try runner.run(["sort", "TODO.md"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr.split(separator: "\n").first, "todofmt: error: unknown command 'sort'; did you mean 'todofmt --sort'?")
        XCTAssertEqual(try String(contentsOf: runner.folder.appendingPathComponent("TODO.md"), encoding: .utf8), "- [x] b\n- [ ] a\n")
    }

    func testAWordWithNoCommandNearItIsUnknownWithoutASuggestion() throws {
        let result = try runner.run(["zebra"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "todofmt: error: unknown command 'zebra'\nRun 'todofmt --help' for usage.\n")
    }

    func testAnExistingFileWithoutAnExtensionIsStillFormatted() throws {
        try runner.write("* [ ] untidy\n", to: "tasks")
        try runner.write("todo-files = tasks\n", to: ".todofmt")
        let result = try runner.run(["tasks"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: runner.folder.appendingPathComponent("tasks"), encoding: .utf8), "- [ ] untidy\n")
    }

    func testFileTodayAndColorMayComeBeforeTheCommand() throws {
        try runner.write("- [ ] late due:2026-11-20\n", to: "work.md")
        let result = try runner.run(["-f", "work.md", "--today", "2026-11-21", "--color=always", "ls"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "1 \u{1B}[31m[ ] late due:2026-11-20 (overdue 1d)\u{1B}[0m\n")
        let joined = try runner.run(["--file=work.md", "count"])
        XCTAssertEqual(joined.stdout, "1\n")
    }

    func testGlobalOptionsWorkBeforeCommandsThatHaveNoUseForThem() throws {
        try runner.write("# Home\n\n- [ ] late due:2026-11-20\n", to: "TODO.md")
        let agenda = try runner.run(["--color", "always", "agenda", "--today", "2026-11-21"])
        XCTAssertEqual(agenda.status, 0, agenda.stderr)
        let note = try runner.run(["--color", "always", "--today", "2026-11-21", "note", "TODO.md:3", "x"])
        XCTAssertEqual(note.status, 0, note.stderr)
        XCTAssertEqual(try String(contentsOf: runner.folder.appendingPathComponent("TODO.md"), encoding: .utf8),
                       "# Home\n\n- [ ] late due:2026-11-20\n  x\n")
    }

    func testAGlobalOptionAfterACommandThatDoesNotTakeItIsAUsageErrorOfThatCommand() throws {
        let result = try runner.run(["edit", "--today", "2026-11-21"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "todofmt: error: unknown option '--today'\nRun 'todofmt edit --help' for usage.\n")
    }

    func testABadValueOfAGlobalOptionIsRefusedBeforeAnyCommand() throws {
        let result = try runner.run(["--color", "sometimes", "note", "3", "x"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr.split(separator: "\n").first, "todofmt: error: option '--color' takes one of auto, always, never, not 'sometimes'")
    }

    func testALeadingOptionWithNoCommandSaysItNeedsACommandAndFormatsNothing() throws {
        try runner.write("* [ ] untidy\n", to: "work.md")
        let result = try runner.run(["-f", "work.md"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            todofmt: error: '-f' needs a command after it, as in 'todofmt -f work.md ls'; the formatter takes the files it formats as arguments
            Run 'todofmt --help' for usage.

            """)
        XCTAssertEqual(try String(contentsOf: runner.folder.appendingPathComponent("work.md"), encoding: .utf8), "* [ ] untidy\n")
        let today = try runner.run(["--today", "2026-11-21", "work.md"])
        XCTAssertEqual(today.status, 64)
        XCTAssertEqual(today.stderr.split(separator: "\n").first, "todofmt: error: '--today' needs a command after it, as in 'todofmt --today 2026-11-21 ls'; the formatter takes the files it formats as arguments")
    }

    func testBareTodofmtAtATerminalPrintsAUsageHintInsteadOfWaiting() throws {
        guard let result = try runner.runOnTerminal([]) else {
            throw RequiredTool.missing("script(1)", installHint: "Debian's bsdutils has it")
        }
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stdout.contains("todofmt: error: no todo file given"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Run 'todofmt --help' for usage."), result.stdout)
    }

    func testBareTodofmtWithAPipeFormatsStandardInput() throws {
        let result = try Todofmt.run([], stdin: "* [ ] piped\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "- [ ] piped\n")
    }
}
