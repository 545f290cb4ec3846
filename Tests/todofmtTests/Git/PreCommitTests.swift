import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The hooks in `.pre-commit-hooks.yaml`, run by the real pre-commit in a temporary repository that uses a
/// snapshot of this checkout (uncommitted changes included) as its hook repository. They are `language: system`
/// hooks, which build nothing: they run the built `.build/debug/todofmt`, put first on PATH. (The hooks that
/// install todofmt from its wheel are `pre-commit-mirror/`'s: PreCommitMirrorTests.)
///
/// pre-commit's home is kept under `.build/pre-commit/home`, and the snapshot is committed with fixed dates, so an
/// unchanged tree has the same revision and later runs reuse what pre-commit set up.
final class PreCommitTests: XCTestCase {
    static let workFolder = GitScenario.packageRoot.appendingPathComponent(".build/pre-commit")

    /// Held for the whole test: the scenarios share the hook repository and pre-commit's home, so tests run
    /// in parallel processes (`swift test --parallel`) take turns.
    private var lock: Int32 = -1

    override func tearDown() {
        if lock >= 0 { close(lock) }
        lock = -1
    }

    private func takeTurn() throws {
        try FileManager.default.createDirectory(at: Self.workFolder, withIntermediateDirectories: true)
        lock = open(Self.workFolder.appendingPathComponent("lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(lock, 0)
        while flock(lock, LOCK_EX) != 0, errno == EINTR {}
    }

    private func preCommitScenario(hooks: String) throws -> GitScenario {
        try preCommitScenario { scenario in
            let revision = try self.snapshotOfThisCheckout(using: scenario)
            return """
                repos:
                  - repo: \(Self.workFolder.appendingPathComponent("hook-repo").path)
                    rev: \(revision)
                    hooks:
                \(hooks)
                """
        }
    }

    /// A repository whose `.pre-commit-config.yaml` is `config`, with the hooks installed, and the built todofmt
    /// first on PATH for the `language: system` hooks.
    private func preCommitScenario(config: (GitScenario) throws -> String) throws -> GitScenario {
        guard let preCommit = GitScenario.which("pre-commit") else {
            throw RequiredTool.missing("pre-commit")
        }
        try takeTurn()
        let scenario = try GitScenario()
        scenario.environment["PRE_COMMIT_HOME"] = Self.workFolder.appendingPathComponent("home").path
        scenario.environment["PRE_COMMIT_COLOR"] = "never"
        scenario.environment["PATH"] = GitScenario.todofmt.deletingLastPathComponent().path + ":"
            + (scenario.environment["PATH"] ?? "/usr/bin:/bin")
        try scenario.write(".pre-commit-config.yaml", try config(scenario))
        try scenario.write("README.md", "# A project\n")
        try scenario.git("add", ".pre-commit-config.yaml", "README.md")
        let install = try scenario.run(preCommit, ["install"])
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
        // pre-commit sets the hook repository up on first use; do it here so the scenario's own steps stay quick.
        let prepare = try scenario.run(preCommit, ["install-hooks"])
        XCTAssertEqual(prepare.status, 0, prepare.stdout + prepare.stderr)
        return scenario
    }

    /// Commits `TODO.md` with one more task, `count` times, each through the hooks.
    private func commits(_ count: Int, in scenario: GitScenario) throws {
        for index in 1...count {
            try scenario.write("TODO.md", "# Tasks\n\n" + (1...index).map { "- [ ] Task \($0)\n" }.joined())
            try scenario.git("add", "TODO.md")
            let commit = try scenario.gitAllowingFailure("commit", "-m", "task \(index)")
            XCTAssertEqual(commit.status, 0, commit.stdout + commit.stderr)
            XCTAssertTrue((commit.stdout + commit.stderr).contains("todofmt (check)....."), "the hooks ran: \(commit.stdout)\(commit.stderr)")
        }
    }

    /// Copies the checkout's files (tracked, and untracked but not ignored) into a fresh repository and
    /// commits them with a fixed author and date; returns the commit.
    private func snapshotOfThisCheckout(using scenario: GitScenario) throws -> String {
        let repository = Self.workFolder.appendingPathComponent("hook-repo")
        try? FileManager.default.removeItem(at: repository)
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let listing = try scenario.run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: GitScenario.packageRoot)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        for path in listing.stdout.split(separator: "\0").map(String.init) {
            let source = GitScenario.packageRoot.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            let target = repository.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
        var fixed = scenario.environment
        fixed["GIT_AUTHOR_DATE"] = "2026-01-01T00:00:00Z"
        fixed["GIT_COMMITTER_DATE"] = "2026-01-01T00:00:00Z"
        let git = { (arguments: [String]) throws -> GitScenario.Output in
            let saved = scenario.environment
            scenario.environment = fixed
            defer { scenario.environment = saved }
            let output = try scenario.run("git", arguments, in: repository)
            XCTAssertEqual(output.status, 0, "git \(arguments): \(output.stderr)")
            return output
        }
        _ = try git(["init", "-q", "-b", "main"])
        _ = try git(["add", "-A"])
        _ = try git(["-c", "commit.gpgsign=false", "commit", "-q", "-m", "snapshot"])
        return try git(["rev-parse", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTheHooksPassOnACanonicalTodoFileSkipOtherFilesAndFailOnUnreadableInput() throws {
        let scenario = try preCommitScenario(hooks: """
                  - id: todofmt-system
                  - id: todofmt-check-system
            """)
        try scenario.write("TODO.md", "# Tasks\n\n- [ ] Write the report\n")
        try scenario.git("add", "TODO.md")
        let first = try scenario.gitAllowingFailure("commit", "-m", "add tasks")
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        XCTAssertTrue((first.stdout + first.stderr).contains("todofmt (check)"), first.stdout + first.stderr)
        XCTAssertFalse((first.stdout + first.stderr).contains("no files to check"), "the hooks ran on TODO.md")

        try scenario.write("README.md", "# A project\n\nMore words.\n")
        try scenario.git("add", "README.md")
        let other = try scenario.gitAllowingFailure("commit", "-m", "readme")
        XCTAssertEqual(other.status, 0, other.stdout + other.stderr)
        XCTAssertTrue((other.stdout + other.stderr).contains("no files to check"), "README.md is not a todo file")

        try FileManager.default.createDirectory(at: scenario.root.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try Data([0x43, 0x61, 0x6C, 0x6C, 0x20, 0xFF, 0x0A]).write(to: scenario.root.appendingPathComponent("notes/todo.txt"))
        try scenario.git("add", "notes/todo.txt")
        let broken = try scenario.gitAllowingFailure("commit", "-m", "broken")
        XCTAssertEqual(broken.status, 1, "a todo file that is not UTF-8 stops the commit")
        XCTAssertTrue((broken.stdout + broken.stderr).contains("invalid UTF-8"), broken.stdout + broken.stderr)

        try scenario.write("notes/todo.txt", "Call mom\n")
        try scenario.git("add", "notes/todo.txt")
        XCTAssertEqual(try scenario.gitAllowingFailure("commit", "-m", "fixed").status, 0)
        let all = try scenario.run("pre-commit", ["run", "--all-files"])
        XCTAssertEqual(all.status, 0, all.stdout + all.stderr)
        _ = try scenario.run("pre-commit", ["gc"])
    }

    func testTheSystemHooksRunTheTodofmtOnPathWithoutABuild() throws {
        let scenario = try preCommitScenario(hooks: """
                  - id: todofmt-system
                    args: [--sort]
                  - id: todofmt-check-system
            """)
        try scenario.write("TODO.md", "# Tasks\n\n- [x] Send the invoice\n- [ ] (A) Call the caterer\n")
        try scenario.git("add", "TODO.md")
        let unsorted = try scenario.gitAllowingFailure("commit", "-m", "unsorted")
        XCTAssertEqual(unsorted.status, 1, "the hook sorts the file, so the commit fails:\n\(unsorted.stdout)\(unsorted.stderr)")
        XCTAssertEqual(try scenario.read("TODO.md"), "# Tasks\n\n- [ ] (A) Call the caterer\n- [x] Send the invoice\n")

        try commits(3, in: scenario)

        // Nothing was built for them: without a todofmt on PATH the hook has nothing to run.
        guard GitScenario.which("todofmt") == nil else { return }
        scenario.environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        try scenario.write("TODO.md", "# Tasks\n\n- [ ] One more\n")
        try scenario.git("add", "TODO.md")
        let missing = try scenario.gitAllowingFailure("commit", "-m", "no todofmt")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue((missing.stdout + missing.stderr).contains("Executable `todofmt` not found"), missing.stdout + missing.stderr)
    }

    /// The configuration docs/git-and-pre-commit.md shows, with only the repository's address changed to this
    /// checkout: its `rev` is a commit of this repository, and its hook runs the todofmt on PATH.
    func testTheDocumentedConfigurationWorksAsWrittenWithThisRepositoryAsItsAddress() throws {
        let page = try String(contentsOf: GitScenario.packageRoot.appendingPathComponent("docs/git-and-pre-commit.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let snippet = try XCTUnwrap(blocks.first { $0.contains("todofmt-system") }, "docs/git-and-pre-commit.md shows no configuration with todofmt-system")
        let revision = try XCTUnwrap(snippet.firstMatch(of: /rev: ([0-9a-f]{40})\b/)?.1, "rev is not a commit hash:\n\(snippet)")
        let scenario = try preCommitScenario { scenario in
            let known = try scenario.run("git", ["cat-file", "-e", "\(revision)^{commit}"], in: GitScenario.packageRoot)
            XCTAssertEqual(known.status, 0, "the documented rev \(revision) is no commit of this repository")
            return snippet.replacing(/repo: \S+/, maxReplacements: 1) { _ in "repo: \(GitScenario.packageRoot.path)" }
        }
        try scenario.write("TODO.md", "# Tasks\n\n- [ ] (B) Book the venue\n- [ ] (A) Call the caterer\n")
        try scenario.git("add", "TODO.md")
        let first = try scenario.gitAllowingFailure("commit", "-m", "tasks")
        XCTAssertEqual(first.status, 1, "the hook sorts the file:\n\(first.stdout)\(first.stderr)")
        XCTAssertEqual(try scenario.read("TODO.md"), "# Tasks\n\n- [ ] (A) Call the caterer\n- [ ] (B) Book the venue\n")
        try scenario.git("add", "TODO.md")
        let second = try scenario.gitAllowingFailure("commit", "-m", "tasks")
        XCTAssertEqual(second.status, 0, second.stdout + second.stderr)
    }
}
