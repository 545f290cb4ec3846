import Foundation
@testable import todofmt
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
        XCTAssertEqual(result.errorLines, ["todofmt: error: unknown option '--chek' (did you mean '--check'?)",
                                           "Run 'todofmt --help' for usage."])
    }

    func testAnUnknownOptionOfACommandThatTakesFilterTermsIsAUsageErrorNotAFilterTerm() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [ ] a due:2026-12-01\n", to: "TODO.md")
        let result = try Todofmt.run(["export", "--ical"], in: folder.url)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.errorLines, ["todofmt: error: unknown option '--ical' (did you mean '--ics'?)",
                                           "Run 'todofmt export --help' for usage."])
        // A negated term is still a term, and after `--` anything is.
        XCTAssertEqual(try Todofmt.run(["ls", "-due:any"], in: folder.url).status, 0)
    }

    func testTextStartingWithADashIsTakenAfterDoubleDashAndTheErrorSaysSo() throws {
        let folder = try TemporaryFolder()
        let refused = try Todofmt.run(["add", "-f", "TODO.md", "- [ ] nested checkbox"], in: folder.url)
        XCTAssertEqual(refused.status, 64)
        XCTAssertEqual(refused.errorLines.first,
                       "todofmt: error: unknown option '- [ ] nested checkbox'; if it is an argument, put '--' before it: todofmt add -- '- [ ] nested checkbox'")
        let added = try Todofmt.run(["add", "-f", "TODO.md", "--", "- [ ] nested checkbox"], in: folder.url)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8), "- [ ] - [ ] nested checkbox\n")
    }

    func testAnEmptyFileNameIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [x] 2026-01-01 a due:2026-12-01\n", to: "TODO.md")
        for arguments in [["archive", "--to", ""], ["export", "-o", ""], ["ls", "-f", ""], ["ls", "--file="]] {
            let result = try Todofmt.run(arguments, in: folder.url)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(result.errorLines.first?.hasSuffix("needs a FILE, not an empty string") ?? false, result.stderr)
        }
        XCTAssertEqual(try folder.text("TODO.md"), "- [x] 2026-01-01 a due:2026-12-01\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), ["TODO.md"])
    }

    func testAUsageErrorInACommandPointsToThatCommandsHelp() throws {
        let result = try Todofmt.run(["edit", "--today", "2026-11-21"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errorLines, ["todofmt: error: unknown option '--today'", "Run 'todofmt edit --help' for usage."])
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

    func testAMistypedDescendingSortKeyIsAUsageError() throws {
        let result = try Todofmt.run(["--sort-by", "status,--due", "--check", "TODO.md"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errorLines.first, "todofmt: error: invalid sort key '--due' in --sort-by "
                       + "(keys: status, priority, due, t, created, completed, text, project, context, or a tag key)")
    }

    func testSortWithSortByIsAUsageErrorAndTouchesNoFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [x] b\n- [ ] a\n", to: "TODO.md")
        let result = try Todofmt.run(["--sort", "--sort-by", "text", "TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errorLines, ["todofmt: error: options '--sort' and '--sort-by' cannot be used together"])
        XCTAssertEqual(try folder.text("TODO.md"), "- [x] b\n- [ ] a\n")
    }

    func testASortKeyThatNamesNoFieldAndNoTagOfTheFileIsWarnedAbout() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [ ] (A) a est:1h\n- [ ] (B) b\n", to: "TODO.md")
        let result = try Todofmt.run(["--check", "--sort-by", "priorty,est", "TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.errorLines, [
            "TODO.md: warning: no task has a 'priorty:' tag, so the sort key 'priorty' changes nothing "
                + "(keys: status, priority, due, t, created, completed, text, project, context, or a tag key)",
        ])
    }

    func testEveryGlobalOptionIsAcceptedBeforeEveryCommand() throws {
        let leading = ["--color", "always", "--today", "2026-11-21", "-f", "TODO.md"]
        for command in commandTable where !command.name.isEmpty && !command.isHidden {
            let invocation = try ArgumentParser.parse(leading + [command.name], table: commandTable, environment: [:])
            XCTAssertEqual(invocation.command.name, command.name)
            for option in ArgumentParser.leadingOptions {
                let takes = command.options.contains { $0.long == option.long }
                XCTAssertEqual(!invocation.words(of: option).isEmpty, takes, "\(command.name) --\(option.long)")
            }
        }
    }

    func testEveryHelpTextFitsInOneHundredColumns() throws {
        let names = commandTable.filter { !$0.isHidden }.map(\.name)
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            let result = try Todofmt.run((name.isEmpty ? [] : [name]) + ["--help"])
            XCTAssertEqual(result.status, 0, name)
            for line in result.stdout.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 100, "todofmt \(name) --help: \(line)")
            }
        }
    }
}

/// `todofmt help` is `--help` by another name.
final class HelpCommandTests: XCTestCase {
    func testHelpWithoutACommandPrintsTheRootHelp() throws {
        let help = try Todofmt.run(["help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertEqual(help.stdout, try Todofmt.run(["--help"]).stdout)
    }

    func testHelpNamesACommandOrItsAlias() throws {
        XCTAssertEqual(try Todofmt.run(["help", "ls"]).stdout, try Todofmt.run(["ls", "--help"]).stdout)
        XCTAssertEqual(try Todofmt.run(["help", "a"]).stdout, try Todofmt.run(["add", "--help"]).stdout)
    }

    func testHelpForAMistypedCommandSuggestsIt() throws {
        let help = try Todofmt.run(["help", "lsit"])
        XCTAssertEqual(help.status, 64)
        XCTAssertEqual(help.errorLines.first, "todofmt: error: no command 'lsit'; did you mean 'ls'?")
    }

    func testHelpForAnUnknownCommandIsAUsageError() throws {
        let help = try Todofmt.run(["help", "frobnicate"])
        XCTAssertEqual(help.status, 64)
        XCTAssertTrue(help.stderr.hasPrefix("todofmt: error: no command 'frobnicate' (commands: init, ls, "), help.stderr)
    }
}
