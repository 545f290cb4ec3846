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

    /// A file large enough that a run takes a while: kills land while it reads, computes and writes.
    private var untidy: String {
        var text = "# Big\n\n"
        for n in 0..<5_000 {
            text += "*   [\(n % 3 == 0 ? "x" : " ")] (\(["A", "B", "C"][n % 3])) task \(n % 89) number \(n) +p\(n % 5)\n"
            if n % 7 == 0 { text += "    a note on \(n)\n" }
        }
        return text
    }

    private func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: runner.folder.path) }

    /// Files the folder holds besides the todo file: locks and temporary files.
    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).filter { $0.hasSuffix(".lock") || $0.contains(".todofmt-") }
    }

    enum Moment: CustomStringConvertible {
        /// As soon as it has started.
        case atStart
        /// As soon as a file whose name holds this appears beside the todo file.
        case holding(String)
        /// As soon as the temporary file, seen written, is gone (renamed over the file).
        case written

        var description: String {
            switch self {
            case .atStart: return "at its start"
            case .holding(let name): return "while \(name) exists"
            case .written: return "right after the write"
            }
        }
    }

    /// Starts `command` on `old`, kills it with `signal` at `moment`, and returns the file it left; nil when the
    /// run ended before the moment came, five times over.
    private func kill(_ command: [String], with signal: Int32, at moment: Moment, old: String) throws -> String? {
        for _ in 0..<5 {
            try runner.write("TODO.md", old)
            let (process, _, _) = runner.process(command)
            try process.run()
            var caught = true
            switch moment {
            case .atStart:
                break
            case .holding(let part):
                caught = false
                while process.isRunning, !caught { caught = try names().contains { $0.contains(part) } }
            case .written:
                var seen = false
                caught = false
                while !caught, process.isRunning || seen {
                    let writing = try names().contains { $0.contains(".todofmt-") }
                    if writing { seen = true } else if seen { caught = true }
                }
            }
            Foundation.kill(process.processIdentifier, signal)
            process.waitUntilExit()
            if caught { return try runner.read("TODO.md") }
            // Ended before the moment: put everything back and try again.
            for name in try leftovers() { try FileManager.default.removeItem(at: runner.folder.appendingPathComponent(name)) }
        }
        return nil
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
        // Each command is killed with each signal at each of these moments, each seen happen, not waited for:
        // at once, as soon as it holds the lock, while its temporary file is being written, and right after.
        let moments: [Moment] = [.atStart, .holding(".lock"), .holding(".todofmt-"), .written]
        var changed = 0, rounds = 0
        var left = Set<String>()
        for command in commands {
            for signal in [SIGKILL, SIGTERM] {
                for moment in moments {
                    let name = "\(command) killed with \(signal == SIGKILL ? "SIGKILL" : "SIGTERM") \(moment)"
                    guard let after = try kill(command, with: signal, at: moment, old: old) else { continue }
                    rounds += 1
                    XCTAssertTrue(after == old || after == new[command], "\(name): the file is neither the old nor the new one")
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
