import Foundation
@testable import todofmt
import XCTest

/// `pre-commit-mirror/`, the hook repository that installs todofmt from its wheel, under the real pre-commit
/// framework before it is published: pip is served `dist/` instead of the package index (`PIP_NO_INDEX`,
/// `PIP_FIND_LINKS`), and no `swift` is on PATH. The first run installs the hook from nothing; its time is
/// printed (BENCHMARKS.md holds the target, 10 s, and Scripts/bench measures it).
final class PreCommitMirrorTests: XCTestCase {
    static let mirror = Todofmt.packageRoot.appendingPathComponent("pre-commit-mirror")

    func testTheMirrorsHookInstallsTodofmtFromTheWheelAndSortsTheTodoFileOnTheFirstRunWithNoSwift() throws {
        let scenario = try ReleaseFiles.scenario()
        _ = try ReleaseFiles.require(ReleaseFiles.wheel)
        guard let preCommit = scenario.which("pre-commit") else { throw RequiredTool.missing("pre-commit") }
        let home = scenario.root.appendingPathComponent(".cache/pre-commit")
        try Self.prepare(scenario, hooks: """
                  - id: todofmt
                    args: [--sort]
                  - id: todofmt-check
            """, home: home)
        XCTAssertNil(scenario.which("todofmt"), "no todofmt on PATH but the hook's")
        try scenario.write("TODO.md", "# Tasks\n\n- [x] Send the invoice\n- [ ] (B) Book the venue\n- [ ] (A) Call the caterer\n")
        try scenario.write("notes/todo.txt", "(A) Call mom\n")
        try scenario.git("add", "TODO.md", "notes/todo.txt")

        let start = Date()
        let first = try scenario.run(preCommit, ["run", "--all-files"])
        let seconds = Date().timeIntervalSince(start)
        print(String(format: "pre-commit's first run with the todofmt-pre-commit hooks, installed from scratch: %.1f s (target: under 10 s)", seconds))
        XCTAssertEqual(first.status, 1, "the hook sorts TODO.md, so the run fails:\n\(first.stdout)\(first.stderr)")
        XCTAssertTrue(first.stdout.contains("- files were modified by this hook"), first.stdout)
        XCTAssertTrue(first.stdout.contains("todofmt (check)"), first.stdout)
        XCTAssertEqual(try scenario.read("TODO.md"), "# Tasks\n\n- [ ] (A) Call the caterer\n- [ ] (B) Book the venue\n- [x] Send the invoice\n")
        XCTAssertEqual(try scenario.read("notes/todo.txt"), "(A) Call mom\n")

        let second = try scenario.run(preCommit, ["run", "--all-files"])
        XCTAssertEqual(second.status, 0, second.stdout + second.stderr)

        // The hook ran the wheel's program, installed in pre-commit's own environment for the mirror.
        let installed = try scenario.run("/bin/sh", ["-c", "ls -d \(home.path.shellQuoted)/*/py_env-*/bin/todofmt"])
        XCTAssertEqual(installed.status, 0, "pre-commit installed no todofmt: \(installed.stderr)")
        let program = URL(fileURLWithPath: installed.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(try Data(contentsOf: program), try ReleaseFiles.archivedProgram(in: scenario))
        XCTAssertEqual(try scenario.run(program.path, ["--version"]).stdout, Version.line + "\n")
    }

    func testTheMirrorPinsTheWheelOfThisVersionAndItsHooksTakeTheFilesTheRepositorysOwnHooksTake() throws {
        let project = try String(contentsOf: Self.mirror.appendingPathComponent("pyproject.toml"), encoding: .utf8)
        XCTAssertTrue(project.contains("dependencies = [\"todofmt==\(Version.current)\"]"),
                      "pre-commit-mirror/pyproject.toml pins another version than \(Version.current):\n\(project)")
        let mirrorHooks = try String(contentsOf: Self.mirror.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let ownHooks = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let files = { (text: String) in Set(text.split(separator: "\n").filter { $0.hasPrefix("  files: ") }) }
        XCTAssertEqual(files(mirrorHooks).count, 1, mirrorHooks)
        XCTAssertEqual(files(mirrorHooks), files(ownHooks))
        for entry in ["  entry: todofmt\n  language: python\n", "  entry: todofmt --check\n  language: python\n"] {
            XCTAssertTrue(mirrorHooks.contains(entry), "no hook with \(entry)")
        }
    }

    /// A hook repository made of `pre-commit-mirror/` (committed as it is, its commit the `rev`), a configuration
    /// in the scenario using `hooks` of it, and pre-commit's home in `home` (empty: nothing installed yet). pip is
    /// served `dist/`, and for building the mirror's own package (pre-commit runs `pip install .`) the setuptools
    /// wheel that virtualenv carries: the package index would serve both.
    static func prepare(_ scenario: GitScenario, hooks: String, home: URL) throws {
        let repository = scenario.root.appendingPathComponent("todofmt-pre-commit")
        let copy = try scenario.run("cp", ["-R", mirror.path, repository.path])
        XCTAssertEqual(copy.status, 0, copy.stderr)
        for arguments in [["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "The mirror"]] {
            let git = try scenario.run("git", arguments, in: repository)
            XCTAssertEqual(git.status, 0, git.stderr)
        }
        let revision = try scenario.run("git", ["rev-parse", "HEAD"], in: repository).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let bundled = try scenario.run("python3", ["-c", "import virtualenv.seed.wheels.embed as e; print(e.BUNDLE_FOLDER)"])
        guard bundled.status == 0 else { throw RequiredTool.missing("virtualenv (pre-commit's)") }
        scenario.environment["PRE_COMMIT_HOME"] = home.path
        scenario.environment["PRE_COMMIT_COLOR"] = "never"
        scenario.environment["PIP_NO_INDEX"] = "1"
        scenario.environment["PIP_FIND_LINKS"] = ReleaseFiles.dist.path + " " + bundled.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        scenario.environment["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        scenario.environment["VIRTUALENV_NO_PERIODIC_UPDATE"] = "1"
        try scenario.write(".pre-commit-config.yaml", """
            repos:
              - repo: \(repository.path)
                rev: \(revision)
                hooks:
            \(hooks)
            """)
        try scenario.git("add", ".pre-commit-config.yaml")
    }
}
