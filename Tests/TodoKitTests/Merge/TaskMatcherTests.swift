import XCTest
@testable import TodoKit

final class TaskMatcherTests: XCTestCase {
    private func versions(_ text: String) -> [TaskVersion] {
        MergeVersion(Document(parsing: text, format: .markdown)).tasks
    }

    func testSimilarityIsTheDiceCoefficientOfCharacterPairs() {
        XCTAssertEqual(Bigrams("buy milk").similarity(to: Bigrams("buy oat milk")), 14.0 / 18.0, accuracy: 1e-9)
        XCTAssertEqual(Bigrams("buy milk").similarity(to: Bigrams("buy stamps")), 6.0 / 16.0, accuracy: 1e-9)
    }

    func testAnEditedTaskMatchesItsOriginalAndANewTaskMatchesNothing() {
        let base = versions("- [ ] Buy milk\n- [ ] Call the plumber\n")
        let other = versions("- [ ] Buy stamps\n- [x] Call the plumber today\n- [ ] Buy oat milk\n")
        XCTAssertEqual(TaskMatcher.match(base: base, other: other), [nil, 1, 0])
    }

    func testAChangedTagKeepsTheIdentityEvenWhenTheTextIsShort() {
        let base = versions("- [ ] Go due:2026-01-01\n- [ ] Run\n")
        let other = versions("- [ ] Run\n- [ ] Go due:2026-02-01\n")
        XCTAssertEqual(TaskMatcher.match(base: base, other: other), [1, 0])
    }

    func testIdenticalTasksPairUpInOrderWithinTheirOwnList() {
        let base = versions("# A\n- [ ] Review\n# B\n- [ ] Review\n")
        let other = versions("# B\n- [x] Review\n# A\n- [ ] Review\n")
        XCTAssertEqual(TaskMatcher.match(base: base, other: other), [1, 0])
    }

    func testAShortTaskWithWordsAddedOrRemovedMatchesItsOriginalInTheSameList() {
        let base = versions("# A\n- [ ] Call mom\n- [ ] Pay the rent for December\n- [ ] Buy milk\n")
        let other = versions("# A\n- [ ] Pay rent\n- [ ] Call mom about Sunday lunch\n- [ ] Buy stamps\n")
        XCTAssertEqual(TaskMatcher.match(base: base, other: other), [1, 0, nil])
    }

    func testAShortTaskWithWordsAddedInAnotherListIsANewTask() {
        let base = versions("# A\n- [ ] Call mom\n# B\n- [ ] Plan\n")
        let other = versions("# B\n- [ ] Plan\n- [ ] Call mom about Sunday lunch\n")
        XCTAssertEqual(TaskMatcher.match(base: base, other: other), [1, nil])
    }

    func testWordsChangedAtDifferentPlacesOfOneDescriptionMerge() {
        assertMerges(base: "- [ ] Write the report for Anna\n",
                     ours: "- [ ] Write the quarterly report for Anna\n",
                     theirs: "- [ ] Write the report for Anna and Ben\n",
                     into: "- [ ] Write the quarterly report for Anna and Ben\n")
    }
}
