import TodoKit
import XCTest

/// The two-way sync, planned from the file, the vdir and the state alone.
final class SyncPlannerTests: XCTestCase {
    static let sample = """
        # Home

        - [ ] (A) Pay rent +house due:2026-12-01
        - [ ] Call mom @phone
          ask about Sunday
        - [ ] Water plants rec:+1w due:2026-11-28

        # Work

        - [x] 2026-11-20 Send report pri:B

        """

    func testEveryTaskGoesToTheVdirOnceAndASecondSyncChangesNothing() throws {
        var world = SyncWorld(Self.sample)
        let first = try world.sync()
        XCTAssertEqual(first.writes.count, 4)
        XCTAssertFalse(first.changesFile)
        XCTAssertEqual(Set(world.todos.map(\.summary)), ["Pay rent", "Call mom", "Water plants", "Send report"])
        XCTAssertEqual(world.todo("Call mom")?.notes, ["ask about Sunday"])
        XCTAssertEqual(world.todo("Send report")?.status, .completed)
        let second = try world.sync()
        XCTAssertTrue(second.writes.isEmpty && second.removals.isEmpty && !second.changesFile, "\(second.reports)")
    }

    func testWhatTheCalendarChangedReachesTheFileThroughTheEdits() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        try world.edit("Call mom") { $0.set("SUMMARY", "SUMMARY:Call mom and dad"); $0.set("DESCRIPTION", "DESCRIPTION:ask about Sunday\\nbring cake") }
        try world.edit("Pay rent") { $0.set("DUE", "DUE:20261202T180000"); $0.set("PRIORITY", "PRIORITY:5") }
        try world.edit("Water plants") { $0.set("STATUS", "STATUS:COMPLETED"); $0.set("COMPLETED", "COMPLETED:20261125T100000Z") }
        try world.edit("Send report") { $0.set("STATUS", "STATUS:NEEDS-ACTION"); $0.set("COMPLETED", nil) }
        try world.sync()
        XCTAssertEqual(world.file, """
            # Home

            - [ ] (B) Pay rent +house due:2026-12-02T18:00
            - [ ] Call mom and dad @phone
              ask about Sunday
              bring cake
            - [x] 2026-11-25 Water plants rec:+1w due:2026-11-28
            - [ ] Water plants rec:+1w due:2026-12-05

            # Work

            - [ ] (B) Send report

            """)
        XCTAssertEqual(world.todo("Water plants")?.due, Moment(CalendarDate(iso: "2026-12-05")!), "the next occurrence is in the calendar")
        let quiet = try world.sync()
        XCTAssertTrue(quiet.writes.isEmpty && !quiet.changesFile, "\(quiet.reports)")
    }

    func testAVTODOTheCalendarAddedBecomesATaskInTheListItsCategoriesNameElseTheInbox() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        world.vdir["new1.ics"] = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:new-1\r\nSUMMARY:Buy ink\r\nCATEGORIES:work,@shop\r\nPRIORITY:1\r\nDUE;VALUE=DATE:20261205\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        world.vdir["new2.ics"] = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:new-2\r\nSUMMARY:Book flights\r\nDESCRIPTION:window seat\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        world.inbox = ListPath(titles: ["Inbox"])
        try world.sync()
        XCTAssertTrue(world.file.contains("- [x] 2026-11-20 Send report pri:B\n- [ ] (A) Buy ink @shop due:2026-12-05\n"), world.file)
        XCTAssertTrue(world.file.hasSuffix("# Inbox\n\n- [ ] Book flights\n  window seat\n"), world.file)
        XCTAssertEqual(world.uid("Buy ink"), "new-1", "the calendar's UID stays")
        XCTAssertEqual(try world.sync().writes.count, 0)
    }

    func testADeletedVTODORemovesItsTaskUnlessTheFileChangedItMeanwhile() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        world.vdir = world.vdir.filter { !$0.value.contains("SUMMARY:Call mom") && !$0.value.contains("SUMMARY:Pay rent") }
        world.file = world.file.replacingOccurrences(of: "Pay rent", with: "Pay the rent")
        let plan = try world.sync()
        XCTAssertFalse(world.file.contains("Call mom"), world.file)
        XCTAssertTrue(world.file.contains("Pay the rent"), world.file)
        XCTAssertNotNil(world.todo("Pay the rent"), "changed in the file: it goes back to the calendar")
        XCTAssertTrue(plan.reports.contains { $0.isWarning && $0.message.hasPrefix("deleted in the calendar, but changed in the file") }, "\(plan.reports)")
    }

    func testAChangeOnlyTheFileCanSeeCountsAsAChangeWhenTheCalendarDeletesTheTask() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        world.vdir = world.vdir.filter { !$0.value.contains("SUMMARY:Call mom") }
        // An estimate no VTODO carries: the task means something else now, so it is not the task the calendar deleted.
        world.file = world.file.replacingOccurrences(of: "Call mom @phone", with: "Call mom @phone est:30m")
        let plan = try world.sync()
        XCTAssertTrue(world.file.contains("Call mom @phone est:30m"), world.file)
        XCTAssertNotNil(world.todo("Call mom"), "changed in the file: it goes back to the calendar")
        XCTAssertTrue(plan.reports.contains { $0.isWarning && $0.message.hasPrefix("deleted in the calendar, but changed in the file") }, "\(plan.reports)")
    }

    func testATaskRemovedFromTheFileOrNoLongerSelectedLeavesTheVdir() throws {
        var world = SyncWorld(Self.sample)
        world.filter = try FilterParser.parse("list:Home", today: world.today)
        try world.sync()
        XCTAssertEqual(Set(world.todos.map(\.summary)), ["Pay rent", "Call mom", "Water plants"])
        world.file = world.file.replacingOccurrences(of: "- [ ] Call mom @phone\n  ask about Sunday\n", with: "")
        world.file = world.file.replacingOccurrences(of: "- [ ] (A) Pay rent +house due:2026-12-01\n", with: "") + "- [ ] (A) Pay rent +house due:2026-12-01\n"
        try world.sync()
        XCTAssertEqual(Set(world.todos.map(\.summary)), ["Water plants"])
    }

    func testBothSidesChangingOneFieldKeepsTheFilesValueWarnsOnceAndMergesTheOtherFields() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        try world.edit("Pay rent") { $0.set("DUE", "DUE;VALUE=DATE:20261203"); $0.set("SUMMARY", "SUMMARY:Pay rent now") }
        world.file = world.file.replacingOccurrences(of: "Pay rent +house due:2026-12-01", with: "Pay rent +house due:2026-12-02 +bills")
        let plan = try world.sync()
        XCTAssertTrue(world.file.contains("- [ ] (A) Pay rent now +house due:2026-12-02 +bills\n"), world.file)
        XCTAssertEqual(plan.reports.filter(\.isWarning).map(\.message),
                       ["the calendar changed the due date to 2026-12-03, the file to 2026-12-02 since the last sync; kept the file's"])
        XCTAssertEqual(world.todo("Pay rent now")?.due, Moment(CalendarDate(iso: "2026-12-02")!))
        XCTAssertTrue(try world.sync().reports.isEmpty, "reported once")
    }

    func testUIDsStayAcrossRewordingMovingDatesPrioritiesAndSorting() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        let before = [world.uid("Pay rent"), world.uid("Call mom"), world.uid("Water plants")]
        world.file = """
            # Home

            - [ ] Water plants rec:+1w due:2026-11-29
            - [ ] Call mom @phone
              ask about Sunday and lunch

            # Work

            - [x] 2026-11-20 Send report pri:B
            - [ ] (C) 2026-11-26 Pay the rent +house due:2026-12-01

            """
        try world.sync()
        XCTAssertEqual([world.uid("Pay the rent"), world.uid("Call mom"), world.uid("Water plants")], before)
    }

    func testAnEmptiedVdirIsRefusedInsteadOfEmptyingTheFile() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        let synced = world.vdir
        world.vdir = [:]
        XCTAssertThrowsError(try world.plan()) { XCTAssertTrue("\($0)".contains("holds none of the 4 tasks"), "\($0)") }
        world.vdir = synced
        world.file = "# Home\n"
        XCTAssertThrowsError(try world.plan()) { XCTAssertTrue("\($0)".contains("the file holds none of the 4 tasks"), "\($0)") }
    }

    /// A sync stopped after any of its writes, then run again, ends where one whole sync ends: nothing lost,
    /// nothing twice.
    func testASyncStoppedAfterAnyWriteIsFinishedByTheNextWithoutDuplicates() throws {
        var start = SyncWorld(Self.sample)
        try start.sync()
        try start.edit("Water plants") { $0.set("STATUS", "STATUS:COMPLETED"); $0.set("COMPLETED", "COMPLETED:20261125T100000Z") }
        try start.edit("Call mom") { $0.set("SUMMARY", "SUMMARY:Phone the parents") }
        start.vdir["new.ics"] = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:new\r\nSUMMARY:Buy ink\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        start.vdir = start.vdir.filter { !$0.value.contains("SUMMARY:Send report") }
        start.file = start.file.replacingOccurrences(of: "(A) Pay rent", with: "(A) Pay the rent") + "- [ ] Renew passport\n"
        var whole = start
        try whole.sync()
        let plan = try start.plan()
        for steps in 0..<SyncWorld.stepCount(plan) {
            var world = start
            world.carryOut(plan, steps: steps)
            try world.sync()
            XCTAssertEqual(world.file, whole.file, "stopped after \(steps) writes")
            XCTAssertEqual(world.todos, whole.todos, "stopped after \(steps) writes")
            let again = try world.sync()
            XCTAssertTrue(again.writes.isEmpty && again.removals.isEmpty && !again.changesFile, "stopped after \(steps): \(again.reports)")
        }
    }

    func testATaskTheCalendarAddedIsNotTakenForASimilarNewTaskOfTheFileWhenTheSyncStoppedBeforeWritingIt() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        world.vdir["c7.ics"] = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:c7\r\nSUMMARY:Added in calendar 7\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        world.carryOut(try world.plan(), steps: 1)
        world.file += "- [ ] Added in file 8\n"
        try world.sync()
        XCTAssertTrue(world.file.contains("- [ ] Added in calendar 7\n"), world.file)
        XCTAssertEqual(world.uid("Added in calendar 7"), "c7")
        XCTAssertNotNil(world.todo("Added in file 8"))
    }

    func testATaskCancelledInTheCalendarIsCancelledInTheFileAndADoneOneCancelledThereIsToo() throws {
        var world = SyncWorld(Self.sample)
        try world.sync()
        try world.edit("Call mom") { $0.set("STATUS", "STATUS:CANCELLED") }
        try world.edit("Send report") { $0.set("STATUS", "STATUS:CANCELLED"); $0.set("COMPLETED", nil) }
        try world.sync()
        XCTAssertTrue(world.file.contains("- [-] Call mom @phone\n"), world.file)
        XCTAssertTrue(world.file.contains("- [-] (B) Send report\n"), world.file)
        XCTAssertTrue(try world.sync().reports.isEmpty)
    }
}
