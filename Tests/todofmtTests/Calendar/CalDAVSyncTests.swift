import Foundation
import XCTest

/// A real CalDAV server (Radicale, on 127.0.0.1) between two vdirsyncer pairs: the laptop, where todofmt
/// syncs TODO.md with a vdir, and the phone, played by todoman on a vdir of its own.
final class CalDAVSyncTests: XCTestCase {
    /// One Python process and one server for the class: vdirsyncer and todoman calls run in it.
    nonisolated(unsafe) static var tools: PythonTools?
    nonisolated(unsafe) static var port = 0

    override class func tearDown() { tools = nil }

    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        if Self.tools == nil {
            let tools = try PythonTools(modules: ["vdirsyncer", "todoman", "radicale"])
            Self.port = try tools.startRadicale(in: tools.scratch.path(""))
            Self.tools = tools
        }
        folder = try TemporaryFolder()
    }

    override func tearDown() { folder = nil }

    var tools: PythonTools { Self.tools! }

    /// A calendar on the server, and a vdirsyncer pair for `side` syncing it with the vdir `side/tasks`.
    func pair(_ side: String, calendar: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder.path("\(side)/tasks"), withIntermediateDirectories: true)
        return try folder.write("""
            [general]
            status_path = "\(folder.path("\(side)/status"))"

            [pair calendar]
            a = "local"
            b = "server"
            collections = null

            [storage local]
            type = "filesystem"
            path = "\(folder.path("\(side)/tasks"))"
            fileext = ".ics"

            [storage server]
            type = "caldav"
            url = "http://127.0.0.1:\(Self.port)/test/\(calendar)/"
            username = "test"
            password = "any"

            """, to: "\(side).conf")
    }

    func makeCalendar(_ name: String) throws {
        _ = try tools.python("""
            import base64, urllib.request
            request = urllib.request.Request(args[0], method="MKCALENDAR", data=b'<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>')
            request.add_header("Authorization", "Basic " + base64.b64encode(b"test:any").decode())
            urllib.request.urlopen(request).read()
            """, ["http://127.0.0.1:\(Self.port)/test/\(name)/"])
    }

    func todofmtSync() throws -> Todofmt.Result {
        try Todofmt.run(["sync", "-f", folder.path("TODO.md"), "--vdir", folder.path("laptop/tasks"), "--today", "2026-11-26"],
                        environment: ["XDG_STATE_HOME": folder.path("state"), "TZ": "UTC"])
    }

    func testATaskReachesThePhoneComesBackDoneAndAConflictIsReportedWithNothingLost() throws {
        let calendar = "tasks-\(UUID().uuidString.prefix(8))"
        try makeCalendar(calendar)
        let laptop = try pair("laptop", calendar: calendar), phone = try pair("phone", calendar: calendar)
        let todoman = try folder.write("""
            path = "\(folder.path("phone"))/*"
            date_format = "%Y-%m-%d"
            default_list = "tasks"
            cache_path = "\(folder.path("todoman.sqlite3"))"

            """, to: "todoman.py")
        try tools.vdirsyncer(laptop, "discover")
        try tools.vdirsyncer(phone, "discover")
        func phoneTasks() throws -> [[String: Any]] {
            let output = try tools.todo(todoman, "--porcelain", "list", "--status", "ANY")
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], output)
        }
        func roundTrip() throws {
            try tools.vdirsyncer(laptop, "sync")
            try tools.vdirsyncer(phone, "sync")
        }

        // A task added to TODO.md reaches the phone.
        try folder.write("# Home\n\n- [ ] Buy milk due:2026-12-01\n- [ ] Call mom due:2026-12-02\n", to: "TODO.md")
        XCTAssertEqual(try todofmtSync().status, 0)
        try roundTrip()
        XCTAssertEqual(Set(try phoneTasks().map { $0["summary"] as? String }), ["Buy milk", "Call mom"])

        // Done on the phone: back in the file, ticked with its date.
        let milk = try XCTUnwrap(try phoneTasks().first { $0["summary"] as? String == "Buy milk" }?["id"] as? Int)
        try tools.todo(todoman, "done", "\(milk)")
        // The phone completes a task at the real time: the file takes that day.
        let completed = localDay(ofTimestamp: try XCTUnwrap(try phoneTasks().first { $0["id"] as? Int == milk }?["completed_at"] as? Int))
        try tools.vdirsyncer(phone, "sync")
        try tools.vdirsyncer(laptop, "sync")
        XCTAssertEqual(try todofmtSync().status, 0)
        XCTAssertEqual(try folder.text("TODO.md"), "# Home\n\n- [x] \(completed) Buy milk due:2026-12-01\n- [ ] Call mom due:2026-12-02\n")

        // Both change the due date of Call mom: the file's stays, the phone's is reported, and both sides agree.
        let mom = try XCTUnwrap(try phoneTasks().first { $0["summary"] as? String == "Call mom" }?["id"] as? Int)
        try tools.todo(todoman, "edit", "\(mom)", "--due", "2026-12-09")
        try tools.vdirsyncer(phone, "sync")
        try tools.vdirsyncer(laptop, "sync")
        try folder.write("# Home\n\n- [x] \(completed) Buy milk due:2026-12-01\n- [ ] Call mom due:2026-12-04\n", to: "TODO.md")
        let conflict = try todofmtSync()
        XCTAssertEqual(conflict.status, 0, conflict.stderr)
        XCTAssertEqual(conflict.stderr, "\(folder.path("TODO.md")):4: warning: the calendar changed the due date to 2026-12-09, "
                       + "the file to 2026-12-04 since the last sync; kept the file's\n")
        try roundTrip()
        let mine = try XCTUnwrap(try phoneTasks().first { $0["summary"] as? String == "Call mom" })
        XCTAssertEqual(mine["due"] as? Int, 1_796_342_400, "2026-12-04 on the phone too")
        XCTAssertEqual(try phoneTasks().count, 2, "nothing added twice")
        XCTAssertEqual(try todofmtSync().stderr, "", "reported once")
    }
}
