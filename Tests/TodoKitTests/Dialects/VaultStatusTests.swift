@testable import TodoKit
import XCTest

/// In a vault with the Obsidian Tasks plugin, `done`, `toggle`, `undo`, `cancel` and `start` go from one of the
/// vault's statuses to another and write the dates and next occurrences the plugin writes under its settings.
/// The expected lines are the plugin's own (its `tests/Task/Task.test.ts`, `tests/Task/Recurrence.test.ts`).
final class VaultStatusTests: XCTestCase {
    func day(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    /// The custom statuses the plugin's tests toggle (`sampleStatusesForToggling`), after its defaults.
    let sampleStatuses = StatusRegistry(StatusRegistry.pluginDefault.statuses + [
        CheckboxStatus(symbol: "!", name: "Important", nextSymbol: "D", type: .todo),
        CheckboxStatus(symbol: "D", name: "Doing - Important", nextSymbol: "X", type: .inProgress),
        CheckboxStatus(symbol: "X", name: "Done - Important", nextSymbol: "!", type: .done),
        CheckboxStatus(symbol: "1", name: "Status 1", nextSymbol: "2", type: .todo),
        CheckboxStatus(symbol: "2", name: "Status 2", nextSymbol: "3", type: .inProgress),
        CheckboxStatus(symbol: "3", name: "Status 3", nextSymbol: "1", type: .done),
        CheckboxStatus(symbol: "4", name: "Status 4", nextSymbol: "1", type: .cancelled),
        CheckboxStatus(symbol: "a", name: "Status a", nextSymbol: "b", type: .todo),
        CheckboxStatus(symbol: "b", name: "Status b", nextSymbol: "c", type: .done),
    ])

    func note(_ text: String, statuses: StatusRegistry = .pluginDefault,
              settings: TasksPluginSettings = TasksPluginSettings()) -> Document {
        var taskSettings = TaskSettings()
        taskSettings.plugin = settings
        return Document(parsing: text, format: .markdown, settings: taskSettings,
                        reading: MarkdownReading(isObsidian: true, statuses: statuses))
    }

    func toggled(_ line: String, on date: String, statuses: StatusRegistry = .pluginDefault,
                 settings: TasksPluginSettings = TasksPluginSettings()) throws -> [String] {
        let result = try StatusChange.toggle(lines: [1], in: note(line + "\n", statuses: statuses, settings: settings), today: day(date))
        return result.document.text.split(separator: "\n").map(String.init)
    }

    // MARK: Created dates on a recurring task (the plugin's 'created dates on recurring task')

    func testWithoutSetCreatedDateTheNextOccurrenceHasNoCreatedDate() throws {
        XCTAssertEqual(try toggled("- [ ] this is a task 🔁 every day 📅 2021-09-12", on: "2023-03-08"), [
            "- [ ] this is a task 🔁 every day 📅 2021-09-13",
            "- [x] this is a task 🔁 every day 📅 2021-09-12 ✅ 2023-03-08",
        ])
    }

    func testWithoutSetCreatedDateTheOldCreatedDateIsNotCopiedForward() throws {
        XCTAssertEqual(try toggled("- [ ] this is a task 🔁 every day ➕ 2021-09-11 📅 2021-09-12", on: "2023-03-08"), [
            "- [ ] this is a task 🔁 every day 📅 2021-09-13",
            "- [x] this is a task 🔁 every day ➕ 2021-09-11 📅 2021-09-12 ✅ 2023-03-08",
        ])
    }

    func testWithSetCreatedDateTheNextOccurrenceIsCreatedToday() throws {
        let settings = TasksPluginSettings(setsCreatedDate: true)
        XCTAssertEqual(try toggled("- [ ] this is a task 🔁 every day 📅 2021-09-12", on: "2023-03-08", settings: settings), [
            "- [ ] this is a task 🔁 every day ➕ 2023-03-08 📅 2021-09-13",
            "- [x] this is a task 🔁 every day 📅 2021-09-12 ✅ 2023-03-08",
        ])
        XCTAssertEqual(try toggled("- [ ] this is a task 🔁 every day ➕ 2021-09-11 📅 2021-09-12", on: "2023-03-08", settings: settings), [
            "- [ ] this is a task 🔁 every day ➕ 2023-03-08 📅 2021-09-13",
            "- [x] this is a task 🔁 every day ➕ 2021-09-11 📅 2021-09-12 ✅ 2023-03-08",
        ])
    }

    // MARK: Order, done and cancelled dates

    func testRecurrenceOnNextLinePutsTheNextOccurrenceBelow() throws {
        let line = "- [ ] this is a recurring task 🔁 every day"
        XCTAssertEqual(try toggled(line, on: "2023-05-16"), [
            "- [ ] this is a recurring task 🔁 every day",
            "- [x] this is a recurring task 🔁 every day ✅ 2023-05-16",
        ])
        XCTAssertEqual(try toggled(line, on: "2023-05-16", settings: TasksPluginSettings(recurrenceOnNextLine: true)), [
            "- [x] this is a recurring task 🔁 every day ✅ 2023-05-16",
            "- [ ] this is a recurring task 🔁 every day",
        ])
    }

    func testWithoutSetDoneDateADoneTaskGetsNoDoneDate() throws {
        let settings = TasksPluginSettings(setsDoneDate: false)
        XCTAssertEqual(try toggled("- [ ] should retain *id* and *dependsOn* 🆔 id2 ⛔ id1", on: "2024-02-13", settings: settings),
                       ["- [x] should retain *id* and *dependsOn* 🆔 id2 ⛔ id1"])
        XCTAssertEqual(try toggled("- [ ] should remove *id* and *dependsOn* in next recurrence 🆔 id2 ⛔ id1 🔁 every day 📅 2024-02-13",
                                   on: "2024-02-13", settings: settings), [
            "- [ ] should remove *id* and *dependsOn* in next recurrence 🔁 every day 📅 2024-02-14",
            "- [x] should remove *id* and *dependsOn* in next recurrence 🆔 id2 ⛔ id1 🔁 every day 📅 2024-02-13",
        ])
    }

    func testTogglingADoneTaskRemovesItsDoneDate() throws {
        XCTAssertEqual(try toggled("- [x] I thought I finished ✅ 2021-09-12", on: "2023-03-08"), ["- [ ] I thought I finished"])
    }

    func testCancellingWritesTheCancelledDateOnlyWhereTheSettingsSaySo() throws {
        let today = day("2023-06-26")
        XCTAssertEqual(try StatusChange.cancel(lines: [1], in: note("- [ ] Stuff\n"), today: today).document.text,
                       "- [-] Stuff ❌ 2023-06-26\n")
        XCTAssertEqual(try StatusChange.cancel(lines: [1], in: note("- [ ] Stuff\n", settings: TasksPluginSettings(setsCancelledDate: false)),
                                               today: today).document.text, "- [-] Stuff\n")
    }

    func testTogglingACancelledTaskBackRemovesItsCancelledDate() throws {
        XCTAssertEqual(try toggled("- [-] cancelled ❌ 2026-01-01", on: "2026-11-28"), ["- [ ] cancelled"])
    }

    // MARK: Custom statuses (the plugin's 'toggle done' recurrence cases)

    func testADoingTaskIsDoneWithItsNextStatusAndRecursAsTheCycleSays() throws {
        XCTAssertEqual(try toggled("- [D] I am task 🔁 every day 📅 2023-01-19", on: "2023-01-19", statuses: sampleStatuses), [
            "- [!] I am task 🔁 every day 📅 2023-01-20",
            "- [X] I am task 🔁 every day 📅 2023-01-19 ✅ 2023-01-19",
        ])
    }

    func testAnUnconventionalDoneSymbolRecursToTheFirstToDoOfTheCycle() throws {
        XCTAssertEqual(try toggled("- [2] I am task 🔁 every day", on: "2023-01-19", statuses: sampleStatuses), [
            "- [1] I am task 🔁 every day",
            "- [3] I am task 🔁 every day ✅ 2023-01-19",
        ])
    }

    func testADoneStatusGoingToAnUnknownSymbolRecursWithThatSymbol() throws {
        XCTAssertEqual(try toggled("- [a] I am task 🔁 every day", on: "2023-01-19", statuses: sampleStatuses), [
            "- [c] I am task 🔁 every day",
            "- [b] I am task 🔁 every day ✅ 2023-01-19",
        ])
    }

    func testToggleTakesTheNextStatusEvenWhenItIsNotDone() throws {
        XCTAssertEqual(try toggled("- [!] Important 🔁 every day", on: "2023-01-19", statuses: sampleStatuses),
                       ["- [D] Important 🔁 every day"])
    }

    func testDoneGoesOnUntilADoneStatus() throws {
        let document = note("- [!] Important 🔁 every day 📅 2023-01-19\n", statuses: sampleStatuses)
        let result = try StatusChange.complete(lines: [1], in: document, today: day("2023-01-19"))
        XCTAssertEqual(result.document.text, "- [!] Important 🔁 every day 📅 2023-01-20\n- [X] Important 🔁 every day 📅 2023-01-19 ✅ 2023-01-19\n")
    }

    func testAllTheSettingsAtOnce() throws {
        // setCreatedDate, setDoneDate false, recurrenceOnNextLine and a cycle of custom statuses.
        let settings = TasksPluginSettings(setsCreatedDate: true, setsDoneDate: false, recurrenceOnNextLine: true)
        let document = note("- [D] Run 🔁 every day ➕ 2026-11-01 📅 2026-11-27\n", statuses: sampleStatuses, settings: settings)
        let result = try StatusChange.complete(lines: [1], in: document, today: day("2026-11-28"))
        XCTAssertEqual(result.document.text, """
            - [X] Run 🔁 every day ➕ 2026-11-01 📅 2026-11-27
            - [!] Run 🔁 every day ➕ 2026-11-28 📅 2026-11-28

            """)
    }

    func testUndoGoesBackToTheFirstToDoStatusAndDropsTheDoneDate() throws {
        let document = note("- [X] Run 📅 2026-11-27 ✅ 2026-11-28\n- [x] Walk ✅ 2026-11-28\n", statuses: sampleStatuses)
        XCTAssertEqual(try StatusChange.reopen(lines: [1, 2], in: document).document.text, "- [!] Run 📅 2026-11-27\n- [ ] Walk\n")
    }

    func testStartTakesTheFirstInProgressStatusReached() throws {
        let document = note("- [!] Important\n- [ ] Plain\n- [x] Done\n", statuses: sampleStatuses)
        let result = try StatusChange.start(lines: [1, 2, 3], in: document)
        XCTAssertEqual(result.document.text, "- [D] Important\n- [/] Plain\n- [x] Done\n")
        XCTAssertEqual(result.notes, ["line 3 is Done [x]; only a task to do can be started"])
    }

    func testAnUnknownUpperCaseXIsToDoAndDoneMakesItDone() throws {
        let result = try StatusChange.complete(lines: [1], in: note("- [X] Pay\n"), today: day("2026-11-28"))
        XCTAssertEqual(result.document.text, "- [x] Pay ✅ 2026-11-28\n")
    }

    func testAVaultWithoutADoneStatusCannotCompleteATask() {
        let statuses = StatusRegistry([CheckboxStatus(symbol: " ", name: "Todo", nextSymbol: "/", type: .todo),
                                       CheckboxStatus(symbol: "/", name: "Doing", nextSymbol: " ", type: .inProgress)])
        XCTAssertThrowsError(try StatusChange.complete(lines: [1], in: note("- [ ] Pay\n", statuses: statuses), today: day("2026-11-28"))) {
            XCTAssertEqual("\($0)", "line 1 cannot change its status: the vault's Tasks statuses have none of type DONE; nothing was written")
        }
    }

    // MARK: removeScheduledDateOnRecurrence (the plugin's Recurrence tests)

    func testRemoveScheduledDateOnRecurrenceDropsTheScheduledDateWhereAnotherStays() throws {
        let settings = TasksPluginSettings(setsDoneDate: false, removesScheduledDateOnRecurrence: true)
        XCTAssertEqual(try toggled("- [ ] a 🔁 every month 🛫 2022-01-01 ⏳ 2022-01-04 📅 2022-01-10", on: "2022-01-10", settings: settings), [
            "- [ ] a 🔁 every month 🛫 2022-02-01 📅 2022-02-10",
            "- [x] a 🔁 every month 🛫 2022-01-01 ⏳ 2022-01-04 📅 2022-01-10",
        ])
        XCTAssertEqual(try toggled("- [ ] a 🔁 every 3 days when done 🛫 2022-01-01 ⏳ 2022-01-04", on: "2022-01-10", settings: settings), [
            "- [ ] a 🔁 every 3 days when done 🛫 2022-01-13",
            "- [x] a 🔁 every 3 days when done 🛫 2022-01-01 ⏳ 2022-01-04",
        ])
        XCTAssertEqual(try toggled("- [ ] a 🔁 every month ⏳ 2022-01-04", on: "2022-01-10", settings: settings), [
            "- [ ] a 🔁 every month ⏳ 2022-02-04",
            "- [x] a 🔁 every month ⏳ 2022-01-04",
        ])
    }

    // MARK: The registry

    func testTheRegistryKeepsTheFirstStatusOfASymbol() {
        let registry = StatusRegistry([CheckboxStatus(symbol: "x", name: "Done", nextSymbol: " ", type: .done),
                                       CheckboxStatus(symbol: "x", name: "Other", nextSymbol: "/", type: .todo)])
        XCTAssertEqual(registry.statuses.map(\.name), ["Done"])
    }

    func testANextOccurrenceOfADoneStatusWithoutToDoInItsCycleIsASpace() {
        let registry = StatusRegistry([CheckboxStatus(symbol: "x", name: "Done", nextSymbol: "x", type: .done)])
        XCTAssertEqual(registry.nextOccurrence(after: registry.status("x")!).symbol, " ")
    }
}
