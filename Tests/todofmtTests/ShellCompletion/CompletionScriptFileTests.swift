import Foundation
@testable import todofmt
import XCTest

/// The checked-in scripts are exactly what the generators write for the real command table.
final class CompletionScriptFileTests: XCTestCase {
    func testCheckedInScriptsEqualTheGeneratorsOutputForTheCommandTable() throws {
        for shell in CompletionShell.allCases {
            let generated = shell.script(for: commandTable)
            let url = CheckedInScript.url(shell)
            if CompletionHarness.isRecording {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(generated.utf8).write(to: url)
                continue
            }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                XCTFail("completions/\(shell.fileName) is missing: run the tests with TODOFMT_RECORD=1 to write it")
                continue
            }
            XCTAssertEqual(String(decoding: data, as: UTF8.self), generated,
                           "completions/\(shell.fileName) is out of date: re-record with TODOFMT_RECORD=1")
        }
    }

    func testTheCompletionsCommandPrintsTheCheckedInScripts() throws {
        try Todofmt.requireBuilt()
        let sandbox = try CompletionSandbox()
        for shell in CompletionShell.allCases {
            let output = try ChildProcess.run(CompletionHarness.binary.path, ["completions", shell.rawValue],
                                                   in: sandbox.work, environment: sandbox.environment)
            XCTAssertEqual(output.status, 0)
            XCTAssertEqual(output.stderr, "")
            XCTAssertEqual(output.stdout, shell.script(for: commandTable), "todofmt completions \(shell.rawValue)")
        }
    }

    func testTheCompletionsCommandRejectsAnUnknownShellAsAUsageError() throws {
        try Todofmt.requireBuilt()
        let sandbox = try CompletionSandbox()
        let output = try ChildProcess.run(CompletionHarness.binary.path, ["completions", "tcsh"],
                                               in: sandbox.work, environment: sandbox.environment)
        XCTAssertEqual(output.status, 64)
        XCTAssertEqual(output.stdout, "")
        XCTAssertEqual(output.stderr, "todofmt: error: unknown shell 'tcsh' (known: bash, zsh, fish)\n")
    }

    func testEveryGeneratorNamesEachVisibleCommandAndOptionOfTheTable() {
        for shell in CompletionShell.allCases {
            let script = shell.script(for: SampleCommandTable.table)
            for command in SampleCommandTable.table where !command.isHidden {
                if !command.name.isEmpty {
                    XCTAssertTrue(script.contains(command.name), "\(shell): command \(command.name)")
                }
                for option in command.options {
                    XCTAssertTrue(script.contains(option.long), "\(shell): option --\(option.long) of '\(command.name)'")
                }
            }
            XCTAssertFalse(script.contains("'__complete'"), "\(shell) offers the hidden command")
        }
    }

    func testHelpTextIsEscapedForEachShell() {
        let tricky = CommandSpec(name: "odd", summary: "It's a [test]: with \\ and 'quotes'.",
                                 options: [OptionSpec("weird", short: "w", value: .choice(["c:d", "it's"]),
                                                      help: "Says \"hi\" [loudly]: it's $HOME `x`.")],
                                 run: { _ in .ok })
        let zsh = ZshCompletionGenerator.script(for: [tricky])
        XCTAssertTrue(zsh.contains(#"'(-w --weird)'{-w+,--weird=}'[Says "hi" \[loudly\]\: it'\''s $HOME `x`]:value:(c\:d it\'\''s)'"#), zsh)
        XCTAssertTrue(zsh.contains(#"'odd:It'\''s a [test]: with \ and '\''quotes'\'''"#), zsh)
        let fish = FishCompletionGenerator.script(for: [tricky])
        XCTAssertTrue(fish.contains(#"-a 'odd' -d 'It\'s a [test]: with \\ and \'quotes\''"#), fish)
        XCTAssertTrue(fish.contains(#"-s 'w' -l 'weird' -x -a '\'c:d\' \'it\\\'s\'' -d 'Says "hi" [loudly]: it\'s $HOME `x`'"#), fish)
        let bash = BashCompletionGenerator.script(for: [tricky])
        XCTAssertTrue(bash.contains(#"'-w'|'--weird') REPLY='words c:d it'\''s' ;;"#), bash)
    }
}
