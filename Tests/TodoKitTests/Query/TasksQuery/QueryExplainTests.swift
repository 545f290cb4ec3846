import TodoKit
import XCTest

/// `explain` prints a query as the Obsidian Tasks plugin's explain does. Each case is a documented sample of
/// the plugin (obsidian-tasks-group/obsidian-tasks): its instructions and the explanation it approves, with the
/// day the sample runs on.
final class QueryExplainTests: XCTestCase {
    func explanation(_ instructions: String, today: CalendarDate, file: String? = nil,
                     source: StaticString = #filePath, line: UInt = #line) -> String {
        let lines = instructions.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            QuerySource.Line(line: $0.offset + 1, text: String($0.element))
        }
        let query = TasksQuery(QuerySource(lines: lines), file: file, today: today)
        XCTAssertEqual(query.diagnostics, [], file: source, line: line)
        return query.explanation
    }

    let october21 = CalendarDate(year: 2022, month: 10, day: 21)!

    /// Each instruction, alone in a block, explained as its lines of detail say (indented under it).
    func assertDetails(_ table: [(String, [String])], today: CalendarDate, line: UInt = #line) {
        for (instruction, detail) in table {
            XCTAssertEqual(explanation(instruction, today: today),
                           "Explanation of this Tasks code block query:\n\n  \(instruction) =>\n"
                           + detail.map { "    " + $0 + "\n" }.joined(), instruction, line: line)
        }
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_expands_dates.approved.*
    func testDatesInFiltersAreSpelledOut() {
        XCTAssertEqual(explanation("""
            starts after 2 years ago
            scheduled after 1 week ago
            due before tomorrow
            explain
            """, today: october21), """
            Explanation of this Tasks code block query:

              starts after 2 years ago =>
                start date is after 2020-10-21 (Wednesday 21st October 2020) OR no start date

              scheduled after 1 week ago =>
                scheduled date is after 2022-10-14 (Friday 14th October 2022)

              due before tomorrow =>
                due date is before 2022-10-22 (Saturday 22nd October 2022)

            """)
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_boolean_combinations.approved.*
    func testBooleanCombinationsAreShownAsATree() {
        XCTAssertEqual(explanation("""
            explain
            not done
            (due before tomorrow) AND (is recurring)
            """, today: october21), """
            Explanation of this Tasks code block query:

              not done =>
                status type is TODO or IN_PROGRESS or ON_HOLD

              (due before tomorrow) AND (is recurring) =>
                AND (All of):
                  due before tomorrow =>
                    due date is before 2022-10-22 (Saturday 22nd October 2022)
                  is recurring

            """)
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_nested_boolean_combinations.approved.*
    func testContinuedLinesAreShownAsWrittenThenJoined() {
        XCTAssertEqual(explanation(#"""
            explain
            (                                                                                       \
                (description includes 1) AND (description includes 2) AND (description includes 3)  \
            ) OR (                                                                                  \
                (description includes 5) AND (description includes 6) AND (description includes 7)  \
            )                                                                                       \
            AND NOT (description includes 7)
            """#, today: october21), #"""
            Explanation of this Tasks code block query:

              (                                                                                       \
                  (description includes 1) AND (description includes 2) AND (description includes 3)  \
              ) OR (                                                                                  \
                  (description includes 5) AND (description includes 6) AND (description includes 7)  \
              )                                                                                       \
              AND NOT (description includes 7)
               =>
              ( (description includes 1) AND (description includes 2) AND (description includes 3) ) OR ( (description includes 5) AND (description includes 6) AND (description includes 7) ) AND NOT (description includes 7) =>
                OR (At least one of):
                  AND (All of):
                    description includes 1
                    description includes 2
                    description includes 3
                  AND (All of):
                    AND (All of):
                      description includes 5
                      description includes 6
                      description includes 7
                    NOT:
                      description includes 7

            """#)
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_line_continuation_-_single_slash.approved.*
    func testALineEndingInABackslashGoesOnWithTheNext() {
        XCTAssertEqual(explanation(#"""
            (priority is highest) OR       \
                (priority is lowest)
            explain
            """#, today: october21), #"""
            Explanation of this Tasks code block query:

              (priority is highest) OR       \
                  (priority is lowest)
               =>
              (priority is highest) OR (priority is lowest) =>
                OR (At least one of):
                  priority is highest
                  priority is lowest

            """#)
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_line_continuation_-_double_slash.approved.*
    func testTwoBackslashesAtTheEndAreOne() {
        XCTAssertEqual(explanation(#"""
            # Search for a single backslash:
            description includes \\
            explain
            """#, today: october21), #"""
            Explanation of this Tasks code block query:

              description includes \\ =>
              description includes \

            """#)
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_placeholders.approved.*
    func testPlaceholdersAreFilledFromTheQuerysFileAndInlineCommentsRemoved() {
        XCTAssertEqual(explanation("""
            explain
            path includes {{query.file.path}}
            path includes {{query.file.pathWithoutExtension}}
            root includes {{query.file.root}}
            folder includes {{query.file.folder}}
            filename includes {{query.file.filename}}
            filename includes {{query.file.filenameWithoutExtension}}

            description includes Some Cryptic String {{! Inline comments are removed before search }}
            """, today: october21, file: "some/sample/file path.md"), """
            Explanation of this Tasks code block query:

              path includes {{query.file.path}} =>
              path includes some/sample/file path.md

              path includes {{query.file.pathWithoutExtension}} =>
              path includes some/sample/file path

              root includes {{query.file.root}} =>
              root includes some/

              folder includes {{query.file.folder}} =>
              folder includes some/sample/

              filename includes {{query.file.filename}} =>
              filename includes file path.md

              filename includes {{query.file.filenameWithoutExtension}} =>
              filename includes file path

              description includes Some Cryptic String {{! Inline comments are removed before search }} =>
              description includes Some Cryptic String

            """)
    }

    // tests/Query/Explain/DocsSamplesForExplain.test.explain_regular_expression.approved.*
    func testARegularExpressionIsShownAsItIsUsed() {
        XCTAssertEqual(explanation("""
            explain
            path regex matches /^Root/Sub-Folder/Sample File\\.md/i
            """, today: october21), """
            Explanation of this Tasks code block query:

              path regex matches /^Root/Sub-Folder/Sample File\\.md/i =>
                using regex:     '^Root\\/Sub-Folder\\/Sample File\\.md' with flag 'i'

            """)
    }

    // tests/Query/Filter/TextField.test.explains_regular_expression_searches_bulk_test.approved.txt
    func testRegularExpressionFlagsAreNamed() {
        assertDetails([
            ("description regex does not match /^$/", "using regex:                   '^$' with no flags"),
            ("filename regex does not match /^Tasks User Support Kanban\\.md$/",
             "using regex:                '^Tasks User Support Kanban\\.md$' with no flags"),
            ("folder regex matches /root/sub-folder/sub-sub-folder/", "using regex:       'root\\/sub-folder\\/sub-sub-folder' with no flags"),
            ("heading regex matches /^Exactly Matched Heading$/", "using regex:        '^Exactly Matched Heading$' with no flags"),
            ("path regex does not match /sadfasfdafa/igm", "using regex:            'sadfasfdafa' with flags 'gim'"),
            ("description regex matches /[⏫🔼🔽📅⏳🛫🔁]/u", "using regex:            '[⏫🔼🔽📅⏳🛫🔁]' with flag 'u'"),
        ].map { ($0.0, [$0.1]) }, today: october21)
    }

    // tests/Query/Filter/DueDateField.test.due_date_approval_tests.approved.md, run on 2023-02-10
    func testDueDateKeywordsTakeTheStartOrEndOfARange() {
        assertDetails([
            ("due before last week", ["due date is before 2023-01-30 (Monday 30th January 2023)"]),
            ("due before this week", ["due date is before 2023-02-06 (Monday 6th February 2023)"]),
            ("due before next week", ["due date is before 2023-02-13 (Monday 13th February 2023)"]),
            ("due before 2023-02-07 2023-02-11", ["due date is before 2023-02-07 (Tuesday 7th February 2023)"]),
            ("due on last week", ["due date is between:", "  2023-01-30 (Monday 30th January 2023) and",
                                  "  2023-02-05 (Sunday 5th February 2023) inclusive"]),
            ("due on 2023-02-09", ["due date is on 2023-02-09 (Thursday 9th February 2023)"]),
            ("due after this week", ["due date is after 2023-02-12 (Sunday 12th February 2023)"]),
            ("due after 2023-02-07 2023-02-11", ["due date is after 2023-02-11 (Saturday 11th February 2023)"]),
            ("due in next week", ["due date is between:", "  2023-02-13 (Monday 13th February 2023) and",
                                  "  2023-02-19 (Sunday 19th February 2023) inclusive"]),
            ("due in 2023-02-09", ["due date is on 2023-02-09 (Thursday 9th February 2023)"]),
            ("due 2023-02-07 2023-02-11", ["due date is between:", "  2023-02-07 (Tuesday 7th February 2023) and",
                                           "  2023-02-11 (Saturday 11th February 2023) inclusive"]),
        ], today: CalendarDate(year: 2023, month: 2, day: 10)!)
    }

    // docs/Queries/Filters.md, "Date search options" (on or before, on or after), and "Happens"
    func testOnOrBeforeAndOnOrAfterAndHappensAreSpelledOut() {
        assertDetails([
            ("due on or before 2023-02-09", "due date is on or before 2023-02-09 (Thursday 9th February 2023)"),
            ("scheduled in or after this week", "scheduled date is on or after 2022-10-17 (Monday 17th October 2022)"),
            ("happens before 2021-12-27", "due, start or scheduled date is before 2021-12-27 (Monday 27th December 2021)"),
            ("starts before 2021-12-27", "start date is before 2021-12-27 (Monday 27th December 2021) OR no start date"),
        ].map { ($0.0, [$0.1]) }, today: october21)
    }

    // tests/Query/Explain/Explainer.test.ts, "explain everything" (without its JavaScript instructions)
    func testGroupsSortsLayoutAndLimitsFollowTheFilters() {
        XCTAssertEqual(explanation("""
            not done
            (has start date) AND (description includes some)

            group by priority reverse
            group by happens

            sort by description reverse
            sort by path

            show urgency
            short mode
            limit 50
            limit groups 3

            ignore global query
            """, today: october21), """
            Explanation of this Tasks code block query:

              ignore global query

              not done =>
                status type is TODO or IN_PROGRESS or ON_HOLD

              (has start date) AND (description includes some) =>
                AND (All of):
                  has start date
                  description includes some

              group by priority reverse

              group by happens

              sort by description reverse

              sort by path

              show urgency

              short mode

              At most 50 tasks.

              At most 3 tasks per group (if any "group by" options are supplied).

            """)
    }

    // tests/Query/Explain/Explainer.test.ts, "should explain 0 filters", "limit 1"
    func testAQueryWithoutFiltersSaysSo() {
        XCTAssertEqual(explanation("limit 1\nexplain", today: october21), """
            Explanation of this Tasks code block query:

              No filters supplied. All tasks will match the query.

              At most 1 task.

            """)
    }
}
