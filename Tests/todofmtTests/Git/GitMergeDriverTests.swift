import Foundation
import XCTest

/// The merge driver with the real git: scenario repositories whose branches make each kind of edit.
final class GitMergeDriverTests: XCTestCase {
    let base = """
        # Home

        - [ ] Buy milk due:2026-03-01
        - [ ] Call the plumber
        - [ ] Water the plants

        ## Garden

        - [ ] Mow the lawn

        """

    func edited(_ replacements: (String, String)...) -> String {
        replacements.reduce(base) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    func testTickingABoxWhileTheOtherSideEditsTheNextLineConflictsInPlainGitButNotWithTheDriver() throws {
        let ours = edited(("- [ ] Buy milk", "- [x] Buy milk"))
        let theirs = edited(("Call the plumber", "Call the plumber about the boiler"))

        let plain = try GitScenario()
        let plainMerge = try plain.mergeScenario(path: "TODO.md", base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(plainMerge.status, 1, "plain git merges adjacent edits cleanly?\n\(plainMerge.stdout)")
        XCTAssertTrue(try plain.read("TODO.md").contains("<<<<<<<"))

        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(path: "TODO.md", base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(try scenario.read("TODO.md"),
                       edited(("- [ ] Buy milk", "- [x] Buy milk"), ("Call the plumber", "Call the plumber about the boiler")))
    }

    func testTasksAddedAtTheEndOfTheSameListOnBothSidesConflictInPlainGitButTheDriverKeepsBoth() throws {
        let ours = edited(("- [ ] Mow the lawn\n", "- [ ] Mow the lawn\n- [ ] Prune the roses\n"))
        let theirs = edited(("- [ ] Mow the lawn\n", "- [ ] Mow the lawn\n- [ ] Plant tulips\n"))

        let plain = try GitScenario()
        XCTAssertEqual(try plain.mergeScenario(path: "TODO.md", base: base, ours: ours, theirs: theirs).status, 1)

        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(path: "TODO.md", base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(try scenario.read("TODO.md"),
                       edited(("- [ ] Mow the lawn\n", "- [ ] Mow the lawn\n- [ ] Prune the roses\n- [ ] Plant tulips\n")))
    }

    func testCompletingATaskWhileTheOtherSideChangesItsTextAndDueDateAppliesBoth() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(
            path: "TODO.md", base: base,
            ours: edited(("- [ ] Buy milk", "- [x] Buy milk")),
            theirs: edited(("Buy milk due:2026-03-01", "Buy oat milk due:2026-03-08")))
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(try scenario.read("TODO.md"), edited(("- [ ] Buy milk due:2026-03-01", "- [x] Buy oat milk due:2026-03-08")))
    }

    func testCompletingATaskWhileTheOtherSideAddsANoteAppliesBoth() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(
            path: "TODO.md", base: base,
            ours: edited(("- [ ] Call the plumber", "- [x] Call the plumber")),
            theirs: edited(("- [ ] Call the plumber\n", "- [ ] Call the plumber\n  Number is on the fridge.\n")))
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(try scenario.read("TODO.md"),
                       edited(("- [ ] Call the plumber\n", "- [x] Call the plumber\n  Number is on the fridge.\n")))
    }

    func testMovingATaskToAnotherListWhileTheOtherSideEditsItAppliesBoth() throws {
        let moved = edited(("- [ ] Water the plants\n", ""), ("- [ ] Mow the lawn\n", "- [ ] Mow the lawn\n- [ ] Water the plants\n"))
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(path: "TODO.md", base: base, ours: moved,
                                               theirs: edited(("Water the plants", "Water the plants +weekend")))
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(try scenario.read("TODO.md"), moved.replacingOccurrences(of: "Water the plants", with: "Water the plants +weekend"))
    }

    func testDeletingATaskTheOtherSideEditedIsAConflictAroundThatTask() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(
            path: "TODO.md", base: base,
            ours: edited(("- [ ] Call the plumber\n", ""), ("- [ ] Mow", "- [x] Mow")),
            theirs: edited(("Call the plumber", "Call the plumber before Friday")))
        XCTAssertEqual(merge.status, 1)
        XCTAssertTrue(merge.stdout.contains("CONFLICT"), merge.stdout)
        XCTAssertEqual(try scenario.read("TODO.md"), """
            # Home

            - [ ] Buy milk due:2026-03-01
            <<<<<<< ours
            =======
            - [ ] Call the plumber before Friday
            >>>>>>> theirs
            - [ ] Water the plants

            ## Garden

            - [x] Mow the lawn

            """)
    }

    func testBothSidesChangingTheSameDueDateDifferentlyPutMarkersAroundThatTaskAlone() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(
            path: "TODO.md", base: base,
            ours: edited(("due:2026-03-01", "due:2026-03-02"), ("- [ ] Mow", "- [x] Mow")),
            theirs: edited(("due:2026-03-01", "due:2026-03-03"), ("- [ ] Water", "- [x] Water")))
        XCTAssertEqual(merge.status, 1)
        XCTAssertEqual(try scenario.read("TODO.md"), """
            # Home

            <<<<<<< ours
            - [ ] Buy milk due:2026-03-02
            =======
            - [ ] Buy milk due:2026-03-03
            >>>>>>> theirs
            - [ ] Call the plumber
            - [x] Water the plants

            ## Garden

            - [x] Mow the lawn

            """)
    }

    func testATodoTxtFileMergesTaskByTask() throws {
        let base = "(A) Call mom @phone\nBuy birthday card +family\nRenew passport due:2026-04-01\n"
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(
            path: "todo.txt", base: base,
            ours: "x 2026-02-10 Call mom @phone pri:A\nBuy birthday card +family\nRenew passport due:2026-04-01\nPay rent\n",
            theirs: "(A) Call mom about Sunday @phone\nBuy birthday card +family\n(B) Renew passport due:2026-04-01\nBook a table\n")
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(try scenario.read("todo.txt"),
                       "x 2026-02-10 Call mom about Sunday @phone pri:A\nBuy birthday card +family\n(B) Renew passport due:2026-04-01\nPay rent\nBook a table\n")
    }

    func testFilesInSubfoldersAndNamedLikeTodoFilesUseTheDriver() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(
            path: "docs/release.todo.md", base: base,
            ours: edited(("- [ ] Buy milk", "- [x] Buy milk")),
            theirs: edited(("Call the plumber", "Call the electrician")))
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(try scenario.read("docs/release.todo.md"),
                       edited(("- [ ] Buy milk", "- [x] Buy milk"), ("Call the plumber", "Call the electrician")))
    }
}
