import Foundation
import TodoKit
import XCTest

/// `todofmt sync` killed with SIGKILL at moments seen, again and again, while both sides keep changing:
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

    /// A moment of a sync, where its write path waits to be killed (`TODOFMT_FAULT=pause`).
    enum Moment: CaseIterable {
        /// It holds the file's lock: it has started reading.
        case holdingTheLock
        /// Its journal is written: the state changed.
        case journalWritten
        /// The file is written.
        case fileWritten
        /// An item is written: the vdir changed.
        case itemWritten

        /// Whether the sync is at this moment on reaching `step`, having taken `previous` before it.
        func isReached(by step: String, after previous: String?) -> Bool {
            // What the step before renamed into place, if it was a rename.
            let renamed = previous?.components(separatedBy: ": rename onto ").dropFirst().first
            switch self {
            case .holdingTheLock: return step.contains(": lock ") && step.hasSuffix("TODO.md")
            case .journalWritten: return renamed?.hasSuffix(".sync") == true
            case .fileWritten: return renamed?.hasSuffix("TODO.md") == true
            case .itemWritten: return renamed?.hasSuffix(".ics") == true
            }
        }
    }

    func testASyncKilledAtAnyMomentLosesNothingAndDuplicatesNothing() throws {
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try folder.write("# Tasks\n\n" + (1...16).map { "- [ ] Task \($0) due:2026-12-\(10 + $0)\n" }.joined(), to: "TODO.md")
        XCTAssertEqual(try Todofmt.run(arguments, environment: environment).status, 0)
        var moments: [String] = []
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
            // A sync, killed at this round's moment (each moment in turn), where it waits; one that ends before its
            // moment simply ran to its end.
            let moment = Moment.allCases[round % Moment.allCases.count]
            let process = try Todofmt.start(arguments, stdin: .pipe, environment: environment.merging(["TODOFMT_FAULT": "pause"]) { $1 },
                                            stdout: .discarded, stderr: .pipe)
            let there = try process.pause { moment.isReached(by: $0, after: $1) }
            process.signal(SIGKILL)
            if try process.wait().signalled, there {
                moments.append("\(moment)")
            }
            removeLocksOfTheKilled()
        }
        XCTAssertEqual(Set(moments), Set(Moment.allCases.map { "\($0)" }), "a sync was killed at every moment")
        let last = try Todofmt.run(arguments, environment: environment)
        XCTAssertEqual(last.status, 0, last.stderr + " (killed \(moments))")

        let document = Document(parsing: try folder.text("TODO.md"))
        let titles = document.tasks.map(\.title)
        let summaries = try items().map(\.todo.summary)
        for round in 1...12 {
            XCTAssertEqual(titles.filter { $0 == "Added in file \(round)" }.count, 1, "file task \(round) (killed \(moments))")
            XCTAssertEqual(titles.filter { $0 == "Added in calendar \(round)" }.count, 1, "calendar task \(round) (killed \(moments))")
            XCTAssertEqual(document.tasks.first { $0.title == "Task \(round)" }?.status, .done, "Task \(round) (killed \(moments))")
        }
        XCTAssertEqual(titles.count, 16 + 24)
        XCTAssertEqual(summaries.sorted(), titles.sorted(), "one VTODO per task (killed \(moments))")
        XCTAssertTrue(try items().allSatisfy { item in
            document.tasks.first { $0.title == item.todo.summary }.map { ($0.status == .done) == (item.todo.status == .completed) } ?? false
        }, "the vdir says what the file says")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.contains(".todofmt-") }, [],
                       "no temporary file of a killed sync is left")
        let quiet = try Todofmt.run(arguments, environment: environment)
        XCTAssertTrue(quiet.stdout.hasSuffix("are in sync (40 tasks)\n"), quiet.stdout + quiet.stderr)
    }
}
