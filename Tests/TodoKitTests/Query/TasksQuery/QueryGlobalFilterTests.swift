import TodoKit
import XCTest

/// A vault's global filter in queries, as the Tasks plugin reads it: the description a filter searches and a
/// sort compares is without it, and it is no tag of the task. The expected results are what the plugin's own
/// query engine (Tasks 8.3.0, run under node, global filter `#task`) listed for the same notes.
final class QueryGlobalFilterTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    let note = """
        ---
        project: Home
        ---
        - [ ] #task  I am Pro
        - [ ] #task I am In Progress
        - [ ] #task Step 1 of the plan ^abc123
        - [ ] #task Read the book #todo/reading

        """

    /// Each group's names and its tasks' lines.
    func listed(_ instructions: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let settings = TaskSettings(globalFilter: GlobalFilter("#task"))
        let notes = [("Note.md", Document(parsing: note, settings: settings, reading: .obsidian, kind: .note)),
                     ("Other.md", Document(parsing: "- [ ] #task Water the plants\n", settings: settings, reading: .obsidian, kind: .note))]
        let query = TasksQuery(QuerySource(instructions: instructions.split(separator: "\n").map(String.init)), file: "Note.md", today: today)
        XCTAssertEqual(query.diagnostics, [], file: file, line: line)
        return query.run(on: QueryTask.tasks(of: notes))?.groups.map { group in
            (group.names.isEmpty ? "" : group.names.joined(separator: " / ") + ": ")
                + group.tasks.map { "\($0.path):\($0.task.line)" }.joined(separator: " ")
        } ?? []
    }

    func testTheDescriptionIsSearchedAndSortedWithoutTheGlobalFilter() {
        XCTAssertEqual(listed("description includes task"), [])
        XCTAssertEqual(listed("path includes Note\nsort by description"), ["Note.md:5 Note.md:4 Note.md:7 Note.md:6"])
    }

    func testABlockLinkIsNoPartOfTheDescription() {
        XCTAssertEqual(listed("description regex matches /\\d/"), ["Note.md:6"])
    }

    func testTheGlobalFilterIsNoTag() {
        XCTAssertEqual(listed("path includes Note\ngroup by tags\nsort by description"),
                       ["(No tags): Note.md:5 Note.md:4 Note.md:6", "#todo/reading: Note.md:7"])
    }

    func testATaskAFunctionNamesNothingIsInTheGroupWithoutAName() {
        XCTAssertEqual(listed("group by function task.file.property('project')\nsort by description"),
                       [": Other.md:1", "Home: Note.md:5 Note.md:4 Note.md:7 Note.md:6"])
    }
}
