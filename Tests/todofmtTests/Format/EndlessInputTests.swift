import Foundation
import XCTest

/// An endless input (`/dev/zero`, a stream of invalid UTF-8) is reported at its first bad byte at once, with
/// bounded memory, by every command that reads a file; a file too large to be a todo file is refused unread.
final class EndlessInputTests: XCTestCase {
    /// Runs `command` through bash (for pipes); its exit status, stderr and the peak memory of the process tree in
    /// kilobytes. A command that read on for ever would be the harness's hang.
    private func run(_ command: String, in folder: TemporaryFolder) throws -> (status: Int32, stderr: String, peakKB: Int) {
        let report = folder.path("time")
        let result = try ChildProcess.run("/bin/bash", ["-c", "exec /usr/bin/time -o \(report) -f %M bash -c '\(command)'"],
                                          in: folder.url,
                                          environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TODOFMT": Todofmt.executable.path],
                                          stdout: .discarded)
        let peak = Int(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last ?? "") ?? -1
        return (result.status, result.stderr, peak)
    }

    private func requireTime() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { throw RequiredTool.missing("GNU time (/usr/bin/time)") }
    }

    func testEveryCommandReportsTheNulOfDevZeroAtOneOneAtOnce() throws {
        try Todofmt.requireBuilt()
        try requireTime()
        let folder = try TemporaryFolder()
        for command in ["\"$TODOFMT\" --stdout /dev/zero", "\"$TODOFMT\" < /dev/zero", "\"$TODOFMT\" ls -f /dev/zero",
                        "\"$TODOFMT\" --check /dev/zero", "\"$TODOFMT\" merge /dev/zero /dev/zero /dev/zero"] {
            let result = try run(command, in: folder)
            XCTAssertEqual(result.status, 2, command)
            XCTAssertTrue(result.stderr.hasSuffix(":1:1: error: NUL byte: not a text file\n"), "\(command): \(result.stderr)")
            XCTAssertLessThan(result.peakKB, 64_000, command)
        }
    }

    func testACommandThatWouldRewriteADeviceRefusesItBeforeReadingIt() throws {
        try Todofmt.requireBuilt()
        try requireTime()
        let folder = try TemporaryFolder()
        let result = try run("\"$TODOFMT\" done -f /dev/zero 1", in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "/dev/zero: error: not a regular file; nothing was written\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/zero.lock"), "no lock is taken beside a device")
    }

    func testAnEndlessStreamOfInvalidUTF8IsReportedAtItsFirstByteAtOnce() throws {
        try Todofmt.requireBuilt()
        try requireTime()
        let folder = try TemporaryFolder()
        for (command, column) in [(#"yes "$(printf "\377")" | "$TODOFMT" --stdout"#, 1),
                                  (#"yes "$(printf "abc\342\202")" | "$TODOFMT" ls -f /dev/stdin"#, 4)] {
            let result = try run(command, in: folder)
            XCTAssertEqual(result.status, 2, command)
            XCTAssertTrue(result.stderr.hasSuffix(":1:\(column): error: invalid UTF-8 (byte \(column == 1 ? "0xFF" : "0xE2")): the file must be UTF-8 text\n"),
                          "\(command): \(result.stderr)")
            XCTAssertLessThan(result.peakKB, 64_000, command)
        }
    }

    func testAFileLargerThanATodoFileCanBeIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("- [ ] a\n", to: "TODO.md")
        XCTAssertEqual(truncate(path, 129 << 20), 0)
        let result = try Todofmt.run(["--check", "TODO.md"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, ["TODO.md: error: larger than 128 MiB: too large for a todo file; nothing was read"])
    }
}
