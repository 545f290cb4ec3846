import Foundation
import XCTest

/// A field glued to the word before it is read as the Obsidian Tasks plugin reads it, off the end of the line:
/// the word ends where the field starts. Formatting puts a space between them, and the task reads the same.
final class GluedFieldTests: XCTestCase {
    /// What `ls --json` says of the file's one task, without the keys that hold its text as written.
    private func reading(_ file: String, in folder: TemporaryFolder) throws -> [String: String] {
        let result = try Todofmt.run(["ls", "-f", file, "--json", "--all"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let tasks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let task = try XCTUnwrap(tasks.first)
        var read: [String: String] = [:]
        for (key, value) in task where !["raw", "text"].contains(key) { read[key] = "\(value)" }
        return read
    }

    /// Formats `input` as `file` and checks the output and that the task reads as it did.
    private func assertFormats(_ input: String, to output: String, file: String = "a.md",
                               line: UInt = #line) throws -> [String: String] {
        let folder = try TemporaryFolder()
        try folder.write(input, to: file)
        let before = try reading(file, in: folder)
        let result = try Todofmt.run([file], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr, line: line)
        XCTAssertEqual(try folder.text(file), output, line: line)
        XCTAssertEqual(try reading(file, in: folder), before, line: line)
        let again = try Todofmt.run(["--check", file], in: folder.url)
        XCTAssertEqual(again.status, 0, again.stderr, line: line)
        return before
    }

    func testAValueRunningIntoAFieldSignKeepsItsTagAndTheFieldIsSetApart() throws {
        let read = try assertFormats("- [ ] x due:2026-1:📅 2026-12-01\n", to: "- [ ] x due:2026-1: 📅 2026-12-01\n")
        XCTAssertEqual(read["tags"], "[\"due\": \"2026-1:\"]")
        XCTAssertEqual(read["title"], "x")
    }

    func testADataviewFieldGluedToAWordIsTheFieldAndTheWordIsTheTitle() throws {
        let read = try assertFormats("- [ ] y[due:: 2026-12-01]\n", to: "- [ ] y  [due:: 2026-12-01]\n")
        XCTAssertEqual(read["title"], "y")
        XCTAssertEqual(read["due"], "2026-12-01")
    }

    func testAPriorityOrADateGluedToAWordIsTheField() throws {
        let read = try assertFormats("- [ ] milk🔺\n", to: "- [ ] milk 🔺\n")
        XCTAssertEqual(read["title"], "milk")
        XCTAssertEqual(read["priority_level"], "highest")
        let scheduled = try assertFormats("- [ ] é⏳ 2026-12-01\n", to: "- [ ] é ⏳ 2026-12-01\n")
        XCTAssertEqual(scheduled["title"], "é")
        XCTAssertEqual(scheduled["scheduled"], "2026-12-01")
    }

    func testATagGluedToAFieldEndsWhereTheFieldStarts() throws {
        let read = try assertFormats("- [ ] a #home📅 2026-12-01\n", to: "- [ ] a #home 📅 2026-12-01\n")
        XCTAssertEqual(read["hashtags"], "[\"home\"]")
        XCTAssertEqual(read["title"], "a #home")
    }
}
