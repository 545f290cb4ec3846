@testable import TodoKit
import XCTest

/// Filters, sorting and dependencies see every dialect's fields alike.
final class PluginFilterTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 1, day: 31)!

    func lines(_ text: String, _ query: String, format: FileFormat = .markdown) throws -> [Int] {
        let document = Document(parsing: text, format: format)
        let filter = try FilterParser.parse(query, today: today)
        return TaskListing(document: document, filter: filter, scope: .all, today: today).matches.map { document.tasks[$0].line }
    }

    func testARepeatedDueTagCountsOnlyTheFirstInFilters() throws {
        let text = "a due:2026-02-06 due:2026-01-13\n"
        XCTAssertEqual(try lines(text, "due:<today", format: .todotxt), [])
        XCTAssertEqual(try lines(text, "due:>today", format: .todotxt), [1])
        XCTAssertEqual(try lines("a t:2026-02-06 t:2026-01-13\n", "t:<today", format: .todotxt), [])
    }

    func testEveryFilterTermOnADateAgreesWithWhatTheReaderSays() throws {
        // For random tasks with repeated and mixed due dates, due:<today holds exactly when the reader's due date is before today.
        var generator = SplitMix64(seed: 7)
        let dates = ["2026-01-13", "2026-02-06", "2026-01-31", "2026-02-30"]
        let forms = ["due:%@", "📅 %@", "[due:: %@]"]
        for _ in 0..<300 {
            let count = Int.random(in: 1...3, using: &generator)
            let fields = (0..<count).map { _ in forms.randomElement(using: &generator)!.replacingDate(dates.randomElement(using: &generator)!) }
            let text = "- [ ] task " + fields.joined(separator: " ") + "\n"
            let task = Document(parsing: text).tasks[0]
            for (query, holds) in [("due:<today", { (d: CalendarDate) in d < self.today }), ("due:>today", { $0 > self.today }),
                                   ("due:today", { $0 == self.today })] {
                let expected = task.due.map(holds) ?? false
                XCTAssertEqual(try lines(text, query) == [1], expected, "\(query) on \(text)")
            }
        }
    }

    func testPriorityLevelsFilterAsThePluginRanksThem() throws {
        let text = "- [ ] a 🔺\n- [ ] b ⏫\n- [ ] c 🔼\n- [ ] d\n- [ ] e 🔽\n- [ ] f ⏬\n- [ ] g [priority:: high]\n"
        XCTAssertEqual(try lines(text, "priority:high"), [2, 7])
        XCTAssertEqual(try lines(text, "priority:>medium"), [1, 2, 7])
        XCTAssertEqual(try lines(text, "priority:<medium"), [4, 5, 6])
        XCTAssertEqual(try lines(text, "priority:normal"), [4])
        XCTAssertEqual(try lines(text, "pri:B"), [2, 7])
    }

    func testIsBlockedAndIsBlockingFollowIdsInEveryDialect() throws {
        let text = """
            - [ ] first 🆔 abc
            - [ ] after ⛔ abc
            - [x] done first 🆔 def
            - [ ] after done ⛔ def
            - [ ] dv [id:: g1]
            - [ ] dv after [dependsOn:: g1]

            """
        XCTAssertEqual(try lines(text, "is:blocked"), [2, 6])
        XCTAssertEqual(try lines(text, "is:blocking"), [1, 5])
        let topydo = "Foo id:1\nBar p:1\nx 2026-01-01 Baz p:1\n"
        XCTAssertEqual(try lines(topydo, "is:blocked", format: .todotxt), [1])
        XCTAssertEqual(try lines(topydo, "is:blocking", format: .todotxt), [2])
    }

    func testSortingByPriorityPutsNoneBetweenMediumAndLowInATasksFile() {
        let document = Document(parsing: "- [ ] d\n- [ ] e 🔽\n- [ ] a 🔺\n- [ ] c 🔼\n- [ ] f ⏬\n- [ ] b ⏫\n")
        let order = Sorter.order(document.tasks, by: [SortKey(.priority)]).map { document.tasks[$0].title }
        XCTAssertEqual(order, ["a", "b", "c", "d", "e", "f"])
        let todotxt = Document(parsing: "d\n(B) b\n(A) a\n", format: .todotxt)
        XCTAssertEqual(Sorter.order(todotxt.tasks, by: [SortKey(.priority)]).map { todotxt.tasks[$0].title }, ["a", "b", "d"])
    }
}

private extension String {
    /// The form with `%@` replaced by `date`.
    func replacingDate(_ date: String) -> String {
        guard let range = range(of: "%@") else { return self }
        return String(self[..<range.lowerBound]) + date + String(self[range.upperBound...])
    }
}
