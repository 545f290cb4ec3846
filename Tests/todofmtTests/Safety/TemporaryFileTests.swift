import Foundation
import XCTest

/// The temporary file a write goes through never outlives it: a signal that stops the write removes it, and
/// what a killed write left (`.NAME.todofmt-XXXXXX`) the next write of the file removes.
final class TemporaryFileTests: XCTestCase {
    var runner: EditCommandRunner!

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
    }

    override func tearDown() { runner?.remove() }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).sorted()
    }

    func testTheNextWriteRemovesTheTemporaryFilesAKilledWriteOfTheFileLeftAndNoOthers() throws {
        try runner.write("TODO.md", "- [ ] a\n")
        for name in [".TODO.md.todofmt-a1B2c3", ".TODO.md.todofmt-Zz9Yy8", ".TODO.md.todofmt-short", ".DONE.md.todofmt-a1B2c3", "TODO.md.todofmt-a1B2c3"] {
            try runner.write(name, "half written")
        }
        let output = try runner.run(["add", "b"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try names(), [".DONE.md.todofmt-a1B2c3", ".TODO.md.todofmt-short", "TODO.md", "TODO.md.todofmt-a1B2c3"])
    }

    func testTheNextWriteOfAStateFileRemovesTheTemporaryFilesAKilledWriteOfItLeft() throws {
        try runner.write("TODO.md", "- [ ] a\n")
        XCTAssertEqual(try runner.run(["export"]).status, 0)
        let folder = runner.state.appendingPathComponent("todofmt")
        let sync = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".sync") })
        let stale = folder.appendingPathComponent(".\(sync).todofmt-a1B2c3")
        try Data("half written".utf8).write(to: stale)
        XCTAssertEqual(try runner.run(["replace", "1", "b"]).status, 0, "a change the sync state follows")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
    }

    func testASignalThatStopsAWriteRemovesItsTemporaryFile() throws {
        // SIGTERM is sent in KillFaultTests, at the same moment.
        var text = "# Big\n\n"
        for n in 0..<1_000 { text += "*   [ ] task number \(n)\n" }
        for signal in [SIGINT, SIGHUP] {
            try runner.write("TODO.md", text)
            // Signalled with its temporary file written beside the file, where its write path waits (`pause`).
            let process = try runner.start(["TODO.md"], environment: ["TODOFMT_FAULT": "pause"], stdin: .pipe, stdout: .discarded, stderr: .pipe)
            XCTAssertTrue(try process.pause(at: "written beside TODO.md"))
            XCTAssertEqual(try names().filter { $0.contains(".todofmt-") }.count, 1, "signal \(signal): the temporary file is there")
            process.signal(signal)
            XCTAssertTrue(try process.wait().signalled, "signal \(signal)")
            XCTAssertEqual(try names(), ["TODO.md"], "signal \(signal)")
            XCTAssertEqual(try runner.read("TODO.md"), text, "signal \(signal)")
        }
    }
}
