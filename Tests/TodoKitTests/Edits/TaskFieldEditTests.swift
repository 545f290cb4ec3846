@testable import TodoKit
import XCTest

/// The edits that change one field of a task, and how text typed for a task is checked.
final class TaskFieldEditTests: XCTestCase {
    let today = CalendarDate(iso: "2026-11-21")!  // a Saturday

    func md(_ text: String) -> Document { Document(parsing: text, format: .markdown) }
    func txt(_ text: String) -> Document { Document(parsing: text, format: .todotxt) }

    // MARK: replace

    func testReplaceKeepsStatusPriorityAndDatesAndNotes() throws {
        let document = md("- [/] (A) 2026-11-01 Call Mom due:2026-11-25\n  her new number\n")
        let result = try TaskEditor.replace(line: 1, with: "Call Dad @phone", in: document, today: today)
        XCTAssertEqual(result.document.text, "- [/] (A) 2026-11-01 Call Dad @phone\n  her new number\n")
    }

    func testReplaceTakesThePriorityAndCreationDateTheTextGives() throws {
        let result = try TaskEditor.replace(line: 1, with: "(C) 2026-11-20 Call Dad", in: txt("(A) 2026-11-01 Call Mom\n"), today: today)
        XCTAssertEqual(result.document.text, "(C) 2026-11-20 Call Dad\n")
    }

    func testReplacingKeepingTagsChangesTheTitleAndKeepsProjectsContextsAndTags() throws {
        let document = md("- [ ] (A) 2026-11-01 Pay rent +house @bank due:2026-11-20 who:ann\n")
        let renamed = try TaskEditor.replace(line: 1, with: "Pay the rent", in: document, today: today, keepingTags: true)
        XCTAssertEqual(renamed.document.text, "- [ ] (A) 2026-11-01 Pay the rent +house @bank due:2026-11-20 who:ann\n")
        let given = try TaskEditor.replace(line: 1, with: "Pay it @online due:fri +house", in: document, today: today, keepingTags: true)
        XCTAssertEqual(given.document.text, "- [ ] (A) 2026-11-01 Pay it @online due:2026-11-27 +house @bank who:ann\n")
    }

    func testReplacingKeepingTagsKeepsTheHashtagsOfAMarkdownTaskAndPutsTheGlobalFilterFirst() throws {
        let renamed = try TaskEditor.replace(line: 1, with: "Pay the rent", in: md("- [ ] Pay rent #home +house #money\n"), today: today,
                                             keepingTags: true)
        XCTAssertEqual(renamed.document.text, "- [ ] Pay the rent #home +house #money\n")
        let filtered = Document(parsing: "- [ ] Pay rent #home #task\n", format: .markdown,
                                settings: TaskSettings(globalFilter: GlobalFilter("#task")))
        let kept = try TaskEditor.replace(line: 1, with: "Pay the rent", in: filtered, today: today, keepingTags: true)
        XCTAssertEqual(kept.document.text, "- [ ] #task Pay the rent #home\n")
        // In a todo.txt file a # word is a word of the description.
        let todoTxt = try TaskEditor.replace(line: 1, with: "Fix the crash", in: txt("Fix bug #123 +app\n"), today: today, keepingTags: true)
        XCTAssertEqual(todoTxt.document.text, "Fix the crash +app\n")
    }

    func testReplacingAClosedTaskKeepsItsCompletionAndItsKeptPriority() throws {
        let result = try TaskEditor.replace(line: 1, with: "Call Dad", in: txt("x 2026-11-20 2026-11-01 Call Mom pri:A\n"), today: today)
        XCTAssertEqual(result.document.text, "x 2026-11-20 2026-11-01 Call Dad pri:A\n")
    }

    // MARK: tag, due

    func testTagSetsReplacesAndRemovesOneTag() throws {
        var document = md("- [ ] Plan trip who:bob\n")
        document = try TaskEditor.setTag("who", to: "ann", lines: [1], in: document, today: today).document
        XCTAssertEqual(document.text, "- [ ] Plan trip who:ann\n")
        document = try TaskEditor.setTag("points", to: "3", lines: [1], in: document, today: today).document
        XCTAssertEqual(document.text, "- [ ] Plan trip who:ann points:3\n")
        document = try TaskEditor.setTag("who", to: nil, lines: [1], in: document, today: today).document
        XCTAssertEqual(document.text, "- [ ] Plan trip points:3\n")
    }

    func testSettingASingleValuedTagLeavesOneOfIt() throws {
        let result = try TaskEditor.setTag("due", to: "fri", lines: [1], in: txt("Pay due:2026-11-20 rent due:2026-11-22\n"), today: today)
        XCTAssertEqual(result.document.text, "Pay due:2026-11-27 rent\n")
    }

    func testATagThatWouldNotReadAsOneIsRefused() {
        XCTAssertThrowsError(try TaskEditor.setTag("who", to: "ann smith", lines: [1], in: md("- [ ] a\n"), today: today)) { error in
            XCTAssertEqual((error as? TypedTextError)?.column, 1)
        }
        XCTAssertThrowsError(try TaskEditor.setTag("a/b", to: "c", lines: [1], in: md("- [ ] a\n"), today: today))
    }

    func testATagOfAKeyWithoutAFieldIsADataviewInlineFieldInADataviewTask() throws {
        let document = md("- [ ] a  [due:: 2026-12-01]\n- [ ] b (context:: home)\n")
        let set = try TaskEditor.setTag("context", to: "work", lines: [1, 2], in: document, today: today)
        XCTAssertEqual(set.document.text, "- [ ] a  [context:: work]  [due:: 2026-12-01]\n- [ ] b (context:: work)\n")
        let removed = try TaskEditor.setTag("context", to: nil, lines: [1, 2], in: set.document, today: today)
        XCTAssertEqual(removed.document.text, "- [ ] a  [due:: 2026-12-01]\n- [ ] b\n")
    }

    func testATagOfAKeyWithoutAFieldIsRefusedOnATasksTaskAndTodofmtsOwnKeysStayTags() throws {
        XCTAssertThrowsError(try TaskEditor.setTag("context", to: "work", lines: [1], in: md("- [ ] b 📅 2026-12-01\n"), today: today)) {
            XCTAssertNotNil($0 as? TypedTextError, "a usage error: the key typed")
            XCTAssertTrue("\($0)".contains("the Tasks plugin's format has no field for 'context'"), "\($0)")
        }
        XCTAssertEqual(try TaskEditor.setTag("est", to: "1h", lines: [1], in: md("- [ ] b 📅 2026-12-01\n"), today: today).document.text,
                       "- [ ] b est:1h 📅 2026-12-01\n")
        XCTAssertEqual(try TaskEditor.setTag("context", to: "work", lines: [1], in: md("- [ ] d due:2026-12-01\n"), today: today).document.text,
                       "- [ ] d due:2026-12-01 context:work\n", "a todo.txt-style task takes any key:value")
    }

    func testAKeyThatCannotBeATagKeyIsRefusedWhenRemovingTooAndCannotBeForced() {
        for key in ["", "a b", "+p", "a/b"] {
            XCTAssertThrowsError(try TaskEditor.setTag(key, to: nil, lines: [1], in: md("- [ ] a\n"), today: today), key) { error in
                XCTAssertEqual((error as? TypedTextError)?.canForce, false, key)
            }
        }
        XCTAssertThrowsError(try TaskEditor.setTag("who", to: "ann smith", lines: [1], in: md("- [ ] a\n"), today: today, checked: false)) { error in
            XCTAssertEqual((error as? TypedTextError)?.canForce, false)
        }
    }

    func testEmptyTextIsRefusedAsAUsageError() {
        XCTAssertThrowsError(try TaskEditor.append(" ", lines: [1], in: md("- [ ] a\n"), today: today)) { error in
            XCTAssertEqual(error as? EditError, .emptyText)
            XCTAssertEqual((error as? EditError)?.isUsageError, true)
        }
        XCTAssertEqual(EditError.noDueDate(line: 1).isUsageError, false)
    }

    func testRemovingATagTheTaskLacksChangesNothingAndSaysSo() throws {
        let result = try TaskEditor.setTag("due", to: nil, lines: [1], in: md("- [ ] a\n"), today: today)
        XCTAssertFalse(result.changesText)
        XCTAssertEqual(result.notes, ["line 1 has no due: tag"])
    }

    // MARK: postpone

    func testPostponeMovesTheDueDateAndTheStartDateWithIt() throws {
        let result = try TaskEditor.postpone(lines: [1], by: Period(parsing: "1w")!, in: md("- [ ] a t:2026-11-18 due:2026-11-20\n"))
        XCTAssertEqual(result.document.text, "- [ ] a t:2026-11-25 due:2026-11-27\n")
    }

    func testPostponingByMonthsClampsToTheMonthsLastDayAndByWorkingDaysSkipsWeekends() throws {
        let months = try TaskEditor.postpone(lines: [1], by: Period(parsing: "1m")!, in: txt("a due:2026-01-31\n"))
        XCTAssertEqual(months.document.text, "a due:2026-02-28\n")
        let working = try TaskEditor.postpone(lines: [1], by: Period(parsing: "1b")!, in: txt("a due:2026-11-20\n"))
        XCTAssertEqual(working.document.text, "a due:2026-11-23\n")
    }

    func testPostponingAnOverdueTaskCountsFromTodayAsTopydoDoes() throws {
        let document = md("- [ ] a t:2026-11-18 due:2026-11-20\n- [ ] b due:2026-11-20T09:00\n- [ ] c due:2026-11-30\n")
        let today = CalendarDate(iso: "2026-11-25")!
        let result = try TaskEditor.postpone(lines: [1, 2, 3], by: Period(parsing: "1d")!, from: .dueDateOrToday(today), in: document)
        XCTAssertEqual(result.document.text, "- [ ] a t:2026-11-24 due:2026-11-26\n- [ ] b due:2026-11-26T09:00\n- [ ] c due:2026-12-01\n")
    }

    func testPostponingFromTheDueDateKeepsAnOverdueTaskCountingFromIt() throws {
        let result = try TaskEditor.postpone(lines: [1], by: Period(parsing: "1d")!, from: .dueDate, in: md("- [ ] a due:2026-11-20\n"))
        XCTAssertEqual(result.document.text, "- [ ] a due:2026-11-21\n")
    }

    func testPostponingATaskWithoutADueDateIsRefused() {
        XCTAssertThrowsError(try TaskEditor.postpone(lines: [1], by: Period(parsing: "3d")!, in: txt("a t:2026-11-20\n"))) { error in
            XCTAssertEqual(error as? EditError, .noDueDate(line: 1))
        }
    }

    func testATasksTaskWithOnlyAScheduledDateHasItPostponedAsThePluginDoes() throws {
        let today = CalendarDate(year: 2026, month: 11, day: 28)!
        let document = md("- [ ] Water ⏳ 2026-11-20\n- [ ] Go 🛫 2026-12-20 ⏳ 2026-12-22\n- [ ] Plan 🛫 2026-12-20\n- [ ] Read [scheduled:: 2026-12-01]\n")
        let result = try TaskEditor.postpone(lines: [1, 2, 3, 4], by: Period(parsing: "1w")!, from: .dueDateOrToday(today), in: document)
        // Overdue from today, as the plugin's postpone counts; the start date stays where there is a scheduled one.
        XCTAssertEqual(result.document.text, "- [ ] Water ⏳ 2026-12-05\n- [ ] Go 🛫 2026-12-20 ⏳ 2026-12-29\n- [ ] Plan 🛫 2026-12-27\n"
                       + "- [ ] Read [scheduled:: 2026-12-08]\n")
    }

    func testInAVaultWithThePluginPostponingMovesTheDueDateAlone() throws {
        var settings = TaskSettings()
        settings.plugin = TasksPluginSettings()
        let vault = Document(parsing: "- [ ] Pay 🛫 2026-12-20 📅 2026-12-22\n", settings: settings,
                             reading: MarkdownReading(isObsidian: true, statuses: .pluginDefault))
        XCTAssertEqual(try TaskEditor.postpone(lines: [1], by: Period(parsing: "1w")!, in: vault).document.text,
                       "- [ ] Pay 🛫 2026-12-20 📅 2026-12-29\n")
        XCTAssertEqual(try TaskEditor.postpone(lines: [1], by: Period(parsing: "1w")!, in: md("- [ ] Pay 🛫 2026-12-20 📅 2026-12-22\n")).document.text,
                       "- [ ] Pay 🛫 2026-12-27 📅 2026-12-29\n", "outside a vault, the start date keeps its distance")
    }

    func testAPeriodIsAPositiveCountOfAUnit() {
        XCTAssertEqual(Period(parsing: "3d")?.description, "3d")
        XCTAssertEqual(Period(parsing: "+2M")?.description, "2m")
        for bad in ["-1d", "0d", "d", "3x", "fri", ""] { XCTAssertNil(Period(parsing: bad), bad) }
    }

    // MARK: note

    func testANoteGoesAfterTheTasksNotesAtItsContentColumn() throws {
        let result = try TaskEditor.addNote("bring ID", line: 1, in: md("1. [ ] Call the bank\n   ask about fees\n2. [ ] next\n"))
        XCTAssertEqual(result.document.text, "1. [ ] Call the bank\n   ask about fees\n   bring ID\n2. [ ] next\n")
        XCTAssertEqual(result.document.notes(of: 0), ["ask about fees", "bring ID"])
    }

    func testANoteAfterSubtasksStartsAParagraphOfItsOwnSoNoSubtaskTakesIt() throws {
        let result = try TaskEditor.addNote("pack the night before", line: 1, in: md("- [ ] Trip\n  - [ ] Socks\n"))
        XCTAssertEqual(result.document.text, "- [ ] Trip\n  - [ ] Socks\n\n  pack the night before\n")
        XCTAssertEqual(result.document.notes(of: 0), ["pack the night before"])
        XCTAssertEqual(result.document.notes(of: 1), [])
    }

    func testANoteThatWouldBeASubtaskOrGoIntoATodoTxtFileIsRefused() {
        XCTAssertThrowsError(try TaskEditor.addNote("- [ ] sneaky", line: 1, in: md("- [ ] a\n")))
        XCTAssertThrowsError(try TaskEditor.addNote("a note", line: 1, in: txt("a\n"))) { error in
            XCTAssertEqual(error as? EditError, .noNotesInTodoTxt)
        }
    }

    // MARK: toggle

    func testToggleCompletesOpenTasksAndReopensClosedOnesInOneEdit() throws {
        let result = try StatusChange.toggle(lines: [1, 2], in: txt("a\nx 2026-11-20 b\n"), today: today)
        XCTAssertEqual(result.document.text, "x 2026-11-21 a\nb\n")
    }

    // MARK: append and prepend

    func testAppendingASingleValuedTagTheTaskHasReplacesIt() throws {
        let result = try TaskEditor.append("due:2026-11-25 bring cash", lines: [1], in: md("- [ ] Pay rent due:2026-11-20\n"), today: today)
        XCTAssertEqual(result.document.text, "- [ ] Pay rent due:2026-11-25 bring cash\n")
        let prepended = try TaskEditor.prepend("est:1h", lines: [1], in: txt("(A) Write est:30m\n"), today: today)
        XCTAssertEqual(prepended.document.text, "(A) Write est:1h\n")
    }

    func testAppendingATagOfAKeyThatMayRepeatAddsIt() throws {
        let result = try TaskEditor.append("who:ann", lines: [1], in: txt("Plan who:bob\n"), today: today)
        XCTAssertEqual(result.document.text, "Plan who:bob who:ann\n")
    }

    // MARK: Text typed for a task

    func prepared(_ text: String, checked: Bool = true, startsTask: Bool = true, hasDue: Bool = false) throws -> String {
        try TypedText.prepared(text, today: today, checked: checked, startsTask: startsTask, taskDue: hasDue ? Moment(today) : nil)
    }

    func error(_ text: String, startsTask: Bool = true) -> TypedTextError? {
        do {
            _ = try prepared(text, startsTask: startsTask)
            return nil
        } catch { return error as? TypedTextError }
    }

    func testADateThatDoesNotExistIsRefusedWithItsColumnAndTheReason() {
        XCTAssertEqual(error("Pay rent due:2026-02-30"),
                       TypedTextError("due:2026-02-30 is not a real date (February 2026 has 28 days)", column: 14, text: "Pay rent due:2026-02-30"))
        XCTAssertEqual(error("Plan t:2026-13-01")?.message, "t:2026-13-01 is not a real date (there is no month 13)")
        XCTAssertEqual(error("2026-02-29 Call")?.message, "2026-02-29 is not a real date (February 2026 has 28 days)")
        XCTAssertEqual(error("(A) 2026-04-31 Call")?.column, 5)
        XCTAssertEqual(error("Pay due:garbage")?.message, "due:garbage is not a date (YYYY-MM-DD)")
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(error("Café due:2026-02-30")?.column, 10)
    }

    func testDateWordsBecomeDates() throws {
        XCTAssertEqual(try prepared("Pay due:fri t:+3d"), "Pay due:2026-11-27 t:2026-11-24")
        XCTAssertEqual(try prepared("Call due:tomorrow remind:today"), "Call due:2026-11-22 remind:2026-11-21")
    }

    func testARemindPeriodCountsFromTheDueDateAndNeedsOne() throws {
        XCTAssertEqual(try prepared("Pay due:fri remind:-3d"), "Pay due:2026-11-27 remind:-3d")
        XCTAssertEqual(error("Pay remind:-3d")?.message, "remind:-3d counts from the due date, but the task has no due:")
        XCTAssertEqual(try prepared("remind:-1w", startsTask: false, hasDue: true), "remind:-1w")
        XCTAssertEqual(error("Pay due:fri remind:soon")?.message,
                       "remind:soon is not a date, a time or a period before the due date (e.g. remind:2026-11-27, remind:2026-11-27T09:00, remind:-3d, remind:-2h)")
    }

    func testOtherKnownKeysAreCheckedTooAndAKeyATaskHasOneOfMayNotRepeat() {
        XCTAssertEqual(error("Water rec:weekly")?.message, "rec:weekly is not a recurrence ([+]N[dwmyb])")
        XCTAssertEqual(error("Write est:soon")?.message, "est:soon is not a duration (e.g. 30m, 1h30m, 2h, 1d)")
        XCTAssertEqual(error("Pay due:fri due:mon")?.message, "due: is given twice; a task has one")
    }

    func testUncheckedTextKeepsWhatIsNotADateAsText() throws {
        XCTAssertEqual(try prepared("Pay due:2026-02-30 t:fri", checked: false), "Pay due:2026-02-30 t:2026-11-27")
    }

    func testAddRefusesAnImpossibleDateUnlessTold() throws {
        let task = NewTask(text: "Pay due:2026-02-30")
        XCTAssertThrowsError(try TaskInsertion.add(task, to: md(""), today: today))
        var forced = task
        forced.checksValues = false
        XCTAssertEqual(try TaskInsertion.add(forced, to: md(""), today: today).document.text, "- [ ] Pay due:2026-02-30\n")
    }

    func testReadingWarnsAboutASecondDueTagAndABadReminder() {
        let document = txt("Pay due:2026-11-20 due:2026-11-22\nCall remind:soon\nBuy remind:-2d\n")
        XCTAssertEqual(document.diagnostics.map(\.description), [
            "1:20: warning: a second due: tag: only the first counts",
            "2:13: warning: remind:soon is not a date, a time or a period before the due date (e.g. remind:2026-11-27, remind:2026-11-27T09:00, remind:-3d, remind:-2h)",
            "3:12: warning: remind:-2d counts from the due date, but the task has no due:",
        ])
    }

    // MARK: Listing record and caps

    func testAfterAnEditTheLineItPrintedNamesTheTaskItPrintedAndListedNumbersFollowTheirTasks() throws {
        let document = txt("A\nB\nC\n")
        var record = FileListingRecord(path: "/todo.txt", document: document)
        let removed = try TaskEditor.remove(lines: [1], in: document)
        record.follow(removed.checked, shownLines: removed.changedTaskLines)
        let added = try TaskInsertion.add(NewTask(text: "D"), to: removed.document, today: today)
        record.follow(added.checked, shownLines: added.changedTaskLines)
        XCTAssertEqual(added.changedTaskLines, [3])
        XCTAssertEqual(try record.line(forListed: 3, in: added.document), 3, "add printed line 3: the new task D")
        XCTAssertEqual(try record.line(forListed: 2, in: added.document), 1, "B, listed on line 2, is on line 1 now")
        XCTAssertThrowsError(try record.line(forListed: 1, in: added.document), "A was removed")
    }

    func testALineAnEditPrintsForATaskOtherThanTheOneLsListedThereNamesNeither() throws {
        let document = txt("A\nB\nC\nD\n")
        var record = FileListingRecord(path: "/todo.txt", document: document)
        let removed = try TaskEditor.remove(lines: [1], in: document)
        record.follow(removed.checked, shownLines: removed.changedTaskLines)
        // C, listed as 3, is printed on line 2, where B was listed.
        let prioritized = try TaskEditor.setPriority(Priority("A")!, lines: [2], in: removed.document)
        record.follow(prioritized.checked, shownLines: prioritized.changedTaskLines)
        XCTAssertEqual(prioritized.changedTaskLines, [2])
        XCTAssertThrowsError(try record.line(forListed: 2, in: prioritized.document)) { error in
            XCTAssertEqual(error as? EditError, .listedNumberNamesTwoTasks(line: 2))
        }
        XCTAssertEqual(try record.line(forListed: 3, in: prioritized.document), 2, "C, by the number ls showed")
        XCTAssertEqual(try record.line(forListed: 4, in: prioritized.document), 3, "D, untouched")
    }

    func testAMoveThatFillsACappedListPastItsCapIsRefused() throws {
        let document = md("## Today\n\n<!-- todofmt: limit=1 -->\n\n- [ ] a\n\n## Later\n\n- [ ] b\n")
        let moved = try TaskMover.move(lines: [9], to: ListPath(parsing: "Today")!, in: document)
        XCTAssertThrowsError(try moved.refusingCapOverflow("moved")) { error in
            XCTAssertEqual("\(error)", "list 'Today' takes at most 1 open task and would hold 2; nothing was moved (use --force to go over its limit)")
        }
        let away = try TaskMover.move(lines: [5], to: ListPath(parsing: "Later")!, in: document)
        XCTAssertNoThrow(try away.refusingCapOverflow("moved"))
    }

    func testATwoLetterWeekdayInTypedTextBecomesItsDate() throws {
        let result = try TaskInsertion.add(NewTask(text: "Call due:fr t:mo"), to: txt(""), today: today)
        XCTAssertEqual(result.document.text, "Call due:2026-11-27 t:2026-11-23\n")
    }

    func testATimeTypedAfterADueDateWordIsTheDueTime() throws {
        // 2026-11-21 is a Saturday.
        let cases = ["Dentist due:today 10:00": "Dentist due:2026-11-21T10:00",
                     "Call due:fri 2pm about it": "Call due:2026-11-27T14:00 about it",
                     "Pay due:2026-12-01 9:30am remind:tomorrow 8am": "Pay due:2026-12-01T09:30 remind:2026-11-22T08:00",
                     "Meet due:friT14:30 10:00": "Meet due:2026-11-27T14:30 10:00",
                     "Bake 2 pies due:mon 25:00": "Bake 2 pies due:2026-11-23 25:00",
                     "Start t:mon 10:00": "Start t:2026-11-23 10:00"]
        for (typed, written) in cases {
            XCTAssertEqual(try TaskInsertion.add(NewTask(text: typed), to: txt(""), today: today).document.text, written + "\n", typed)
        }
        let appended = try TaskEditor.append("due:tomorrow 9am", lines: [1], in: md("- [ ] Dentist\n"), today: today)
        XCTAssertEqual(appended.document.text, "- [ ] Dentist due:2026-11-22T09:00\n")
    }

    // MARK: Text that must stay text

    func refusal(_ edit: () throws -> EditResult) -> String {
        do { return "no refusal: \(try edit().document.text)" } catch { return "\(error)" }
    }

    func testPrependingAPriorityToADoneTaskIsRefusedRatherThanReadAsItsPriority() {
        let document = txt("x 2026-01-01 Call mom\n")
        XCTAssertEqual(refusal { try TaskEditor.prepend("(C) urgent", lines: [1], in: document, today: today) },
                       "column 1: (C) at the start of the description would be read as the task's priority, not as text")
    }

    func testPrependingADateToADoneTaskIsRefusedRatherThanReadAsItsCreationDate() {
        let document = txt("x 2026-01-01 Call mom\n")
        XCTAssertEqual(refusal { try TaskEditor.prepend("2026-03-03 now", lines: [1], in: document, today: today) },
                       "column 1: 2026-03-03 at the start of the description would be read as the task's creation date, not as text")
    }

    func testPrependingAPriorityOrADateToAnOpenTaskWithoutOneIsRefusedToo() {
        XCTAssertEqual(refusal { try TaskEditor.prepend("(C) urgent", lines: [1], in: md("- [ ] Call mom\n"), today: today) },
                       "column 1: (C) at the start of the description would be read as the task's priority, not as text")
        XCTAssertEqual(refusal { try TaskEditor.prepend("2026-03-03 now", lines: [1], in: txt("Call mom\n"), today: today) },
                       "column 1: 2026-03-03 at the start of the description would be read as the task's creation date, not as text")
    }

    func testPrependingAfterAPriorityAndDatesKeepsAPriorityOrDateInTheDescription() throws {
        let result = try TaskEditor.prepend("(C) 2026-03-03 now", lines: [1], in: txt("(A) 2026-01-01 Call mom\n"), today: today)
        XCTAssertEqual(result.document.text, "(A) 2026-01-01 (C) 2026-03-03 now Call mom\n")
        XCTAssertEqual(result.document.tasks[0].text, "(C) 2026-03-03 now Call mom")
    }

    func testAppendingADateToATaskWithoutADescriptionIsRefusedRatherThanReadAsADate() {
        XCTAssertEqual(refusal { try TaskEditor.append("2026-03-03 now", lines: [1], in: md("- [x] 2026-01-01\n"), today: today) },
                       "column 1: 2026-03-03 at the start of the description would be read as the task's creation date, not as text")
    }

    func testReplacingOrPrependingTextThatStartsWithTheDoneMarkSaysWhatAddSays() {
        let message = "a todo.txt line starting with 'x ' is a done task, so the task would read as done; reword its start"
        XCTAssertEqual(refusal { try TaskEditor.replace(line: 1, with: "x Buy milk", in: txt("Call mom\n"), today: today) }, message)
        XCTAssertEqual(refusal { try TaskEditor.prepend("x Buy", lines: [1], in: txt("Call mom\n"), today: today) }, message)
    }

    func testReplacingAClosedTaskWithoutACompletionDateRefusesALeadingDate() {
        for document in [md("- [x] a\n"), md("- [-] a\n"), txt("x a\n"), txt("x (A) a\n")] {
            XCTAssertEqual(refusal { try TaskEditor.replace(line: 1, with: "2026-01-01 new text", in: document, today: today) },
                           "column 1: 2026-01-01 would be read as the task's completion date: a closed task takes a creation date only after its completion date",
                           document.text)
        }
    }

    func testReplacingAClosedTaskWithACompletionDateTakesALeadingDateAsItsCreationDate() throws {
        let result = try TaskEditor.replace(line: 1, with: "2026-01-01 new text", in: md("- [x] 2026-02-01 a\n"), today: today)
        XCTAssertEqual(result.document.text, "- [x] 2026-02-01 2026-01-01 new text\n")
    }
}
