import TodoKit
import XCTest

/// Filters and sorting with times of day: `due:<now`, `due:<=2026-12-01T12:00`, `due:today` for timed tasks, and a
/// day's timed tasks before its untimed ones.
final class FilterTimeTests: XCTestCase {
    let now = Moment(CalendarDate(iso: "2026-11-21")!, at: TimeOfDay(iso: "10:00")!)
    let file = """
        a yesterday due:2026-11-20
        b this morning due:2026-11-21T08:15
        c today due:2026-11-21
        d this afternoon due:2026-11-21T14:30
        e tomorrow early due:2026-11-22T07:00
        f no date

        """

    func selected(_ query: String, at now: Moment? = nil) throws -> [String] {
        let document = Document(parsing: file, format: .todotxt)
        let filter = try FilterParser.parse(query, now: now ?? self.now)
        return document.tasks.filter { filter.matches($0, list: []) }.map { String($0.title.prefix(1)) }
    }

    func testOverdueNowTakesTimesPassedTodayButNotADayStillGoingOn() throws {
        XCTAssertEqual(try selected("due:<now"), ["a", "b"])
        XCTAssertEqual(try selected("due:>=now"), ["c", "d", "e"])
    }

    func testIsOverdueIsWhatTheOverdueMarkMeansToTheMinute() throws {
        XCTAssertEqual(try selected("is:overdue"), ["a", "b"])
        XCTAssertEqual(try selected("-is:overdue"), ["c", "d", "e", "f"])
        XCTAssertEqual(try selected("is:overdue", at: Moment(CalendarDate(iso: "2026-11-22")!, at: TimeOfDay(iso: "00:00")!)),
                       ["a", "b", "c", "d"])
        let document = Document(parsing: file, format: .todotxt)
        let marked = document.tasks.filter { TaskListing.isOverdue($0, now: now) }.map { String($0.title.prefix(1)) }
        XCTAssertEqual(try selected("is:overdue"), marked)
    }

    func testIsTakesOnlyTheStatesItKnows() {
        XCTAssertThrowsError(try selected("is:late")) { error in
            XCTAssertEqual("\(error)", "column 4: is: takes overdue, blocked or blocking, not 'late'")
        }
    }

    func testADateComparesATimedDueDateByItsDay() throws {
        XCTAssertEqual(try selected("due:today"), ["b", "c", "d"])
        XCTAssertEqual(try selected("due:<today"), ["a"])
        XCTAssertEqual(try selected("due:<=tomorrow"), ["a", "b", "c", "d", "e"])
    }

    func testADateAndTimeComparesAsAMomentWithADayWithoutTimeAtItsEnd() throws {
        XCTAssertEqual(try selected("due:<=2026-11-21T12:00"), ["a", "b"])
        XCTAssertEqual(try selected("due:2026-11-21T14:30"), ["d"])
        XCTAssertEqual(try selected("due:<=tomorrowT9am"), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(try selected("due:<tomorrowT07:00"), ["a", "b", "c", "d"])
    }

    func testOnlyDueTakesATime() {
        XCTAssertThrowsError(try FilterParser.parse("t:<now", now: now)) { error in
            XCTAssertEqual((error as? FilterError)?.message, "'t:' compares dates; only due: takes a time of day ('now')")
        }
        XCTAssertThrowsError(try FilterParser.parse("due:<2026-11-21T25:00", now: now))
    }

    func testADaysTimedTasksSortBeforeItsUntimedOnesInTheOrderOfTheirTimes() throws {
        let shuffled = Document(parsing: "c due:2026-11-21\nd due:2026-11-21T14:30\nf\nb due:2026-11-21T08:15\na due:2026-11-20\n",
                                format: .todotxt)
        let order = Sorter.order(shuffled.tasks, by: [SortKey(.due)]).map { shuffled.tasks[$0].title }
        XCTAssertEqual(order, ["a", "b", "d", "c", "f"])
    }

    func testListingMarksATaskOverdueOnceItsTimeHasPassed() {
        let document = Document(parsing: file, format: .todotxt)
        let overdue = document.tasks.filter { TaskListing.isOverdue($0, now: now) }.map(\.title)
        XCTAssertEqual(overdue, ["a yesterday", "b this morning"])
    }
}
