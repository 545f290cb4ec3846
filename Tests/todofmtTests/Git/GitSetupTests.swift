import Foundation
import XCTest

/// `todofmt git-setup` and `todofmt merge` as git and the shell see them.
final class GitSetupTests: XCTestCase {
    func testGitSetupWritesTheDriverAndAttributesOnceAndUndoRemovesExactlyThat() throws {
        let scenario = try GitScenario()
        try scenario.write(".gitattributes", "*.png binary\n")
        let configBefore = try scenario.read(".git/config")
        XCTAssertEqual(try scenario.todofmt("git-setup").status, 0)
        XCTAssertEqual(try scenario.git("config", "merge.todofmt.driver").stdout, """
            todofmt merge %O %A %B --path %P --marker-size %L --conflict-style "$(git config merge.conflictStyle || echo merge)"; \
            status=$?; [ $status -le 1 ] && exit $status; \
            echo "todofmt: the task merge of %P did not run (exit $status); merging it line by line" >&2; \
            git merge-file -L ours -L base -L theirs --marker-size=%L %A %O %B

            """)
        XCTAssertEqual(try scenario.git("check-attr", "merge", "diff", "--", "TODO.md", "notes/todo.txt", "a.todo.md", "README.md").stdout, """
            TODO.md: merge: todofmt
            TODO.md: diff: todofmt
            notes/todo.txt: merge: todofmt
            notes/todo.txt: diff: todofmt
            a.todo.md: merge: todofmt
            a.todo.md: diff: todofmt
            README.md: merge: unspecified
            README.md: diff: unspecified

            """)
        let attributes = try scenario.read(".gitattributes")
        let config = try scenario.read(".git/config")

        XCTAssertEqual(try scenario.todofmt("git-setup").status, 0)
        XCTAssertEqual(try scenario.read(".gitattributes"), attributes, "a second run changes nothing")
        XCTAssertEqual(try scenario.read(".git/config"), config, "a second run changes nothing")

        XCTAssertEqual(try scenario.todofmt("git-setup", "--undo").status, 0)
        XCTAssertEqual(try scenario.read(".gitattributes"), "*.png binary\n")
        XCTAssertEqual(try scenario.read(".git/config"), configBefore)
    }

    func testUndoRemovesAGitattributesFileThatHeldOnlyTodofmtLines() throws {
        let scenario = try GitScenario()
        XCTAssertEqual(try scenario.todofmt("git-setup").status, 0)
        XCTAssertEqual(try scenario.todofmt("git-setup", "--undo").status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scenario.root.appendingPathComponent(".gitattributes").path))
    }

    func testGitSetupOutsideARepositoryFailsWithExitCode2() throws {
        let scenario = try GitScenario()
        let outside = scenario.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        scenario.environment["GIT_CEILING_DIRECTORIES"] = scenario.root.path
        let output = try scenario.run(GitScenario.todofmt.path, ["git-setup"], in: outside)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "todofmt: error: git-setup must run inside a git repository\n", "one line, without git's own")
    }

    func testGitSetupSaysWhyGitCannotFindTheRepositoryOrThatGitIsMissing() throws {
        let scenario = try GitScenario()
        try scenario.write("notes", "not a repository\n")
        scenario.environment["GIT_DIR"] = scenario.root.appendingPathComponent("notes").path
        let broken = try scenario.run(GitScenario.todofmt.path, ["git-setup"])
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(broken.stderr, "todofmt: error: git cannot tell this repository's folder: fatal: invalid gitfile format: \(scenario.root.path)/notes\n")

        scenario.environment["GIT_DIR"] = nil
        scenario.environment["PATH"] = scenario.root.appendingPathComponent("no-bin").path
        let noGit = try scenario.run(GitScenario.todofmt.path, ["git-setup"])
        XCTAssertEqual(noGit.status, 2)
        XCTAssertEqual(noGit.stderr, "todofmt: error: git-setup needs git, and there is no 'git' on PATH\n")
    }

    func testMergeWritesTheResultToOursAndExitsOneWithConflicts() throws {
        let scenario = try GitScenario()
        try scenario.write("base", "- [ ] a\n- [ ] b\n")
        try scenario.write("ours", "- [x] a\n- [ ] b\n")
        try scenario.write("theirs", "- [-] a\n- [ ] b due:2026-01-01\n")
        let output = try scenario.todofmt("merge", "base", "ours", "theirs", "--path", "TODO.md")
        XCTAssertEqual(output.status, 1)
        XCTAssertEqual(output.stderr, "TODO.md:1: conflict: both sides changed the status of task 'a'\n")
        XCTAssertEqual(try scenario.read("ours"), """
            <<<<<<< ours
            - [x] a
            =======
            - [-] a
            >>>>>>> theirs
            - [ ] b due:2026-01-01

            """)
    }

    func testMergeExitsZeroWhenClean() throws {
        let scenario = try GitScenario()
        try scenario.write("base", "a\nb\n")
        try scenario.write("ours", "x a\nb\n")
        try scenario.write("theirs", "a\nb due:2026-01-01\n")
        let output = try scenario.todofmt("merge", "base", "ours", "theirs", "--path", "todo.txt")
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try scenario.read("ours"), "x a\nb due:2026-01-01\n")
    }

    func testMergeExitsTwoOnAMissingOrInvalidInputAndLeavesOursAlone() throws {
        let scenario = try GitScenario()
        try scenario.write("ours", "- [ ] a\n")
        try scenario.write("theirs", "- [ ] a\n")
        XCTAssertEqual(try scenario.todofmt("merge", "missing", "ours", "theirs").status, 2)
        try Data([0x2D, 0x20, 0xFF, 0x0A]).write(to: scenario.root.appendingPathComponent("base"))
        let output = try scenario.todofmt("merge", "base", "ours", "theirs")
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("invalid UTF-8"), output.stderr)
        XCTAssertEqual(try scenario.read("ours"), "- [ ] a\n")
        XCTAssertEqual(try scenario.todofmt("merge", "base", "ours").status, 64)
    }

    func testWordDiffShowsATickedCheckboxAndAChangedDueDateAsWholeWords() throws {
        let scenario = try GitScenario()
        XCTAssertEqual(try scenario.todofmt("git-setup").status, 0)
        let lines = ["# Home", "", "- [ ] Buy milk due:2026-03-01", "- [ ] Call the plumber", "", "## Garden", "",
                     "- [ ] Mow the lawn", "- [ ] Rake", "- [ ] Sweep", "- [ ] Weed", "- [ ] Prune due:2026-04-01", ""]
        try scenario.commit("TODO.md", lines.joined(separator: "\n"), message: "base")
        try scenario.write("TODO.md", lines.joined(separator: "\n")
            .replacingOccurrences(of: "- [ ] Buy milk due:2026-03-01", with: "- [x] Buy milk due:2026-03-05")
            .replacingOccurrences(of: "- [ ] Prune due:2026-04-01", with: "- [ ] Prune due:2026-04-08"))
        let diff = try scenario.git("diff", "--word-diff", "--no-color", "-U1").stdout
        XCTAssertTrue(diff.contains("- [-[ ]-]{+[x]+} Buy milk [-due:2026-03-01-]{+due:2026-03-05+}"), diff)
        XCTAssertTrue(diff.contains("- [ ] Prune [-due:2026-04-01-]{+due:2026-04-08+}"), diff)
        XCTAssertTrue(diff.contains("@@ ## Garden"), "hunk headers name the list:\n\(diff)")
    }
}
