import TodoKit
import XCTest

/// Texts sort and group as the plugin's `localeCompare(…, {numeric: true})` orders them under English (Unicode's
/// root collation), and groups are named as the plugin names them. The orders are node's (ICU 78) for the same
/// texts.
final class QueryCollationTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    func run(_ lines: String, _ notes: [(String, String)]) -> QueryResult {
        let query = TasksQuery(QuerySource(instructions: lines.split(separator: "\n").map(String.init)), file: nil, today: today)
        XCTAssertTrue(query.isValid, "\(query.diagnostics)")
        return query.run(on: notes.flatMap { QueryTask.tasks(of: Document(parsing: $0.1), path: $0.0) })!
    }

    func sortedDescriptions(_ descriptions: [String]) -> [String] {
        run("sort by description", [("N.md", descriptions.map { "- [ ] " + $0 }.joined(separator: "\n"))]).tasks.map(\.task.text)
    }

    func testSymbolsComeBeforeNumbersAndNumbersBeforeLetters() {
        XCTAssertEqual(sortedDescriptions(["b", "Ab", "aB", "ab", "a-b", "a_b", "á", "10", "9", "$", "€", "😀", "(x)", "#x", "Ω", "я", "한", "z", "é", "e"]),
                       ["(x)", "#x", "😀", "$", "€", "9", "10", "á", "a_b", "a-b", "ab", "aB", "Ab", "b", "e", "é", "z", "Ω", "я", "한"])
    }

    func testTypographicQuotesSortBesideThePlainOnes() {
        XCTAssertEqual(sortedDescriptions(["`*` Star", "`“` Quote", "`'` Apostrophe", "`‘` Single", "`!` Bang"]),
                       ["`!` Bang", "`'` Apostrophe", "`‘` Single", "`“` Quote", "`*` Star"])
    }

    func testDigitRunsCompareByValue() {
        XCTAssertEqual(sortedDescriptions(["Task 10", "Task 9", "Task 010b", "Task 1"]), ["Task 1", "Task 9", "Task 10", "Task 010b"])
    }

    func testAccentsComeAfterTheLettersAndCaseAfterAccents() {
        XCTAssertEqual(sortedDescriptions(["résumé", "Resume", "resume"]), ["resume", "Resume", "résumé"])
    }

    func testTasksWithoutTagsComeFirstWhenGroupedByTags() {
        let groups = run("group by tags", [("N.md", "- [ ] a #home\n- [ ] b\n- [ ] c #Errands")]).groups.map(\.names)
        XCTAssertEqual(groups, [["(No tags)"], ["#Errands"], ["#home"]])
    }

    func testFilesAndBacklinksAreGroupedByTheirLinks() {
        let notes = [("Work/_inbox/Ideas.md", "# Now\n- [ ] a"), ("Home/Chores.md", "- [ ] b")]
        XCTAssertEqual(run("group by filename", notes).groups.map(\.names), [["[[Chores]]"], ["[[Ideas]]"]])
        XCTAssertEqual(run("group by backlink", notes).groups.map(\.names), [["[[Chores]]"], ["[[Ideas#Now|Ideas > Now]]"]])
        XCTAssertEqual(run("group by path", notes).groups.map(\.names), [["Home/Chores"], ["Work/\\_inbox/Ideas"]])
        XCTAssertEqual(run("group by folder", notes).groups.map(\.names), [["Home/"], ["Work/\\_inbox/"]])
    }

    func testHasHappensDateHoldsForADateTheCalendarLacks() {
        let note = "- [ ] a 📅 2026-02-30\n- [ ] b ⏳ 2026-12-01\n- [ ] c"
        // The invalid due date sorts first, as in the plugin.
        XCTAssertEqual(run("has happens date", [("N.md", note)]).tasks.map(\.task.text), ["a 📅 2026-02-30", "b ⏳ 2026-12-01"])
        XCTAssertEqual(run("no happens date", [("N.md", note)]).tasks.map(\.task.text), ["c"])
    }
}
