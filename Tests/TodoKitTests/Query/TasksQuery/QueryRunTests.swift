import TodoKit
import XCTest

/// A query runs over the tasks of notes as the plugin runs it: filters, sort, limit, groups, and the result
/// listed as Obsidian lists it.
final class QueryRunTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!  // a Saturday

    /// The notes' tasks, each note given as (path, text).
    func tasks(_ notes: [(String, String)]) -> [QueryTask] {
        notes.flatMap { QueryTask.tasks(of: Document(parsing: $0.1), path: $0.0) }
    }

    func listed(_ instructions: String, in notes: [(String, String)], file: StaticString = #filePath, line: UInt = #line) -> String {
        let query = TasksQuery(QuerySource(instructions: instructions.split(separator: "\n").map(String.init)), file: nil, today: today)
        XCTAssertEqual(query.diagnostics, [], file: file, line: line)
        return query.run(on: tasks(notes))?.rendered() ?? ""
    }

    let chores = ("Home/Chores.md", """
        # Chores

        - [ ] Water the plants due:2026-11-27
        - [x] 2026-11-25 Sweep the hall
        - [ ] (A) Fix the tap due:2026-11-28 #plumbing
        - [ ] Paint the fence due:2026-12-10

        ## Garden

        - [/] Rake the leaves #garden
          - [ ] Bag the leaves
        """)

    let work = ("Work/Q4.md", """
        - [ ] Send the report due:2026-11-30 #work
        - [-] Book the venue
        """)

    func testNotDoneAndDueBeforeTomorrowListsTheOverdueAndTodaysTasks() {
        XCTAssertEqual(listed("not done\ndue before tomorrow", in: [chores, work]), """
            - [ ] (A) Fix the tap due:2026-11-28 #plumbing (Chores)
            - [ ] Water the plants due:2026-11-27 (Chores)

            2 tasks

            """)
    }

    func testWithoutInstructionsEveryTaskIsListedInTheDefaultOrder() {
        // status.type (in progress first, done and cancelled last), urgency, due, priority, path.
        XCTAssertEqual(listed("", in: [chores, work]), """
            - [/] Rake the leaves #garden (Chores > Garden)
            - [ ] (A) Fix the tap due:2026-11-28 #plumbing (Chores)
            - [ ] Water the plants due:2026-11-27 (Chores)
            - [ ] Send the report due:2026-11-30 #work (Q4)
            - [ ] Paint the fence due:2026-12-10 (Chores)
            - [ ] Bag the leaves (Chores > Garden)
            - [x] 2026-11-25 Sweep the hall (Chores)
            - [-] Book the venue (Q4)

            8 tasks

            """)
    }

    func testGroupsGetHeadingsInTheOrderOfTheirNames() {
        XCTAssertEqual(listed("not done\ngroup by heading\nhide backlink", in: [chores, work]), """
            #### (No heading)

            - [ ] Send the report due:2026-11-30 #work

            #### Chores

            - [ ] (A) Fix the tap due:2026-11-28 #plumbing
            - [ ] Water the plants due:2026-11-27
            - [ ] Paint the fence due:2026-12-10

            #### Garden

            - [/] Rake the leaves #garden
            - [ ] Bag the leaves

            6 tasks

            """)
    }

    func testNestedGroupsPrintOnlyTheHeadingsThatChange() {
        XCTAssertEqual(listed("not done\ngroup by root\ngroup by due\nhide backlink\nhide task count", in: [chores, work]), """
            #### Home/

            ##### 2026-11-27 Friday

            - [ ] Water the plants due:2026-11-27

            ##### 2026-11-28 Saturday

            - [ ] (A) Fix the tap due:2026-11-28 #plumbing

            ##### 2026-12-10 Thursday

            - [ ] Paint the fence due:2026-12-10

            ##### No due date

            - [/] Rake the leaves #garden
            - [ ] Bag the leaves

            #### Work/

            ##### 2026-11-30 Monday

            - [ ] Send the report due:2026-11-30 #work

            """)
    }

    // The plugin's Query.ts puts a columns view's grouping before the `group by` ones; `view list` drops it.
    func testAColumnsViewGroupsFirstAndAListViewDropsIt() {
        let notes = tasks([chores, work])
        func names(_ lines: [String]) -> [[String]]? {
            TasksQuery(QuerySource(instructions: lines), file: nil, today: today).run(on: notes)?.groups.map(\.names)
        }
        XCTAssertEqual(names(["not done", "group by filename", "view columns by status.type"]),
                       [["%%1%%IN_PROGRESS", "[[Chores]]"], ["%%2%%TODO", "[[Chores]]"], ["%%2%%TODO", "[[Q4]]"]])
        XCTAssertEqual(names(["not done", "view columns by status.type", "view list", "group by filename"]), [["[[Chores]]"], ["[[Q4]]"]])
        XCTAssertEqual(TasksQuery(QuerySource(instructions: ["view columns by colour"]), file: nil, today: today).diagnostics.map(\.message),
                       ["cannot group by 'colour' (use status, status.type, status.name, due, done, scheduled, start, created, cancelled, happens, "
                        + "priority, urgency, recurring, recurrence, tags, path, root, folder, filename, backlink, heading, id, function)"])
    }

    func testATaskWithTwoTagsIsInBothGroupsAndCountsOnce() {
        let note = ("Tags.md", "- [ ] Call the plumber #home #urgent\n- [ ] Read #home\n")
        XCTAssertEqual(listed("group by tags\nshow group count\nhide backlink", in: [note]), """
            #### #home (2 tasks)

            - [ ] Call the plumber #home #urgent
            - [ ] Read #home

            #### #urgent (1 task)

            - [ ] Call the plumber #home #urgent

            2 tasks

            """)
    }

    func testALimitCutsTheSortedListAndTheCountSaysHowMany() {
        XCTAssertEqual(listed("not done\nsort by due\nlimit 2\nhide backlink", in: [chores, work]), """
            - [ ] Water the plants due:2026-11-27
            - [ ] (A) Fix the tap due:2026-11-28 #plumbing

            2 of 6 tasks

            """)
    }

    func testReverseSortsTasksWithoutTheDateFirst() {
        XCTAssertEqual(listed("not done\nsort by due reverse\nhide backlink\nhide task count", in: [chores]), """
            - [/] Rake the leaves #garden
            - [ ] Bag the leaves
            - [ ] Paint the fence due:2026-12-10
            - [ ] (A) Fix the tap due:2026-11-28 #plumbing
            - [ ] Water the plants due:2026-11-27

            """)
    }

    func testBooleanCombinationsAndTextFiltersSelect() {
        XCTAssertEqual(listed("(tags include #garden) OR (description includes report)\nhide backlink", in: [chores, work]), """
            - [/] Rake the leaves #garden
            - [ ] Send the report due:2026-11-30 #work

            2 tasks

            """)
        XCTAssertEqual(listed("path does not include home\nhide backlink", in: [chores, work]), """
            - [ ] Send the report due:2026-11-30 #work
            - [-] Book the venue

            2 tasks

            """)
    }

    func testPriorityLevelsCompareWithNoneBetweenMediumAndLow() {
        let note = ("P.md", "- [ ] (A) highest\n- [ ] (B) high\n- [ ] (C) medium\n- [ ] none\n- [ ] (D) low\n- [ ] (E) lowest\n")
        XCTAssertEqual(listed("priority is above none\nhide backlink\nhide task count", in: [note]),
                       "- [ ] (A) highest\n- [ ] (B) high\n- [ ] (C) medium\n")
        XCTAssertEqual(listed("priority is below none\nhide backlink\nhide task count", in: [note]),
                       "- [ ] (D) low\n- [ ] (E) lowest\n")
        XCTAssertEqual(listed("priority none\nhide backlink\nhide task count", in: [note]), "- [ ] none\n")
    }

    func testHiddenFieldsLeaveTheLine() {
        XCTAssertEqual(listed("description includes tap\nhide due date\nhide priority\nhide tags", in: [chores]), """
            - [ ] Fix the tap (Chores)

            1 task

            """)
    }

    func testExcludeSubItemsLeavesNestedTasksOut() {
        XCTAssertEqual(listed("heading includes garden\nexclude sub-items\nhide backlink\nhide task count", in: [chores]),
                       "- [/] Rake the leaves #garden\n")
    }

    func testAnEmptyResultSaysZeroTasks() {
        XCTAssertEqual(listed("due before 2000-01-01", in: [chores]), "0 tasks\n")
    }

    func testExplainComesBeforeTheResults() {
        XCTAssertEqual(listed("explain\ndue on 2026-11-27\nhide backlink", in: [chores]), """
            Explanation of this Tasks code block query:

              due on 2026-11-27 =>
                due date is on 2026-11-27 (Friday 27th November 2026)

              hide backlink

            - [ ] Water the plants due:2026-11-27

            1 task

            """)
    }

    func testATodoTxtFilesTasksListWithACheckboxForTheirStatus() {
        let file = QueryTask.tasks(of: Document(parsing: "x 2026-11-20 2026-11-01 Call mom\n(A) Pay rent due:2026-11-30\n", format: .todotxt),
                                   path: "todo.txt")
        let query = TasksQuery(QuerySource(instructions: ["hide created date"]), file: nil, today: today)
        XCTAssertEqual(query.run(on: file)?.rendered(), """
            - [ ] (A) Pay rent due:2026-11-30 (todo.txt)
            - [x] 2026-11-20 Call mom (todo.txt)

            2 tasks

            """)
    }
}
