import Foundation
import XCTest

/// A value written into the todo file (a task's text, a list's name) that holds a control character is a
/// usage error (64), and nothing is written; a line break typed in a task's text becomes a space.
final class ControlCharacterTests: XCTestCase {
    var runner: EditCommandRunner!
    let sample = "# A\n\n- [ ] a\n"

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
        try runner.write("TODO.md", sample)
    }

    override func tearDown() { runner?.remove() }

    private func assertRefused(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let output = try runner.run(arguments)
        XCTAssertEqual(output.status, 64, output.stderr, file: file, line: line)
        XCTAssertEqual(output.stderr.split(separator: "\n").first.map(String.init), "todofmt: error: " + message, file: file, line: line)
        XCTAssertEqual(try runner.read("TODO.md"), sample, file: file, line: line)
    }

    func testAListNameWithALineBreakIsRefusedRatherThanWrittenAsAStrayLine() throws {
        try assertRefused(["add", "--list", "x\ny", "t1"],
                          #"--list holds a control character (U+000A), which todofmt does not write into a todo file: "x\ny""#)
        try assertRefused(["add", "--list", "x\ry", "t1"],
                          #"--list holds a control character (U+000D), which todofmt does not write into a todo file: "x\ry""#)
        try assertRefused(["mv", "3", "--list", "B\u{1B}[1m"],
                          #"--list holds a control character (U+001B), which todofmt does not write into a todo file: "B\033[1m""#)
        try assertRefused(["review", "--from", "A", "--to", "N\u{85}"],
                          #"--to holds a control character (U+0085), which todofmt does not write into a todo file: "N\302\205""#)
    }

    func testTaskTextWithAControlCharacterIsRefused() throws {
        try assertRefused(["add", "a\u{1}b"], #"TEXT holds a control character (U+0001), which todofmt does not write into a todo file: "a\001b""#)
        try assertRefused(["append", "3", "x\u{7F}"], #"TEXT holds a control character (U+007F), which todofmt does not write into a todo file: "x\177""#)
        try assertRefused(["prepend", "3", "\u{8}x"], #"TEXT holds a control character (U+0008), which todofmt does not write into a todo file: "\010x""#)
    }

    func testALineBreakInTaskTextBecomesASpaceAndATabStays() throws {
        let output = try runner.run(["add", "b\nc\r\nd\te"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try runner.read("TODO.md"), sample + "- [ ] b c d\te\n")
    }
}
