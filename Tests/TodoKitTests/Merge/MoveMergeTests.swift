import XCTest
import TodoKit

/// Moves against other edits: a task stays under the parent the sides give it, and a task both sides moved
/// to different places is a conflict at both.
final class MoveMergeTests: XCTestCase {
    let base = """
        # Work

        - [ ] Plan the trip
          - [ ] Book flights
        - [ ] Pack

        # Later

        - [ ] Someday

        """

    /// `base` with the task block of "Plan the trip" moved to the end of list `Later` (as `todofmt mv` does).
    var movedToLater: String {
        base.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n", with: "")
            .replacingOccurrences(of: "- [ ] Someday\n", with: "- [ ] Someday\n- [ ] Plan the trip\n  - [ ] Book flights\n")
    }

    func testASubtaskOneSideAddsGoesWithItsParentThatTheOtherSideMovedToAnotherList() {
        assertMerges(base: base, ours: movedToLater,
                     theirs: base.replacingOccurrences(of: "  - [ ] Book flights\n", with: "  - [ ] Book flights\n  - [ ] Book hotel\n"),
                     into: """
                        # Work

                        - [ ] Pack

                        # Later

                        - [ ] Someday
                        - [ ] Plan the trip
                          - [ ] Book flights
                          - [ ] Book hotel

                        """)
    }

    func testASubtaskAddedUnderANestedTaskTheOtherSideMovedOutIsReindentedWithIt() {
        let nested = """
            # Work

            - [ ] Trip
              - [ ] Plan the route
                - [ ] Pick the towns

            # Later

            """
        let movedOut = """
            # Work

            - [ ] Trip

            # Later

            - [ ] Plan the route
              - [ ] Pick the towns

            """
        assertMerges(base: nested, ours: movedOut,
                     theirs: nested.replacingOccurrences(of: "    - [ ] Pick the towns\n", with: "    - [ ] Pick the towns\n    - [ ] Book the inns\n"),
                     into: """
                        # Work

                        - [ ] Trip

                        # Later

                        - [ ] Plan the route
                          - [ ] Pick the towns
                          - [ ] Book the inns

                        """)
    }

    func testBothSidesMovingATaskToTheSameListMergeCleanly() {
        assertMerges(base: base, ours: movedToLater, theirs: movedToLater, into: movedToLater)
    }

    func testBothSidesMovingATaskToDifferentListsIsAConflictMarkedAtBothPlaces() throws {
        let withElsewhere = base + "\n# Elsewhere\n\n- [ ] Old\n"
        let ours = movedToLater + "\n# Elsewhere\n\n- [ ] Old\n"
        let theirs = withElsewhere.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n", with: "")
            .replacingOccurrences(of: "- [ ] Old\n", with: "- [ ] Old\n- [ ] Plan the trip\n  - [ ] Book flights\n")
        let result = try merge(base: withElsewhere, ours: ours, theirs: theirs)
        XCTAssertEqual(result.conflicts, [MergeConflict(line: 8, kind: .movedApart(ours: true), task: "Plan the trip"),
                                          MergeConflict(line: 17, kind: .movedApart(ours: false), task: "Plan the trip")])
        XCTAssertEqual(result.text, """
            # Work

            - [ ] Pack

            # Later

            - [ ] Someday
            <<<<<<< ours
            - [ ] Plan the trip
              - [ ] Book flights
            =======
            >>>>>>> theirs

            # Elsewhere

            - [ ] Old
            <<<<<<< ours
            =======
            - [ ] Plan the trip
              - [ ] Book flights
            >>>>>>> theirs

            """)
    }

    func testBothSidesMovingATaskToTheEndOfTheFileDifferentlyIsOneConflictHoldingBothPlaces() throws {
        let theirs = base.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n", with: "")
            + "\n# Elsewhere\n\n- [ ] Plan the trip\n  - [ ] Book flights\n"
        let result = try merge(base: base, ours: movedToLater, theirs: theirs)
        XCTAssertEqual(result.conflicts, [MergeConflict(line: 8, kind: .movedApart(ours: nil), task: "Plan the trip")])
        XCTAssertTrue(result.text.hasSuffix("- [ ] Someday\n<<<<<<< ours\n- [ ] Plan the trip\n  - [ ] Book flights\n=======\n\n"
                                            + "# Elsewhere\n\n- [ ] Plan the trip\n  - [ ] Book flights\n>>>>>>> theirs\n"), result.text)
    }

    func testAddingASubtaskUnderATaskTheOtherSideDeletedIsAConflictKeepingTheParent() throws {
        let result = try merge(base: base,
                           ours: base.replacingOccurrences(of: "  - [ ] Book flights\n", with: "  - [ ] Book flights\n  - [ ] Book hotel\n"),
                           theirs: base.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n", with: ""))
        XCTAssertEqual(result.conflicts.map(\.kind), [.deletedByTheirs])
        XCTAssertTrue(result.text.contains("<<<<<<< ours\n- [ ] Plan the trip\n=======\n>>>>>>> theirs\n  - [ ] Book hotel\n"), result.text)
    }

    func testATaskOneSideMovedToAnotherListAndTheOtherDeletedIsAConflictWhereItWasMoved() throws {
        let result = try merge(base: base, ours: movedToLater,
                           theirs: base.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n", with: ""))
        XCTAssertEqual(result.conflicts.map(\.description), ["task 'Plan the trip' was moved on our side and deleted on theirs",
                                                             "task 'Book flights' was moved on our side and deleted on theirs"])
        XCTAssertTrue(result.text.hasSuffix("- [ ] Someday\n<<<<<<< ours\n- [ ] Plan the trip\n=======\n>>>>>>> theirs\n"
                                            + "<<<<<<< ours\n  - [ ] Book flights\n=======\n>>>>>>> theirs\n"), result.text)
        let swapped = try merge(base: base, ours: base.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n", with: ""),
                            theirs: movedToLater)
        XCTAssertEqual(swapped.conflicts.first?.description, "task 'Plan the trip' was deleted on our side and moved on theirs")
    }

    func testATaskOneSideReorderedInItsListAndTheOtherDeletedIsDeleted() {
        let reordered = base.replacingOccurrences(of: "- [ ] Plan the trip\n  - [ ] Book flights\n- [ ] Pack\n",
                                                  with: "- [ ] Pack\n- [ ] Plan the trip\n  - [ ] Book flights\n")
        assertMerges(base: base, ours: reordered, theirs: base.replacingOccurrences(of: "- [ ] Pack\n", with: ""),
                     into: base.replacingOccurrences(of: "- [ ] Pack\n", with: ""))
    }

    func testAMoveToAnotherListIsKeptWhenTheOtherSideReorderedTheTaskInItsOldList() {
        let base = "- [x] Water the plants\n- [ ] Call the plumber\n\n# Garden\n\n- [ ] Mow the lawn\n"
        let moved = "- [ ] Call the plumber\n\n# Garden\n\n- [ ] Mow the lawn\n\n# Later\n\n- [x] Water the plants\n"
        assertMerges(base: base, ours: "- [ ] Call the plumber\n- [x] Water the plants\n\n# Garden\n\n- [ ] Mow the lawn\n",
                     theirs: moved, into: moved)
    }

    func testATaskNeitherSideMovedStaysInItsListWhenTheOtherSideMovesItsNeighbourToANewList() {
        assertMerges(base: "# Home\n\n- [x] Buy milk\n- [ ] Water the plants\n- [x] Call the plumber\n",
                     ours: "# Home\n\n- [x] Buy milk\n- [x] Call the plumber\n- [ ] Water the plants\n",
                     theirs: "# Home\n\n- [x] Buy milk\n- [ ] Water the plants\n\n# Later\n\n- [x] Call the plumber\n",
                     into: "# Home\n\n- [x] Buy milk\n- [ ] Water the plants\n\n# Later\n\n- [x] Call the plumber\n")
    }

    func testATaskAddedAfterATaskTheOtherSideMovedToANewListStaysInItsOwnList() {
        assertMerges(base: "- [ ] Buy milk\n- [ ] Call the plumber\n- [ ] Water the plants\n",
                     ours: "- [ ] Water the plants\n- [ ] Pay rent\n\n# Later\n\n- [ ] Call the plumber\n",
                     theirs: "- [ ] Buy milk\n- [ ] Call the plumber\n- [ ] Book a table\n",
                     into: "- [ ] Pay rent\n- [ ] Book a table\n\n# Later\n\n- [ ] Call the plumber\n")
    }

    func testATaskNestedUnderAnotherKeepsItsPlaceAmongTheSubtasksAddedWithIt() {
        assertMerges(base: "- [ ] Plan the trip\n  - [ ] Book flights\n- [ ] Book hotel\n",
                     ours: "- [ ] Plan the trip\n  - [ ] Book flights\n  - [ ] Book hotel\n  - [ ] Rent a car\n",
                     theirs: "- [ ] Plan the trip\n  - [ ] Book flights\n- [ ] Pack\n- [ ] Book hotel\n",
                     into: "- [ ] Plan the trip\n  - [ ] Book flights\n  - [ ] Book hotel\n  - [ ] Rent a car\n- [ ] Pack\n")
    }

    func testDiff3StyleMarkersShowTheBaseLines() throws {
        let result = try ThreeWayMerge.merge(base: "- [ ] a due:2026-01-01\n", ours: "- [ ] a due:2026-02-01\n",
                                         theirs: "- [ ] a due:2026-03-01\n", format: .markdown,
                                         markers: ConflictMarkers(size: 3, showsBase: true))
        XCTAssertEqual(result.text, "<<< ours\n- [ ] a due:2026-02-01\n||| base\n- [ ] a due:2026-01-01\n===\n- [ ] a due:2026-03-01\n>>> theirs\n")
    }
}
