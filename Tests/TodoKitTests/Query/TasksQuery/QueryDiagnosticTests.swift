import TodoKit
import XCTest

/// An instruction a query cannot read is a diagnostic at its line and column in the note, never skipped; a
/// query with one lists nothing.
final class QueryDiagnosticTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    /// The diagnostics of a block whose first line is line 10 of its note, as `line:col: error: message`.
    func problems(_ block: String, file: String? = "Notes/Query.md") -> [String] {
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            QuerySource.Line(line: $0.offset + 10, text: String($0.element))
        }
        return TasksQuery(QuerySource(lines: lines), file: file, today: today).diagnostics.map(\.description)
    }

    func testAnUnknownInstructionIsAnErrorAtItsLine() {
        XCTAssertEqual(problems("not done\nabracadabra\ndue today"), ["11:1: error: unknown instruction 'abracadabra'"])
    }

    func testEveryBadInstructionIsReported() {
        XCTAssertEqual(problems("nonsense\ndue before someday\n  sort by colour"), [
            "10:1: error: unknown instruction 'nonsense'",
            "11:12: error: do not understand the date 'someday' (use a date such as 2026-12-01, today, tomorrow, next monday, in two weeks, 14 days ago, or a range such as next week, 2026-W49, 2026-12)",
            "12:11: error: cannot sort by 'colour' (use status, status.type, status.name, urgency, due, done, scheduled, start, created, cancelled, happens, description, priority, recurring, tag, path, filename, heading, id, random)",
        ])
    }

    func testAProblemInAContinuedLineIsAtItsOwnLine() {
        XCTAssertEqual(problems("(not done) OR \\\n    (due before blue moon)"),
                       ["11:17: error: do not understand the date 'blue moon' (use a date such as 2026-12-01, today, tomorrow, next monday, in two weeks, 14 days ago, or a range such as next week, 2026-W49, 2026-12)"])
    }

    func testAQueryWithAProblemListsNothing() {
        let query = TasksQuery(QuerySource(instructions: ["not done", "due whenever"]), file: nil, today: today)
        XCTAssertFalse(query.isValid)
        XCTAssertNil(query.run(on: QueryTask.tasks(of: Document(parsing: "- [ ] a\n"), path: "a.md")))
    }

    // docs/Queries/Combining Filters.md, "Mixing of delimiter types is no longer allowed"
    func testABooleanLineUsesOneKindOfDelimiter() {
        XCTAssertEqual(problems("(not done) AND \"is recurring\""),
                       [#"10:16: error: this line puts its filters in ( ): every filter of a boolean line is inside the same kind of delimiters, (…), […], {…} or "…""#])
    }

    // docs/Queries/Combining Filters.md, "Text filter sub-expression ends with closing delimiter"
    func testAFilterEndingInItsClosingDelimiterNeedsOtherDelimiters() {
        XCTAssertEqual(problems("(description includes (maybe)) OR (description includes (perhaps))").count, 1)
        XCTAssertEqual(problems("[description includes (maybe)] OR [description includes (perhaps)]"), [])
    }

    func testAnUnknownFilterInsideABooleanLineIsAtItsColumn() {
        XCTAssertEqual(problems("(not done) AND (is purple)"), ["10:17: error: unknown instruction 'is purple'"])
    }

    func testJavaScriptTodofmtDoesNotRunIsRefusedAtTheExpression() {
        XCTAssertEqual(problems("filter by function task.urgency > 8\nsort by function task.lineNumber\ngroup by function task.due.format('YYYY')"), [
            "10:20: error: 'task.urgency' is not supported: todofmt runs expressions of task.description, task.heading, task.tags, "
                + "task.file.path and the like, and query.file.…",
            "11:1: error: 'sort by function' runs JavaScript, which todofmt does not; sort by a field instead",
            "12:19: error: '.format(…)' is not supported: todofmt runs only simple expressions",
        ])
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_placeholders_error.approved.*
    func testAnUnknownPlaceholderIsAnError() {
        XCTAssertEqual(problems("filename includes {{query.file.fileName}}"), [
            "10:19: error: unknown placeholder '{{query.file.fileName}}' (use {{query.file.path}}, {{query.file.pathWithoutExtension}}, {{query.file.root}}, {{query.file.folder}}, {{query.file.filename}}, {{query.file.filenameWithoutExtension}}, or {{preset.NAME}})",
        ])
    }

    func testAPlaceholderNeedsAFile() {
        XCTAssertEqual(problems("path includes {{query.file.path}}", file: nil),
                       ["10:15: error: '{{query.file.path}}' needs the query's file: these instructions have none"])
    }

    func testBadRegularExpressionsAndFlagsAreErrors() {
        XCTAssertEqual(problems("description regex matches /[a-z/"), ["10:27: error: invalid regular expression /[a-z/: expected ']'"])
        XCTAssertEqual(problems("path regex matches /a/x"), ["10:23: error: unknown regular expression flag 'x' (use i, m or s)"])
        XCTAssertEqual(problems("path regex matches notslashed"),
                       ["10:20: error: a regular expression is written between slashes, as /pattern/ or /pattern/i"])
    }

    func testBadLimitsPrioritiesAndStatusTypesAreErrors() {
        XCTAssertEqual(problems("limit ten\npriority is urgent\nstatus.type is WAITING\nhide colours"), [
            "10:7: error: 'limit' takes a whole number of tasks, not 'ten'",
            "11:13: error: unknown priority 'urgent' (use highest, high, medium, none, low or lowest)",
            "12:16: error: unknown status type 'WAITING' (use IN_PROGRESS, TODO, ON_HOLD, DONE, CANCELLED, NON_TASK)",
            "13:6: error: cannot hide 'colours' (use id, depends on, priority, cancelled date, created date, start date, scheduled date, due date, done date, recurrence rule, on completion, tags, backlink, urgency, task count, group count, tree, nested backlink, edit button, postpone button, toolbar)",
        ])
    }

    func testInstructionsAreReadWhateverTheirCase() {
        XCTAssertEqual(problems("Due BEFORE Tomorrow\nNOT DONE\nSORT BY DUE REVERSE\n(HAS START DATE) AND (DESCRIPTION INCLUDES SOME)"), [])
        XCTAssertEqual(problems("(not done) and (is recurring)"), ["10:2: error: unknown instruction 'not done) and (is recurring' (operators are written in capitals: AND, OR, XOR, NOT)"])
    }

    func testCommentsAndBlankLinesAreNoInstructions() {
        XCTAssertEqual(problems("# a comment\n\n   \nnot done {{! inline }}"), [])
    }

    func testAColumnCountsBytes() {
        XCTAssertEqual(problems("description includes ⏫ \nhappens on ⏫"),
                       ["11:12: error: do not understand the date '⏫' (use a date such as 2026-12-01, today, tomorrow, next monday, in two weeks, 14 days ago, or a range such as next week, 2026-W49, 2026-12)"])
    }
}
