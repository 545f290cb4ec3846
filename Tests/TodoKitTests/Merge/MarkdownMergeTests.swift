import XCTest
import TodoKit

final class MarkdownMergeTests: XCTestCase {
    let base = """
        # Home

        - [ ] Buy milk due:2026-03-01
        - [ ] Call the plumber
        - [ ] Water the plants

        ## Garden

        - [ ] Mow the lawn

        """

    func testTasksAddedOnBothSidesAtTheEndOfTheSameListAreBothKeptOursFirst() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Water the plants\n", with: "- [ ] Water the plants\n- [ ] Pay rent\n"),
            theirs: base.replacingOccurrences(of: "- [ ] Water the plants\n", with: "- [ ] Water the plants\n- [ ] Fix the door\n"),
            into: base.replacingOccurrences(of: "- [ ] Water the plants\n", with: "- [ ] Water the plants\n- [ ] Pay rent\n- [ ] Fix the door\n"))
    }

    func testTheSameTaskAddedOnBothSidesIsKeptOnce() {
        let added = base.replacingOccurrences(of: "- [ ] Mow the lawn\n", with: "- [ ] Mow the lawn\n- [ ] Rake leaves\n")
        assertMerges(base: base, ours: added, theirs: added, into: added)
    }

    func testOneSideCompletesATaskWhileTheOtherRewordsIt() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [x] Buy milk"),
            theirs: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [ ] Buy oat milk"),
            into: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [x] Buy oat milk"))
    }

    func testOneSideCompletesAShortTaskWhileTheOtherAddsWordsToIt() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Buy milk due:2026-03-01", with: "- [x] Buy milk due:2026-03-01"),
            theirs: base.replacingOccurrences(of: "Buy milk due:2026-03-01", with: "Buy milk and bread at the market due:2026-03-02"),
            into: base.replacingOccurrences(of: "- [ ] Buy milk due:2026-03-01", with: "- [x] Buy milk and bread at the market due:2026-03-02"))
    }

    func testOneSideCompletesATaskWhileTheOtherChangesItsDueDate() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [x] Buy milk"),
            theirs: base.replacingOccurrences(of: "due:2026-03-01", with: "due:2026-03-08"),
            into: base.replacingOccurrences(of: "- [ ] Buy milk due:2026-03-01", with: "- [x] Buy milk due:2026-03-08"))
    }

    func testOneSideCompletesATaskWhileTheOtherAddsANote() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Call the plumber", with: "- [x] Call the plumber"),
            theirs: base.replacingOccurrences(of: "- [ ] Call the plumber\n", with: "- [ ] Call the plumber\n  ask about the boiler\n"),
            into: base.replacingOccurrences(of: "- [ ] Call the plumber\n", with: "- [x] Call the plumber\n  ask about the boiler\n"))
    }

    func testBothSidesChangingDifferentFieldsOfOneTaskMergeThem() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [ ] (A) Buy milk"),
            theirs: base.replacingOccurrences(of: "Buy milk due:2026-03-01", with: "Buy milk due:2026-03-01 +errands"),
            into: base.replacingOccurrences(of: "- [ ] Buy milk due:2026-03-01", with: "- [ ] (A) Buy milk due:2026-03-01 +errands"))
    }

    func testTicksAndEditsOnNeighbouringLinesMergeCleanly() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Call the plumber", with: "- [x] Call the plumber"),
            theirs: base.replacingOccurrences(of: "Water the plants", with: "Water the plants and the herbs"),
            into: base.replacingOccurrences(of: "- [ ] Call the plumber", with: "- [x] Call the plumber")
                .replacingOccurrences(of: "Water the plants", with: "Water the plants and the herbs"))
    }

    func testOneSideMovesATaskToAnotherListWhileTheOtherEditsIt() {
        let moved = base.replacingOccurrences(of: "- [ ] Water the plants\n", with: "")
            .replacingOccurrences(of: "- [ ] Mow the lawn\n", with: "- [ ] Mow the lawn\n- [ ] Water the plants\n")
        assertMerges(
            base: base,
            ours: moved,
            theirs: base.replacingOccurrences(of: "- [ ] Water the plants", with: "- [x] Water the plants @weekend"),
            into: moved.replacingOccurrences(of: "- [ ] Water the plants", with: "- [x] Water the plants @weekend"))
    }

    func testOneSideNestsATaskUnderAnotherWhileTheOtherCompletesIt() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Water the plants", with: "  - [ ] Water the plants"),
            theirs: base.replacingOccurrences(of: "- [ ] Water the plants", with: "- [x] Water the plants"),
            into: base.replacingOccurrences(of: "- [ ] Water the plants", with: "  - [x] Water the plants"))
    }

    func testATaskDeletedOnOneSideAndUntouchedOnTheOtherIsDeleted() {
        let deleted = base.replacingOccurrences(of: "- [ ] Call the plumber\n", with: "")
        assertMerges(base: base, ours: deleted, theirs: base.replacingOccurrences(of: "- [ ] Mow", with: "- [x] Mow"),
                     into: deleted.replacingOccurrences(of: "- [ ] Mow", with: "- [x] Mow"))
    }

    func testATaskDeletedOnOneSideAndEditedOnTheOtherIsAConflictAroundThatTaskAlone() throws {
        let result = try merge(
            base: base,
            ours: base.replacingOccurrences(of: "Call the plumber", with: "Call the plumber again")
                .replacingOccurrences(of: "- [ ] Mow", with: "- [x] Mow"),
            theirs: base.replacingOccurrences(of: "- [ ] Call the plumber\n", with: ""))
        XCTAssertEqual(result.conflicts, [MergeConflict(line: 4, kind: .deletedByTheirs, task: "Call the plumber again")])
        XCTAssertEqual(result.text, """
            # Home

            - [ ] Buy milk due:2026-03-01
            <<<<<<< ours
            - [ ] Call the plumber again
            =======
            >>>>>>> theirs
            - [ ] Water the plants

            ## Garden

            - [x] Mow the lawn

            """)
    }

    func testBothSidesChangingTheSameFieldDifferentlyPutMarkersAroundThatTaskAlone() throws {
        let result = try merge(
            base: base,
            ours: base.replacingOccurrences(of: "due:2026-03-01", with: "due:2026-03-05")
                .replacingOccurrences(of: "- [ ] Water", with: "- [x] Water"),
            theirs: base.replacingOccurrences(of: "due:2026-03-01", with: "due:2026-03-09")
                .replacingOccurrences(of: "# Home", with: "# House"))
        XCTAssertEqual(result.conflicts.map(\.kind), [.taskFields(["due: tag"])])
        XCTAssertEqual(result.conflicts.map(\.description), ["both sides changed the due: tag of task 'Buy milk due:2026-03-05'"])
        XCTAssertEqual(result.text, """
            # House

            <<<<<<< ours
            - [ ] Buy milk due:2026-03-05
            =======
            - [ ] Buy milk due:2026-03-09
            >>>>>>> theirs
            - [ ] Call the plumber
            - [x] Water the plants

            ## Garden

            - [ ] Mow the lawn

            """)
    }

    func testBothSidesCompletingATaskOnDifferentDaysKeepTheEarlierDate() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [x] 2026-03-04 Buy milk"),
            theirs: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [x] 2026-03-02 Buy milk"),
            into: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [x] 2026-03-02 Buy milk"))
    }

    func testBothSidesChangingTheStatusDifferentlyIsAConflict() throws {
        let result = try merge(base: base,
                           ours: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [x] Buy milk"),
                           theirs: base.replacingOccurrences(of: "- [ ] Buy milk", with: "- [-] Buy milk"))
        XCTAssertEqual(result.conflicts.map(\.kind), [.taskFields(["status"])])
    }

    func testBothSidesRewordingTheSameWordsDifferentlyIsAConflictOverTheDescription() throws {
        let result = try merge(base: base,
                           ours: base.replacingOccurrences(of: "Water the plants", with: "Water the big plants"),
                           theirs: base.replacingOccurrences(of: "Water the plants", with: "Water the small plants"))
        XCTAssertEqual(result.conflicts.map(\.description), ["both sides changed the description of task 'Water the big plants'"])
    }

    func testNonTaskTextIsMergedLineByLine() {
        let withNotes = base.replacingOccurrences(of: "# Home\n", with: "# Home\n\nThings for the flat.\n")
        assertMerges(
            base: withNotes,
            ours: withNotes.replacingOccurrences(of: "# Home", with: "# Flat"),
            theirs: withNotes.replacingOccurrences(of: "## Garden", with: "## Garden and balcony"),
            into: withNotes.replacingOccurrences(of: "# Home", with: "# Flat")
                .replacingOccurrences(of: "## Garden", with: "## Garden and balcony"))
    }

    func testNonTaskTextChangedDifferentlyOnBothSidesIsATextConflict() throws {
        let result = try merge(base: base,
                           ours: base.replacingOccurrences(of: "## Garden", with: "## Yard"),
                           theirs: base.replacingOccurrences(of: "## Garden", with: "## Outside"))
        XCTAssertEqual(result.conflicts.map(\.kind), [.text])
        XCTAssertTrue(result.text.contains("<<<<<<< ours\n## Yard\n=======\n## Outside\n>>>>>>> theirs\n"), result.text)
        XCTAssertTrue(result.text.hasPrefix("# Home\n\n- [ ] Buy milk"))
    }

    func testNewListsAddedOnBothSidesAtTheEndAreBothKept() {
        assertMerges(
            base: base,
            ours: base + "\n## Work\n\n- [ ] Send invoice\n",
            theirs: base + "\n## Books\n\n- [ ] Return the library book\n",
            into: base + "\n## Work\n\n- [ ] Send invoice\n" + "\n## Books\n\n- [ ] Return the library book\n")
    }

    func testATaskAddedAtTheEndOfAListStaysInItWhenTheOtherSideAlsoAddsANewListAfterIt() {
        assertMerges(
            base: base,
            ours: base + "- [ ] Rake the leaves\n\n## Shed\n\n- [ ] Oil the hinges\n",
            theirs: base + "- [ ] Plant the tulips\n",
            into: base + "- [ ] Rake the leaves\n- [ ] Plant the tulips\n\n## Shed\n\n- [ ] Oil the hinges\n")
        assertMerges(
            base: base,
            ours: base + "- [ ] Plant the tulips\n",
            theirs: base + "- [ ] Rake the leaves\n\n## Shed\n\n- [ ] Oil the hinges\n",
            into: base + "- [ ] Plant the tulips\n- [ ] Rake the leaves\n\n## Shed\n\n- [ ] Oil the hinges\n")
    }

    func testTasksAddedAtTheEndOfAListStayInItWhenBothSidesAlsoAddNewListsAfterIt() {
        assertMerges(
            base: base,
            ours: base + "- [ ] Rake the leaves\n\n## Shed\n\n- [ ] Oil the hinges\n",
            theirs: base + "- [ ] Plant the tulips\n\n## Pond\n\n- [ ] Feed the fish\n",
            into: base + "- [ ] Rake the leaves\n- [ ] Plant the tulips\n\n## Shed\n\n- [ ] Oil the hinges\n"
                + "\n## Pond\n\n- [ ] Feed the fish\n")
    }

    func testATaskAddedAfterATaskTheOtherSideDeletedStaysInItsList() throws {
        let result = try merge(
            base: base,
            ours: base.replacingOccurrences(of: "- [ ] Mow the lawn\n", with: "- [ ] Rake the leaves\n\n## Shed\n\n- [ ] Oil the hinges\n"),
            theirs: base.replacingOccurrences(of: "- [ ] Mow the lawn\n", with: "- [ ] Mow the lawn twice\n- [ ] Plant the tulips\n"))
        XCTAssertEqual(result.conflicts, [MergeConflict(line: 10, kind: .deletedByOurs, task: "Mow the lawn twice")])
        XCTAssertEqual(result.text, base.replacingOccurrences(of: "- [ ] Mow the lawn\n", with: """
            - [ ] Rake the leaves
            <<<<<<< ours
            =======
            - [ ] Mow the lawn twice
            >>>>>>> theirs
            - [ ] Plant the tulips

            ## Shed

            - [ ] Oil the hinges

            """))
    }

    func testSubtasksAndTheirParentMergeIndependently() {
        let nested = """
            - [ ] Plan the trip
              - [ ] Book flights
              - [ ] Book hotel
            - [ ] Pack

            """
        assertMerges(
            base: nested,
            ours: nested.replacingOccurrences(of: "- [ ] Book flights", with: "- [x] Book flights"),
            theirs: nested.replacingOccurrences(of: "Plan the trip", with: "Plan the trip to Lisbon")
                .replacingOccurrences(of: "  - [ ] Book hotel\n", with: "  - [ ] Book hotel\n  - [ ] Rent a car\n"),
            into: """
                - [ ] Plan the trip to Lisbon
                  - [x] Book flights
                  - [ ] Book hotel
                  - [ ] Rent a car
                - [ ] Pack

                """)
    }

    func testAFileWithoutAFinalNewlineStillGetsOneBetweenAddedTasks() {
        let bare = "- [ ] a"
        assertMerges(base: bare, ours: "- [ ] a\n- [ ] b", theirs: "- [x] a", into: "- [x] a\n- [ ] b")
    }

    func testCRLFFilesKeepTheirLineEndings() {
        let crlf = "- [ ] a\r\n- [ ] b\r\n"
        assertMerges(base: crlf, ours: "- [x] a\r\n- [ ] b\r\n", theirs: "- [ ] a\r\n- [ ] b due:2026-01-01\r\n",
                     into: "- [x] a\r\n- [ ] b due:2026-01-01\r\n")
    }
}
