import Foundation
import XCTest

/// Killed at any moment with SIGKILL or SIGTERM, an edit or the formatter leaves the file as it was or as the
/// finished command leaves it, never a mix; nothing it leaves (a lock, a temporary file) blocks the next run,
/// and SIGTERM leaves nothing at all.
final class KillFaultTests: XCTestCase {
    var runner: EditCommandRunner!

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
    }

    override func tearDown() { runner?.remove() }

    /// A file of many tasks, untidy, so that every command writes.
    private var untidy: String {
        var text = "# Big\n\n"
        for n in 0..<1_000 {
            text += "*   [\(n % 3 == 0 ? "x" : " ")] (\(["A", "B", "C"][n % 3])) task \(n % 89) number \(n) +p\(n % 5)\n"
            if n % 7 == 0 { text += "    a note on \(n)\n" }
        }
        return text
    }

    /// Files the folder holds besides the todo file: locks and temporary files.
    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).filter { $0.hasSuffix(".lock") || $0.contains(".todofmt-") }
    }

    enum Moment: CustomStringConvertible, Equatable {
        /// As soon as it has started.
        case atStart
        /// On reaching this step of the write path, where it waits to be signalled (`TODOFMT_FAULT=pause`).
        case reaching(String)

        var description: String {
            switch self {
            case .atStart: return "at its start"
            case .reaching(let step): return "on reaching '\(step)'"
            }
        }
    }

    /// Starts `command` on `old`, signals it with `signal` at `moment`, and returns the file it left.
    private func kill(_ command: [String], with signal: Int32, at moment: Moment, old: String) throws -> String {
        try runner.write("TODO.md", old)
        let process = try runner.start(command, environment: ["TODOFMT_FAULT": "pause"], stdin: .pipe, stdout: .discarded, stderr: .pipe)
        if case .reaching(let step) = moment {
            XCTAssertTrue(try process.pause(at: step), "\(command) never reached '\(step)'")
        }
        process.signal(signal)
        XCTAssertTrue(try process.wait().signalled, "\(command) ended before it was signalled \(moment)")
        return try runner.read("TODO.md")
    }

    func testKilledAtAnyMomentAnEditOrTheFormatterLeavesTheOldOrTheNewFileAndNothingInTheWay() throws {
        let old = untidy
        // Each command run again on its own result changes nothing, so the next run must leave the new file.
        let commands: [[String]] = [["--sort", "TODO.md"], ["done", "--today", "2026-03-01", "5"], ["pri", "5", "Z"]]
        // What each command leaves when it runs to the end.
        var new: [[String]: String] = [:]
        for command in commands {
            try runner.write("TODO.md", old)
            XCTAssertEqual(try runner.run(command).status, 0, "\(command)")
            new[command] = try runner.read("TODO.md")
            XCTAssertNotEqual(new[command], old)
        }
        // Each command is killed with each signal at each of these moments, each reached, not waited for: at once,
        // as soon as it holds the lock, with its temporary file written beside the file, and right after the
        // rename, before it lets the lock go.
        let moments: [Moment] = [.atStart, .reaching("lock TODO.md"), .reaching("written beside TODO.md"), .reaching("release TODO.md.lock")]
        var changed = 0, rounds = 0
        var left = Set<String>()
        for command in commands {
            for signal in [SIGKILL, SIGTERM] {
                for moment in moments {
                    let name = "\(command) killed with \(signal == SIGKILL ? "SIGKILL" : "SIGTERM") \(moment)"
                    let after = try kill(command, with: signal, at: moment, old: old)
                    rounds += 1
                    XCTAssertTrue(after == old || after == new[command], "\(name): the file is neither the old nor the new one")
                    XCTAssertEqual(after, moment == moments.last ? new[command] : old, "\(name): signalled where it was, the file is as the rename left it")
                    if signal == SIGTERM { XCTAssertEqual(try leftovers(), [], name) }
                    if after != old { changed += 1 }
                    left.formUnion(try leftovers().map { $0.hasSuffix(".lock") ? "lock" : "temporary file" })
                    // The next run goes through, whatever the killed one left (a lock it could not take over would
                    // make it give up, exit 2), and leaves nothing behind.
                    let next = try runner.run(command)
                    XCTAssertEqual(next.status, 0, name + next.stderr)
                    XCTAssertEqual(try runner.read("TODO.md"), new[command], name)
                    XCTAssertEqual(try leftovers(), [], name)
                }
            }
        }
        // Both outcomes, and both kinds of leftovers, must have occurred for the rounds to prove anything.
        XCTAssertGreaterThan(changed, 0, "no killed run had written the new file")
        XCTAssertLessThan(changed, rounds, "every killed run had written the new file")
        XCTAssertEqual(left, ["lock", "temporary file"], "SIGKILL left no lock or no temporary file in any round")
    }
}
