import Foundation
import TodoKit
import XCTest

/// `todofmt sync` killed with SIGKILL at random moments, again and again, while both sides keep changing:
/// the next sync finishes the job, and in the end the file and the vdir hold every change once.
final class SyncKillTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder = nil }

    var vdir: String { folder.path("vdir") }
    var environment: [String: String] { ["XDG_STATE_HOME": folder.path("state"), "TZ": "UTC"] }
    var arguments: [String] { ["sync", "-f", folder.path("TODO.md"), "--vdir", vdir, "--today", "2026-11-26"] }

    /// The vdir's VTODOs: file name and what they say.
    func items() throws -> [(name: String, todo: CalendarTodo, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.hasSuffix(".ics") }.sorted().map { name in
            let text = try String(contentsOfFile: vdir + "/" + name, encoding: .utf8)
            let vtodo = try XCTUnwrap(CalendarComponent.parse(text).first?.components.first { $0.name == "VTODO" }, name)
            return (name, CalendarTodo(component: vtodo, settings: CalendarSettings()), text)
        }
    }

    /// A lock the killed process held stays behind (SIGKILL cannot be caught, and the next run would wait for
    /// it, then say "if no todofmt is running, one crashed: remove …"): it is removed, as that message says to.
    func removeLocksOfTheKilled() {
        let state = folder.path("state/todofmt")
        let locks = [folder.path("TODO.md.lock")] + ((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? [])
            .filter { $0.hasSuffix(".lock") }.map { state + "/" + $0 }
        for lock in locks { try? FileManager.default.removeItem(atPath: lock) }
    }

    func testASyncKilledAtRandomMomentsLosesNothingAndDuplicatesNothing() throws {
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try folder.write("# Tasks\n\n" + (1...16).map { "- [ ] Task \($0) due:2026-12-\(10 + $0)\n" }.joined(), to: "TODO.md")
        let started = Date()
        XCTAssertEqual(try Todofmt.run(arguments, environment: environment).status, 0)
        let length = Date().timeIntervalSince(started)
        var random = SystemRandomNumberGenerator()
        var delays: [Int] = []
        var killedMidRun = 0
        for round in 1...12 {
            // The file gains a task; the calendar gains one and completes one.
            let file = try folder.text("TODO.md")
            try folder.write(file + "- [ ] Added in file \(round)\n", to: "TODO.md")
            try folder.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nBEGIN:VTODO\r\nUID:calendar-\(round)\r\n"
                             + "SUMMARY:Added in calendar \(round)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", to: "vdir/calendar-\(round).ics")
            if let item = try items().first(where: { $0.todo.summary == "Task \(round)" }) {
                let done = item.text.replacingOccurrences(of: "STATUS:NEEDS-ACTION\r\n", with: "STATUS:COMPLETED\r\nCOMPLETED:20261125T100000Z\r\n")
                try folder.write(done, to: "vdir/" + item.name)
            }
            // A sync, killed somewhere between its start and about when it would end.
            let process = Process()
            process.executableURL = Todofmt.executable
            process.arguments = arguments
            process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let delay = Int.random(in: 0...Int(length * 1.2 * 1_000_000), using: &random)
            delays.append(delay)
            try process.run()
            usleep(useconds_t(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidRun += 1 }
            removeLocksOfTheKilled()
        }
        // The moments are random, so on any machine most kills land while the sync runs; none would prove nothing.
        XCTAssertGreaterThan(killedMidRun, 0, "every sync ended before it was killed (delays in µs: \(delays))")
        let last = try Todofmt.run(arguments, environment: environment)
        XCTAssertEqual(last.status, 0, last.stderr + " (delays in µs: \(delays))")

        let document = Document(parsing: try folder.text("TODO.md"))
        let titles = document.tasks.map(\.title)
        let summaries = try items().map(\.todo.summary)
        for round in 1...12 {
            XCTAssertEqual(titles.filter { $0 == "Added in file \(round)" }.count, 1, "file task \(round) (delays: \(delays))")
            XCTAssertEqual(titles.filter { $0 == "Added in calendar \(round)" }.count, 1, "calendar task \(round) (delays: \(delays))")
            XCTAssertEqual(document.tasks.first { $0.title == "Task \(round)" }?.status, .done, "Task \(round) (delays: \(delays))")
        }
        XCTAssertEqual(titles.count, 16 + 24)
        XCTAssertEqual(summaries.sorted(), titles.sorted(), "one VTODO per task (delays: \(delays))")
        XCTAssertTrue(try items().allSatisfy { item in
            document.tasks.first { $0.title == item.todo.summary }.map { ($0.status == .done) == (item.todo.status == .completed) } ?? false
        }, "the vdir says what the file says")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.contains(".todofmt-") }, [],
                       "no temporary file of a killed sync is left")
        let quiet = try Todofmt.run(arguments, environment: environment)
        XCTAssertTrue(quiet.stdout.hasSuffix("are in sync (40 tasks)\n"), quiet.stdout + quiet.stderr)
    }
}
