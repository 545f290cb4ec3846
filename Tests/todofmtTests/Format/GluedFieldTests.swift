import Foundation
import XCTest

/// A field glued to the word before it: formatting must not change what the task's words are read as.
final class GluedFieldTests: XCTestCase {
    /// What `ls --json` says of the file's one task, without the keys that hold its text as written.
    private func reading(_ file: String, in folder: TemporaryFolder) throws -> [String: String] {
        let result = try Todofmt.run(["ls", "-f", file, "--json", "--all"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let tasks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let task = try XCTUnwrap(tasks.first)
        var read: [String: String] = [:]
        for (key, value) in task where !["raw", "text", "line"].contains(key) { read[key] = "\(value)" }
        return read
    }

    func testAValueRunningIntoAFieldSignIsRefusedWhereFormattingWouldReadItAsAnotherTag() throws {
        let folder = try TemporaryFolder()
        let input = "- [ ] x due:2026-1:📅 2026-12-01\n"
        try folder.write(input, to: "a.md")
        let result = try Todofmt.run(["a.md"], in: folder.url)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("task on line 1 changed its tags from \"due:2026-1:📅\" to \"due:2026-1:\""), result.stderr)
        XCTAssertEqual(try folder.text("a.md"), input)
    }

    func testADataviewFieldGluedToAWordIsRefusedWhereFormattingWouldChangeTheTitle() throws {
        let folder = try TemporaryFolder()
        let input = "- [ ] y[due:: 2026-12-01]\n"
        try folder.write(input, to: "b.md")
        let result = try Todofmt.run(["b.md"], in: folder.url)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("task on line 1 changed its title from \"y[due::\" to \"y\""), result.stderr)
        XCTAssertEqual(try folder.text("b.md"), input)
        _ = try reading("b.md", in: folder)
    }
}
