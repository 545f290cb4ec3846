import Foundation
import XCTest

/// `todofmt lsprj`, `lscon` and `lslists` end to end.
final class ListCountsCommandTests: XCTestCase {
    var runner: ListTasksCommandRunner!

    override func setUpWithError() throws {
        runner = try ListTasksCommandRunner()
        try runner.write("""
            # Work
            - [ ] Budget +Finance @desk
            - [ ] Taxes +finance @desk @phone
            - [x] Filed +archive
            ## Q4
            - [ ] Plan +finance t:2026-12-01
            # Home
            - [ ] Call @phone

            """, to: "TODO.md")
    }

    override func tearDown() { runner?.cleanUp() }

    func testProjectsCountOpenTasks() throws {
        let result = try runner.run(["lsprj", "--today", "2026-11-21"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "+Finance  2\n")
    }

    func testAllCountsEveryTask() throws {
        let result = try runner.run(["lsprj", "--today", "2026-11-21", "--all"])
        XCTAssertEqual(result.stdout, "+archive  1\n+Finance  3\n")
    }

    func testHelpDescribesTheJSONTheyPrintNotTaskObjects() throws {
        for command in ["lsprj", "lscon", "lslists"] {
            let help = try runner.run([command, "--help"]).stdout
            XCTAssertNotNil(help.range(of: #"--json +Print the names and counts as a JSON array instead of text."#, options: .regularExpression), help)
            XCTAssertFalse(help.contains("task objects"), help)
        }
    }

    func testContextsAsJson() throws {
        let result = try runner.run(["lscon", "--today", "2026-11-21", "--json"])
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(array.map { $0["name"] as! String }, ["desk", "phone"])
        XCTAssertEqual(array.map { $0["count"] as! Int }, [2, 2])
    }

    func testCountsTakeAFilter() throws {
        let result = try runner.run(["lscon", "--today", "2026-11-21", "list:work"])
        XCTAssertEqual(result.stdout, "@desk   2\n@phone  1\n")
    }

    func testListsWithCounts() throws {
        let result = try runner.run(["lslists", "--today", "2026-11-21", "--all"])
        XCTAssertEqual(result.stdout, "Home     1\nWork     3\nWork/Q4  1\n")
        let json = try runner.run(["lslists", "--today", "2026-11-21", "--json"])
        let array = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        // Work/Q4's one task has not started yet: the list is there, with 0.
        XCTAssertEqual(array.map { $0["name"] as! String }, ["Home", "Work", "Work/Q4"])
        XCTAssertEqual(array.map { $0["list"] as! [String] }, [["Home"], ["Work"], ["Work", "Q4"]])
        XCTAssertEqual(array.map { $0["count"] as! Int }, [1, 2, 0])
    }

    func testCountCommandsReportAMissingFile() throws {
        for command in ["lsprj", "lscon", "lslists"] {
            let result = try runner.run([command, "-f", "nope.txt"])
            XCTAssertEqual(result.status, 2, command)
        }
    }
}
