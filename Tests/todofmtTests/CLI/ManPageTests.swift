import Foundation
@testable import todofmt
import XCTest

/// The manual page `docs/todofmt.1`: the generator's output for the command table, rendered without a warning
/// by groff and man, and in step with `--help`, which reads the same texts.
final class ManPageTests: XCTestCase {
    static let checkedIn = Todofmt.packageRoot.appendingPathComponent("docs/todofmt.1")

    func testTheCheckedInPageEqualsTheGeneratorsOutputForTheCommandTable() throws {
        let generated = ManPageGenerator.page(for: commandTable)
        if CompletionHarness.isRecording {
            try Data(generated.utf8).write(to: Self.checkedIn)
            return
        }
        guard let data = FileManager.default.contents(atPath: Self.checkedIn.path) else {
            return XCTFail("docs/todofmt.1 is missing: re-record it with TODOFMT_RECORD=1 swift test --filter ManPageTests")
        }
        XCTAssertEqual(String(decoding: data, as: UTF8.self), generated,
                       "docs/todofmt.1 is out of date: re-record it with TODOFMT_RECORD=1 swift test --filter ManPageTests")
    }

    func testGroffFormatsThePageWithoutAWarningForPrintAndForATerminal() throws {
        let groff = try ManTool.require("groff")
        for device in [[], ["-Tutf8"], ["-Tascii"]] {
            let result = try ManTool.run(groff, ["-man", "-ww", "-z"] + device + [Self.checkedIn.path])
            XCTAssertEqual(result.status, 0, "groff \(device): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "groff -man -ww -z \(device.joined()) warns")
        }
    }

    func testManShowsThePageWithoutAWarningAndWithTheVersionTodofmtPrints() throws {
        let page = try ManTool.render(Self.checkedIn)
        let version = try Todofmt.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, Version.line + "\n")
        let lines = page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.first?.hasPrefix("TODOFMT(1)") == true, page)
        XCTAssertTrue(lines.last?.hasPrefix("todofmt \(Version.current)") == true, "the footer names the version: \(lines.last ?? "")")
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES",
                        "EXAMPLES", "SEE ALSO"] {
            XCTAssertTrue(lines.contains(heading), "no section \(heading)")
        }
        XCTAssertTrue(page.contains("docs/FORMAT.md"), "the page points to the specification")
    }

    /// What `todofmt help COMMAND` prints for each command, the page says too: the summary, the discussion,
    /// every argument and option with its help, the environment variables and the examples.
    func testEveryCommandsHelpTextIsOnThePage() throws {
        let page = ManTool.normalized(try ManTool.render(Self.checkedIn))
        for command in commandTable where !command.isHidden {
            let help = try Todofmt.run(command.name.isEmpty ? ["help"] : ["help", command.name])
            XCTAssertEqual(help.status, 0, help.stderr)
            let helpText = ManTool.normalized(help.stdout)
            var texts = [command.summary, command.discussion]
            texts += command.arguments.flatMap { [$0.name, $0.help] }
            texts += command.options.flatMap { [$0.synopsis, $0.help] }
            texts += command.environmentVariables.flatMap { [$0.name, $0.help] }
            texts += command.examples.flatMap { [$0.command, $0.help] }
            for text in texts.map(ManTool.normalized) where !text.isEmpty {
                XCTAssertTrue(helpText.contains(text), "todofmt help \(command.name) lacks: \(text)")
                XCTAssertTrue(page.contains(text), "the manual page lacks, for '\(command.displayName)': \(text)")
            }
            XCTAssertTrue(helpText.contains(ManTool.normalized(HelpPrinter.usage(of: command))),
                          "todofmt help \(command.name) lacks its usage")
            let usage = ([command.displayName] + HelpPrinter.usageWords(of: command)).joined(separator: " ")
            XCTAssertTrue(page.contains(ManTool.normalized(usage)), "the manual page lacks the usage \(usage)")
        }
        for (code, meaning) in ExitCode.documented {
            XCTAssertTrue(page.contains("\(code.rawValue) \(meaning)"), "exit code \(code.rawValue)")
        }
    }

    /// A command added to the table is on the page with nothing else to do: its usage, its texts, its
    /// environment and its examples; a hidden command is not.
    func testACommandAddedToTheTableAppearsInEverySectionItBelongsTo() {
        let added = CommandSpec(
            name: "snooze", aliases: ["zz"], summary: "Hide a task until a date.",
            discussion: "Sets t:DATE on each task.\n  todofmt snooze 12 --until mon\nThe rest stays.",
            options: [OptionSpec("until", short: "u", value: .date, valueName: "DATE", help: "The date to hide it until.",
                                 environment: [EnvironmentSpec(name: "TODOFMT_SNOOZE", help: "The default for --until.")])],
            arguments: [ArgumentSpec("ADDR", .address, repeating: true, help: "Task line numbers.")],
            examples: [ExampleSpec(command: "todofmt snooze 12 -u mon", help: "Hide the task on line 12 until Monday.")],
            run: { _ in .ok })
        let hidden = CommandSpec(name: "__secret", summary: "Not for people.", isHidden: true, run: { _ in .ok })
        let page = ManPageGenerator.page(for: [FormatCommand.spec, added, hidden])
        XCTAssertTrue(page.contains(#"\fBtodofmt snooze\fR [\fIOPTIONS\fR] \fIADDR\fR..."#), page)
        XCTAssertTrue(page.contains(".SS \"todofmt snooze\"\n"), page)
        XCTAssertTrue(page.contains("Alias: \\fBzz\\fR"), page)
        XCTAssertTrue(page.contains(".PP\nSets t:DATE on each task.\n.RS 4\n.nf\ntodofmt snooze 12 \\-\\-until mon\n.fi\n.RE\nThe rest stays.\n"), page)
        XCTAssertTrue(page.contains(".TP\n\\fB\\-u\\fR, \\fB\\-\\-until\\fR \\fIDATE\\fR\nThe date to hide it until.\n"), page)
        XCTAssertTrue(page.contains(".TP\n\\fBTODOFMT_SNOOZE\\fR\nThe default for \\-\\-until.\n"), page)
        XCTAssertTrue(page.contains(".SH EXAMPLES\n.TP\n\\fBtodofmt \\-\\-sort TODO.md\\fR\n"), page)
        XCTAssertTrue(page.contains(".TP\n\\fBtodofmt snooze 12 \\-u mon\\fR\nHide the task on line 12 until Monday.\n"), page)
        XCTAssertFalse(page.contains("secret"), "a hidden command is left out")
    }

    func testTextIsEscapedSoThatItPrintsAsTyped() {
        XCTAssertEqual(ManPageGenerator.escaped(#"C:\dir --sort 'a' "b" `c`"#),
                       #"C:\edir \-\-sort \(aqa\(aq \(dqb\(dq \(gac\(ga"#)
        XCTAssertEqual(ManPageGenerator.escaped(".hidden file"), #"\&.hidden file"#)
        XCTAssertEqual(ManPageGenerator.escaped("FILE… café"), #"FILE... caf\[u00E9]"#)
        XCTAssertEqual(ManPageGenerator.placeholders("[FILE…]"), #"[\fIFILE\fR...]"#)
    }
}

/// groff and man, run as the page's readers run them.
enum ManTool {
    /// The path of `tool`, or an error: a failure in CI, a skip elsewhere.
    static func require(_ tool: String) throws -> String {
        guard let path = GitScenario.which(tool) else {
            throw RequiredTool.missing(tool, installHint: "Scripts/install-test-tools installs groff and man-db")
        }
        return path
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess.Result {
        let folder = try TemporaryFolder()
        var base = ProcessInfo.processInfo.environment
        base["LC_ALL"] = "C"
        base["MANPAGER"] = "cat"
        base["PAGER"] = "cat"
        base["MANWIDTH"] = "100"
        return try ChildProcess.run(executable, arguments, in: folder.url, environment: base.merging(environment) { $1 })
    }

    /// The page as `man -l` shows it, with every groff warning on; a warning fails the test.
    static func render(_ page: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let man = try require("man")
        let result = try run(man, ["--warnings=w", "-l", page.path])
        XCTAssertEqual(result.status, 0, "man -l: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", "man -l warns", file: file, line: line)
        return result.stdout
    }

    /// Whitespace runs as one space, `…` as the page writes it: help and the page wrap lines differently.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "…", with: "...")
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}
