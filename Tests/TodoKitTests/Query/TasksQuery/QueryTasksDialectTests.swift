import TodoKit
import XCTest

/// Queries over tasks written in the Obsidian Tasks plugin's emoji and in Dataview's fields: every instruction
/// reads the same fields the plugin reads.
final class QueryTasksDialectTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!  // a Saturday

    func listed(_ instructions: [String], _ note: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let query = TasksQuery(QuerySource(instructions: instructions + ["hide backlink", "hide task count"]), file: nil, today: today)
        XCTAssertEqual(query.diagnostics, [], file: file, line: line)
        return (query.run(on: QueryTask.tasks(of: Document(parsing: note), path: "Note.md"))?.rendered() ?? "")
            .split(separator: "\n").map(String.init)
    }

    let note = """
        - [ ] Pay rent 📅 2026-11-30 ⏫ 🔁 every month
        - [ ] Plan the trip ⏳ 2026-11-27 🛫 2026-12-01
        - [x] Book flights ✅ 2026-11-25 📅 2026-11-26
        - [-] Old idea ❌ 2026-11-20
        - [ ] Renew passport [due:: 2026-12-10] [priority:: high]
        - [ ] Read a book #leisure
        - [ ] Broken date 📅 2026-02-30

        """

    func testDateFiltersReadEveryDialectsDates() {
        XCTAssertEqual(listed(["due before 2026-12-01"], note), ["- [ ] Pay rent 📅 2026-11-30 ⏫ 🔁 every month",
                                                                 "- [x] Book flights ✅ 2026-11-25 📅 2026-11-26"])
        XCTAssertEqual(listed(["scheduled before today"], note), ["- [ ] Plan the trip ⏳ 2026-11-27 🛫 2026-12-01"])
        XCTAssertEqual(listed(["due after 2026-12-05"], note),
                       ["- [ ] Renew passport [due:: 2026-12-10] [priority:: high]"])
        XCTAssertEqual(listed(["done on 2026-11-25"], note), ["- [x] Book flights ✅ 2026-11-25 📅 2026-11-26"])
        XCTAssertEqual(listed(["cancelled before today"], note), ["- [-] Old idea ❌ 2026-11-20"])
        XCTAssertEqual(listed(["has scheduled date"], note), ["- [ ] Plan the trip ⏳ 2026-11-27 🛫 2026-12-01"])
        XCTAssertEqual(listed(["due date is invalid"], note), ["- [ ] Broken date 📅 2026-02-30"])
    }

    // docs/Queries/Filters.md, "Start Date" and "Happens"
    func testStartsMatchesTasksWithoutAStartDateAndHappensAnyOfTheThree() {
        XCTAssertEqual(listed(["starts after today", "not done"], note).count, 5)
        XCTAssertEqual(listed(["(starts after today) AND (has start date)"], note), ["- [ ] Plan the trip ⏳ 2026-11-27 🛫 2026-12-01"])
        XCTAssertEqual(listed(["happens before 2026-11-28", "sort by description"], note),
                       ["- [x] Book flights ✅ 2026-11-25 📅 2026-11-26", "- [ ] Plan the trip ⏳ 2026-11-27 🛫 2026-12-01"])
    }

    // docs/Queries/Filters.md, "Description": the fields are not searched
    func testTheDescriptionIsSearchedWithoutItsFields() {
        let note = "- [ ] Do stuff  ⏫  #tag1 ✅ 2022-08-12 #tag2/sub-tag \n"
        XCTAssertEqual(listed(["description includes stuff #tag1 #tag2"], note), ["- [ ] Do stuff ⏫ #tag1 ✅ 2022-08-12 #tag2/sub-tag"])
        XCTAssertEqual(listed(["description includes 2022"], note), [])
        XCTAssertEqual(listed(["tags include tag2"], note), ["- [ ] Do stuff ⏫ #tag1 ✅ 2022-08-12 #tag2/sub-tag"])
        XCTAssertEqual(listed(["tags include #tag2/sub"], note).count, 1)
        XCTAssertEqual(listed(["tag includes #sub-tag"], note), [])
    }

    func testPriorityLevelsAndRecurrenceReadTheFields() {
        XCTAssertEqual(listed(["priority is high"], note), ["- [ ] Pay rent 📅 2026-11-30 ⏫ 🔁 every month",
                                                            "- [ ] Renew passport [due:: 2026-12-10] [priority:: high]"])
        XCTAssertEqual(listed(["is recurring"], note), ["- [ ] Pay rent 📅 2026-11-30 ⏫ 🔁 every month"])
        XCTAssertEqual(listed(["recurrence includes month"], note), ["- [ ] Pay rent 📅 2026-11-30 ⏫ 🔁 every month"])
        XCTAssertEqual(listed(["group by recurrence", "is recurring"], note), ["#### every month", "- [ ] Pay rent 📅 2026-11-30 ⏫ 🔁 every month"])
    }

    // tests/DocumentationSamples/DependencyDocs/DependencySamples.test.blocking_and_blocked_filters_blocking_and_blocked
    // .approved.md (its rows but the one that depends on itself and the one with a custom NON_TASK status)
    func testBlockedAndBlockingAreThePluginsTable() {
        let rows: [(String, blocking: Bool, blocked: Bool)] = [
            ("- [ ] No dependency - TODO", false, false),
            ("- [x] No dependency - DONE", false, false),
            ("- [ ] scenario 1 - TODO depends on TODO 🆔 scenario1", true, false),
            ("- [ ] scenario 1 - TODO depends on TODO ⛔ scenario1", false, true),
            ("- [x] scenario 2 - TODO depends on DONE 🆔 scenario2", false, false),
            ("- [ ] scenario 2 - TODO depends on DONE ⛔ scenario2", false, false),
            ("- [ ] scenario 3 - DONE depends on TODO 🆔 scenario3", false, false),
            ("- [x] scenario 3 - DONE depends on TODO ⛔ scenario3", false, false),
            ("- [ ] scenario 5 - TODO depends on non-existing ID ⛔ nosuchid", false, false),
            ("- [x] scenario 7 - task with duplicated id - this is DONE - 🆔 scenario7", false, false),
            ("- [ ] scenario 7 - task with duplicated id - this is TODO - and is blocking - 🆔 scenario7", true, false),
            ("- [ ] scenario 7 - TODO depends on id that is duplicated - ensure all tasks are checked - ⛔ scenario7", false, true),
            ("- [ ] scenario 8 - mutually dependant 🆔 scenario8a ⛔ scenario8b", true, true),
            ("- [ ] scenario 8 - mutually dependant 🆔 scenario8b ⛔ scenario8a", true, true),
            ("- [ ] scenario 10 - multiple dependencies TODO - 🆔 scenario10a", true, false),
            ("- [/] scenario 10 - multiple dependencies IN_PROGRESS - 🆔 scenario10b", true, false),
            ("- [x] scenario 10 - multiple dependencies DONE - 🆔 scenario10c", false, false),
            ("- [-] scenario 10 - multiple dependencies CANCELLED - 🆔 scenario10d", false, false),
            ("- [ ] scenario 10 - multiple dependencies - ⛔ scenario10a,scenario10b,scenario10c,scenario10d", false, true),
            ("- [ ] scenario 11 - indirect dependency - 🆔 scenario11a", false, false),
            ("- [x] scenario 11 - indirect dependency - DONE - 🆔 scenario11b ⛔ scenario11a", false, false),
            ("- [ ] scenario 11 - indirect dependency - 🆔 scenario11c ⛔ scenario11b", false, false),
        ]
        let note = rows.map(\.0).joined(separator: "\n") + "\n"
        XCTAssertEqual(Set(listed(["is blocking"], note)), Set(rows.filter(\.blocking).map(\.0)))
        XCTAssertEqual(Set(listed(["is blocked"], note)), Set(rows.filter(\.blocked).map(\.0)))
        XCTAssertEqual(Set(listed(["is not blocked"], note)), Set(rows.filter { !$0.blocked }.map(\.0)))
    }

    // docs/Queries/Layout.md, "Task Elements" and "Short Mode"
    func testHideAndShortModeTakeFieldsOutOfTheLine() {
        XCTAssertEqual(listed(["is recurring", "hide due date", "hide priority"], note), ["- [ ] Pay rent 🔁 every month"])
        XCTAssertEqual(listed(["is recurring", "hide recurrence rule"], note), ["- [ ] Pay rent 📅 2026-11-30 ⏫"])
        XCTAssertEqual(listed(["is recurring", "short mode"], note), ["- [ ] Pay rent 📅 ⏫ 🔁"])
        XCTAssertEqual(listed(["description includes passport", "hide due date"], note), ["- [ ] Renew passport [priority:: high]"])
        XCTAssertEqual(listed(["description includes a book", "hide tags"], note), ["- [ ] Read a book"])
    }

    // docs/Queries/Sorting.md, "Priority": none between medium and low, here too
    func testSortingByPriorityPutsNoPriorityBetweenMediumAndLow() {
        let note = "- [ ] low 🔽\n- [ ] none\n- [ ] medium 🔼\n- [ ] highest 🔺\n- [ ] lowest ⏬\n- [ ] high ⏫\n"
        XCTAssertEqual(listed(["sort by priority"], note), ["- [ ] highest 🔺", "- [ ] high ⏫", "- [ ] medium 🔼", "- [ ] none",
                                                            "- [ ] low 🔽", "- [ ] lowest ⏬"])
    }

    // docs/Queries/Filters.md, "Blocked Tasks": the id may be in any note of the vault
    func testATaskWaitsForATaskOfAnotherNote() {
        let tasks = QueryTask.tasks(of: [("Trip.md", Document(parsing: "- [ ] Pack ⛔ passport\n")),
                                         ("Errands.md", Document(parsing: "- [ ] Renew passport 🆔 passport\n"))])
        let query = TasksQuery(QuerySource(instructions: ["(is blocked) OR (is blocking)", "sort by path", "hide task count"]),
                               file: nil, today: today)
        XCTAssertEqual(query.run(on: tasks)?.rendered(), "- [ ] Renew passport 🆔 passport (Errands)\n- [ ] Pack ⛔ passport (Trip)\n")
    }
}
