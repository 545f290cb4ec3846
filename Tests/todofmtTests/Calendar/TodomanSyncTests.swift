import Foundation
import XCTest

/// `todofmt sync` with todoman as the other program on the vdir: what each does reaches the other.
final class TodomanSyncTests: XCTestCase {
    var folder: TemporaryFolder!
    var tools: PythonTools!
    var config: String!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        tools = try PythonTools(modules: ["todoman"])
        try FileManager.default.createDirectory(atPath: folder.path("calendars/tasks"), withIntermediateDirectories: true)
        config = try folder.write("""
            path = "\(folder.path("calendars"))/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "tasks"
            cache_path = "\(folder.path("todoman.sqlite3"))"

            """, to: "todoman.py")
    }

    override func tearDown() { (folder, tools, config) = (nil, nil, nil) }

    /// `todofmt sync`, which must succeed; its output.
    @discardableResult
    func sync(_ extra: String...) throws -> Todofmt.Result {
        let result = try Todofmt.run(["sync", "-f", folder.path("TODO.md"), "--vdir", folder.path("calendars/tasks"), "--today", "2026-11-26"] + extra,
                                     environment: ["XDG_STATE_HOME": folder.path("state"), "TZ": "UTC"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    /// todoman's tasks, every status, by summary, as `todo --porcelain list` prints them.
    func todoman() throws -> [String: [String: Any]] {
        let output = try tools.todo(config, "--porcelain", "list", "--status", "ANY")
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], output)
        return Dictionary(list.map { ($0["summary"] as! String, $0) }, uniquingKeysWith: { a, b in (a["completed"] as? Bool) == true ? b : a })
    }

    func id(_ summary: String) throws -> String { "\(try XCTUnwrap(todoman()[summary]?["id"] as? Int, summary))" }

    func testWhatTodomanDoesReachesTheFileAndWhatTheFileSaysReachesTodoman() throws {
        try folder.write("""
            # Home

            - [ ] (A) Pay rent +house due:2026-12-01
            - [ ] Call mom @phone
            - [ ] Water plants rec:+1w due:2026-11-28
            - [ ] Fix the bike

            # Work

            - [ ] Draft budget due:2026-12-03T14:30

            """, to: "TODO.md")
        try sync()
        var tasks = try todoman()
        XCTAssertEqual(Set(tasks.keys), ["Pay rent", "Call mom", "Water plants", "Fix the bike", "Draft budget"])
        XCTAssertEqual(tasks["Pay rent"]?["priority"] as? Int, 1)
        XCTAssertEqual(tasks["Draft budget"]?["due"] as? Int, 1_796_308_200, "2026-12-03 14:30 UTC")

        // todoman: a new task, one done, new due date and priority, a new summary, one deleted.
        try tools.todo(config, "new", "-l", "tasks", "-d", "2026-12-05", "--priority", "high", "-c", "Work", "-c", "@shop", "Buy printer ink")
        try tools.todo(config, "done", try id("Call mom"))
        try tools.todo(config, "done", try id("Water plants"))
        try tools.todo(config, "edit", try id("Pay rent"), "--due", "2026-12-02", "--priority", "low")
        _ = try tools.python("import os; os.environ['EDITOR'] = \"sed -i 's/^SUMMARY:Draft budget/SUMMARY:Draft the budget/'\"")
        try tools.todo(config, "edit", "--raw", try id("Draft budget"))
        try tools.todo(config, "delete", "--yes", try id("Fix the bike"))
        // todoman completes a task at the real time: the file takes that day.
        let completed = localDay(ofTimestamp: try XCTUnwrap(todoman()["Call mom"]?["completed_at"] as? Int))
        let result = try sync()
        XCTAssertTrue(result.stdout.contains("TODO.md:4: completed in the calendar\n"), result.stdout)
        XCTAssertEqual(try folder.text("TODO.md"), """
            # Home

            - [ ] (C) Pay rent +house due:2026-12-02
            - [x] \(completed) Call mom @phone
            - [x] \(completed) Water plants rec:+1w due:2026-11-28
            - [ ] Water plants rec:+1w due:2026-12-05

            # Work

            - [ ] Draft the budget due:2026-12-03T14:30
            - [ ] (A) Buy printer ink @shop due:2026-12-05

            """)

        // The file: a task added, one done, a priority, one removed; todoman sees each.
        XCTAssertEqual(try Todofmt.run(["add", "-f", folder.path("TODO.md"), "--list", "Home", "Book dentist due:2026-12-10"]).status, 0)
        XCTAssertEqual(try Todofmt.run(["done", "-f", folder.path("TODO.md"), "--today", "2026-11-26", "\(folder.path("TODO.md")):3"]).status, 0)
        XCTAssertEqual(try Todofmt.run(["pri", "-f", folder.path("TODO.md"), "\(folder.path("TODO.md")):12", "B"]).status, 0)
        XCTAssertEqual(try Todofmt.run(["rm", "-f", folder.path("TODO.md"), "\(folder.path("TODO.md")):11"]).status, 0)
        try sync()
        tasks = try todoman()
        XCTAssertEqual(tasks["Book dentist"]?["due"] as? Int, 1_796_860_800)
        XCTAssertEqual(tasks["Pay rent"]?["completed"] as? Bool, true)
        XCTAssertEqual(tasks["Buy printer ink"]?["priority"] as? Int, 5)
        XCTAssertNil(tasks["Draft the budget"])
        XCTAssertEqual(tasks.filter { $0.key == "Water plants" }.count, 1)
        let open = try tools.todo(config, "--porcelain", "list")
        XCTAssertEqual(open.components(separatedBy: "\"summary\": \"Water plants\"").count - 1, 1, "one open Water plants: the next occurrence, once")
        let last = try sync()
        XCTAssertTrue(last.stdout.hasSuffix("are in sync (6 tasks)\n"), last.stdout + last.stderr)
    }
}
