import TodoKit
import XCTest

/// `filter by function` and `group by function` run one JavaScript expression over the task and the query, as
/// in the plugin; what todofmt does not run (statements, arrow functions, `moment`) is refused when read.
final class QueryFunctionTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    let notes: [(String, String)] = [
        ("Work/Plan.md", "# Goals\n- [ ] Ship it ⏫\n# Doing\n- [ ] Write docs"),
        ("Home.md", "- [ ] Water the plants 🔽 #garden\n- [x] Sweep"),
    ]

    func query(_ lines: [String]) -> TasksQuery {
        TasksQuery(QuerySource(instructions: lines), file: "Work/Plan.md", today: today)
    }

    func run(_ lines: [String]) -> QueryResult? {
        query(lines).run(on: notes.flatMap { QueryTask.tasks(of: Document(parsing: $0.1), path: $0.0) })
    }

    func testAFilterComparesTheTasksFileWithTheQuerys() {
        XCTAssertEqual(run(["filter by function task.file.path === query.file.path"])?.tasks.map(\.task.text), ["Ship it ⏫", "Write docs"])
        XCTAssertEqual(run(["filter by function !task.isDone && task.tags.includes('#garden')"])?.tasks.map(\.task.text),
                       ["Water the plants 🔽 #garden"])
    }

    func testAFilterThatGivesNoBooleanMatchesNothing() {
        XCTAssertEqual(run(["filter by function task.description"])?.tasks.count, 0)
    }

    func testAGroupIsNamedByTheExpressionsValue() {
        XCTAssertEqual(run(["not done", "group by function task.priorityNameGroupText"])?.groups.map(\.names),
                       [["%%1%%High priority"], ["%%3%%Normal priority"], ["%%4%%Low priority"]])
        XCTAssertEqual(run(["not done", "group by function '%%' + (task.heading === 'Goals' ? '1' : '2') + ' ' + task.file.filenameWithoutExtension"])?
                        .groups.map(\.names), [["%%1 Plan"], ["%%2 Home"], ["%%2 Plan"]])
        XCTAssertEqual(run(["not done", "group by function task.file.path.toUpperCase().replace(query.file.folder.toUpperCase(), ': ')"])?
                        .groups.map(\.names), [[": PLAN.MD"], ["HOME.MD"]])
    }

    // The plugin's groupByFunction gives null no name, and its TaskGroupingTree files a task without a name under
    // the name '' (src/Query/Filter/FunctionField.ts, src/Query/Group/TaskGroupingTree.ts).
    func testANullOrAnEmptyListIsTheGroupWithoutANameAndAListAGroupForEachValue() {
        // Home's tasks have no heading; the groups come in their names' order, the nameless first, Doing before Goals.
        XCTAssertEqual(run(["group by function task.heading"])?.tasks.map(\.task.text),
                       ["Water the plants 🔽 #garden", "Sweep", "Write docs", "Ship it ⏫"])
        XCTAssertEqual(run(["group by function task.tags"])?.groups.map(\.names), [[""], ["#garden"]])
    }

    func testAListsFilterSomeAndEveryTakeAnArrowOfOneParameter() {
        XCTAssertEqual(run(["not done", "group by function task.tags.filter( (tag) => ! tag.includes(\"#gar\") )"])?.groups.map(\.names), [[""]])
        XCTAssertEqual(run(["filter by function task.tags.some(tag => tag.startsWith('#gar'))"])?.tasks.map(\.task.text),
                       ["Water the plants 🔽 #garden"])
        XCTAssertEqual(run(["filter by function task.tags.every(tag => tag.length > 20)"])?.tasks.count, 3)
        XCTAssertFalse(query(["filter by function task.tags.some(tag => other.includes(tag))"]).isValid)
    }

    func testWhatTodofmtDoesNotRunIsRefused() {
        let cases = [
            "filter by function const x = 1; return true",
            "group by function task.tags.map((tag) => tag.toUpperCase())",
            "group by function task.happens.format('YYYY')",
            "filter by function task.outlinks.length > 0",
        ]
        for line in cases {
            XCTAssertFalse(query([line]).isValid, line)
        }
        XCTAssertEqual(query(["group by function task.happens.format('YYYY')"]).diagnostics.map(\.message),
                       ["'.format(…)' is not supported: todofmt runs only simple expressions"])
        XCTAssertEqual(query(["filter by function task.urgency > 10"]).diagnostics.map(\.message),
                       ["'task.urgency' is not supported: todofmt runs expressions of task.description, task.heading, task.tags, "
                        + "task.file.path and the like, and query.file.…"])
    }
}
