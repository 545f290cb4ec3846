import TodoKit
import XCTest

/// Which tasks a filter selects, evaluated on small documents with a fixed today.
final class FilterMatchTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 21)!  // a Saturday

    /// The 1-based lines of the tasks of `lines` (a todo.txt document) that `query` matches.
    func matching(_ query: String, in lines: [String], today: CalendarDate? = nil,
                  format: FileFormat = .todotxt, file: StaticString = #filePath, line: UInt = #line) -> [Int] {
        let document = Document(parsing: lines.joined(separator: "\n") + "\n", format: format)
        do {
            let filter = try FilterParser.parse(query, today: today ?? self.today)
            return document.tasks.indices.filter { filter.matches(document.tasks[$0], list: document.list(of: $0)) }.map { document.tasks[$0].line }
        } catch {
            XCTFail("\(query): \(error)", file: file, line: line)
            return []
        }
    }

    let shopping = [
        "(A) Buy MILK +groceries @store",
        "Call the bank @phone",
        "x 2026-11-20 (B) Return books +library",
        "(C) Pick up parcel @store +errands",
        "Read a book",
    ]

    func testAListWhoseTitleHoldsASlashIsFoundByItsTitleReadAsAPath() {
        let lines = ["# A / B", "", "- [ ] t", "", "# A", "", "## B", "", "- [ ] u", "", "# C", "", "- [ ] v"]
        XCTAssertEqual(matching(#"list:"A / B""#, in: lines, format: .markdown), [3, 9])
        XCTAssertEqual(matching("list:B", in: lines, format: .markdown), [3, 9])
        XCTAssertEqual(matching("list:C", in: lines, format: .markdown), [13])
    }

    func testABareWordMatchesTheDescriptionCaseInsensitively() {
        XCTAssertEqual(matching("milk", in: shopping), [1])
        XCTAssertEqual(matching("BOOK", in: shopping), [3, 5])
    }

    func testABareWordDoesNotSeeThePriorityOrDates() {
        XCTAssertEqual(matching("(A)", in: ["(A) first", "second (A)"]), [1])  // (A) is pri:A
        XCTAssertEqual(matching(#""(A)""#, in: ["(A) first", "second (A)"]), [2])
        XCTAssertEqual(matching("2026", in: shopping), [])
    }

    func testTermsAreAnded() {
        XCTAssertEqual(matching("book read", in: shopping), [5])
    }

    func testOrMatchesEitherSide() {
        XCTAssertEqual(matching("milk OR bank", in: shopping), [1, 2])
    }

    func testAndBindsTighterThanOr() {
        XCTAssertEqual(matching("@store parcel OR bank", in: shopping), [2, 4])
        XCTAssertEqual(matching("@store (parcel OR bank)", in: shopping), [4])
    }

    func testNegation() {
        XCTAssertEqual(matching("-@store", in: shopping), [2, 3, 5])
        XCTAssertEqual(matching("-(@store OR @phone)", in: shopping), [3, 5])
        XCTAssertEqual(matching("NOT book", in: shopping), [1, 2, 4])
    }

    func testProjectsAndContextsMatchWholeNamesCaseInsensitively() {
        XCTAssertEqual(matching("+Groceries", in: shopping), [1])
        XCTAssertEqual(matching("+grocer", in: shopping), [])
        XCTAssertEqual(matching("@STORE", in: shopping), [1, 4])
    }

    func testPriorityLettersRangesNoneAndAny() {
        XCTAssertEqual(matching("pri:a", in: shopping), [1])
        XCTAssertEqual(matching("pri:A-B", in: shopping), [1, 3])
        XCTAssertEqual(matching("pri:B-Z", in: shopping), [3, 4])
        XCTAssertEqual(matching("pri:none", in: shopping), [2, 5])
        XCTAssertEqual(matching("pri:any", in: shopping), [1, 3, 4])
        XCTAssertEqual(matching("-pri:A", in: shopping), [2, 3, 4, 5])
    }

    func testAClosedTasksKeptPriorityCounts() {
        XCTAssertEqual(matching("pri:C", in: ["x 2026-11-20 Sent it pri:C", "Open one pri:C"]), [1])
    }

    func testStatus() {
        let lines = ["- [ ] open", "- [/] doing", "- [x] done", "- [-] dropped"]
        XCTAssertEqual(matching("status:open", in: lines, format: .markdown), [1])
        XCTAssertEqual(matching("status:in-progress", in: lines, format: .markdown), [2])
        XCTAssertEqual(matching("status:done", in: lines, format: .markdown), [3])
        XCTAssertEqual(matching("status:cancelled", in: lines, format: .markdown), [4])
        XCTAssertEqual(matching("status:closed", in: lines, format: .markdown), [3, 4])
        XCTAssertEqual(matching("status:!done", in: lines, format: .markdown), [1, 2, 4])
        XCTAssertEqual(matching("status:open OR status:in-progress", in: lines, format: .markdown), [1, 2])
    }

    let dated = [
        "Past due:2026-11-20",
        "Today due:2026-11-21",
        "Next week due:2026-11-28",
        "No date",
        "Broken due:2026-02-30",
        "Later due:2027-01-15 t:2026-12-01",
    ]

    func testDueComparisons() {
        XCTAssertEqual(matching("due:<today", in: dated), [1])
        XCTAssertEqual(matching("due:<=today", in: dated), [1, 2])
        XCTAssertEqual(matching("due:today", in: dated), [2])
        XCTAssertEqual(matching("due:!=today", in: dated), [1, 3, 6])
        XCTAssertEqual(matching("due:>today", in: dated), [3, 6])
        XCTAssertEqual(matching("due:>=today", in: dated), [2, 3, 6])
        XCTAssertEqual(matching("due:<=+7d", in: dated), [1, 2, 3])
        XCTAssertEqual(matching("due:<+7d", in: dated), [1, 2])
    }

    func testATagValueThatIsNotADateMatchesNoComparison() {
        XCTAssertFalse(matching("due:<2100-01-01", in: dated).contains(5))
        XCTAssertFalse(matching("due:!=today", in: dated).contains(5))
    }

    func testNoneAndAnyTestTheTagItself() {
        XCTAssertEqual(matching("due:none", in: dated), [4])
        XCTAssertEqual(matching("due:any", in: dated), [1, 2, 3, 5, 6])
        XCTAssertEqual(matching("t:any", in: dated), [6])
        XCTAssertEqual(matching("-due:any", in: dated), [4])
    }

    func testThresholdComparisons() {
        XCTAssertEqual(matching("t:>today", in: dated), [6])
        XCTAssertEqual(matching("t:<=today", in: dated), [])
    }

    func testCreatedAndCompletedCompareThePositionalDates() {
        let lines = ["2026-11-01 made early", "2026-11-20 made late", "x 2026-11-19 2026-11-02 finished", "undated"]
        XCTAssertEqual(matching("created:<2026-11-10", in: lines), [1, 3])
        XCTAssertEqual(matching("created:>=yesterday", in: lines), [2])
        XCTAssertEqual(matching("completed:yesterday", in: lines), [])
        XCTAssertEqual(matching("completed:-2d", in: lines), [3])
        XCTAssertEqual(matching("created:none", in: lines), [4])
        XCTAssertEqual(matching("completed:any", in: lines), [3])
    }

    func testEstimatesCompareAsDurations() {
        let lines = ["quick est:15m", "medium est:1h", "long est:1d", "vague est:soon", "none"]
        XCTAssertEqual(matching("est:<1h", in: lines), [1])
        XCTAssertEqual(matching("est:<=60m", in: lines), [1, 2])
        XCTAssertEqual(matching("est:>2h", in: lines), [3])
        XCTAssertEqual(matching("est:=1h", in: lines), [2])
    }

    func testNumbersCompareNumerically() {
        let lines = ["a value:8", "b value:16", "c value:nonsense", "d value:-7", "e value:2.5"]
        XCTAssertEqual(matching("value:<10", in: lines), [1, 4, 5])
        XCTAssertEqual(matching("value:>=8", in: lines), [1, 2])
        XCTAssertEqual(matching("value:>-8", in: lines), [1, 2, 4, 5])
        XCTAssertEqual(matching("value:=8.0", in: lines), [1])
        XCTAssertEqual(matching("value:<16a", in: lines), [])
    }

    func testOtherTagsCompareAsTextCaseInsensitively() {
        let lines = ["one who:Bob", "two who:alice", "three who:bob who:carol", "four"]
        XCTAssertEqual(matching("who:bob", in: lines), [1, 3])
        XCTAssertEqual(matching("who:=CAROL", in: lines), [3])
        XCTAssertEqual(matching("who:!=bob", in: lines), [2, 3])
        XCTAssertEqual(matching("-who:bob", in: lines), [2, 4])
        XCTAssertEqual(matching("who:any", in: lines), [1, 2, 3])
    }

    func testTagKeysMatchExactlyCaseAndAllAsInTheFile() {
        let lines = ["a DUE:2026-01-01", "b due:2026-01-01", "c Who:x", "d T:2030-01-01"]
        XCTAssertEqual(matching("due:<today", in: lines), [2])
        XCTAssertEqual(matching("DUE:<today", in: lines), [1])
        XCTAssertEqual(matching("WHO:any", in: lines), [])
        XCTAssertEqual(matching("Who:any", in: lines), [3])
        XCTAssertEqual(matching("t:any", in: lines), [])
    }

    func testAGenericTagComparesAsADateWhenTheFilterNamesOne() {
        let lines = ["a remind:2026-11-20", "b remind:2026-11-23", "c remind:mon"]
        XCTAssertEqual(matching("remind:<today", in: lines), [1])
        XCTAssertEqual(matching("remind:<=mon", in: lines), [1, 2])
        XCTAssertEqual(matching("remind:=mon", in: lines), [2, 3])
    }

    let outline = """
        - [ ] loose
        # Work
        - [ ] in work
        ## Q4
        - [ ] in q4
        ### Later
        - [ ] in later
        # Home
        ## Q4
        - [ ] home q4
        """.split(separator: "\n").map(String.init)

    func testListMatchesAnyHeadingByTitle() {
        XCTAssertEqual(matching("list:q4", in: outline, format: .markdown), [5, 7, 10])
        XCTAssertEqual(matching("list:work", in: outline, format: .markdown), [3, 5, 7])
    }

    func testListPathMatchesConsecutiveHeadingsAndTheirSubLists() {
        XCTAssertEqual(matching("list:Work/Q4", in: outline, format: .markdown), [5, 7])
        XCTAssertEqual(matching("list:Q4/Later", in: outline, format: .markdown), [7])
        XCTAssertEqual(matching("list:home/q4", in: outline, format: .markdown), [10])
        XCTAssertEqual(matching("list:Work/Later", in: outline, format: .markdown), [])
        XCTAssertEqual(matching("list:Q4/Work", in: outline, format: .markdown), [])
    }

    func testListPathFindsListsUnderATitleHeadingAsAddDoes() {
        let titled = ["# TODO", "## Home", "- [ ] tap", "### Garden", "- [ ] bulbs", "## Work", "- [ ] report"]
        XCTAssertEqual(matching("list:Home/Garden", in: titled, format: .markdown), [5])
        XCTAssertEqual(matching("list:TODO/Home", in: titled, format: .markdown), [3, 5])
        XCTAssertEqual(matching("list:Home", in: titled, format: .markdown), [3, 5])
    }

    func testListNoneAndAny() {
        XCTAssertEqual(matching("list:none", in: outline, format: .markdown), [1])
        XCTAssertEqual(matching("list:any", in: outline, format: .markdown), [3, 5, 7, 10])
    }

    func testPhrasesKeepTheirSpaces() {
        let lines = ["get money from O'Brian", "just get   money!"]
        XCTAssertEqual(matching(#""get   money""#, in: lines), [2])
        XCTAssertEqual(matching("get money", in: lines), [1, 2])
        XCTAssertEqual(matching("O'Brian", in: lines), [1])
    }
}
