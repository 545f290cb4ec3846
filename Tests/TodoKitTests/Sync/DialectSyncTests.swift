import TodoKit
import XCTest

/// The calendar sync and the merge driver on Tasks and Dataview files, which they handle without knowing the
/// dialect: priorities on RFC 5545's scale (FORMAT.md 12.3), each side's change field by field.
final class DialectSyncTests: XCTestCase {
    static let levels = """
        - [ ] Highest 🔺
        - [ ] High ⏫
        - [ ] Medium 🔼
        - [ ] Normal
        - [ ] Low 🔽
        - [ ] Lowest ⏬

        """

    func number(_ world: SyncWorld, _ summary: String) -> Int? { world.todo(summary)?.priority }

    func testTheSixLevelsGoToTheCalendarAsOneThreeFiveSevenAndNineAndASecondSyncIsQuiet() throws {
        var world = SyncWorld(Self.levels)
        try world.sync()
        XCTAssertEqual(["Highest", "High", "Medium", "Normal", "Low", "Lowest"].map { number(world, $0) }, [1, 3, 5, 0, 7, 9])
        let second = try world.sync()
        XCTAssertTrue(second.writes.isEmpty && !second.changesFile, "\(second.reports)")
    }

    func testANumberTheCalendarSetsComesBackAsTheLevelItsRangeNames() throws {
        var world = SyncWorld(Self.levels)
        try world.sync()
        for (summary, priority) in [("Highest", 4), ("High", 1), ("Medium", 8), ("Normal", 5), ("Low", 9), ("Lowest", 0)] {
            try world.edit(summary) { $0.set("PRIORITY", "PRIORITY:\(priority)") }
        }
        try world.sync()
        XCTAssertEqual(world.file, """
            - [ ] Highest ⏫
            - [ ] High 🔺
            - [ ] Medium 🔽
            - [ ] Normal 🔼
            - [ ] Low ⏬
            - [ ] Lowest

            """)
        let quiet = try world.sync()
        XCTAssertTrue(quiet.writes.isEmpty && !quiet.changesFile, "\(quiet.reports)")
    }

    func testANumberInTheRangeOfTheSameLevelChangesNothing() throws {
        var world = SyncWorld(Self.levels)
        try world.sync()
        try world.edit("High") { $0.set("PRIORITY", "PRIORITY:2") }
        try world.edit("Low") { $0.set("PRIORITY", "PRIORITY:6") }
        let plan = try world.sync()
        XCTAssertFalse(plan.changesFile, world.file)
    }

    func testTodoTxtStyleTasksKeepOneFiveAndNine() throws {
        var world = SyncWorld("- [ ] (A) a\n- [ ] (B) b\n- [ ] (C) c\n- [ ] (D) d\n")
        try world.sync()
        XCTAssertEqual(["a", "b", "c", "d"].map { number(world, $0) }, [1, 5, 9, 9])
        try world.edit("c") { $0.set("PRIORITY", "PRIORITY:3") }
        try world.sync()
        XCTAssertEqual(world.file, "- [ ] (A) a\n- [ ] (B) b\n- [ ] (A) c\n- [ ] (D) d\n")
    }

    func testADataviewTaskTakesTheSameScale() throws {
        var world = SyncWorld("- [ ] Pay  [priority:: high]  [due:: 2026-12-01]\n")
        try world.sync()
        XCTAssertEqual(number(world, "Pay"), 3)
        try world.edit("Pay") { $0.set("PRIORITY", "PRIORITY:9") }
        try world.sync()
        XCTAssertEqual(world.file, "- [ ] Pay  [priority:: lowest]  [due:: 2026-12-01]\n")
    }

    func testANewVTODOsPriorityInATasksFileIsALevel() throws {
        var world = SyncWorld("- [ ] a 📅 2026-12-01\n")
        try world.sync()
        world.vdir["new.ics"] = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:new-1\r\nSUMMARY:Buy ink\r\nPRIORITY:3\r\nDUE;VALUE=DATE:20261205\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try world.sync()
        XCTAssertEqual(world.file, "- [ ] a 📅 2026-12-01\n- [ ] Buy ink ⏫ 📅 2026-12-05\n")
    }

    func testTheCalendarCompletingATasksTaskWritesItsDoneDateAndItsNextOccurrence() throws {
        var world = SyncWorld("- [ ] Water plants 🔁 every week 📅 2026-11-28\n- [ ] Pay [due:: 2026-12-01]\n")
        try world.sync()
        try world.edit("Water plants") { $0.set("STATUS", "STATUS:COMPLETED"); $0.set("COMPLETED", "COMPLETED:20261127T100000Z") }
        try world.edit("Pay") { $0.set("STATUS", "STATUS:COMPLETED"); $0.set("COMPLETED", "COMPLETED:20261126T100000Z") }
        try world.sync()
        XCTAssertEqual(world.file, """
            - [ ] Water plants 🔁 every week 📅 2026-12-05
            - [x] Water plants 🔁 every week 📅 2026-11-28 ✅ 2026-11-27
            - [x] Pay [due:: 2026-12-01]  [completion:: 2026-11-26]

            """)
        XCTAssertEqual(world.todo("Water plants")?.due, Moment(CalendarDate(iso: "2026-12-05")!))
    }

    /// A vault whose Tasks plugin writes no done date (`setDoneDate: false`).
    func vaultWithoutDoneDates(_ file: String) -> SyncWorld {
        var world = SyncWorld(file)
        world.settings = TaskSettings(dialect: .tasks, taskFormat: .tasks)
        world.settings.plugin = TasksPluginSettings(setsDoneDate: false)
        world.reading = MarkdownReading(isObsidian: true, statuses: .pluginDefault)
        return world
    }

    func testInAVaultThatSetsNoDoneDateTheCalendarCompletingATaskWritesNoneAndASecondSyncIsQuiet() throws {
        var world = vaultWithoutDoneDates("- [ ] Water plants 🔁 every week 📅 2026-11-28\n- [ ] Pay rent 📅 2026-12-01\n")
        try world.sync()
        try world.edit("Water plants") { $0.set("STATUS", "STATUS:COMPLETED"); $0.set("COMPLETED", "COMPLETED:20261127T100000Z") }
        try world.edit("Pay rent") { $0.set("STATUS", "STATUS:COMPLETED"); $0.set("COMPLETED", "COMPLETED:20261126T100000Z") }
        try world.sync()
        XCTAssertEqual(world.file, """
            - [ ] Water plants 🔁 every week 📅 2026-12-05
            - [x] Water plants 🔁 every week 📅 2026-11-28
            - [x] Pay rent 📅 2026-12-01

            """)
        XCTAssertEqual(world.todo("Pay rent")?.status, .completed)
        let again = try world.sync()
        XCTAssertFalse(again.changesFile)
        XCTAssertEqual(again.writes.map { $0.fileName }, [])
    }

    func testInAVaultThatSetsNoDoneDateATaskDoneInTheFileIsCompletedInTheCalendar() throws {
        var world = vaultWithoutDoneDates("- [ ] Pay rent 📅 2026-12-01\n")
        try world.sync()
        world.file = "- [x] Pay rent 📅 2026-12-01\n"
        try world.sync()
        XCTAssertEqual(world.todo("Pay rent")?.status, .completed)
        XCTAssertEqual(world.file, "- [x] Pay rent 📅 2026-12-01\n")
        let again = try world.sync()
        XCTAssertFalse(again.changesFile)
        XCTAssertEqual(again.writes.map { $0.fileName }, [])
    }

    func testAFieldChangedOnEachSideMergesFieldByField() throws {
        var world = SyncWorld("- [ ] Pay rent ⏫ 📅 2026-12-01\n- [ ] Call  [due:: 2026-12-01]\n")
        try world.sync()
        world.file = "- [ ] Pay rent 🔺 📅 2026-12-01\n- [ ] Call mom  [due:: 2026-12-01]\n"
        try world.edit("Pay rent") { $0.set("DUE", "DUE;VALUE=DATE:20261203") }
        try world.edit("Call") { $0.set("DUE", "DUE;VALUE=DATE:20261204") }
        try world.sync()
        XCTAssertEqual(world.file, "- [ ] Pay rent 🔺 📅 2026-12-03\n- [ ] Call mom  [due:: 2026-12-04]\n")
        XCTAssertEqual(number(world, "Pay rent"), 1)
    }

    func testTheCalendarRenamingATasksTaskKeepsItsFields() throws {
        var world = SyncWorld("- [ ] Pay rent #home ⏫ 🔁 every month ➕ 2026-11-01 📅 2026-12-01 ^rent\n")
        try world.sync()
        try world.edit("Pay rent #home") { $0.set("SUMMARY", "SUMMARY:Pay the rent #home") }
        try world.sync()
        XCTAssertEqual(world.file, "- [ ] Pay the rent #home ⏫ 🔁 every month ➕ 2026-11-01 📅 2026-12-01 ^rent\n")
    }

    func testTheMergeDriverMergesTasksAndDataviewFieldsChangedOnEachSide() throws {
        let base = "- [ ] Pay rent ⏫ 📅 2026-12-01\n- [ ] Call mom  [priority:: high]  [due:: 2026-12-01]\n"
        let ours = "- [ ] Pay rent ⏫ 📅 2026-12-02\n- [ ] Call mom  [priority:: high]  [due:: 2026-12-03]\n"
        let theirs = "- [x] Pay rent 🔺 📅 2026-12-01 ✅ 2026-11-30\n- [ ] Call mom  [priority:: low]  [due:: 2026-12-01]\n"
        let result = try ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs, format: .markdown)
        XCTAssertEqual(result.text, "- [x] Pay rent 🔺 📅 2026-12-02 ✅ 2026-11-30\n- [ ] Call mom  [priority:: low]  [due:: 2026-12-03]\n")
        XCTAssertTrue(result.conflicts.isEmpty)
    }

    func testTheSameFieldChangedOtherwiseOnEachSideIsAConflictOverThatTaskAlone() throws {
        let base = "- [ ] Pay rent 📅 2026-12-01\n- [ ] Other\n"
        let result = try ThreeWayMerge.merge(base: base, ours: "- [ ] Pay rent 📅 2026-12-02\n- [ ] Other\n",
                                         theirs: "- [ ] Pay rent 📅 2026-12-03\n- [ ] Other!\n", format: .markdown)
        XCTAssertEqual(result.conflicts.count, 1)
        XCTAssertTrue(result.text.contains("- [ ] Other!\n"), result.text)
    }
}
