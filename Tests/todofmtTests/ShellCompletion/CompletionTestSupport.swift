import Foundation
@testable import todofmt
import XCTest

/// Runs the completion scripts in the real shells, with the built `.build/debug/todofmt` first on PATH so the
/// scripts' calls to `todofmt __complete` reach it.
enum CompletionHarness {
    static let packageRoot = Todofmt.packageRoot
    static let binary = Todofmt.executable
    static let completionsFolder = packageRoot.appendingPathComponent("completions")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["TODOFMT_RECORD"] == "1" }

    /// The path of `shell`, or nil after failing (under `CI=true`) or throwing a skip (elsewhere).
    static func require(_ shell: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(shell)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("\(shell) is not installed: the completion tests need it in CI (Scripts/install-test-tools installs it)",
                    file: file, line: line)
            return nil
        }
        throw XCTSkip("\(shell) is not installed (Scripts/install-test-tools installs it)")
    }

    /// The environment the shells run in: todofmt first on PATH, no todo file from the environment.
    static func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
        environment["TERM"] = "xterm"
        environment.removeValue(forKey: "TODOFMT_FILE")
        environment.removeValue(forKey: "NO_COLOR")
        return environment
    }
}

/// A scratch folder holding a todo file and the scripts under test, removed at the end of the test.
final class CompletionSandbox {
    let folder: URL
    let home: URL
    /// The environment the shells run in: `CompletionHarness.environment(home:)` unless a test changes it.
    var environment: [String: String]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-completion-\(UUID().uuidString)")
        home = folder.appendingPathComponent("home")
        environment = CompletionHarness.environment(home: home)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("work"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Where the shells run: an empty folder, so no todo file is discovered unless a test writes one.
    var work: URL { folder.appendingPathComponent("work") }

    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let url = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Writes the script `shell` generates for `table` into its own folder and returns its path.
    func script(_ shell: CompletionShell, for table: [CommandSpec]) throws -> URL {
        let folder = self.folder.appendingPathComponent("scripts-\(shell.rawValue)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(shell.fileName)
        try Data(shell.script(for: table).utf8).write(to: url)
        return url
    }
}

/// The checked-in scripts, which the real command table generates.
enum CheckedInScript {
    static func url(_ shell: CompletionShell) -> URL {
        CompletionHarness.completionsFolder.appendingPathComponent(shell.fileName)
    }
}

/// A small command table standing in for the commands other parts of todofmt add: an address command, a
/// filter command with an alias and a list option, a task-text command and a two-argument command.
enum SampleCommandTable {
    static let table: [CommandSpec] = [
        FormatCommand.spec,
        CommandSpec(name: "ls", aliases: ["list"], summary: "List open tasks that match every TERM.",
                    options: [Option<String>.file.spec, Option<String>.sortBy.spec, Option<String>.color.spec,
                              OptionSpec("list", short: "l", value: .list, valueName: "LIST", repeatable: true,
                                         help: "Only tasks under this heading path [e.g. Work/Q4]."),
                              OptionSpec("due", value: .date, valueName: "DATE", help: "Only tasks due by DATE.")],
                    arguments: [ArgumentSpec("TERM", .filter, repeating: true, optional: true, help: "A filter term.")],
                    acceptsDashPositionals: true, run: { _ in .ok }),
        CommandSpec(name: "add", summary: "Add a task: it's appended to the list.",
                    options: [Option<String>.file.spec],
                    arguments: [ArgumentSpec("TEXT", .taskText, repeating: true, help: "The task's words.")],
                    run: { _ in .ok }),
        CommandSpec(name: "done", summary: "Mark tasks done.",
                    options: [Option<String>.file.spec, Option<String>.today.spec],
                    arguments: [ArgumentSpec("ADDRESS", .address, repeating: true, help: "Task line numbers.")],
                    run: { _ in .ok }),
        CommandSpec(name: "pri", summary: "Set a task's priority.",
                    options: [Option<String>.file.spec],
                    arguments: [ArgumentSpec("ADDRESS", .address, help: "A task line number."),
                                ArgumentSpec("PRIORITY", .priority, help: "A letter.")],
                    run: { _ in .ok }),
        CompletionsCommand.spec,
        CandidatesCommand.spec,
    ]

    /// A todo file with projects, contexts, tags, headings and a done task.
    static let todoFile = """
        # Work

        ## Q4

        - [ ] (A) Call the bank +finance @phone due:2026-05-01
        - [x] Send the report +reports @office
        - [ ] Review the budget +finance @office rec:1w

        # Home

        - [ ] Fix the tap +house @home est:30m

        """
}

/// The words bash hands a completion function for a command line, split as bash splits them.
struct BashCompletionLine {
    /// Bash's default COMP_WORDBREAKS: runs of these (other than white space) are words of their own.
    static let wordBreaks: Set<Character> = [" ", "\t", "\n", "\"", "'", "@", ">", "<", "=", ";", "|", "&", "(", ":"]

    var words: [String] = []
    /// The text readline replaces: what follows the last word-break character (bash's `$2`).
    var current: String
    var line: String

    /// Splits a line whose cursor is at its end (checked against bash 5.2 in a terminal). A backslash and
    /// quotes keep what they protect in the word; while a quote is still open at the cursor, `current` is
    /// the text after it, as typed.
    init(_ line: String) {
        self.line = line
        var word: String?
        var wordIsBreaks = false
        var current = ""
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped || quote != nil {
                word = (word ?? "") + String(character)
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == quote {
                    quote = nil
                } else {
                    current.append(character)
                }
                continue
            }
            if character == " " || character == "\t" {
                if let finished = word { words.append(finished) }
                word = nil
                current = ""
                continue
            }
            let protects = character == "\\" || character == "'" || character == "\""
            let isBreak = !protects && Self.wordBreaks.contains(character)
            if let partial = word, isBreak == wordIsBreaks {
                word = partial + String(character)
            } else {
                if let finished = word { words.append(finished) }
                word = String(character)
                wordIsBreaks = isBreak
            }
            if character == "\\" {
                escaped = true
                current.append(character)
            } else if protects {
                quote = character
                current = ""
            } else if isBreak {
                current = ""
            } else {
                current.append(character)
            }
        }
        words.append(word ?? "")
        self.current = current
    }
}

extension String {
    /// Single-quoted for a POSIX shell.
    var shellQuoted: String { "'" + replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// Completing a line in bash: the script sourced, COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set as bash
/// sets them, the completion function called as bash calls it, and COMPREPLY read back.
struct BashSession {
    var bash: String
    var script: URL
    var sandbox: CompletionSandbox

    /// COMPREPLY for `line`; `type` is COMP_TYPE (9 for the first Tab, 63 for the listing on the second).
    func complete(_ line: String, type: Int = 9) throws -> [String] {
        let split = BashCompletionLine(line)
        let cword = split.words.count - 1
        let previous = cword > 0 ? split.words[cword - 1] : ""
        let program = """
            source \(script.path.shellQuoted) || exit 3
            COMP_WORDS=(\(split.words.map(\.shellQuoted).joined(separator: " ")))
            COMP_CWORD=\(cword)
            COMP_LINE=\(line.shellQuoted)
            COMP_POINT=${#COMP_LINE}
            COMP_TYPE=\(type)
            COMP_KEY=9
            complete -p todofmt >/dev/null || exit 4
            _todofmt todofmt \(split.current.shellQuoted) \(previous.shellQuoted)
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try ChildProcess.run(bash, ["--norc", "--noprofile", "-c", program],
                                               in: sandbox.work, environment: sandbox.environment)
        XCTAssertEqual(output.status, 0, "bash exited \(output.status): \(output.stderr)")
        XCTAssertEqual(output.stderr, "", "bash printed errors for '\(line)'")
        return output.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

/// Completing a line in fish with `complete -C`, which runs fish's own completion machinery.
struct FishSession {
    var fish: String
    var script: URL
    var sandbox: CompletionSandbox

    struct Candidate: Equatable {
        var value: String
        var description: String?
    }

    func complete(_ line: String) throws -> [Candidate] {
        let output = try ChildProcess.run(fish, ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]",
                                                      script.path, line],
                                               in: sandbox.work, environment: sandbox.environment)
        XCTAssertEqual(output.status, 0, "fish exited \(output.status): \(output.stderr)")
        XCTAssertEqual(output.stderr, "", "fish printed errors for '\(line)'")
        return output.stdout.split(separator: "\n").map { entry in
            let parts = entry.split(separator: "\t", maxSplits: 1).map(String.init)
            return Candidate(value: parts.first ?? "", description: parts.count > 1 ? parts[1] : nil)
        }
    }

    func values(_ line: String) throws -> [String] { try complete(line).map(\.value) }
}

/// Completing a line in an interactive zsh driven through a pseudo-terminal (`zpty`): compinit loads the script
/// from `fpath` as it would for a user, the line is typed, and Ctrl-D (`delete-char-or-list`) makes zsh print
/// its completion listing, which is read back from the terminal.
struct ZshSession {
    var zsh: String
    /// The folder holding `_todofmt`.
    var functions: URL
    var sandbox: CompletionSandbox
    /// A script to source after compinit instead of autoloading one from `functions`.
    var sourced: URL?

    static let driver = #"""
        zmodload zsh/zpty || exit 3
        zpty -b todofmt_session zsh -f -i
        zpty -w todofmt_session "stty columns 250 rows 100; PS1='%% '; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D; zstyle ':completion:*' list-colors ''; zstyle ':completion:*' format '[%d]'"
        [[ -n $3 ]] && zpty -w todofmt_session "source ${(q)3}"
        zpty -w todofmt_session "print ready''-marker"
        zpty -r todofmt_session out '*ready-marker*'
        zpty -r todofmt_session out '*% '
        zpty -w -n todofmt_session "$2"$'\C-d'
        zpty -w -n todofmt_session $'\C-u'"print done''-marker"$'\n'
        zpty -r todofmt_session out '*done-marker*'
        print -r -- "$out"
        zpty -d todofmt_session
        """#

    /// What zsh listed for `line`, terminal escapes removed, the typed line itself blanked out.
    func listing(_ line: String) throws -> String {
        let driver = sandbox.folder.appendingPathComponent("zpty-driver.zsh")
        try Data(Self.driver.utf8).write(to: driver)
        let output = try ChildProcess.run(zsh, ["-f", driver.path, functions.path, line, sourced?.path ?? ""],
                                               in: sandbox.work, environment: sandbox.environment)
        XCTAssertEqual(output.status, 0, "zsh exited \(output.status): \(output.stderr)")
        var text = output.stdout.replacingOccurrences(of: "\r", with: "")
        text = text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "\u{1B}[=>]", with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: line, with: "")
        XCTAssertFalse(text.contains("__todofmt") || text.contains("_arguments:") || text.contains("command not found"),
                       "zsh reported an error completing '\(line)':\n\(text)")
        return text
    }
}
