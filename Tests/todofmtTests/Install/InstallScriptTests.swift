import Foundation
@testable import todofmt
import XCTest

/// `Scripts/install` as a user runs it, into a fresh prefix; then real shells with that prefix on their paths
/// find todofmt, `man todofmt`, and complete `todofmt l<Tab>`; `--uninstall` leaves the prefix as it was.
final class InstallScriptTests: XCTestCase {
    var scenario: InstallScenario!

    override func setUpWithError() throws {
        scenario = try InstallScenario()
    }

    // XCTest keeps every test case object until the run ends, so the scenario's folder goes when the test does.
    override func tearDown() { scenario = nil }

    /// The commands `todofmt l<Tab>` offers: every visible command whose name starts with `l`.
    static let commandsStartingWithL = commandTable.filter { !$0.isHidden && $0.name.hasPrefix("l") }.map(\.name)

    func testInstallPutsTheStrippedProgramTheManPageAndTheCompletionScriptsUnderThePrefixAndSaysWhere() throws {
        let result = try scenario.install(["--prefix", scenario.prefix.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Installed \(Version.line) under \(scenario.prefix.path) (the program stripped, "),
                      result.stdout)
        let root = Todofmt.packageRoot
        for (source, destination) in [("docs/todofmt.1", "share/man/man1/todofmt.1"),
                                      ("completions/todofmt.bash", "share/bash-completion/completions/todofmt"),
                                      ("completions/_todofmt", "share/zsh/site-functions/_todofmt"),
                                      ("completions/todofmt.fish", "share/fish/vendor_completions.d/todofmt.fish")] {
            XCTAssertEqual(FileManager.default.contents(atPath: scenario.prefix.appendingPathComponent(destination).path),
                           FileManager.default.contents(atPath: root.appendingPathComponent(source).path), destination)
            XCTAssertTrue(result.stdout.contains("\n  \(destination) "), "the output names \(destination)")
        }
        let program = scenario.prefix.appendingPathComponent("bin/todofmt")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: program.path))
        XCTAssertTrue(result.stdout.contains("\n  bin/todofmt "), result.stdout)
        let version = try ChildProcess.run(program.path, ["--version"], in: scenario.home, environment: scenario.environment)
        XCTAssertEqual(version.stdout, Version.line + "\n")
        let sections = try scenario.sectionNames(of: program)
        XCTAssertFalse(sections.isEmpty, "readelf read no sections")
        XCTAssertFalse(sections.contains(".symtab"), "the installed program keeps its symbol table: \(sections)")
        XCTAssertFalse(sections.contains { $0.hasPrefix(".debug") }, "the installed program keeps debug information: \(sections)")
    }

    func testAShellWithThePrefixOnPathAndManpathFindsTodofmtAndItsManPage() throws {
        try scenario.installIntoPrefix()
        try InstallScenario.checkAShellFinds(program: scenario.prefix.appendingPathComponent("bin/todofmt"),
                                             manPage: scenario.prefix.appendingPathComponent("share/man/man1/todofmt.1"),
                                             environment: scenario.shellEnvironment, in: scenario.home)
    }

    func testBashWithBashCompletionCompletesTheCommandsStartingWithL() throws {
        try scenario.installIntoPrefix()
        guard let lines = try scenario.bashWithBashCompletion(tab: "todofmt l", environment: scenario.shellEnvironment) else { return }
        XCTAssertEqual(lines.first, scenario.prefix.appendingPathComponent("bin/todofmt").path)
        XCTAssertEqual(Set(lines.dropFirst()), Set(Self.commandsStartingWithL), lines.joined(separator: "\n"))
    }

    func testZshCompletesTheCommandsStartingWithLFromTheFolderTheInstallNames() throws {
        let output = try scenario.installIntoPrefix()
        let functions = scenario.prefix.appendingPathComponent("share/zsh/site-functions")
        XCTAssertTrue(output.contains("\n  fpath=(\(functions.path) $fpath)\n"), "the install says what to add to ~/.zshrc:\n\(output)")
        guard let zsh = try CompletionHarness.require("zsh") else { return }
        let found = try ChildProcess.run(zsh, ["-fc", "whence -p todofmt"], in: scenario.work, environment: scenario.shellEnvironment)
        XCTAssertEqual(found.stdout, scenario.prefix.appendingPathComponent("bin/todofmt").path + "\n")
        let sandbox = try CompletionSandbox()
        sandbox.environment = scenario.shellEnvironment
        let listing = try ZshSession(zsh: zsh, functions: functions, sandbox: sandbox).listing("todofmt l")
        for name in Self.commandsStartingWithL {
            XCTAssertTrue(listing.contains(name), "zsh does not offer \(name):\n\(listing)")
        }
        XCTAssertFalse(listing.contains("agenda"), "zsh offers commands that do not start with l:\n\(listing)")
    }

    func testFishCompletesTheCommandsStartingWithLFromItsVendorFolder() throws {
        try scenario.installIntoPrefix()
        guard let fish = try CompletionHarness.require("fish") else { return }
        let result = try ChildProcess.run(fish, ["-c", "command -v todofmt; and complete -C 'todofmt l'"],
                                               in: scenario.work, environment: scenario.shellEnvironment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, scenario.prefix.appendingPathComponent("bin/todofmt").path)
        XCTAssertEqual(Set(lines.dropFirst().map { String($0.prefix { $0 != "\t" }) }), Set(Self.commandsStartingWithL),
                       result.stdout)
    }

    func testUninstallLeavesThePrefixAsItWas() throws {
        // A prefix in use: a program of its own, a man folder with nothing in it yet, another zsh completion.
        try scenario.write("#!/bin/sh\n", to: "bin/other")
        try FileManager.default.createDirectory(at: scenario.prefix.appendingPathComponent("share/man/man1"),
                                                withIntermediateDirectories: true)
        try scenario.write("#compdef other\n", to: "share/zsh/site-functions/_other")
        let before = try scenario.snapshot()
        try scenario.installIntoPrefix()
        XCTAssertNotEqual(try scenario.snapshot(), before)

        let result = try scenario.install(["--prefix", scenario.prefix.path, "--uninstall"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try scenario.snapshot(), before, result.stdout)
        XCTAssertTrue(result.stdout.contains("  removed  bin/todofmt\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  removed  share/fish/\n"), result.stdout)

        let again = try scenario.install(["--prefix", scenario.prefix.path, "--uninstall"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("Nothing to remove"), again.stdout)
        XCTAssertEqual(try scenario.snapshot(), before)
    }

    func testTheScriptRunsUnderDashAPOSIXShellAsInstallShOfTheArchiveIsRun() throws {
        // `sh install.sh`: sh is dash on Debian and Ubuntu, which knows nothing of bash's extensions.
        guard let dash = try CompletionHarness.require("dash") else { return }
        let script = scenario.checkout.appendingPathComponent("Scripts/install").path
        let before = try scenario.snapshot()
        let result = try ChildProcess.run(dash, [script, "--prefix", scenario.prefix.path], in: scenario.home,
                                               environment: scenario.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.hasPrefix("Installed \(Version.line) under \(scenario.prefix.path) "), result.stdout)
        XCTAssertTrue(result.stdout.contains("\n  export PATH=\"\(scenario.prefix.path)/bin:$PATH\"\n"), result.stdout)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: scenario.prefix.appendingPathComponent("bin/todofmt").path))
        XCTAssertEqual(try String(contentsOf: scenario.prefix.appendingPathComponent("share/todofmt/installed"), encoding: .utf8), """
            bin/
            share/
            share/man/
            share/man/man1/
            share/bash-completion/
            share/bash-completion/completions/
            share/zsh/
            share/zsh/site-functions/
            share/fish/
            share/fish/vendor_completions.d/
            share/todofmt/
            bin/todofmt
            share/man/man1/todofmt.1
            share/bash-completion/completions/todofmt
            share/zsh/site-functions/_todofmt
            share/fish/vendor_completions.d/todofmt.fish

            """)
        let uninstall = try ChildProcess.run(dash, [script, "--prefix", scenario.prefix.path, "--uninstall"], in: scenario.home,
                                                  environment: scenario.environment)
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(try scenario.snapshot(), before, uninstall.stdout)
    }

    func testUninstallKeepsAFolderTheInstallMadeOnceItHoldsAnotherFile() throws {
        try scenario.installIntoPrefix()
        try scenario.write("complete -c other\n", to: "share/fish/vendor_completions.d/other.fish")
        let result = try scenario.install(["--prefix", scenario.prefix.path, "--uninstall"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("  kept     share/fish/vendor_completions.d/ (it holds other files)\n"),
                      result.stdout)
        XCTAssertEqual(try scenario.snapshot(), ["share/", "share/fish/", "share/fish/vendor_completions.d/",
                                                 "share/fish/vendor_completions.d/other.fish: complete -c other\n"])
    }

    func testWithoutAPrefixItInstallsUnderDotLocalWhereBashCompletionFishAndManLookByThemselves() throws {
        let result = try scenario.install([])
        XCTAssertEqual(result.status, 0, result.stderr)
        let local = scenario.home.appendingPathComponent(".local")
        XCTAssertTrue(result.stdout.hasPrefix("Installed \(Version.line) under \(local.path) "),
                      result.stdout)
        XCTAssertFalse(result.stdout.contains("XDG_DATA_DIRS"), "no setting is needed for bash and fish:\n\(result.stdout)")
        // Only ~/.local/bin on PATH, as many systems' profiles put it there.
        var environment = scenario.environment
        environment["PATH"] = local.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "")
        guard let lines = try scenario.bashWithBashCompletion(tab: "todofmt lspr", environment: environment) else { return }
        XCTAssertEqual(lines, [local.appendingPathComponent("bin/todofmt").path, "lsprj"])
        _ = try ManTool.require("man")
        let man = try ChildProcess.run("/bin/sh", ["-c", "man -w todofmt"], in: scenario.work, environment: environment)
        XCTAssertEqual(man.stdout, local.appendingPathComponent("share/man/man1/todofmt.1").path + "\n", man.stderr)
        guard let fish = try CompletionHarness.require("fish") else { return }
        let fishRun = try ChildProcess.run(fish, ["-c", "complete -C 'todofmt lspr'"], in: scenario.work, environment: environment)
        XCTAssertEqual(fishRun.stdout.split(separator: "\t").first, "lsprj", fishRun.stdout + fishRun.stderr)
    }

    func testTheReleaseBinaryIsBuiltWhenItIsMissingOrOlderThanTheSourcesAndOnlyThen() throws {
        // A `swift` that records how it was called and leaves the built binary where the release build puts it.
        let tools = scenario.root.appendingPathComponent("tools")
        let calls = scenario.root.appendingPathComponent("swift-calls")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let fakeSwift = tools.appendingPathComponent("swift")
        try Data("""
            #!/bin/sh
            echo "$PWD $*" >> \(calls.path.shellQuoted)
            mkdir -p .build/release && cp \(InstallScenario.builtBinary.path.shellQuoted) .build/release/todofmt
            """.utf8).write(to: fakeSwift)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeSwift.path)
        var environment = scenario.environment
        environment["PATH"] = tools.path + ":" + (environment["PATH"] ?? "")
        let built = scenario.checkout.appendingPathComponent(".build/release/todofmt")
        let recorded = { (try? String(contentsOf: calls, encoding: .utf8)) ?? "" }

        XCTAssertEqual(recorded(), "")
        XCTAssertEqual(try scenario.install(["--prefix", scenario.prefix.path], environment: environment).status, 0)
        XCTAssertEqual(recorded(), "", "a binary newer than every source is installed as it is")

        try FileManager.default.removeItem(at: built)
        XCTAssertEqual(try scenario.install(["--prefix", scenario.prefix.path], environment: environment).status, 0)
        XCTAssertEqual(recorded(), "\(scenario.checkout.path) build -c release --product todofmt\n", "a missing binary is built")

        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: built.path)
        XCTAssertEqual(try scenario.install(["--prefix", scenario.prefix.path], environment: environment).status, 0)
        XCTAssertEqual(recorded().split(separator: "\n").count, 2, "a binary older than a source is built again")
    }
}

/// A copy of the checkout with a built todofmt where the release build puts it, an empty prefix and a home
/// folder, all removed at the end of the test. In the copy, `Scripts/install` finds the binary newer than every
/// source and installs it without building: a build in the real checkout would wait for the `swift test`
/// running this test to end. The binary is the debug build the end-to-end tests run, which the script installs
/// as it installs a release build (stripped, where man and the shells look); a release build of its own would
/// add a minute to the suite, beside the one pre-commit makes.
final class InstallScenario {
    static let builtBinary = Todofmt.executable

    let root: URL
    let checkout: URL
    let prefix: URL
    let home: URL
    /// An empty folder for the shells to run in, so that no file name starting with `l` joins the commands.
    let work: URL

    init() throws {
        try Todofmt.requireBuilt()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-install-\(UUID().uuidString)")
        checkout = root.appendingPathComponent("checkout")
        prefix = root.appendingPathComponent("prefix")
        home = root.appendingPathComponent("home")
        work = root.appendingPathComponent("work")
        for folder in [checkout, prefix, home, work] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for path in ["Package.swift", "Sources", "Scripts", "docs", "completions"] {
            try FileManager.default.copyItem(at: Todofmt.packageRoot.appendingPathComponent(path),
                                             to: checkout.appendingPathComponent(path))
        }
        let binary = checkout.appendingPathComponent(".build/release/todofmt")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.builtBinary, to: binary)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: binary.path)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// What the script runs with: the user's PATH without the prefix, a fresh home, no XDG or MANPATH setting.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["LC_ALL"] = "C"
        environment["MANPAGER"] = "cat"
        environment["MANWIDTH"] = "80"
        for key in ["XDG_DATA_DIRS", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "MANPATH", "TODOFMT_FILE",
                    "BASH_COMPLETION_USER_DIR"] {
            environment.removeValue(forKey: key)
        }
        return environment
    }

    /// A shell with the prefix on PATH and MANPATH, and on XDG_DATA_DIRS as the install's output says.
    var shellEnvironment: [String: String] {
        var environment = self.environment
        environment["PATH"] = prefix.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["MANPATH"] = prefix.appendingPathComponent("share/man").path
        environment["XDG_DATA_DIRS"] = prefix.appendingPathComponent("share").path + ":/usr/local/share:/usr/share"
        return environment
    }

    func install(_ arguments: [String], environment: [String: String]? = nil) throws -> ChildProcess.Result {
        try ChildProcess.run(checkout.appendingPathComponent("Scripts/install").path, arguments, in: home,
                                  environment: environment ?? self.environment)
    }

    /// Checks that in a bash with `environment` (the installed program's folder first on PATH, its man folder on
    /// MANPATH), `command -v todofmt` is `program`, which prints `Version.line`, and `man todofmt` shows `manPage`.
    static func checkAShellFinds(program: URL, manPage: URL, environment: [String: String], in folder: URL,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        guard let bash = try CompletionHarness.require("bash") else { return }
        _ = try ManTool.require("man")
        let result = try ChildProcess.run(bash, ["--norc", "--noprofile", "-c", """
            command -v todofmt && todofmt --version && man -w todofmt && man todofmt | head -n 8
            """], in: folder, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(3)), [program.path, Version.line, manPage.path], file: file, line: line)
        XCTAssertTrue(result.stdout.contains("todofmt - format, sort and edit Markdown task lists and todo.txt files"),
                      result.stdout, file: file, line: line)
    }

    /// What Tab on `line` offers in a bash that loaded bash-completion, as an interactive bash does at
    /// start-up, after the path `command -v todofmt` prints; nil after a failure for a missing tool.
    ///
    /// It goes as bash goes: with no completion for todofmt yet, bash runs the default one, bash-completion's
    /// loader, which looks for a script named todofmt in its folders, sources it and returns 124; bash then
    /// calls the completion the script defined.
    func bashWithBashCompletion(tab line: String, environment: [String: String]) throws -> [String]? {
        try Self.bashWithBashCompletion(tab: line, environment: environment, in: work)
    }

    /// As `bashWithBashCompletion(tab:environment:)`, with bash run in `folder`.
    static func bashWithBashCompletion(tab line: String, environment: [String: String], in folder: URL) throws -> [String]? {
        guard let bash = try CompletionHarness.require("bash") else { return nil }
        let loader = try Self.bashCompletion()
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let program = """
            source \(loader.shellQuoted) || exit 3
            command -v todofmt || exit 4
            complete -p todofmt >/dev/null 2>&1 && exit 5
            COMP_WORDS=(\(words.map(\.shellQuoted).joined(separator: " ")))
            COMP_CWORD=\(words.count - 1); COMP_LINE=\(line.shellQuoted); COMP_POINT=${#COMP_LINE}; COMP_TYPE=9
            default=$(complete -p -D) || exit 6; default=${default#*-F }
            ${default%% *} todofmt \(words.last!.shellQuoted) \(words[words.count - 2].shellQuoted)
            (($? == 124)) || exit 7
            spec=$(complete -p todofmt) || exit 8; spec=${spec#*-F }
            ${spec%% *} todofmt \(words.last!.shellQuoted) \(words[words.count - 2].shellQuoted)
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ChildProcess.run(bash, ["--norc", "--noprofile", "-c", program], in: folder, environment: environment)
        XCTAssertEqual(result.status, 0, "bash: \(result.stderr)")
        XCTAssertEqual(result.stderr, "")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Installs into the prefix, checks that it worked and that the output says to set what `shellEnvironment`
    /// sets, and returns the output.
    @discardableResult
    func installIntoPrefix(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try install(["--prefix", prefix.path])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        for hint in ["export PATH=\"\(prefix.path)/bin:$PATH\"",
                     "export XDG_DATA_DIRS=\"\(prefix.path)/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}\""] {
            XCTAssertTrue(result.stdout.contains("\n  \(hint)\n"), "the output does not say \(hint):\n\(result.stdout)",
                          file: file, line: line)
        }
        return result.stdout
    }

    func write(_ text: String, to path: String) throws {
        let url = prefix.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Every path under the prefix, sorted: a folder as `path/`, a file as `path: content`.
    func snapshot() throws -> [String] {
        var entries: [String] = []
        let base = prefix.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: prefix, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
            if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
                entries.append(relative + "/")
            } else {
                entries.append(relative + ": " + String(decoding: try Data(contentsOf: url), as: UTF8.self))
            }
        }
        return entries.sorted()
    }

    /// The names of an ELF file's sections, as `readelf` lists them.
    func sectionNames(of program: URL) throws -> [String] {
        guard let readelf = GitScenario.which("readelf") else { throw RequiredTool.missing("readelf (binutils)") }
        let result = try ChildProcess.run(readelf, ["-S", "-W", program.path], in: home, environment: environment)
        return result.stdout.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "]") else { return nil }
            return line[line.index(after: open)...].split(separator: " ").first.map(String.init)
        }
    }

    /// bash-completion's main script, which an interactive bash sources at start-up.
    static func bashCompletion() throws -> String {
        for path in ["/usr/share/bash-completion/bash_completion", "/usr/local/share/bash-completion/bash_completion",
                     "/opt/homebrew/share/bash-completion/bash_completion"]
        where FileManager.default.fileExists(atPath: path) {
            return path
        }
        throw RequiredTool.missing("bash-completion")
    }
}
