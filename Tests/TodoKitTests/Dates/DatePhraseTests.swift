import TodoKit
import XCTest

/// The dates a Tasks query names in words, read as the plugin reads them. The tables are the plugin's
/// approved explanations (obsidian-tasks-group/obsidian-tasks, tests/Query/Filter/ReferenceDocs/FilterReference/
/// DateFieldReference.test.explain_date_reference_*.approved.explanation.text), run on Wednesday 2023-04-19.
final class DatePhraseTests: XCTestCase {
    let wednesday = CalendarDate(year: 2023, month: 4, day: 19)!

    func date(_ text: String) -> String? { DatePhrase.date(text, today: wednesday)?.description }
    func range(_ text: String) -> String? { DatePhrase.range(text, today: wednesday)?.description }

    // …filters-date-examples.approved.explanation.text
    func testTheDocumentedExamplesNameTheseDays() {
        let table: [(String, String)] = [
            ("today", "2023-04-19"), ("yesterday", "2023-04-18"), ("tomorrow", "2023-04-20"),
            ("next monday", "2023-04-24"), ("last friday", "2023-04-14"), ("14 days ago", "2023-04-05"),
            ("in two weeks", "2023-05-03"), ("14 October", "2023-10-14"), ("May", "2023-05-01"),
        ]
        for (text, expected) in table { XCTAssertEqual(date(text), expected, text) }
    }

    // …last-this-next-weekday.approved.explanation.text
    func testABareWeekdayIsTheNearestOneAndLastAndNextAreAWeekAway() {
        let table: [(String, [String])] = [
            ("monday", ["2023-04-17", "2023-04-10", "2023-04-17", "2023-04-24"]),
            ("tuesday", ["2023-04-18", "2023-04-11", "2023-04-18", "2023-04-25"]),
            ("wednesday", ["2023-04-19", "2023-04-12", "2023-04-19", "2023-04-26"]),
            ("thursday", ["2023-04-20", "2023-04-13", "2023-04-20", "2023-04-27"]),
            ("friday", ["2023-04-21", "2023-04-14", "2023-04-21", "2023-04-28"]),
            ("saturday", ["2023-04-22", "2023-04-15", "2023-04-22", "2023-04-29"]),
            ("sunday", ["2023-04-16", "2023-04-09", "2023-04-16", "2023-04-23"]),
        ]
        for (day, expected) in table {
            XCTAssertEqual([day, "last \(day)", "this \(day)", "next \(day)"].map(date), expected, day)
        }
    }

    // …last-this-next-week-month-quarter-year.approved.explanation.text
    func testLastThisAndNextWeekMonthQuarterAndYearAreRanges() {
        let table: [(String, String)] = [
            ("last week", "2023-04-10..2023-04-16"), ("this week", "2023-04-17..2023-04-23"),
            ("next week", "2023-04-24..2023-04-30"), ("last month", "2023-03-01..2023-03-31"),
            ("this month", "2023-04-01..2023-04-30"), ("next month", "2023-05-01..2023-05-31"),
            ("last quarter", "2023-01-01..2023-03-31"), ("this quarter", "2023-04-01..2023-06-30"),
            ("next quarter", "2023-07-01..2023-09-30"), ("last year", "2022-01-01..2022-12-31"),
            ("this year", "2023-01-01..2023-12-31"), ("next year", "2024-01-01..2024-12-31"),
        ]
        for (text, expected) in table { XCTAssertEqual(range(text), expected, text) }
    }

    // docs/Queries/Filters.md, "Numbered date ranges" and "Absolute date ranges"
    func testNumberedRangesAndTwoDatesAreRanges() {
        XCTAssertEqual(range("2022-W14"), "2022-04-04..2022-04-10")
        XCTAssertEqual(range("2023-10"), "2023-10-01..2023-10-31")
        XCTAssertEqual(range("2021-Q4"), "2021-10-01..2021-12-31")
        XCTAssertEqual(range("2023"), "2023-01-01..2023-12-31")
        XCTAssertEqual(range("2023-02-07 2023-02-11"), "2023-02-07..2023-02-11")
        XCTAssertEqual(range("2023-02-11 2023-02-07"), "2023-02-07..2023-02-11")
        XCTAssertEqual(range("2023-02-09"), "2023-02-09")
    }

    func testAWeekTheYearLacksIsNoRange() {
        XCTAssertNil(range("2025-W53"))
        XCTAssertEqual(range("2026-W53"), "2026-12-28..2027-01-03")
        XCTAssertEqual(range("2026-W01"), "2025-12-29..2026-01-04")
        XCTAssertEqual(range("2020-W53"), "2020-12-28..2021-01-03")
    }

    func testDaysOfMonthsReadInEitherOrderWithOrWithoutAYear() {
        XCTAssertEqual(date("25th May 2023"), "2023-05-25")
        XCTAssertEqual(date("May 25, 2024"), "2024-05-25")
        XCTAssertEqual(date("october 14th"), "2023-10-14")
        XCTAssertEqual(date("May 2024"), "2024-05-01")
        XCTAssertNil(date("30 February"))
    }

    func testOffsetsCountFromToday() {
        XCTAssertEqual(date("2 years ago"), "2021-04-19")
        XCTAssertEqual(date("a week ago"), "2023-04-12")
        XCTAssertEqual(date("in 3 days"), "2023-04-22")
        XCTAssertEqual(date("2 months from now"), "2023-06-19")
    }

    func testWordsThatNameNoDayAreNil() {
        // `+3d` is todofmt's own offset (its `ls` filters take it); the plugin's chrono does not.
        for text in ["", "someday", "next fortnight", "in two", "14", "2023-02-30", "blue moon", "+3d"] {
            XCTAssertNil(range(text), text)
        }
    }

    // What the plugin's DateParser (Tasks 8.3.0 with its chrono-node, run outside Obsidian) made of each phrase on
    // Saturday 2026-11-28: its date range, or, where it found none, the one date chrono reads.
    func testChronosWordsNameTheDaysThePluginNames() {
        let saturday = CalendarDate(year: 2026, month: 11, day: 28)!
        let table: [(String, String?)] = [
            ("this day", "2026-11-28"), ("now", "2026-11-28"), ("tonight", "2026-11-28"), ("this morning", "2026-11-28"),
            ("last night", "2026-11-27"), ("the day after tomorrow", "2026-11-29"), ("the day before yesterday", "2026-11-27"),
            ("monday", "2026-11-30"), ("tuesday", "2026-12-01"), ("wednesday", "2026-11-25"), ("sunday", "2026-11-29"),
            ("mon", "2026-11-30"), ("fri", "2026-11-27"), ("next monday", "2026-11-30"), ("next saturday", "2026-12-05"),
            ("next sunday", "2026-11-29"), ("last monday", "2026-11-16"), ("this monday", "2026-11-23"),
            ("this sunday", "2026-11-22"), ("friday next week", "2026-11-30..2026-12-06"),
            ("Friday Next Week", "2026-12-04"), ("Next Week", "2026-12-05"),
            ("in a week", "2026-12-05"), ("in 3 months", "2027-02-28"), ("7 days from now", "2026-12-05"),
            ("a week from today", "2026-11-28"), ("1 week ago", "2026-11-21"), ("3 days later", "2026-12-01"),
            ("next 7 days", "2026-12-05"), ("past week", "2026-11-21"),
            ("end of this week", "2026-11-23..2026-11-29"), ("end of this month", "2026-11-01..2026-11-30"),
            ("this weekend", "2026-11-23..2026-11-29"), ("start of next week", "2026-11-30..2026-12-06"),
            ("1 May", "2027-05-01"), ("May 1st", "2027-05-01"), ("1st of May", "2027-05-01"), ("the 5th of May", "2027-05-05"),
            ("December 25", "2026-12-25"), ("Sept 3", "2026-09-03"), ("May", "2027-05-01"), ("december", "2026-12-01"),
            ("2026/12/01", "2026-12-01"), ("12/01/2026", "2026-12-01"), ("01/12/2026", "2026-01-12"), ("12/25", "2026-12-25"),
            ("2026-12-01 to 2026-12-07", "2026-12-01"), ("2026-12-01 - 2026-12-07", "2026-12-01"),
            ("two weeks", nil), ("1 week", nil), ("end of month", nil), ("weekend", nil), ("the coming 7 days", nil),
            ("31", nil), ("Feb 29", nil), ("Invalid date", nil), ("2026-w49", nil),
        ]
        for (text, expected) in table {
            XCTAssertEqual(DatePhrase.range(text, today: saturday)?.description, expected, text)
        }
    }

    // The same, on Wednesday 2026-12-02: `this`, `next` and `last` count in the plugin's Sunday-to-Saturday weeks.
    func testThisNextAndLastWeekdaysCountInWeeksFromSunday() {
        let wednesday = CalendarDate(year: 2026, month: 12, day: 2)!
        let table: [(String, String)] = [
            ("monday", "2026-11-30"), ("sunday", "2026-11-29"), ("saturday", "2026-12-05"), ("this monday", "2026-11-30"),
            ("this sunday", "2026-11-29"), ("next monday", "2026-12-07"), ("next sunday", "2026-12-06"),
            ("next wednesday", "2026-12-09"), ("last sunday", "2026-11-22"), ("last friday", "2026-11-27"),
        ]
        for (text, expected) in table { XCTAssertEqual(DatePhrase.date(text, today: wednesday)?.description, expected, text) }
    }
}
