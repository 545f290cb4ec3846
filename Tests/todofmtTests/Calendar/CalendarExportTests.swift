import Foundation
import XCTest

/// `todofmt export --ics` read by Python's icalendar, as a calendar reads it: every task once, with the UID
/// it keeps whatever is done to it, and the one `sync` gives it.
final class CalendarExportTests: XCTestCase {
    static let sample = """
        # Today

        - [ ] (A) Pay rent +house due:2026-12-01 remind:-3d
        - [ ] Call mom @phone
          ask about Sunday
        - [x] 2026-11-20 Buy bulbs pri:D
        - [-] Renew gym membership

        # Backlog

        - [ ] (E) Water plants rec:+1w due:2026-11-28
        - [ ] Call grandma rec:1w due:2026-11-29
        - [ ] Meet Ann due:2026-12-03T14:30 remind:-2h

        """

    var folder: TemporaryFolder!
    /// One Python process for the class.
    nonisolated(unsafe) static var tools: PythonTools?
    var python: PythonTools { Self.tools! }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        if Self.tools == nil { Self.tools = try PythonTools(modules: ["icalendar"]) }
    }

    override class func tearDown() { tools = nil }
    override func tearDown() { folder = nil }

    var environment: [String: String] { ["XDG_STATE_HOME": folder.path("state"), "TZ": "UTC"] }

    func todofmt(_ arguments: String...) throws {
        let file = arguments.first == "--sort" ? [folder.path("TODO.md")] : ["-f", folder.path("TODO.md")]
        let result = try Todofmt.run(arguments + file, environment: environment)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    }

    func export(to name: String, _ extra: String...) throws {
        let result = try Todofmt.run(["export", "--ics", "-f", folder.path("TODO.md"), "--today", "2026-11-26", "-o", folder.path(name)] + extra,
                                     environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Each calendar file's components as icalendar reads them: UID, summary, status, completion, due,
    /// priority, rule, alarm triggers, categories.
    func read(_ names: [String]) throws -> [String: [[String: String]]] {
        let script = #"""
            import icalendar, json
            result = {}
            for path in args:
                cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
                items = []
                for c in cal.walk():
                    if c.name not in ('VTODO', 'VEVENT'):
                        continue
                    def text(name):
                        if name not in c:
                            return ''
                        value = c[name]
                        if name == 'CATEGORIES':
                            cats = value if isinstance(value, list) else [value]
                            return ','.join(str(x) for cat in cats for x in cat.cats)
                        if hasattr(value, 'dt'):
                            return value.dt.isoformat()
                        if hasattr(value, 'to_ical'):
                            return value.to_ical().decode()
                        return str(value)
                    items.append({'kind': c.name, 'uid': text('UID'), 'summary': text('SUMMARY'), 'status': text('STATUS'),
                                  'completed': text('COMPLETED'), 'due': text('DUE'), 'start': text('DTSTART'),
                                  'priority': text('PRIORITY'), 'rrule': text('RRULE'), 'categories': text('CATEGORIES'),
                                  'description': text('DESCRIPTION'),
                                  'alarms': ' '.join(str(a['TRIGGER'].to_ical().decode()) for a in c.walk('VALARM'))})
                result[path.rsplit('/', 1)[-1]] = items
            print(json.dumps(result))
            """#
        let output = try python.python(script, names.map { folder.path($0) })
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [[String: String]]])
    }

    func testEveryTaskIsAVTODOThatSaysWhatTheTaskSays() throws {
        try folder.write(Self.sample, to: "TODO.md")
        try export(to: "tasks.ics", "--events")
        let raw = try folder.text("tasks.ics")
        XCTAssertFalse(raw.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        for line in raw.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(line.utf8.count, 75, line) }
        let items = try XCTUnwrap(read(["tasks.ics"])["tasks.ics"])
        let todos = Dictionary(items.filter { $0["kind"] == "VTODO" }.map { ($0["summary"]!, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(todos.count, 7)
        XCTAssertEqual(todos["Pay rent"]?["priority"], "1")
        XCTAssertEqual(todos["Pay rent"]?["due"], "2026-12-01")
        XCTAssertEqual(todos["Pay rent"]?["categories"], "Today,+house")
        XCTAssertEqual(todos["Pay rent"]?["alarms"], "20261128T090000Z", "three days before, at the reminder hour")
        XCTAssertEqual(todos["Call mom"]?["description"], "ask about Sunday")
        XCTAssertEqual(todos["Buy bulbs"]?["status"], "COMPLETED")
        XCTAssertEqual(todos["Buy bulbs"]?["completed"], "2026-11-20T12:00:00+00:00")
        XCTAssertEqual(todos["Buy bulbs"]?["priority"], "9", "(D) and below are the calendar's lowest")
        XCTAssertEqual(todos["Renew gym membership"]?["status"], "CANCELLED")
        XCTAssertEqual(todos["Water plants"]?["rrule"], "FREQ=WEEKLY")
        XCTAssertEqual(todos["Call grandma"]?["rrule"], "", "rec:1w counts from the day it is done: no rule says that")
        XCTAssertEqual(todos["Meet Ann"]?["due"], "2026-12-03T14:30:00")
        XCTAssertEqual(todos["Meet Ann"]?["alarms"], "-PT2H")
        let events = items.filter { $0["kind"] == "VEVENT" }
        XCTAssertEqual(events.map { $0["summary"]! }, ["Pay rent", "Water plants", "Call grandma", "Meet Ann"])
        XCTAssertEqual(events[0]["start"], "2026-12-01")
        XCTAssertEqual(events[0]["uid"], todos["Pay rent"]?["uid"].map { $0.replacingOccurrences(of: "@", with: "-event@") })
    }

    func testEachTaskKeepsItsUIDAcrossMovesReviewsRewordingDatesPrioritiesAndSortingAndSyncGivesTheSame() throws {
        try folder.write(Self.sample, to: "TODO.md")
        try export(to: "before.ics")
        try FileManager.default.createDirectory(atPath: folder.path("vdir"), withIntermediateDirectories: true)
        try todofmt("sync", "--vdir", folder.path("vdir"), "--today", "2026-11-26")
        try todofmt("mv", "4", "--list", "Backlog")
        try todofmt("review", "--from", "Today", "--to", "Later")
        try todofmt("replace", "8", "Water the plants +garden rec:+1w due:2026-11-28", "--today", "2026-11-26")
        try todofmt("due", "9", "2026-12-04", "--today", "2026-11-26")
        try todofmt("pri", "10", "B")
        try todofmt("--sort")
        try export(to: "after.ics")
        try todofmt("sync", "--vdir", folder.path("vdir"), "--today", "2026-11-26")
        let vdir = try FileManager.default.contentsOfDirectory(atPath: folder.path("vdir")).filter { $0.hasSuffix(".ics") }.map { "vdir/" + $0 }
        let read = try read(["before.ics", "after.ics"] + vdir)
        func uids(_ items: [[String: String]]) -> [String: String] {
            Dictionary(items.map { ($0["summary"]!, $0["uid"]!) }, uniquingKeysWith: { a, _ in a })
        }
        let before = uids(read["before.ics"]!), after = uids(read["after.ics"]!)
        let synced = uids(vdir.flatMap { read[String($0.dropFirst(5))]! })
        let renamed = ["Water plants": "Water the plants"]
        for (summary, uid) in before {
            XCTAssertEqual(after[renamed[summary] ?? summary], uid, summary)
            XCTAssertEqual(synced[renamed[summary] ?? summary], uid, "sync gives \(summary) the UID export gives it")
        }
        XCTAssertEqual(Set(after.values).count, 7)
        XCTAssertEqual(vdir.count, 7, "one item per task after the edits: none added twice")
    }

    func testATaskRewordedThroughTodofmtKeepsItsUIDHoweverLittleOfItsTextIsLeft() throws {
        try folder.write("# Today\n\n- [ ] Pay rent due:2026-12-01\n\n# Backlog\n\n- [ ] Later due:2026-12-20\n", to: "TODO.md")
        try export(to: "before.ics")
        try todofmt("replace", "7", "Later, reworded due:2026-12-20")
        try todofmt("replace", "3", "Transfer the money to the landlord due:2026-12-01")
        try export(to: "after.ics")
        let read = try read(["before.ics", "after.ics"])
        let before = read["before.ics"]!.map { $0["uid"]! }, after = read["after.ics"]!.map { $0["uid"]! }
        XCTAssertEqual(read["after.ics"]!.map { $0["summary"]! }, ["Transfer the money to the landlord", #"Later\, reworded"#], "as written, TEXT-escaped")
        XCTAssertEqual(after, before)
    }
}
