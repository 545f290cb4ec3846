import TodoKit
import XCTest

/// Relative dates in filters resolve against the given today, across month, year and leap-day edges.
final class FilterDateTests: XCTestCase {
    func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    /// The date `due:=WORD` compares with, when today is `today`.
    func resolved(_ word: String, today: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let filter = try FilterParser.parse("due:=\(word)", today: date(today))
            guard case .term(.field("due", .compare(let comparison))) = filter else { return nil }
            return comparison.date?.description
        } catch {
            XCTFail("\(word): \(error)", file: file, line: line)
            return nil
        }
    }

    func testTodayTomorrowAndYesterday() {
        XCTAssertEqual(resolved("today", today: "2026-11-21"), "2026-11-21")
        XCTAssertEqual(resolved("tomorrow", today: "2026-11-21"), "2026-11-22")
        XCTAssertEqual(resolved("yesterday", today: "2026-11-21"), "2026-11-20")
    }

    func testADayAfterTheEndOfAMonthAndOfAYear() {
        XCTAssertEqual(resolved("+1d", today: "2026-11-30"), "2026-12-01")
        XCTAssertEqual(resolved("+1d", today: "2026-12-31"), "2027-01-01")
        XCTAssertEqual(resolved("tomorrow", today: "2026-12-31"), "2027-01-01")
        XCTAssertEqual(resolved("yesterday", today: "2027-01-01"), "2026-12-31")
        XCTAssertEqual(resolved("-1d", today: "2026-03-01"), "2026-02-28")
    }

    func testLeapDays() {
        XCTAssertEqual(resolved("+1d", today: "2028-02-28"), "2028-02-29")
        XCTAssertEqual(resolved("+2d", today: "2028-02-28"), "2028-03-01")
        XCTAssertEqual(resolved("+1d", today: "2026-02-28"), "2026-03-01")
        XCTAssertEqual(resolved("+1y", today: "2028-02-29"), "2029-02-28")
        XCTAssertEqual(resolved("-1d", today: "2100-03-01"), "2100-02-28")  // 2100 is not a leap year
        XCTAssertEqual(resolved("-1d", today: "2000-03-01"), "2000-02-29")  // 2000 is
    }

    func testAMonthFromTheThirtyFirstStopsAtTheMonthsLastDay() {
        XCTAssertEqual(resolved("1m", today: "2026-01-31"), "2026-02-28")
        XCTAssertEqual(resolved("1m", today: "2028-01-31"), "2028-02-29")
        XCTAssertEqual(resolved("+1m", today: "2026-03-31"), "2026-04-30")
        XCTAssertEqual(resolved("1m", today: "2026-12-15"), "2027-01-15")
        XCTAssertEqual(resolved("-1m", today: "2026-03-31"), "2026-02-28")
    }

    func testWeeksAndYears() {
        XCTAssertEqual(resolved("2w", today: "2026-12-25"), "2027-01-08")
        XCTAssertEqual(resolved("+1y", today: "2026-11-21"), "2027-11-21")
    }

    func testAWeekdayNameIsTheNextOneNeverToday() {
        // 2026-11-21 is a Saturday.
        XCTAssertEqual(resolved("sat", today: "2026-11-21"), "2026-11-28")
        XCTAssertEqual(resolved("saturday", today: "2026-11-21"), "2026-11-28")
        XCTAssertEqual(resolved("sun", today: "2026-11-21"), "2026-11-22")
        XCTAssertEqual(resolved("fri", today: "2026-11-21"), "2026-11-27")
        XCTAssertEqual(resolved("mon", today: "2026-12-31"), "2027-01-04")
        XCTAssertEqual(resolved("tue", today: "2028-02-28"), "2028-02-29")  // a Monday, then leap day
    }

    func testTwoLettersNameAWeekdayAsTopydoReadsThem() {
        // 2026-11-21 is a Saturday.
        let days = ["mo": "2026-11-23", "tu": "2026-11-24", "we": "2026-11-25", "th": "2026-11-26", "fr": "2026-11-27",
                    "sa": "2026-11-28", "su": "2026-11-22", "Fr": "2026-11-27"]
        for (word, date) in days { XCTAssertEqual(resolved(word, today: "2026-11-21"), date, word) }
        XCTAssertNil(DateExpression.resolve("f", today: date("2026-11-21")))
        XCTAssertNil(DateExpression.resolve("to", today: date("2026-11-21")))
    }

    func testAnIsoDateIsItself() {
        XCTAssertEqual(resolved("2026-02-28", today: "2026-11-21"), "2026-02-28")
    }

    func testTheSameFilterSelectsDifferentTasksOnDifferentDays() throws {
        let document = Document(parsing: "a due:2028-02-29\nb due:2028-03-01\n", format: .todotxt)
        let filter = "due:tomorrow"
        let onTheTwentyEighth = try FilterParser.parse(filter, today: date("2028-02-28"))
        let onTheTwentyNinth = try FilterParser.parse(filter, today: date("2028-02-29"))
        XCTAssertEqual(document.tasks.indices.filter { onTheTwentyEighth.matches(document.tasks[$0], list: document.list(of: $0)) }.map { document.tasks[$0].line }, [1])
        XCTAssertEqual(document.tasks.indices.filter { onTheTwentyNinth.matches(document.tasks[$0], list: document.list(of: $0)) }.map { document.tasks[$0].line }, [2])
    }

    func testAnOffsetBeyondTheCalendarIsNotADate() {
        let today = date("2026-01-15")
        for word in ["999999w", "-999999w", "999999y", "-999999m", "9000y"] {
            XCTAssertNil(DateExpression.resolve(word, today: today), word)
        }
        XCTAssertEqual(DateExpression.resolve("7973y", today: today)?.description, "9999-01-15")
        XCTAssertEqual(DateExpression.resolve("-2025y", today: today)?.description, "0001-01-15")
        XCTAssertNil(DateExpression.resolve("tomorrow", today: date("9999-12-31")))
        XCTAssertNil(DateExpression.resolve("fri", today: date("9999-12-31")))
        XCTAssertNil(DateExpression.resolve("yesterday", today: date("0001-01-01")))
    }
}
