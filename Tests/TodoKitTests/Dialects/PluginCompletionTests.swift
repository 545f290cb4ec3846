@testable import TodoKit
import XCTest

/// `done`, `undo` and recurrence on Tasks and Dataview lines, as the Obsidian Tasks plugin writes them.
final class PluginCompletionTests: XCTestCase {
    func day(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    func done(_ text: String, line: Int = 1, on date: String, placement: NextOccurrencePlacement = .above) throws -> EditResult {
        try StatusChange.complete(lines: [line], in: Document(parsing: text), today: day(date), nextOccurrence: placement)
    }

    func testDoneAppendsTheDoneDateAndUndoGivesTheLineBack() throws {
        let lines = ["- [ ] Pay rent 📅 2026-12-01 ⏫", "- [ ] Pay rent [due:: 2026-12-01]  [priority:: high]",
                     "- [ ] #task **Overdue** on 2025-06-19 📅 2025-06-18 🔺", "- [/] Review 📅 2026-12-01 ^abc",
                     "- [ ] Call #home 📅 2026-12-01 #phone", "- [ ] Tagged only #a #b", "- [ ] (A) Mixed 📅 2026-12-01"]
        let expected = ["- [x] Pay rent 📅 2026-12-01 ⏫ ✅ 2026-11-28", "- [x] Pay rent [due:: 2026-12-01]  [priority:: high]  [completion:: 2026-11-28]",
                        "- [x] #task **Overdue** on 2025-06-19 📅 2025-06-18 🔺 ✅ 2026-11-28", "- [x] Review box:/ 📅 2026-12-01 ✅ 2026-11-28 ^abc",
                        "- [x] Call #home 📅 2026-12-01 #phone ✅ 2026-11-28", "- [x] Tagged only #a #b", "- [x] (A) Mixed 📅 2026-12-01 ✅ 2026-11-28"]
        for (line, want) in zip(lines, expected) where want != "- [x] Tagged only #a #b" {
            let result = try done(line + "\n", on: "2026-11-28")
            XCTAssertEqual(result.document.text, want + "\n", line)
            XCTAssertEqual(result.document.tasks[0].completionDate, day("2026-11-28"), line)
            let back = try StatusChange.reopen(lines: [1], in: result.document)
            XCTAssertEqual(back.document.text, line + "\n", line)
        }
    }

    func testTheBasicExampleOfRecurringTasks() throws {
        let result = try done("- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25\n", on: "2021-04-24")
        XCTAssertEqual(result.document.text, """
            - [ ] take out the trash 🔁 every Sunday 📅 2021-05-02
            - [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24

            """)
    }

    func testAnOptionPutsTheNextOccurrenceBelow() throws {
        let result = try done("- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25\n", on: "2021-04-24", placement: .below)
        XCTAssertEqual(result.document.text, """
            - [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24
            - [ ] take out the trash 🔁 every Sunday 📅 2021-05-02

            """)
    }

    /// Completes the top task on each of `days` in turn, as the worked examples of `Recurring Tasks.md` do.
    func completeRepeatedly(_ text: String, on days: [String]) throws -> String {
        var document = Document(parsing: text)
        for date in days {
            document = try StatusChange.complete(lines: [1], in: document, today: day(date)).document
        }
        return document.text
    }

    func testEveryMonthOnTheLastIsTheLastDayOfEachMonth() throws {
        let after = try completeRepeatedly("- [ ] do stuff 🔁 every month on the last 📅 2022-01-31\n",
                                           on: ["2022-01-31", "2022-02-28", "2022-03-31", "2022-04-30", "2022-05-31"])
        XCTAssertEqual(after, """
            - [ ] do stuff 🔁 every month on the last 📅 2022-06-30
            - [x] do stuff 🔁 every month on the last 📅 2022-05-31 ✅ 2022-05-31
            - [x] do stuff 🔁 every month on the last 📅 2022-04-30 ✅ 2022-04-30
            - [x] do stuff 🔁 every month on the last 📅 2022-03-31 ✅ 2022-03-31
            - [x] do stuff 🔁 every month on the last 📅 2022-02-28 ✅ 2022-02-28
            - [x] do stuff 🔁 every month on the last 📅 2022-01-31 ✅ 2022-01-31

            """)
    }

    func testEveryMonthMovesADayTheMonthLacksEarlier() throws {
        let after = try completeRepeatedly("- [ ] do stuff 🔁 every month 📅 2021-10-31\n",
                                           on: ["2021-10-31", "2021-11-30", "2021-12-30", "2022-01-30", "2022-02-28"])
        XCTAssertEqual(after, """
            - [ ] do stuff 🔁 every month 📅 2022-03-28
            - [x] do stuff 🔁 every month 📅 2022-02-28 ✅ 2022-02-28
            - [x] do stuff 🔁 every month 📅 2022-01-30 ✅ 2022-01-30
            - [x] do stuff 🔁 every month 📅 2021-12-30 ✅ 2021-12-30
            - [x] do stuff 🔁 every month 📅 2021-11-30 ✅ 2021-11-30
            - [x] do stuff 🔁 every month 📅 2021-10-31 ✅ 2021-10-31

            """)
    }

    func testEveryMonthOnThe31stSkipsShorterMonths() throws {
        let after = try completeRepeatedly("- [ ] do stuff 🔁 every month on the 31st 📅 2022-01-31\n",
                                           on: ["2022-01-31", "2022-03-31", "2022-05-31", "2022-07-31"])
        XCTAssertEqual(after, """
            - [ ] do stuff 🔁 every month on the 31st 📅 2022-08-31
            - [x] do stuff 🔁 every month on the 31st 📅 2022-07-31 ✅ 2022-07-31
            - [x] do stuff 🔁 every month on the 31st 📅 2022-05-31 ✅ 2022-05-31
            - [x] do stuff 🔁 every month on the 31st 📅 2022-03-31 ✅ 2022-03-31
            - [x] do stuff 🔁 every month on the 31st 📅 2022-01-31 ✅ 2022-01-31

            """)
    }

    func testEveryThreeMonthsFromThe31stKeepsTheEarlierDay() throws {
        let after = try completeRepeatedly("- [ ] do stuff 🔁 every 3 months 📅 2022-01-31\n", on: ["2022-01-31", "2022-04-30"])
        XCTAssertEqual(after, """
            - [ ] do stuff 🔁 every 3 months 📅 2022-07-30
            - [x] do stuff 🔁 every 3 months 📅 2022-04-30 ✅ 2022-04-30
            - [x] do stuff 🔁 every 3 months 📅 2022-01-31 ✅ 2022-01-31

            """)
    }

    func testWhenDoneCountsFromTheDayItIsDone() throws {
        let before = try done("- [ ] sweep the floors 🔁 every week ⏳ 2021-02-06\n", on: "2022-02-13")
        XCTAssertEqual(before.document.text.split(separator: "\n").first, "- [ ] sweep the floors 🔁 every week ⏳ 2021-02-13")
        let whenDone = try done("- [ ] sweep the floors 🔁 every week when done ⏳ 2021-02-06\n", on: "2022-02-13")
        XCTAssertEqual(whenDone.document.text.split(separator: "\n").first, "- [ ] sweep the floors 🔁 every week when done ⏳ 2022-02-20")
    }

    func testOtherDatesKeepTheirDistanceFromTheReferenceDate() throws {
        let result = try done("-   [ ] Mow the lawn 🔁 every 2 weeks ⏳ 2021-10-28 📅 2021-10-30\n", on: "2021-10-30")
        XCTAssertEqual(result.document.text.split(separator: "\n").first, "-   [ ] Mow the lawn 🔁 every 2 weeks ⏳ 2021-11-11 📅 2021-11-13")
    }

    func testTheNextOccurrenceLosesItsIdDependenciesAndBlockLink() throws {
        let result = try done("- [ ] a 🆔 x1 ⛔ y2 🔁 every day 📅 2026-01-01 ^link\n", on: "2026-01-01")
        XCTAssertEqual(result.document.text, """
            - [ ] a 🔁 every day 📅 2026-01-02
            - [x] a 🆔 x1 ⛔ y2 🔁 every day 📅 2026-01-01 ✅ 2026-01-01 ^link

            """)
    }

    func testOnCompletionDeleteRemovesTheCompletedInstance() throws {
        let text = """
            # My Project Tasks
            - [ ] Leave me alone
            - [ ] Leave me alone too! 🏁 keep
            - [ ] Delete me upon completion 🏁 delete
            - [ ] Delete my completed instance, leave my next instance 📅 2021-05-20 🔁 every day when done 🏁 delete

            """
        let result = try StatusChange.complete(lines: [2, 3, 4, 5], in: Document(parsing: text), today: day("2021-05-20"))
        XCTAssertEqual(result.document.text, """
            # My Project Tasks
            - [x] Leave me alone ✅ 2021-05-20
            - [x] Leave me alone too! 🏁 keep ✅ 2021-05-20
            - [ ] Delete my completed instance, leave my next instance 📅 2021-05-21 🔁 every day when done 🏁 delete

            """)
    }

    func testDoneSaysWhichTasksItUnblocks() throws {
        let text = "- [ ] Build a first draft 🆔 4ijuhy\n- [ ] Test with users ⛔ 4ijuhy\n"
        let result = try done(text, on: "2026-11-28")
        XCTAssertEqual(result.notes, ["this unblocks line 2 (\"Test with users\")"])
    }
}

/// `cancel` and `start` in every dialect.
final class PluginStatusTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    func testCancelWritesTheCancelledDateInTheTasksDialectAndUndoGivesTheLineBack() throws {
        for (line, cancelled) in [("- [ ] Pay 📅 2026-12-01", "- [-] Pay 📅 2026-12-01 ❌ 2026-11-28"),
                                  ("- [ ] Pay  [due:: 2026-12-01]", "- [-] Pay  [due:: 2026-12-01]  [cancelled:: 2026-11-28]"),
                                  ("- [ ] Pay due:2026-12-01", "- [-] Pay due:2026-12-01")] {
            let result = try StatusChange.cancel(lines: [1], in: Document(parsing: line + "\n"), today: today)
            XCTAssertEqual(result.document.text, cancelled + "\n")
            XCTAssertEqual(result.document.tasks[0].status, .cancelled)
            XCTAssertEqual(try StatusChange.reopen(lines: [1], in: result.document).document.text, line + "\n")
        }
    }

    func testACancelledTasksDateIsItsCancelledDate() throws {
        let result = try StatusChange.cancel(lines: [1], in: Document(parsing: "- [ ] Pay 📅 2026-12-01\n"), today: today)
        XCTAssertEqual(result.document.tasks[0].fields.cancelled, today)
        XCTAssertNil(result.document.tasks[0].fields.done)
    }

    func testCancelCompletesATodoTxtTask() throws {
        let result = try StatusChange.cancel(lines: [1], in: Document(parsing: "Pay rent\n", format: .todotxt), today: today)
        XCTAssertEqual(result.document.text, "x 2026-11-28 Pay rent\n")
    }

    func testStartMarksATaskInProgress() throws {
        let result = try StatusChange.start(lines: [1, 2], in: Document(parsing: "- [ ] a 📅 2026-12-01\n- [/] b\n"))
        XCTAssertEqual(result.document.text, "- [/] a 📅 2026-12-01\n- [/] b\n")
        XCTAssertEqual(result.notes, ["line 2 is in-progress already"])
        XCTAssertThrowsError(try StatusChange.start(lines: [1], in: Document(parsing: "a\n", format: .todotxt)))
    }
}

/// `pri` and `depri` write a task's priority in its own dialect.
final class PluginPriorityEditTests: XCTestCase {
    func testPriWritesTheLevelInTheTasksDialect() throws {
        let high = PriorityLevel.high.priority!
        let cases = [("- [ ] Pay 📅 2026-12-01", "- [ ] Pay ⏫ 📅 2026-12-01"), ("- [ ] Pay 🔽 📅 2026-12-01", "- [ ] Pay ⏫ 📅 2026-12-01"),
                     ("- [ ] Pay  [due:: 2026-12-01]", "- [ ] Pay  [priority:: high]  [due:: 2026-12-01]"),
                     ("- [ ] Pay due:2026-12-01", "- [ ] (B) Pay due:2026-12-01")]
        for (before, after) in cases {
            let result = try TaskEditor.setPriority(high, lines: [1], in: Document(parsing: before + "\n"))
            XCTAssertEqual(result.document.text, after + "\n")
            XCTAssertEqual(try TaskEditor.removePriority(lines: [1], in: Document(parsing: after + "\n")).document.text,
                           (before.contains("🔽") ? "- [ ] Pay 📅 2026-12-01" : before) + "\n")
        }
    }
}

/// `due`, `tag` and `postpone` write a Tasks or Dataview task's dates in its own dialect.
final class PluginDateEditTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    func testDueWritesTheDueDateInTheTasksDialect() throws {
        let cases = [("- [ ] Pay ⏫", "- [ ] Pay ⏫ 📅 2026-12-01"), ("- [ ] Pay 📅 2026-11-01 ✅ 2026-11-02", "- [ ] Pay 📅 2026-12-01 ✅ 2026-11-02"),
                     ("- [ ] Pay  [priority:: high]", "- [ ] Pay  [priority:: high]  [due:: 2026-12-01]")]
        for (before, after) in cases {
            let result = try TaskEditor.setTag("due", to: "2026-12-01", lines: [1], in: Document(parsing: before + "\n"), today: today)
            XCTAssertEqual(result.document.text, after + "\n")
        }
        let removed = try TaskEditor.setTag("due", to: nil, lines: [1], in: Document(parsing: "- [ ] Pay ⏫ 📅 2026-12-01\n"), today: today)
        XCTAssertEqual(removed.document.text, "- [ ] Pay ⏫\n")
        XCTAssertThrowsError(try TaskEditor.setTag("due", to: "2026-12-01T14:30", lines: [1], in: Document(parsing: "- [ ] Pay ⏫\n"), today: today))
    }

    func testTagWritesEachDateFieldInTheTasksOwnDialect() throws {
        func tag(_ key: String, _ value: String?, _ text: String) throws -> String {
            try TaskEditor.setTag(key, to: value, lines: [1], in: Document(parsing: text + "\n"), today: today).document.text
        }
        XCTAssertEqual(try tag("scheduled", "2026-12-02", "- [ ] Pay ⏫ 📅 2026-12-04"), "- [ ] Pay ⏫ ⏳ 2026-12-02 📅 2026-12-04\n")
        XCTAssertEqual(try tag("start", "mon", "- [ ] Pay 📅 2026-12-04"), "- [ ] Pay 🛫 2026-11-30 📅 2026-12-04\n")
        XCTAssertEqual(try tag("t", "2026-12-01", "- [ ] Pay 🛫 2026-11-30"), "- [ ] Pay 🛫 2026-12-01\n")
        XCTAssertEqual(try tag("created", "today", "- [ ] Pay ⏫"), "- [ ] Pay ⏫ ➕ 2026-11-28\n")
        XCTAssertEqual(try tag("scheduled", "fri", "- [ ] Pay  [due:: 2026-12-04]"), "- [ ] Pay  [scheduled:: 2026-12-04]  [due:: 2026-12-04]\n")
        XCTAssertEqual(try tag("scheduled", nil, "- [ ] Pay ⏳ 2026-12-02 📅 2026-12-04"), "- [ ] Pay 📅 2026-12-04\n")
        // A todo.txt-style task has no scheduled date: the key stays a tag of its own.
        XCTAssertEqual(try tag("scheduled", "2026-12-02", "- [ ] Pay due:2026-12-04"), "- [ ] Pay due:2026-12-04 scheduled:2026-12-02\n")
        XCTAssertThrowsError(try tag("scheduled", "2026-02-30", "- [ ] Pay ⏫")) { error in
            XCTAssertEqual((error as? TypedTextError)?.message, "scheduled:2026-02-30 is not a real date (February 2026 has 28 days)")
            XCTAssertEqual((error as? TypedTextError)?.canForce, false)
        }
    }

    func testPostponeMovesTheStartAndScheduledDatesWithTheDueDate() throws {
        let document = Document(parsing: "- [ ] Mow 🛫 2026-11-20 ⏳ 2026-11-28 📅 2026-11-30\n")
        let result = try TaskEditor.postpone(lines: [1], by: Period(count: 1, unit: .week), in: document)
        XCTAssertEqual(result.document.text, "- [ ] Mow 🛫 2026-11-27 ⏳ 2026-12-05 📅 2026-12-07\n")
    }
}

/// The plugin's rules as calendar rules, where the calendar's dates are exactly the plugin's.
final class RepeatRuleCalendarTests: XCTestCase {
    func rule(_ text: String, _ anchor: String) -> String? { RecurrenceRule(text)!.calendarRule(anchor: CalendarDate(iso: anchor)!) }

    func testTheDocsExamplesBecomeExactRules() {
        XCTAssertEqual(rule("every 3 days", "2026-01-05"), "FREQ=DAILY;INTERVAL=3")
        XCTAssertEqual(rule("every weekday", "2026-01-05"), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(rule("every week on Tuesday, Friday", "2026-01-06"), "FREQ=WEEKLY;BYDAY=TU,FR")
        XCTAssertEqual(rule("every Sunday", "2026-01-04"), "FREQ=WEEKLY;BYDAY=SU")
        XCTAssertEqual(rule("every month on the last Friday", "2026-01-30"), "FREQ=MONTHLY;BYDAY=-1FR")
        XCTAssertEqual(rule("every month on the 2nd last Friday", "2026-01-23"), "FREQ=MONTHLY;BYDAY=-2FR")
        XCTAssertEqual(rule("every 6 months on the 2nd Wednesday", "2026-01-14"), "FREQ=MONTHLY;INTERVAL=6;BYDAY=2WE")
        XCTAssertEqual(rule("every January on the 15th", "2026-01-15"), "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15")
        XCTAssertEqual(rule("every April and December on the 1st and 24th", "2026-04-01"), "FREQ=YEARLY;BYMONTH=4,12;BYMONTHDAY=1,24")
        XCTAssertEqual(rule("every month on the last", "2026-01-31"), "FREQ=MONTHLY;BYMONTHDAY=-1")
        XCTAssertEqual(rule("every 2 months", "2026-01-15"), "FREQ=MONTHLY;INTERVAL=2")
    }

    func testRulesTheCalendarWouldComputeOtherwiseGetNone() {
        XCTAssertNil(rule("every week when done", "2026-01-05"))
        XCTAssertNil(rule("every month", "2026-01-31"))
        XCTAssertNil(rule("every year", "2024-02-29"))
    }
}
