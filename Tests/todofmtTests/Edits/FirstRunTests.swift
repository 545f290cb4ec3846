import Foundation
import XCTest

/// A first run in a folder without a todo file: the error says how to start, and `todofmt init` starts one.
final class FirstRunTests: XCTestCase {
    var runner: ListTasksCommandRunner!

    override func setUpWithError() throws {
        runner = try ListTasksCommandRunner()
        // The search for a todo file stops at a repository's root: nothing outside the folder is found.
        try FileManager.default.createDirectory(at: runner.folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }

    override func tearDown() { runner?.cleanUp() }

    func text(_ name: String) throws -> String {
        try String(contentsOf: runner.folder.appendingPathComponent(name), encoding: .utf8)
    }

    func testAnAddWithoutATodoFileSaysHowToStartOne() throws {
        let result = try runner.run(["add", "-l", "Groceries", "Milk"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasSuffix("; 'todofmt init' starts TODO.md here, and 'todofmt -f TODO.md add …' creates it with its first task\n"),
                      result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: runner.folder.appendingPathComponent("TODO.md").path))
    }

    func testInitCreatesAnEmptyTodoFileThatTheCommandsThenFind() throws {
        let created = try runner.run(["init"])
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertEqual(created.stdout, "created TODO.md\n")
        XCTAssertEqual(try text("TODO.md"), "")
        let added = try runner.run(["add", "-l", "Groceries", "Milk"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(try text("TODO.md"), "# Groceries\n\n- [ ] Milk\n")
    }

    func testInitLeavesAnExistingFileAsItIs() throws {
        try runner.write("- [ ] keep me\n", to: "TODO.md")
        let result = try runner.run(["init"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "TODO.md: note: the file exists already; nothing was written\n")
        XCTAssertEqual(try text("TODO.md"), "- [ ] keep me\n")
    }

    func testInitTakesTheFileToCreateAsAnArgumentOrWithF() throws {
        XCTAssertEqual(try runner.run(["init", "todo.txt"]).stdout, "created todo.txt\n")
        XCTAssertEqual(try runner.run(["-f", "work.md", "init"]).stdout, "created work.md\n")
        XCTAssertEqual(try text("todo.txt"), "")
        let refused = try runner.run(["init", "notes.org"])
        XCTAssertEqual(refused.status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: runner.folder.appendingPathComponent("notes.org").path))
    }
}
