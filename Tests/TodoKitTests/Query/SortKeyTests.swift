import TodoKit
import XCTest

/// Each sort key on its own, ascending and descending, read through todo.txt lines (one task a line).
final class SortKeyTests: XCTestCase {
    private func sort(_ lines: [String], by keys: String) throws -> [String] {
        let document = Document(parsing: lines.joined(separator: "\n") + "\n", format: .todotxt)
        let sorted = Sorter.sorted(document, by: try SortKey.parseOrder(keys)).document
        return sorted.lines.map { String($0.text) }
    }

    func testStatusPutsOpenAndInProgressBeforeDoneAndCancelled() {
        let text = "- [x] done\n- [ ] open\n- [-] cancelled\n- [/] started\n- [?] unknown\n"
        let sorted = Sorter.sorted(Document(parsing: text), by: [SortKey(.status)]).document
        XCTAssertEqual(sorted.text, "- [ ] open\n- [/] started\n- [?] unknown\n- [x] done\n- [-] cancelled\n")
    }

    func testDescendingStatusPutsClosedTasksFirst() {
        let text = "- [ ] open\n- [x] done\n- [/] started\n- [-] cancelled\n"
        let sorted = Sorter.sorted(Document(parsing: text), by: [SortKey(.status, descending: true)]).document
        XCTAssertEqual(sorted.text, "- [x] done\n- [-] cancelled\n- [ ] open\n- [/] started\n")
    }

    func testPriorityPutsAFirstAndNoPriorityLast() throws {
        XCTAssertEqual(try sort(["none", "(B) b", "(Z) z", "(A) a"], by: "priority"),
                       ["(A) a", "(B) b", "(Z) z", "none"])
    }

    func testDescendingPriorityKeepsNoPriorityLast() throws {
        XCTAssertEqual(try sort(["none", "(B) b", "(Z) z", "(A) a"], by: "-priority"),
                       ["(Z) z", "(B) b", "(A) a", "none"])
    }

    func testDueSortsEarliestFirstAndUndatedLast() throws {
        let lines = ["no date", "b due:2026-03-01", "bad due:2026-02-30", "a due:2026-01-15"]
        XCTAssertEqual(try sort(lines, by: "due"),
                       ["a due:2026-01-15", "b due:2026-03-01", "no date", "bad due:2026-02-30"])
        XCTAssertEqual(try sort(lines, by: "-due"),
                       ["b due:2026-03-01", "a due:2026-01-15", "no date", "bad due:2026-02-30"])
    }

    func testThresholdSortsByTheTTag() throws {
        let lines = ["none", "late t:2026-05-01", "early t:2025-12-31"]
        XCTAssertEqual(try sort(lines, by: "t"), ["early t:2025-12-31", "late t:2026-05-01", "none"])
        XCTAssertEqual(try sort(lines, by: "-t"), ["late t:2026-05-01", "early t:2025-12-31", "none"])
    }

    func testCreatedSortsByCreationDateWithUndatedLastBothWays() throws {
        let lines = ["undated", "2026-02-01 newer", "(A) 2025-01-01 older"]
        XCTAssertEqual(try sort(lines, by: "created"), ["(A) 2025-01-01 older", "2026-02-01 newer", "undated"])
        XCTAssertEqual(try sort(lines, by: "-created"), ["2026-02-01 newer", "(A) 2025-01-01 older", "undated"])
    }

    func testCompletedSortsByCompletionDateWithOpenTasksLast() throws {
        let lines = ["open", "x 2026-03-02 later", "x 2026-03-01 2026-01-01 earlier"]
        XCTAssertEqual(try sort(lines, by: "completed"),
                       ["x 2026-03-01 2026-01-01 earlier", "x 2026-03-02 later", "open"])
        XCTAssertEqual(try sort(lines, by: "-completed"),
                       ["x 2026-03-02 later", "x 2026-03-01 2026-01-01 earlier", "open"])
    }

    func testTextIgnoresCaseAndThePriorityAndDates() throws {
        let lines = ["(A) zebra", "2026-01-01 Apple", "mango", "Banana"]
        XCTAssertEqual(try sort(lines, by: "text"), ["2026-01-01 Apple", "Banana", "mango", "(A) zebra"])
        XCTAssertEqual(try sort(lines, by: "-text"), ["(A) zebra", "mango", "Banana", "2026-01-01 Apple"])
    }

    func testTextComparesLowercasedUnicodeScalarsWithoutLocale() throws {
        // "é" (U+00E9) comes after every ASCII letter; "Éa" lowercases to "éa", equal in case to "éa".
        XCTAssertEqual(try sort(["éb", "zed", "Éa", "eve"], by: "text"), ["eve", "zed", "Éa", "éb"])
    }

    func testProjectUsesTheFirstProjectCaseInsensitivelyWithNoneLast() throws {
        let lines = ["none", "b +Beta +aaa", "a +alpha", "c +Gamma"]
        XCTAssertEqual(try sort(lines, by: "project"), ["a +alpha", "b +Beta +aaa", "c +Gamma", "none"])
        XCTAssertEqual(try sort(lines, by: "-project"), ["c +Gamma", "b +Beta +aaa", "a +alpha", "none"])
    }

    func testContextUsesTheFirstContext() throws {
        let lines = ["@Work later", "no context", "@home @work first"]
        XCTAssertEqual(try sort(lines, by: "context"), ["@home @work first", "@Work later", "no context"])
        XCTAssertEqual(try sort(lines, by: "-context"), ["@Work later", "@home @work first", "no context"])
    }

    func testTagWhoseValuesAreAllNumbersSortsNumerically() throws {
        let lines = ["a size:10", "b size:9", "c", "d size:-1.5", "e size:9.25"]
        XCTAssertEqual(try sort(lines, by: "size"), ["d size:-1.5", "b size:9", "e size:9.25", "a size:10", "c"])
        XCTAssertEqual(try sort(lines, by: "-size"), ["a size:10", "e size:9.25", "b size:9", "d size:-1.5", "c"])
    }

    func testTagWhoseValuesAreAllDatesSortsByDate() throws {
        let lines = ["x wait:2026-10-01", "y wait:2026-02-01", "z"]
        XCTAssertEqual(try sort(lines, by: "wait"), ["y wait:2026-02-01", "x wait:2026-10-01", "z"])
    }

    func testTagWhoseValuesAreAllDurationsSortsByLength() throws {
        let lines = ["long est:1d", "none", "short est:30m", "mid est:2h", "bare est:45"]
        XCTAssertEqual(try sort(lines, by: "est"),
                       ["short est:30m", "bare est:45", "mid est:2h", "long est:1d", "none"])
        XCTAssertEqual(try sort(lines, by: "-est"),
                       ["long est:1d", "mid est:2h", "bare est:45", "short est:30m", "none"])
    }

    func testTagWithMixedValuesSortsAsCaseInsensitiveText() throws {
        let lines = ["a v:10", "b v:9", "c v:Apple", "d v:apple2"]
        XCTAssertEqual(try sort(lines, by: "v"), ["a v:10", "b v:9", "c v:Apple", "d v:apple2"])
    }

    func testTagKeyUsesTheFirstValueOfTheKey() throws {
        XCTAssertEqual(try sort(["a n:5 n:1", "b n:3"], by: "n"), ["b n:3", "a n:5 n:1"])
    }

    func testEqualTasksKeepTheirOrder() throws {
        let lines = ["(B) first", "(A) one", "(B) second", "(A) two", "(B) third"]
        XCTAssertEqual(try sort(lines, by: "priority"), ["(A) one", "(A) two", "(B) first", "(B) second", "(B) third"])
        XCTAssertEqual(try sort(lines, by: "-priority"), ["(B) first", "(B) second", "(B) third", "(A) one", "(A) two"])
    }

    func testLaterKeysBreakTiesOfEarlierKeys() throws {
        let lines = ["(B) 2026-01-02 b2", "(A) 2026-01-01 a1", "(B) 2026-01-01 b1", "(A) 2026-01-03 a3"]
        XCTAssertEqual(try sort(lines, by: "priority,-created"),
                       ["(A) 2026-01-03 a3", "(A) 2026-01-01 a1", "(B) 2026-01-02 b2", "(B) 2026-01-01 b1"])
    }

    func testKeysTooWideToPackTogetherStillSortByEveryKey() throws {
        // Four dates spread over ten thousand years need more than 64 bits between them.
        let lines = ["p due:0500-01-01 t:0001-01-01 wait:0001-01-01 start:0001-01-01",
                     "q due:0500-01-01 t:0001-01-01 wait:0001-01-01 start:9999-12-31",
                     "r due:0001-01-01 t:9999-12-31 wait:9999-12-31 start:5000-01-01",
                     "s due:0500-01-01 t:0001-01-01 wait:9999-12-31 start:0001-01-01",
                     "u due:9999-12-31",
                     "v due:0500-01-01 t:0001-01-01 wait:0001-01-01 start:0001-01-01"]
        XCTAssertEqual(try sort(lines, by: "due,t,wait,-start").map { String($0.prefix(1)) },
                       ["r", "q", "p", "v", "s", "u"])
    }

    func testDefaultOrderIsStatusThenPriorityThenDue() throws {
        let lines = ["x (A) done", "(B) b late due:2026-05-01", "plain", "(B) b soon due:2026-01-01", "(A) a"]
        let document = Document(parsing: lines.joined(separator: "\n") + "\n", format: .todotxt)
        XCTAssertEqual(Sorter.sorted(document, by: SortKey.defaultOrder).document.lines.map { String($0.text) },
                       ["(A) a", "(B) b soon due:2026-01-01", "(B) b late due:2026-05-01", "plain", "x (A) done"])
    }

    func testOrderSortsAFlatTaskListStably() throws {
        let document = Document(parsing: "# A\n- [ ] (C) c\n\n# B\n- [ ] b\n- [ ] (A) a\n- [ ] (C) c2\n")
        let order = Sorter.order(document.tasks, by: [SortKey(.priority)])
        XCTAssertEqual(order, [2, 0, 3, 1])
    }

    func testNoKeysKeepsTheDocument() {
        let document = Document(parsing: "b\na\n", format: .todotxt)
        XCTAssertEqual(Sorter.sorted(document, by: []).document.text, "b\na\n")
    }
}
