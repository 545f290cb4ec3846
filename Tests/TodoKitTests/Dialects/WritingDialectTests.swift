@testable import TodoKit
import XCTest

/// Fields written in the task's dialect, or the file's: `add`, `replace`, `append` and `--dialect` for a file
/// without fields (FORMAT.md 3.8, 8.4, 8.10, 8.11).
final class WritingDialectTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!  // a Saturday

    func add(_ task: NewTask, to text: String, dialect: Dialect = .todotxt) throws -> String {
        let document = Document(parsing: text, format: .markdown, settings: TaskSettings(dialect: dialect))
        let result = try TaskInsertion.add(task, to: document, today: today)
        return String(result.document.lines[result.document.tasks.last!.line - 1].text)
    }

    func testANewFileTakesTheDialectItsSettingsName() throws {
        XCTAssertEqual(try add(NewTask(text: "Pay rent", due: Moment(CalendarDate(iso: "2026-12-04")!)), to: "", dialect: .tasks),
                       "- [ ] Pay rent 📅 2026-12-04")
        XCTAssertEqual(try add(NewTask(text: "Pay rent due:fri"), to: "", dialect: .dataview), "- [ ] Pay rent  [due:: 2026-12-04]")
        XCTAssertEqual(try add(NewTask(text: "Pay rent due:fri"), to: ""), "- [ ] Pay rent due:2026-12-04")
    }

    func testAFileWithoutFieldsTakesTheSettingAndOneWithFieldsKeepsItsOwn() {
        func dialect(_ text: String) -> Dialect { Dialect.of(Document(parsing: text, format: .markdown, settings: TaskSettings(dialect: .tasks))) }
        XCTAssertEqual(dialect("- [ ] plain\n"), .tasks)
        XCTAssertEqual(dialect("- [ ] plain\n- [ ] b due:2026-12-01\n"), .todotxt)
        XCTAssertEqual(dialect("- [ ] a [due:: 2026-12-01]\n"), .dataview)
        XCTAssertEqual(Dialect.of(Document(parsing: "a\n", format: .todotxt, settings: TaskSettings(dialect: .tasks))), .todotxt)
    }

    func testAddWritesTheOptionsAsFieldsOfTheFilesDialectInThePluginsOrder() throws {
        let task = NewTask(text: "Pay rent rec:+1m", due: Moment(CalendarDate(iso: "2026-12-04")!), priority: PriorityLevel.high.priority,
                           addsCreationDate: true)
        XCTAssertEqual(try add(task, to: "- [ ] a 📅 2026-12-01\n"), "- [ ] Pay rent ⏫ 🔁 every month ➕ 2026-11-28 📅 2026-12-04")
        XCTAssertEqual(try add(task, to: "- [ ] a [due:: 2026-12-01]\n"),
                       "- [ ] Pay rent  [priority:: high]  [repeat:: every month]  [created:: 2026-11-28]  [due:: 2026-12-04]")
    }

    func testFieldsTypedInTodoTxtsWayBecomeTheDialectsFields() throws {
        XCTAssertEqual(try add(NewTask(text: "(A) 2026-11-01 Plan t:mon scheduled:tue due:+1w"), to: "", dialect: .tasks),
                       "- [ ] Plan 🔺 ➕ 2026-11-01 🛫 2026-11-30 ⏳ 2026-12-01 📅 2026-12-05")
        XCTAssertEqual(try add(NewTask(text: "Water rec:2d @home remind:-1d due:mon"), to: "", dialect: .tasks),
                       "- [ ] Water @home remind:-1d 🔁 every 2 days when done 📅 2026-11-30")
    }

    func testTopydoRecurrencesReadAsThePluginsRules() {
        XCTAssertEqual(TodoTxtRecurrence("+1w")?.pluginRule, "every week")
        XCTAssertEqual(TodoTxtRecurrence("3m")?.pluginRule, "every 3 months when done")
        XCTAssertEqual(TodoTxtRecurrence("+1b")?.pluginRule, "every weekday")
        XCTAssertNil(TodoTxtRecurrence("2b")?.pluginRule)
    }

    func testATimeOfDayOrRecurrenceThePluginCannotWriteIsRefusedUnlessForced() throws {
        XCTAssertThrowsError(try add(NewTask(text: "Call due:friT14:30"), to: "", dialect: .tasks))
        XCTAssertThrowsError(try add(NewTask(text: "Call rec:3b"), to: "", dialect: .tasks))
        XCTAssertEqual(try add(NewTask(text: "Call rec:3b", checksValues: false), to: "", dialect: .tasks), "- [ ] Call rec:3b")
    }

    func testATypedTasksFieldIsCheckedAsReadingChecksIt() throws {
        XCTAssertThrowsError(try add(NewTask(text: "Pay 📅 2026-02-30"), to: "")) { error in
            XCTAssertEqual((error as? TypedTextError)?.column, 7)
        }
        XCTAssertThrowsError(try add(NewTask(text: "Pay 🔁 every blue moon"), to: ""))
        XCTAssertThrowsError(try add(NewTask(text: "Pay [onCompletion:: archive]"), to: ""))
    }

    func testReplaceKeepsPriorityCreatedDoneAndTheBlockLinkAndWritesTypedFields() throws {
        let document = Document(parsing: "- [x] Pay rent ⏫ ➕ 2026-11-01 📅 2026-12-01 ✅ 2026-11-20 ^rent\n")
        let result = try TaskEditor.replace(line: 1, with: "Pay the rent due:fri", in: document, today: today)
        XCTAssertEqual(result.document.text, "- [x] Pay the rent ⏫ ➕ 2026-11-01 📅 2026-12-04 ✅ 2026-11-20 ^rent\n")
        let typed = try TaskEditor.replace(line: 1, with: "(C) Pay", in: document, today: today)
        XCTAssertEqual(typed.document.text, "- [x] Pay 🔼 ➕ 2026-11-01 ✅ 2026-11-20 ^rent\n")
    }

    func testReplaceKeepingTagsKeepsEveryFieldAndHashtagInTheTasksDialectAndOrder() throws {
        let document = Document(parsing: "- [ ] Pay rent #home ctx:bank 🆔 rent ⛔ bills ⏫ 🔁 every month 🛫 2026-11-20 ⏳ 2026-11-25 "
                                + "📅 2026-12-01 #money ^rent\n")
        let renamed = try TaskEditor.replace(line: 1, with: "Pay the rent", in: document, today: today, keepingTags: true)
        XCTAssertEqual(renamed.document.text, "- [ ] Pay the rent #home ctx:bank #money 🆔 rent ⛔ bills ⏫ 🔁 every month "
                       + "🛫 2026-11-20 ⏳ 2026-11-25 📅 2026-12-01 ^rent\n")
        // What the text gives replaces the task's, whether typed in todo.txt's way or as the dialect's fields.
        let given = try TaskEditor.replace(line: 1, with: "Pay #home now due:fri ⏳ 2026-11-30", in: document, today: today,
                                           keepingTags: true)
        XCTAssertEqual(given.document.text, "- [ ] Pay #home now ctx:bank #money 🆔 rent ⛔ bills ⏫ 🔁 every month "
                       + "🛫 2026-11-20 ⏳ 2026-11-30 📅 2026-12-04 ^rent\n")
    }

    func testReplaceKeepingTagsKeepsEveryFieldOfADataviewTask() throws {
        let document = Document(parsing: "- [ ] Write report #work  [start:: 2026-11-20]  [due:: 2026-11-27]  [id:: report]\n")
        let renamed = try TaskEditor.replace(line: 1, with: "Write the report", in: document, today: today, keepingTags: true)
        XCTAssertEqual(renamed.document.text,
                       "- [ ] Write the report #work  [id:: report]  [start:: 2026-11-20]  [due:: 2026-11-27]\n")
    }

    func testAppendPutsTextBeforeTheFieldsAndWritesTypedOnesAsFields() throws {
        let document = Document(parsing: "- [ ] Pay 📅 2026-12-01\n")
        let result = try TaskEditor.append("the rent t:mon", lines: [1], in: document, today: today)
        XCTAssertEqual(result.document.text, "- [ ] Pay the rent 🛫 2026-11-30 📅 2026-12-01\n")
        let due = try TaskEditor.append("due:fri", lines: [1], in: document, today: today)
        XCTAssertEqual(due.document.text, "- [ ] Pay 📅 2026-12-04\n")
    }
}
