import Foundation
import XCTest

/// `todofmt sync` refuses a vdir it cannot use before it reads or writes anything, naming what is wrong.
final class SyncRefusalTests: XCTestCase {
    var folder: TemporaryFolder!
    var file: String!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        file = try folder.write("- [ ] Call the bank\n", to: "TODO.md")
    }

    override func tearDown() { folder = nil }

    func sync(vdir: String) throws -> Todofmt.Result {
        try Todofmt.run(["sync", "-f", file, "--vdir", vdir, "--today", "2026-11-26"],
                        environment: ["XDG_STATE_HOME": folder.path("state"), "TZ": "UTC"])
    }

    func testAVdirThatDoesNotExistIsNoSuchFolder() throws {
        let result = try sync(vdir: folder.path("calendar"))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "\(folder.path("calendar")): error: no such folder: name the vdir of one calendar (vdirsyncer creates it with 'vdirsyncer discover')\n")
        XCTAssertEqual(try folder.text("TODO.md"), "- [ ] Call the bank\n")
    }

    func testAVdirThatIsAFileIsNotAFolder() throws {
        let ics = try folder.write("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", to: "calendar.ics")
        let result = try sync(vdir: ics)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "\(ics): error: not a folder: name the vdir of one calendar (vdirsyncer creates it with 'vdirsyncer discover')\n")
        XCTAssertEqual(try folder.text("TODO.md"), "- [ ] Call the bank\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("state")))
    }
}
