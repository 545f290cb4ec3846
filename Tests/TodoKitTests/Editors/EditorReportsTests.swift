import XCTest
@testable import TodoKit

/// What an editor shows of a todo file: its extra diagnostics, outline, highlights and a task in words.
final class EditorReportsTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 24)!

    func testDiagnosticsOfTasksThatContradictThemselves() {
        let document = Document(parsing: "x 2026-01-01 2026-02-01 old\nb due:2026-01-02 due:2026-01-03\nc t:2026-02-01 due:2026-01-01\n", format: .todotxt)
        let found = DocumentDiagnostics.all(in: document)
        XCTAssertEqual(found.map(\.code), [.completedBeforeCreated, .repeatedTag, .thresholdAfterDue])
        XCTAssertEqual(found.map { [$0.line, $0.column, $0.length] }, [[1, 3, 10], [2, 18, 14], [3, 3, 12]])
    }

    func testDiagnosticsOfTheParserCarryTheirCodeAndLength() {
        let document = Document(parsing: "- [?] a due:2026-02-30 rec:often (b)\n", format: .markdown)
        XCTAssertEqual(DocumentDiagnostics.all(in: document).map { "\($0.code.rawValue) \($0.column) \($0.length)" },
                       ["unknown-checkbox 4 1", "impossible-date 13 10", "malformed-recurrence 28 5"])
    }

    func testReminderAndRepeatedTagWarningsCarryTheirCodes() {
        let document = Document(parsing: "a remind:soon\nb remind:-1d\nc due:2026-12-01 due:2026-12-02 remind:-1d\n", format: .todotxt)
        XCTAssertEqual(DocumentDiagnostics.all(in: document).map { "\($0.line):\($0.column) \($0.code.rawValue) \($0.length)" },
                       ["1:10 malformed-reminder 4", "2:10 reminder-without-due 3", "3:18 repeated-tag 14"])
    }

    func testTheOutlineNestsListsByLevelAndTasksByParent() {
        let document = Document(parsing: "- [ ] loose\n# A\n- [ ] a\n  - [ ] a1\n## B\n- [x] b\n# C\n", format: .markdown)
        func dump(_ nodes: [Outline.Node]) -> String {
            nodes.map { node in
                let name: String
                switch node.kind {
                case .list(let h): name = document.headings[h].title
                case .task(let t): name = document.tasks[t].title
                }
                return "\(name)\(node.lines)" + (node.children.isEmpty ? "" : "(\(dump(node.children)))")
            }.joined(separator: " ")
        }
        XCTAssertEqual(dump(Outline.nodes(of: document)), "loose1...1 A2...6(a3...4(a14...4) B5...6(b6...6)) C7...7")
        XCTAssertEqual(Outline.foldingRanges(of: document), [2...6, 3...4, 5...6])
    }

    func testHighlightsMarkEachPartAndOverdueDates() {
        let document = Document(parsing: "- [ ] (A) 2026-01-01 call +mom @home due:2026-11-20 size:l\n", format: .markdown)
        let parts = Highlight.all(in: document, today: today).map { "\($0.kind) \($0.column) \($0.length) \($0.modifiers.rawValue)" }
        XCTAssertEqual(parts, ["priority 7 3 0", "date 11 10 0", "project 27 4 0", "context 32 5 0", "tagKey 38 3 0",
                               "date 42 10 2", "tagKey 53 4 0", "tagValue 58 1 0"])
    }

    func testAListCountsTheTasksOfItsSubListsToo() {
        let document = Document(parsing: "# TODO\n## A\n- [ ] a\n- [x] b\n### A1\n- [ ] c\n## B\n- [ ] d\n# Other\n- [ ] e\n", format: .markdown)
        XCTAssertEqual(Outline.taskCounts(in: document).map { "\($0.open)/\($0.closed)" }, ["3/1", "2/1", "1/0", "1/0", "1/0"])
    }

    func testTheOutlineCanLeaveTheTasksOut() {
        let document = Document(parsing: "- [ ] loose\n# A\n- [ ] a\n## B\n- [x] b\n", format: .markdown)
        let nodes = Outline.nodes(of: document, tasks: false)
        XCTAssertEqual(nodes.count, 1)
        XCTAssertEqual(nodes[0].children.count, 1, "B, and no task")
        XCTAssertEqual(nodes[0].lines, 2...5)
    }

    func testAHighlightOfATagCarriesItsKey() {
        let document = Document(parsing: "- [ ] 2026-01-01 a +p overdue:2026-11-20 due:2026-11-30 size:l\n", format: .markdown)
        let parts = Highlight.all(in: document, today: today).map { "\($0.kind) \($0.tag ?? "-")" }
        XCTAssertEqual(parts, ["date -", "project -", "tagKey overdue", "date overdue", "tagKey due", "date due", "tagKey size", "tagValue size"])
    }

    func testAHeadingKnowsWhereItsTitleStarts() {
        let document = Document(parsing: "#  Home ##\n\n  Setext\n---\n###\n", format: .markdown)
        XCTAssertEqual(document.headings.map(\.titleColumn), [4, 3, 4])
    }

    func testATaskInWords() {
        let document = Document(parsing: "(A) 2026-11-01 pay due:2026-11-22 t:2026-11-20 rec:+2w est:1h30m\n", format: .todotxt)
        XCTAssertEqual(TaskDetail(task: 0, in: document, today: today).rendered(), """
            1: pay
              status    open
              priority  A
              due       Sunday 2026-11-22, 2 days overdue
              starts    Friday 2026-11-20, started 4 days ago
              created   Sunday 2026-11-01, 23 days ago
              recurs    every 2 weeks from the due date (rec:+2w); done today, it comes back due 2026-12-06, starting 2026-12-04
              estimate  1h30m

            """)
        XCTAssertEqual(RelativeDay.short(CalendarDate(year: 2026, month: 11, day: 27)!, today: today, isDue: true), "in 3d")
        XCTAssertEqual(RelativeDay.short(CalendarDate(year: 2026, month: 11, day: 22)!, today: today, isDue: true), "2d overdue")
    }

    func testABlankNoteLineInWordsIsABlankLineWithoutTrailingSpaces() {
        let document = Document(parsing: "- [ ] a\n  first\n\n  second\n", format: .markdown)
        XCTAssertEqual(TaskDetail(task: 0, in: document, today: today).rendered(), """
            1: a
              list    (none: before the first heading)
              status  open
              notes   first

                      second

            """)
    }

    func testTheWordUnderACursorAndHowWidelyANameIsUsed() {
        let document = Document(parsing: "- [ ] a +Home\n- [x] b +home\n", format: .markdown)
        let (task, token) = NameUsage.token(atLine: 1, column: 14, in: document)!
        XCTAssertEqual(task, 0)
        XCTAssertEqual(document.tasks[0].body.name(of: token), "Home")
        XCTAssertTrue(NameUsage.counts(of: "home", .project, in: document) == (1, 1))
    }

    func testALongTimePastIsSaidInMonthsAndYears() {
        let today = CalendarDate(iso: "2026-11-28")!
        let spans = ["2026-11-25": "3d", "2026-09-30": "59d", "2026-09-29": "1 month", "2026-06-28": "5 months",
                     "2024-11-29": "23 months", "2024-11-28": "2 years", "2019-12-28": "6 years 11 months", "2025-10-28": "13 months"]
        for (date, span) in spans {
            XCTAssertEqual(RelativeDay.span(since: CalendarDate(iso: date)!, today: today), span, date)
        }
        XCTAssertEqual(RelativeDay.duePhrase(CalendarDate(iso: "2019-12-28")!, today: today), "6 years 11 months overdue")
        XCTAssertEqual(RelativeDay.duePhrase(CalendarDate(iso: "2026-11-25")!, today: today), "3 days overdue")
    }
}
