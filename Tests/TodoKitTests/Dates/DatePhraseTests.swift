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
        XCTAssertEqual(date("+3d"), "2023-04-22")
    }

    func testWordsThatNameNoDayAreNil() {
        for text in ["", "someday", "next fortnight", "in two", "14", "2023-02-30", "blue moon"] {
            XCTAssertNil(range(text), text)
        }
    }
}
