import Foundation
import XCTest

/// `todofmt merge` where the versions could be read more than one way, run as git runs it: the exit code, the
/// file on disk and git's conflict markers. A clean merge is one the sides' changes explain; the rest is a
/// conflict.
final class MergeCommandWithoutGuessingTests: XCTestCase {
    /// Writes the three versions as `b`, `o` and `t` with `extension`, runs `todofmt merge b o t` and returns the run
    /// and what `o` holds afterwards.
    private func merge(_ extension: String = "md", base: String, ours: String, theirs: String, arguments: [String] = [],
                       environment: [String: String] = [:]) throws -> (Todofmt.Result, String) {
        let folder = try TemporaryFolder()
        let names = ["b", "o", "t"].map { "\($0).\(`extension`)" }
        for (name, text) in zip(names, [base, ours, theirs]) { try folder.write(text, to: name) }
        let result = try Todofmt.run(["merge"] + names + arguments, environment: environment, in: folder.url)
        return (result, try folder.text(names[1]))
    }

    func testATickIsAConflictWhenTheOtherSideMayHaveMovedTheTaskAndAddedOneOfItsTextInItsPlace() throws {
        let (result, merged) = try merge(base: "# H\n\n- [ ] a x:1\n\n# W\n", ours: "# H\n\n- [x] 2026-03-04 a x:1\n\n# W\n",
                                         theirs: "# H\n\n- [ ] a\n\n# W\n\n- [ ] a x:1\n")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.errorLines, [
            "o.md:3: conflict: both sides changed tasks with the text of 'a x:1', and which one each side changed cannot be told",
            "o.md:11: conflict: both sides changed tasks with the text of 'a x:1', and which one each side changed cannot be told"])
        XCTAssertEqual(merged, "# H\n\n<<<<<<< ours\n- [x] 2026-03-04 a x:1\n=======\n- [ ] a\n>>>>>>> theirs\n\n# W\n\n"
            + "<<<<<<< ours\n=======\n- [ ] a x:1\n>>>>>>> theirs\n")
    }

    func testACompletionBesideADoneAndAnOpenTaskOfItsTextIsAConflict() throws {
        let (result, merged) = try merge(base: "- [ ] Review\n", ours: "- [x] 2026-03-01 Review\n",
                                         theirs: "- [x] 2026-03-02 Review\n- [ ] Review\n")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(merged, "<<<<<<< ours\n=======\n- [x] 2026-03-02 Review\n>>>>>>> theirs\n"
            + "<<<<<<< ours\n- [x] 2026-03-01 Review\n=======\n- [ ] Review\n>>>>>>> theirs\n")
    }

    func testARecurringTaskDoneOnBothBranchesIsOneCompletionAndOneNextOccurrence() throws {
        // Each branch ran `todofmt done 1`, on 2026-03-04 and on 2026-03-09.
        let folder = try TemporaryFolder()
        let base = "- [ ] a rec:1w due:2026-03-06\n"
        for (name, day) in [("o.md", "2026-03-09"), ("t.md", "2026-03-04")] {
            try folder.write(base, to: name)
            let done = try Todofmt.run(["done", "-f", name, "1", "--today", day], in: folder.url)
            XCTAssertEqual(done.status, 0, done.stderr)
        }
        try folder.write(base, to: "b.md")
        let result = try Todofmt.run(["merge", "b.md", "o.md", "t.md"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.text("o.md"), "- [x] 2026-03-04 a rec:1w due:2026-03-06\n- [ ] a rec:1w due:2026-03-11\n")
    }

    func testATasksRecurringTaskDoneOnBothSidesOneRewordingItsCopyInventsNoOccurrence() throws {
        let (result, merged) = try merge(base: "- [ ] Review 🔁 every week 📅 2026-03-06\n",
                                         ours: "- [ ] Review 🔁 every week 📅 2026-03-13\n- [x] Review twice 🔁 every week 📅 2026-03-06 ✅ 2026-03-04\n",
                                         theirs: "- [ ] Review 🔁 every week 📅 2026-03-13\n- [x] Review 🔁 every week 📅 2026-03-06 ✅ 2026-03-09\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(merged, "- [ ] Review 🔁 every week 📅 2026-03-13\n- [x] Review twice 🔁 every week 📅 2026-03-06 ✅ 2026-03-04\n")
    }

    func testATaskAddedOnBothSidesInDifferentListsIsMarkedAtBothPlaces() throws {
        let (result, merged) = try merge(base: "# H\n\n- [ ] b\n\n# W\n\n- [ ] c\n", ours: "# H\n\n- [ ] b\n- [ ] new\n\n# W\n\n- [ ] c\n",
                                         theirs: "# H\n\n- [ ] b\n\n# W\n\n- [ ] c\n- [ ] new\n", arguments: ["--path", "TODO.md"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.errorLines, ["TODO.md:4: conflict: both sides added task 'new', in different places; here is where our side put it",
                                           "TODO.md:12: conflict: both sides added task 'new', in different places; here is where their side put it"])
        XCTAssertEqual(merged, "# H\n\n- [ ] b\n<<<<<<< ours\n- [ ] new\n=======\n>>>>>>> theirs\n\n# W\n\n- [ ] c\n"
            + "<<<<<<< ours\n=======\n- [ ] new\n>>>>>>> theirs\n")
    }

    func testPrioritiesMergeAsOneFieldWhateverTheirForm() throws {
        let (conflict, marked) = try merge("txt", base: "a\n", ours: "(A) a\n", theirs: "x 2026-03-01 a pri:C\n")
        XCTAssertEqual(conflict.status, 1, conflict.stderr)
        XCTAssertEqual(conflict.errorLines, ["o.txt:1: conflict: both sides changed the priority of task 'a'"])
        XCTAssertEqual(marked, "<<<<<<< ours\n(A) a\n=======\nx 2026-03-01 a pri:C\n>>>>>>> theirs\n")
        let (clean, merged) = try merge("txt", base: "(B) a\n", ours: "a\n", theirs: "x 2026-03-01 a pri:B\n")
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(merged, "x 2026-03-01 a\n")
    }

    func testATasksTaskDoneOnBothSidesKeepsTheEarlierDate() throws {
        let (result, merged) = try merge(base: "- [ ] Review 📅 2026-03-06\n", ours: "- [x] Review 📅 2026-03-06 ✅ 2026-03-09\n",
                                         theirs: "- [x] Review 📅 2026-03-06 ✅ 2026-03-04\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(merged, "- [x] Review 📅 2026-03-06 ✅ 2026-03-04\n")
    }

    func testAMergeThatWouldNotReadBackWritesNothingAndExitsTwoForGitsLineMergeToTakeOver() throws {
        // Safe mode's own test: every text made loses its second line before it is checked.
        let ours = "- [x] a\n- [ ] b\n"
        let (result, merged) = try merge(base: "- [ ] a\n- [ ] b\n", ours: ours, theirs: "- [ ] a\n- [ ] b due:2026-03-01\n",
                                         environment: ["TODOFMT_FAULT": "drop-line:2"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("o.md: error: the merge cannot be written even as a conflict ("), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("; nothing was written\n"), result.stderr)
        XCTAssertEqual(merged, ours)
    }

    func testANoteOfAVaultIsMergedAsTheVaultReadsIt() throws {
        // In the vault a callout holds tasks, so a tick and a due date on neighbouring lines are two tasks' changes.
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("vault/.obsidian"), withIntermediateDirectories: true)
        try folder.write("{}", to: "vault/.obsidian/app.json")
        for (name, text) in [("b.md", "> [!todo]\n> - [ ] a\n> - [ ] b\n"), ("o.md", "> [!todo]\n> - [x] a\n> - [ ] b\n"),
                             ("t.md", "> [!todo]\n> - [ ] a\n> - [ ] b due:2026-03-01\n")] {
            try folder.write(text, to: "vault/\(name)")
        }
        let result = try Todofmt.run(["merge", "b.md", "o.md", "t.md", "--path", "Week.md"], in: folder.url.appendingPathComponent("vault"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.text("vault/o.md"), "> [!todo]\n> - [x] a\n> - [ ] b due:2026-03-01\n")
    }

    func testGitStopsOnTheConflictAndTheFileHoldsItsMarkers() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(path: "TODO.md", base: "- [ ] Review\n", ours: "- [x] 2026-03-01 Review\n",
                                               theirs: "- [x] 2026-03-02 Review\n- [ ] Review\n")
        XCTAssertEqual(merge.status, 1, merge.stdout + merge.stderr)
        XCTAssertTrue(merge.stderr.contains("TODO.md:1: conflict: both sides changed tasks with the text of 'Review'"), merge.stderr)
        XCTAssertEqual(try scenario.read("TODO.md"), "<<<<<<< ours\n=======\n- [x] 2026-03-02 Review\n>>>>>>> theirs\n"
            + "<<<<<<< ours\n- [x] 2026-03-01 Review\n=======\n- [ ] Review\n>>>>>>> theirs\n")
        XCTAssertEqual(try scenario.git("diff", "--name-only", "--diff-filter=U").stdout, "TODO.md\n")
    }
}
