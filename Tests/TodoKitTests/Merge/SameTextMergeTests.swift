import XCTest
import TodoKit

/// Tasks that share a text: each side's change lands on the task it was made to, and where the file cannot tell
/// which task a side changed, the merge says so (a conflict, or git's line merge) rather than guess.
final class SameTextMergeTests: XCTestCase {
    func testAnEditLandsOnTheSameTextTaskItWasMadeToAndNotOnItsTwin() {
        assertMerges(base: "- [ ] water plants\n- [ ] z\n- [ ] water plants\n",
                     ours: "- [ ] water plants\n- [ ] z\n- [x] water plants\n",
                     theirs: "- [ ] water plants due:2026-03-05\n- [ ] z\n- [ ] water plants\n",
                     into: "- [ ] water plants due:2026-03-05\n- [ ] z\n- [x] water plants\n")
    }

    func testEachSideTicksItsOwnOfTwoSameTextTasks() {
        assertMerges(base: "- [ ] k\n- [ ] z\n- [ ] k\n",
                     ours: "- [x] k\n- [ ] z\n- [ ] k\n",
                     theirs: "- [ ] k\n- [ ] z\n- [x] k\n",
                     into: "- [x] k\n- [ ] z\n- [x] k\n")
    }

    func testADeletionBetweenTwoSameTextTasksStaysDeletedWhenTheOtherSideRewordsOneOfThem() {
        assertMerges(base: "- [ ] k\n- [ ] c\n- [ ] k\n",
                     ours: "- [ ] k\n- [ ] k\n",
                     theirs: "- [ ] k X\n- [ ] c\n- [ ] k\n",
                     into: "- [ ] k X\n- [ ] k\n")
    }

    func testInTodoTxtADeletionBetweenTwoSameTextTasksStaysDeletedWhenTheOtherSideRewordsOneOfThem() {
        assertMerges(base: "k\nc\nk\n", ours: "k\nk\n", theirs: "k X\nc\nk\n", into: "k X\nk\n", format: .todotxt)
    }

    func testATaskOneSideMovesAndTheOtherMovesElsewhereAndRewordsComesOutOnceInAConflict() throws {
        let base = "- [ ] k1\n\n# Home\n\n- [ ] k7\n"
        let ours = "\n# Home\n\n- [ ] k7\n- [ ] k1\n"
        let theirs = "\n# Home\n\n- [ ] k7\n\n# Work\n\n- [ ] k1 more\n"
        // "k1 more" may be k1 reworded, or a new task beside k1 deleted: read as k1, it moved to two places.
        let result = try merge(base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(result.conflicts, [MergeConflict(line: 5, kind: .movedApart(ours: nil), task: "k1")])
        XCTAssertEqual(result.text, "\n# Home\n\n- [ ] k7\n<<<<<<< ours\n- [ ] k1\n=======\n\n# Work\n\n- [ ] k1 more\n>>>>>>> theirs\n")
        XCTAssertTrue(try merge(base: base, ours: theirs, theirs: ours).hasConflicts)
    }

    func testInTodoTxtAPriorityOneSideTurnedIntoTextIsNotDoubledAndItsDeletionIsKept() {
        // Leading spaces make `(A)` text: ours drops the priority of the first task (and deletes `c`), theirs
        // rewords it.
        assertMerges(base: "(A) a b\nc\na b\n", ours: "  (A) a b\na b\n", theirs: "(A) a X\nc\na b\n",
                     into: "  (A) a X\na b\n", format: .todotxt)
    }

    func testWhichOfTwoAdjacentSameTextTasksOneSideDeletedCannotBeToldSoATickOfOneIsAConflict() throws {
        let result = try merge(base: "- [ ] k\n- [ ] k\n", ours: "- [ ] k\n", theirs: "- [ ] k\n- [x] k\n")
        XCTAssertEqual(result.conflicts.map(\.description), Array(repeating: "both sides changed tasks with the text of 'k', and which one each side changed cannot be told", count: 2))
        // Each side's tasks of that text, side by side.
        XCTAssertEqual(result.text, "<<<<<<< ours\n- [ ] k\n=======\n- [ ] k\n>>>>>>> theirs\n<<<<<<< ours\n=======\n- [x] k\n>>>>>>> theirs\n")
        XCTAssertTrue(try merge(base: "- [ ] k\n- [ ] k\n", ours: "- [ ] k\n- [x] k\n", theirs: "- [ ] k\n").hasConflicts)
    }

    func testWhichSameTextTaskOneSideDeletedDoesNotMatterWhenTheOtherSideLeftThemAlone() {
        assertMerges(base: "- [ ] k\n- [ ] k\n- [ ] z\n", ours: "- [ ] k\n- [ ] z\n", theirs: "- [ ] k\n- [ ] k\n- [x] z\n",
                     into: "- [ ] k\n- [x] z\n")
    }

    func testSameTextTasksPairUpWithinTheirOwnLists() {
        let base = "# A\n\n- [ ] review\n\n# B\n\n- [ ] review\n"
        assertMerges(base: base,
                     ours: base.replacingOccurrences(of: "# B\n\n- [ ] review", with: "# B\n\n- [x] review"),
                     theirs: base.replacingOccurrences(of: "# A\n\n- [ ] review", with: "# A\n\n- [ ] review due:2026-05-01"),
                     into: "# A\n\n- [ ] review due:2026-05-01\n\n# B\n\n- [x] review\n")
    }

    func testACompletedRecurringTaskIsTheTaskAndItsNextOccurrenceIsNew() {
        let base = "- [ ] water plants 🔁 every week 📅 2026-03-01\n- [ ] call mom\n"
        assertMerges(base: base,
                     ours: "- [ ] water plants 🔁 every week 📅 2026-03-08\n- [x] water plants 🔁 every week 📅 2026-03-01 ✅ 2026-03-01\n- [ ] call mom\n",
                     theirs: base.replacingOccurrences(of: "2026-03-01\n", with: "2026-03-01\n  on the balcony too\n"),
                     into: "- [ ] water plants 🔁 every week 📅 2026-03-08\n- [x] water plants 🔁 every week 📅 2026-03-01 ✅ 2026-03-01\n"
                         + "  on the balcony too\n- [ ] call mom\n")
    }

    func testADataviewFieldIsNoWordOfTheTextATaskIsPairedBy() {
        assertMerges(base: "- [ ] water plants\n- [ ] z\n- [ ] water plants\n",
                     ours: "- [ ] water plants\n- [ ] z\n- [x] water plants\n",
                     theirs: "- [ ] water plants [due:: 2026-03-05]\n- [ ] z\n- [ ] water plants\n",
                     into: "- [ ] water plants [due:: 2026-03-05]\n- [ ] z\n- [x] water plants\n")
    }

    func testADoneCopyAndTheOpenTaskOfARecurringTaskAreToldApartByTheirLines() {
        let base = "- [x] 2026-03-01 water plants\n- [x] 2026-03-08 water plants\n- [ ] water plants\n- [ ] call mom\n"
        assertMerges(base: base,
                     ours: base.replacingOccurrences(of: "- [ ] water plants", with: "- [x] 2026-03-15 water plants"),
                     theirs: base.replacingOccurrences(of: "call mom", with: "call mom about Sunday"),
                     into: "- [x] 2026-03-01 water plants\n- [x] 2026-03-08 water plants\n- [x] 2026-03-15 water plants\n- [ ] call mom about Sunday\n")
    }
}
