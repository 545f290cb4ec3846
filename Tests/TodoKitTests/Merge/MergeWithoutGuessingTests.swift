import XCTest
import TodoKit

/// A clean merge is one the sides' changes explain task by task; where two readings of a side explain the files
/// differently, or a task would come out meaning something no side meant, the merge is a conflict.
final class MergeWithoutGuessingTests: XCTestCase {
    // MARK: A task moved, and one of its text added in its place

    func testATickIsAConflictWhenTheOtherSideMayHaveMovedTheTaskAndAddedOneOfItsTextInItsPlace() throws {
        // Theirs' `- [ ] a` under H may be the old task with its tag removed, or a new one beside the old one moved.
        let base = "# H\n\n- [ ] a x:1\n\n# W\n"
        let ours = "# H\n\n- [x] 2026-03-04 a x:1\n\n# W\n"
        let theirs = "# H\n\n- [ ] a\n\n# W\n\n- [ ] a x:1\n"
        for (o, t) in [(ours, theirs), (theirs, ours)] {
            let result = try merge(base: base, ours: o, theirs: t)
            XCTAssertEqual(result.conflicts.map(\.kind), [.cannotTellApart, .cannotTellApart])
            XCTAssertTrue(result.text.contains("- [x] 2026-03-04 a x:1\n"), result.text)
            XCTAssertTrue(result.text.contains("- [ ] a\n"), result.text)
            XCTAssertTrue(result.text.contains("# W\n\n<<<<<<< ours\n"), result.text)
        }
    }

    func testATaskMovedWhileOneOfItsTextIsAddedInItsPlaceMergesWhenTheOtherSideLeftItAlone() {
        let base = "# H\n\n- [ ] a x:1\n- [ ] b\n\n# W\n"
        assertMerges(base: base,
                     ours: "# H\n\n- [ ] a\n- [ ] b\n\n# W\n\n- [ ] a x:1\n",
                     theirs: "# H\n\n- [ ] a x:1\n- [x] 2026-03-04 b\n\n# W\n",
                     into: "# H\n\n- [ ] a\n- [x] 2026-03-04 b\n\n# W\n\n- [ ] a x:1\n")
    }

    // MARK: A task completed beside an open one of its text

    func testACompletionIsAConflictWhenTheOtherSideHoldsADoneAndAnOpenTaskOfItsText() throws {
        // Theirs may have completed Review and added an open one, or added a done one and left Review alone.
        let result = try merge(base: "- [ ] Review\n", ours: "- [x] 2026-03-01 Review\n",
                               theirs: "- [x] 2026-03-02 Review\n- [ ] Review\n")
        XCTAssertEqual(result.conflicts.map(\.kind), [.cannotTellApart, .cannotTellApart])
        XCTAssertEqual(result.text, "<<<<<<< ours\n=======\n- [x] 2026-03-02 Review\n>>>>>>> theirs\n"
            + "<<<<<<< ours\n- [x] 2026-03-01 Review\n=======\n- [ ] Review\n>>>>>>> theirs\n")
    }

    // MARK: Tasks of a text read in more than one way

    func testAnEditIsAConflictWhenAnotherReadingOfItsTwinsChangesOneThingMoreAndMovesNone() throws {
        // Ours completed the first and reopened the second, or dated the second and moved it up: which one did
        // theirs reword?
        let base = "- [ ] pay rent\n- [ ] k\n- [x] pay rent\n"
        let result = try merge(base: base, ours: "- [x] 2026-03-16 pay rent pri:C\n- [ ] k\n- [ ] pay rent\n",
                               theirs: "- [ ] pay rent\n- [ ] k\n- [x] pay w1 rent\n")
        XCTAssertTrue(result.conflicts.contains { $0.kind == .cannotTellApart }, result.text)
    }

    func testEachSideTicksItsOwnTwinWhereOtherTasksStandBetweenThem() {
        // The other reading moves both twins across `z`: two moves more.
        assertMerges(base: "- [ ] k\n- [ ] z\n- [ ] k\n", ours: "- [x] k\n- [ ] z\n- [ ] k\n", theirs: "- [ ] k\n- [ ] z\n- [x] k\n",
                     into: "- [x] k\n- [ ] z\n- [x] k\n")
    }

    // MARK: Recurring tasks completed on both sides

    func testARecurringTaskCompletedOnBothSidesIsOneCompletionWithTheEarlierDateAndOneNextOccurrence() {
        // `todofmt done` on 2026-03-04 and on 2026-03-09; `rec:1w` counts from the day it was done.
        let base = "- [ ] a rec:1w due:2026-03-06\n"
        let ours = "- [x] 2026-03-04 a rec:1w due:2026-03-06\n- [ ] a rec:1w due:2026-03-11\n"
        let theirs = "- [x] 2026-03-09 a rec:1w due:2026-03-06\n- [ ] a rec:1w due:2026-03-16\n"
        assertMerges(base: base, ours: ours, theirs: theirs, into: ours)
        assertMerges(base: base, ours: theirs, theirs: ours, into: ours)
    }

    func testInTodoTxtARecurringTaskCompletedOnBothSidesIsOneCompletion() {
        assertMerges(base: "a rec:1w due:2026-03-06\nb\n",
                     ours: "x 2026-03-09 a rec:1w due:2026-03-06\nb\na rec:1w due:2026-03-16\n",
                     theirs: "x 2026-03-04 a rec:1w due:2026-03-06\nb\na rec:1w due:2026-03-11\n",
                     into: "x 2026-03-04 a rec:1w due:2026-03-06\nb\na rec:1w due:2026-03-11\n", format: .todotxt)
    }

    func testATasksRecurringTaskCompletedOnBothSidesOneRewordingItsDoneCopyInventsNoOccurrence() {
        let base = "- [ ] Review 🔁 every week 📅 2026-03-06\n"
        let ours = "- [ ] Review 🔁 every week 📅 2026-03-13\n- [x] Review twice 🔁 every week 📅 2026-03-06 ✅ 2026-03-04\n"
        let theirs = "- [ ] Review 🔁 every week 📅 2026-03-13\n- [x] Review 🔁 every week 📅 2026-03-06 ✅ 2026-03-09\n"
        assertMerges(base: base, ours: ours, theirs: theirs, into: ours)
        assertMerges(base: base, ours: theirs, theirs: ours, into: ours)
    }

    func testARecurringTaskCompletedOnOneSideAndEditedAfterwardsIsAConflictWhenTheOtherSideCompletedItToo() throws {
        // Theirs' next occurrence is not as `done` made it: whether it is one is not guessed.
        let result = try merge(base: "- [ ] a rec:1w due:2026-03-06\n",
                               ours: "- [x] 2026-03-04 a rec:1w due:2026-03-06\n- [ ] a rec:1w due:2026-03-11\n",
                               theirs: "- [x] 2026-03-09 a rec:1w due:2026-03-06\n- [ ] a rec:1w due:2026-03-20\n")
        XCTAssertTrue(result.hasConflicts, result.text)
    }

    func testARecurringTaskCompletedOnBothSidesIsAConflictWhereOneSideHoldsTwoTasksThatMayBeItsNextOccurrence() throws {
        // Ours completed `c`, reopened it, gave it a priority and completed it again: `c due:2026-03-16` is what done
        // makes of the base's `c`, `(C) c due:2026-03-16` what it makes of ours'. Which is the next occurrence is not
        // guessed.
        let base = "c due:2026-03-09 rec:+1w\n"
        let ours = "x 2026-03-14 c due:2026-03-09 rec:+1w pri:C\nc due:2026-03-16 rec:+1w\n(C) c due:2026-03-16 rec:+1w\n"
        let theirs = "x 2026-03-11 c due:2026-03-09 rec:+1w\nc due:2026-03-16 rec:+1w\n"
        for (o, t) in [(ours, theirs), (theirs, ours)] {
            let result = try ThreeWayMerge.merge(base: base, ours: o, theirs: t, format: .todotxt)
            XCTAssertTrue(result.hasConflicts, result.text)
        }
    }

    // MARK: A task reworded, or deleted beside one added

    func testATaskOfASharedTextRewordedAndReopenedMayBeOneDeletedBesideOneAdded() throws {
        // Theirs' `fix bike w2` may be the done task reworded, reopened and undated, or a new task beside the done one
        // deleted; ours reworded the done one, so which is not guessed.
        let base = "x 2026-03-08 fix bike due:2026-03-09 rec:1w\nfix bike\n"
        let ours = "x 2026-03-08 w1 fix bike due:2026-03-09 rec:1w\nfix bike\n"
        let theirs = "fix bike w2\nfix bike\n"
        for (o, t) in [(ours, theirs), (theirs, ours)] {
            let result = try ThreeWayMerge.merge(base: base, ours: o, theirs: t, format: .todotxt)
            XCTAssertTrue(result.hasConflicts, result.text)
        }
    }

    func testADoneTaskRedatedBesideAnOpenTwinMayBeTheTwinCompletedSoAChangeToEitherIsAConflict() throws {
        // Ours' `x 2026-03-16 pay rent` may be the done one redated, or the open one completed (the done one deleted
        // and an open one added below); theirs reworded the open one, which ours may have completed.
        let base = "x 2026-03-07 pay rent\npay rent\n"
        let ours = "x 2026-03-16 pay rent\npay rent\n"
        let theirs = "x 2026-03-07 pay rent\nw1 pay rent\n"
        for (o, t) in [(ours, theirs), (theirs, ours)] {
            let result = try ThreeWayMerge.merge(base: base, ours: o, theirs: t, format: .todotxt)
            XCTAssertTrue(result.hasConflicts, result.text)
        }
    }

    func testATaskOfASharedTextRewordedInItsPlaceMergesWithTheOtherSidesChangeToIt() {
        // Only its words changed: it is the task, reworded.
        assertMerges(base: "- [ ] fix bike\n- [ ] fix bike\n", ours: "- [ ] fix bike w2\n- [ ] fix bike\n",
                     theirs: "- [x] fix bike\n- [ ] fix bike\n", into: "- [x] fix bike w2\n- [ ] fix bike\n")
    }

    // MARK: A task added on both sides

    func testATaskAddedWordForWordInTwoListsIsAConflictMarkedAtBothPlaces() throws {
        let base = "# H\n\n- [ ] b\n\n# W\n\n- [ ] c\n"
        let result = try merge(base: base, ours: "# H\n\n- [ ] b\n- [ ] new\n\n# W\n\n- [ ] c\n",
                               theirs: "# H\n\n- [ ] b\n\n# W\n\n- [ ] c\n- [ ] new\n")
        XCTAssertEqual(result.conflicts, [MergeConflict(line: 4, kind: .addedApart(ours: true), task: "new"),
                                          MergeConflict(line: 12, kind: .addedApart(ours: false), task: "new")])
        XCTAssertEqual(result.conflicts.map(\.description), [
            "both sides added task 'new', in different places; here is where our side put it",
            "both sides added task 'new', in different places; here is where their side put it"])
        XCTAssertEqual(result.text, "# H\n\n- [ ] b\n<<<<<<< ours\n- [ ] new\n=======\n>>>>>>> theirs\n\n# W\n\n- [ ] c\n"
            + "<<<<<<< ours\n=======\n- [ ] new\n>>>>>>> theirs\n")
    }

    func testATaskAddedWordForWordInOneListIsOneTask() {
        let base = "# H\n\n- [ ] b\n\n# W\n\n- [ ] c\n"
        assertMerges(base: base, ours: "# H\n\n- [ ] b\n- [ ] new\n\n# W\n\n- [ ] c\n",
                     theirs: "# H\n\n- [ ] b\n- [ ] new\n\n# W\n\n- [x] c\n",
                     into: "# H\n\n- [ ] b\n- [ ] new\n\n# W\n\n- [x] c\n")
    }

    func testATaskAddedOnBothSidesIsOneTaskWhereOnlyOneSideEndsItWithANewline() throws {
        for (base, ours, theirs, format) in [("", "#\n", "#", FileFormat.todotxt), ("- [ ] b\n", "- [ ] b\n- [ ] new\n", "- [ ] b\n- [ ] new", .markdown)] {
            for (o, t) in [(ours, theirs), (theirs, ours)] {
                let result = try merge(base: base, ours: o, theirs: t, format: format)
                XCTAssertEqual(result.conflicts, [])
                XCTAssertEqual(Document(parsing: result.text, format: format).tasks.count, Document(parsing: o, format: format).tasks.count,
                               result.text.debugDescription)
            }
        }
    }

    func testASubtaskAddedWordForWordUnderTwoParentsIsAConflict() throws {
        let result = try merge(base: "- [ ] p\n- [ ] q\n", ours: "- [ ] p\n  - [ ] s\n- [ ] q\n", theirs: "- [ ] p\n- [ ] q\n  - [ ] s\n")
        XCTAssertEqual(result.conflicts.map(\.kind), [.addedApart(ours: true), .addedApart(ours: false)])
    }

    // MARK: A list deleted or renamed on one side

    func testATaskAddedUnderAHeadingTheOtherSideDeletedIsAConflict() throws {
        // The task would come out in another list (or in none): a place no side put it.
        let cases = [("# \n", "# \n- [ ]", ""),
                     ("# H\n", "# H\n- [ ] a\n", ""),
                     ("# H\n- [ ] b\n# W\n- [ ] c\n", "# H\n- [ ] b\n- [ ] a\n# W\n- [ ] c\n", "# W\n- [ ] c\n")]
        for (base, ours, theirs) in cases {
            for (o, t) in [(ours, theirs), (theirs, ours)] {
                let result = try merge(base: base, ours: o, theirs: t)
                XCTAssertTrue(result.hasConflicts, "\(base.debugDescription) \(o.debugDescription) \(t.debugDescription): \(result.text.debugDescription)")
            }
        }
    }

    func testATaskAddedUnderAHeadingTheOtherSideRenamedGoesUnderTheNewHeading() {
        assertMerges(base: "# H\n- [ ] b\n", ours: "# H\n- [ ] b\n- [ ] a\n", theirs: "# Home\n- [ ] b\n",
                     into: "# Home\n- [ ] b\n- [ ] a\n")
    }

    // MARK: Priorities

    func testAPriorityOnOneSideAndAnotherKeptByCompletionOnTheOtherIsAConflict() throws {
        let result = try merge(base: "- [ ] a\n", ours: "- [ ] (A) a\n", theirs: "- [x] 2026-03-01 a pri:C\n")
        XCTAssertEqual(result.conflicts.map(\.description), ["both sides changed the priority of task 'a'"])
        XCTAssertEqual(result.text, "<<<<<<< ours\n- [ ] (A) a\n=======\n- [x] 2026-03-01 a pri:C\n>>>>>>> theirs\n")
    }

    func testAPriorityRemovedOnOneSideStaysRemovedWhenTheOtherCompletesTheTask() {
        assertMerges(base: "- [ ] (B) a\n", ours: "- [ ] a\n", theirs: "- [x] 2026-03-01 a pri:B\n", into: "- [x] 2026-03-01 a\n")
        assertMerges(base: "(B) a\n", ours: "a\n", theirs: "x 2026-03-01 a pri:B\n", into: "x 2026-03-01 a\n", format: .todotxt)
    }

    func testAPriorityChangedOnOneSideIsKeptAsTheOtherCompletesTheTask() {
        assertMerges(base: "- [ ] (B) a\n", ours: "- [ ] (A) a\n", theirs: "- [x] 2026-03-01 a pri:B\n",
                     into: "- [x] 2026-03-01 a pri:A\n")
    }

    func testATaskCompletedOnOneSideTakesTheOtherSidesNewPriorityAsItKeepsIt() {
        assertMerges(base: "- [ ] a\n", ours: "- [ ] (C) a\n", theirs: "- [x] 2026-03-01 a\n", into: "- [x] 2026-03-01 a pri:C\n")
    }

    func testAPriorityWrittenInTwoFormsIsAConflict() throws {
        // `⏫` is (B) and `(B)` is (B): the same priority, but a task writes it once.
        let result = try merge(base: "- [ ] a\n", ours: "- [ ] (B) a\n", theirs: "- [ ] a ⏫\n")
        XCTAssertTrue(result.hasConflicts, result.text)
    }

    // MARK: Tasks' done dates

    func testATasksTaskCompletedOnBothSidesOnDifferentDaysKeepsTheEarlierDate() {
        let base = "- [ ] Review 📅 2026-03-06\n"
        assertMerges(base: base, ours: "- [x] Review 📅 2026-03-06 ✅ 2026-03-09\n", theirs: "- [x] Review 📅 2026-03-06 ✅ 2026-03-04\n",
                     into: "- [x] Review 📅 2026-03-06 ✅ 2026-03-04\n")
        assertMerges(base: "- [ ] Review [due:: 2026-03-06]\n", ours: "- [x] Review [due:: 2026-03-06]  [completion:: 2026-03-04]\n",
                     theirs: "- [x] Review [due:: 2026-03-06]  [completion:: 2026-03-09]\n",
                     into: "- [x] Review  [due:: 2026-03-06]  [completion:: 2026-03-04]\n")
    }

    func testATasksTaskCompletedOnOneSideAndCancelledOnTheOtherIsAConflict() throws {
        let result = try merge(base: "- [ ] Review\n", ours: "- [x] Review ✅ 2026-03-09\n", theirs: "- [-] Review ❌ 2026-03-04\n")
        XCTAssertTrue(result.hasConflicts, result.text)
    }

    // MARK: The check

    func testAMergeWhoseTextWouldNotReadAsTheMergeSaysIsNotWrittenEvenAsAConflict() {
        // Safe mode's own test: every text the merge makes loses its first line before it is checked.
        let alteration: @Sendable (String) -> String = { String($0.drop { $0 != "\n" }.dropFirst()) }
        let failure = FaultInjection.$alteration.withValue(alteration) { () -> Error? in
            do {
                _ = try ThreeWayMerge.merge(base: "- [ ] a\n- [ ] b\n", ours: "- [x] a\n- [ ] b\n",
                                            theirs: "- [ ] a\n- [ ] b due:2026-03-01\n", format: .markdown)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertNotNil(failure)
    }

    func testTheVersionsOfANoteAreReadAsItsVaultReadsThem() throws {
        // In Obsidian a callout holds tasks: each side's change is a task's, merged task by task.
        let base = "> [!todo]\n> - [ ] a\n> - [ ] b\n"
        let ours = "> [!todo]\n> - [x] a\n> - [ ] b\n", theirs = "> [!todo]\n> - [ ] a\n> - [ ] b due:2026-03-01\n"
        func read(_ text: String, _ reading: MarkdownReading) -> Document { Document(parsing: text, reading: reading) }
        let inVault = try ThreeWayMerge.merge(base: read(base, .obsidian), ours: read(ours, .obsidian), theirs: read(theirs, .obsidian))
        XCTAssertEqual(inVault.conflicts, [])
        XCTAssertEqual(inVault.text, "> [!todo]\n> - [x] a\n> - [ ] b due:2026-03-01\n")
        // As CommonMark reads it, a block quote's lines are text, which both sides changed side by side.
        let elsewhere = try ThreeWayMerge.merge(base: read(base, .commonMark), ours: read(ours, .commonMark),
                                                theirs: read(theirs, .commonMark))
        XCTAssertEqual(elsewhere.conflicts.map(\.kind), [.text])
    }
}
