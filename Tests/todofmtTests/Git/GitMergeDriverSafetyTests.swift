import Foundation
import XCTest

/// The merge driver with the real git, where it could lose work: moves against other edits, todofmt missing or
/// failing (git's own line merge takes over, markers and all), git's marker size and conflict style, and the
/// other commands that merge (rebase, cherry-pick).
final class GitMergeDriverSafetyTests: XCTestCase {
    let base = """
        # Work

        - [ ] Plan the trip
          - [ ] Book flights
        - [ ] Pack due:2026-03-01

        # Later

        - [ ] Someday

        """

    /// `base` with the block of "Plan the trip" moved to the end of `Later`, as `todofmt mv 3 --list Later` does.
    var movedToLater: String {
        base.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n", with: "")
            .replacingOccurrences(of: "- [ ] Someday\n", with: "- [ ] Someday\n- [ ] Plan the trip\n  - [ ] Book flights\n")
    }

    var subtaskAdded: String {
        base.replacingOccurrences(of: "  - [ ] Book flights\n", with: "  - [ ] Book flights\n  - [ ] Book hotel\n")
    }

    func testAMoveOnOneSideAndANewSubtaskOnTheOtherKeepTheSubtaskWithItsParent() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(path: "TODO.md", base: base, ours: movedToLater, theirs: subtaskAdded)
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(try scenario.read("TODO.md"), movedToLater.replacingOccurrences(
            of: "  - [ ] Book flights\n", with: "  - [ ] Book flights\n  - [ ] Book hotel\n"))
    }

    func testBothSidesMovingOneTaskToDifferentListsStopsTheMergeWithMarkersAtBothPlaces() throws {
        let withShed = base + "\n# Shed\n\n- [ ] Oil the hinges\n"
        let ours = movedToLater + "\n# Shed\n\n- [ ] Oil the hinges\n"
        let theirs = withShed.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n", with: "")
            .replacingOccurrences(of: "- [ ] Oil the hinges\n", with: "- [ ] Oil the hinges\n- [ ] Plan the trip\n  - [ ] Book flights\n")
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let merge = try scenario.mergeScenario(path: "TODO.md", base: withShed, ours: ours, theirs: theirs)
        XCTAssertEqual(merge.status, 1, merge.stdout + merge.stderr)
        XCTAssertTrue(merge.stderr.contains("TODO.md:8: conflict: both sides moved task 'Plan the trip' to different places"), merge.stderr)
        let merged = try scenario.read("TODO.md")
        XCTAssertTrue(merged.contains("- [ ] Someday\n<<<<<<< ours\n- [ ] Plan the trip\n  - [ ] Book flights\n=======\n>>>>>>> theirs\n"), merged)
        XCTAssertTrue(merged.contains("- [ ] Oil the hinges\n<<<<<<< ours\n=======\n- [ ] Plan the trip\n  - [ ] Book flights\n>>>>>>> theirs\n"), merged)
        XCTAssertEqual(try scenario.git("diff", "--name-only", "--diff-filter=U").stdout, "TODO.md\n")
    }

    /// Both sides change the same task's due date: a conflict for any merge.
    let oursDue = "- [ ] Pack due:2026-03-05", theirsDue = "- [ ] Pack due:2026-03-09"

    func testWithoutTodofmtOnThePathTheDriverFallsBackToGitsLineMergeAndNothingIsLost() throws {
        let scenario = try GitScenario()
        // The driver as git-setup writes it by default: `todofmt`, looked up on PATH, where it is not.
        XCTAssertEqual(try scenario.todofmt("git-setup").status, 0)
        scenario.environment["PATH"] = "/usr/bin:/bin"
        let merge = try scenario.mergeScenario(path: "TODO.md", base: base,
                                               ours: base.replacingOccurrences(of: "- [ ] Pack due:2026-03-01", with: oursDue)
                                                   .replacingOccurrences(of: "- [ ] Someday", with: "- [ ] Someday, our way"),
                                               theirs: base.replacingOccurrences(of: "- [ ] Pack due:2026-03-01", with: theirsDue))
        XCTAssertEqual(merge.status, 1, merge.stdout + merge.stderr)
        XCTAssertTrue(merge.stderr.contains("todofmt: the task merge of 'TODO.md' did not run (exit 127); merging it line by line"), merge.stderr)
        let merged = try scenario.read("TODO.md")
        XCTAssertTrue(merged.contains("<<<<<<< ours\n\(oursDue)\n=======\n\(theirsDue)\n>>>>>>> theirs\n"), merged)
        XCTAssertTrue(merged.contains("- [ ] Someday, our way\n"), merged)
    }

    func testAVersionTodofmtCannotReadFallsBackToGitsLineMergeAndTheMessageNamesThePath() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        let theirs = base.replacingOccurrences(of: "- [ ] Pack due:2026-03-01", with: theirsDue + " caf\u{E9}")
        try scenario.commit("TODO.md", base, message: "base")
        try scenario.git("checkout", "-q", "-b", "theirs")
        // Latin-1 bytes: not UTF-8.
        try Data(theirs.unicodeScalars.map { UInt8($0.value) }).write(to: scenario.root.appendingPathComponent("TODO.md"))
        try scenario.git("commit", "-q", "-am", "their change, in Latin-1")
        try scenario.git("checkout", "-q", "main")
        try scenario.commit("TODO.md", base.replacingOccurrences(of: "- [ ] Pack due:2026-03-01", with: oursDue), message: "our change")
        let merge = try scenario.gitAllowingFailure("merge", "--no-edit", "theirs")
        XCTAssertEqual(merge.status, 1, merge.stdout + merge.stderr)
        XCTAssertTrue(merge.stderr.contains("TODO.md:5:30: error: invalid UTF-8 (byte 0xE9): the file must be UTF-8 text (in their version)"), merge.stderr)
        XCTAssertFalse(merge.stderr.contains(".merge_file"), merge.stderr)
        let merged = try Data(contentsOf: scenario.root.appendingPathComponent("TODO.md"))
        XCTAssertNotNil(merged.range(of: Data("<<<<<<< ours\n\(oursDue)\n=======\n\(theirsDue) caf".utf8) + Data([0xE9, 0x0A]) + Data(">>>>>>> theirs\n".utf8)))
    }

    func testTheDriverMarksConflictsWithGitsMarkerSizeAndDiff3Style() throws {
        let scenario = try GitScenario()
        try scenario.setUpDriver()
        try scenario.write(".gitattributes", try scenario.read(".gitattributes") + "TODO.md conflict-marker-size=10\n")
        try scenario.git("config", "merge.conflictStyle", "diff3")
        let merge = try scenario.mergeScenario(path: "TODO.md", base: base,
                                               ours: base.replacingOccurrences(of: "- [ ] Pack due:2026-03-01", with: oursDue),
                                               theirs: base.replacingOccurrences(of: "- [ ] Pack due:2026-03-01", with: theirsDue))
        XCTAssertEqual(merge.status, 1, merge.stdout + merge.stderr)
        XCTAssertTrue(try scenario.read("TODO.md").contains("""
            <<<<<<<<<< ours
            \(oursDue)
            |||||||||| base
            - [ ] Pack due:2026-03-01
            ==========
            \(theirsDue)
            >>>>>>>>>> theirs

            """))
    }

    func testRebaseAndCherryPickMergeTaskByTaskToo() throws {
        let ticked = base.replacingOccurrences(of: "- [ ] Pack", with: "- [x] Pack")
        let reworded = base.replacingOccurrences(of: "- [ ] Someday", with: "- [ ] Someday, maybe")
            .replacingOccurrences(of: "  - [ ] Book flights", with: "  - [ ] Book flights to Lisbon")
        let both = ticked.replacingOccurrences(of: "- [ ] Someday", with: "- [ ] Someday, maybe")
            .replacingOccurrences(of: "  - [ ] Book flights", with: "  - [ ] Book flights to Lisbon")
        for command in [["rebase", "main"], ["cherry-pick", "theirs"]] {
            let scenario = try GitScenario()
            try scenario.setUpDriver()
            try scenario.commit("TODO.md", base, message: "base")
            try scenario.git("checkout", "-q", "-b", "theirs")
            try scenario.commit("TODO.md", ticked, message: "tick")
            try scenario.git("checkout", "-q", "main")
            try scenario.commit("TODO.md", reworded, message: "reword")
            if command[0] == "rebase" { try scenario.git("checkout", "-q", "theirs") }
            let result = try scenario.gitAllowingFailure(command[0], command[1])
            XCTAssertEqual(result.status, 0, "\(command): \(result.stdout)\(result.stderr)")
            XCTAssertEqual(try scenario.read("TODO.md"), both, "\(command)")
        }
    }
}
