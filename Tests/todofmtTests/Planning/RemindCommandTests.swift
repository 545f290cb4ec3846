import Foundation
import XCTest

/// `todofmt remind` against a real notification service: dunst, in a private D-Bus session on a virtual X
/// display (Xvfb), started once for the class. A click on a button is dunst's context menu, whose menu
/// program (dunst's `dmenu` setting) is a script here that picks the button the test names.
final class RemindCommandTests: XCTestCase {
    /// The notification service and everything it runs in.
    final class Desktop {
        let folder: TemporaryFolder
        let address: String
        let display: String
        var processes: [Process] = []

        init() throws {
            for tool in ["dbus-daemon", "Xvfb", "dunst", "dunstctl", "notify-send"] where !Desktop.isInstalled(tool) {
                throw RequiredTool.missing(tool)
            }
            folder = try TemporaryFolder()
            let bus = Process()
            bus.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            bus.arguments = ["dbus-daemon", "--session", "--nofork", "--print-address"]
            let output = Pipe()
            bus.standardOutput = output
            try bus.run()
            processes.append(bus)
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                line.append(chunk)
            }
            address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            var number = 90 + Int(ProcessInfo.processInfo.processIdentifier % 400)
            while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
            display = ":\(number)"
            processes.append(try Desktop.start(["Xvfb", display, "-nolisten", "tcp"], environment: [:]))
            Desktop.wait { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") }
            let menu = try folder.write("#!/bin/sh\ngrep -m1 \"^#$(cat '\(folder.url.path)/choice')\"\n", to: "menu.sh", mode: 0o755)
            let config = try folder.write("[global]\ndmenu = \(menu)\n", to: "dunstrc")
            processes.append(try Desktop.start(["dunst", "-config", config], environment: environment))
            Desktop.wait { self.owned() }
            guard owned() else { throw RequiredTool.Missing(description: "dunst did not take org.freedesktop.Notifications") }
        }

        var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display] }

        /// Waits until `condition` holds, three seconds at most.
        static func wait(_ condition: () throws -> Bool) rethrows {
            for _ in 0..<150 {
                if try condition() { return }
                usleep(20_000)
            }
        }

        static func isInstalled(_ tool: String) -> Bool {
            ["/usr/bin", "/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }

        static func start(_ arguments: [String], environment: [String: String]) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        /// Runs a tool of the session (`dunstctl …`) and returns its output.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func owned() -> Bool {
            (try? run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                       "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.Notifications"]))?.contains("true") == true
        }

        /// How many notifications are on the screen.
        func displayed() throws -> Int { Int(try run(["dunstctl", "count", "displayed"])) ?? -1 }

        /// Waits until `count` notifications are on the screen.
        func waitForDisplayed(_ count: Int) throws {
            try Desktop.wait { try displayed() == count }
            XCTAssertEqual(try displayed(), count)
        }

        /// Clicks `button` ("Done" or "Snooze") on the first notification that has it.
        func click(_ button: String) throws {
            try Data(button.utf8).write(to: folder.url.appendingPathComponent("choice"))
            try run(["dunstctl", "context"])
        }

        /// The summaries of the notifications shown and closed so far.
        func history() throws -> String { try run(["dunstctl", "history"]) }

        func stop() {
            for process in processes.reversed() where process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
    }

    nonisolated(unsafe) static var desktop: Desktop?
    nonisolated(unsafe) static var setupError: Error?

    override class func setUp() {
        do { desktop = try Desktop() } catch { setupError = error }
    }

    override class func tearDown() {
        desktop?.stop()
        desktop = nil
    }

    var folder: TemporaryFolder!
    var file: String!
    var desktop: Desktop!

    static let sample = """
        # Home

        - [ ] Call the bank due:2026-11-21T14:30 remind:-2h
        - [ ] Water the plants due:2026-11-21 rec:1w

        """

    override func setUpWithError() throws {
        if let error = RemindCommandTests.setupError { throw error }
        desktop = try XCTUnwrap(RemindCommandTests.desktop)
        try desktop.run(["dunstctl", "close-all"])
        folder = try TemporaryFolder()
        file = try folder.write(RemindCommandTests.sample, to: "TODO.md")
    }

    // XCTest keeps every test case object until the run ends: letting go of the desktop too lets the class's
    // tearDown remove its folder.
    override func tearDown() { (folder, desktop) = (nil, nil) }

    var environment: [String: String] {
        desktop.environment.merging(["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]) { $1 }
    }

    /// Starts `todofmt remind` as a timer would, without waiting for it.
    func startRemind(at now: String, wait: String = "20s") throws -> (Process, URL) {
        let output = folder.url.appendingPathComponent("remind-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = Todofmt.executable
        process.arguments = ["remind", "-f", file, "--today", now, "--wait", wait]
        process.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"].merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        return (process, output)
    }

    func finish(_ run: (Process, URL)) throws -> String {
        run.0.waitUntilExit()
        XCTAssertEqual(run.0.terminationStatus, 0)
        return String(decoding: try Data(contentsOf: run.1), as: UTF8.self)
    }

    func testDoneOnTheNotificationCompletesTheTaskAndARecurringOneComesBack() throws {
        let remind = try startRemind(at: "2026-11-21 12:31")
        try desktop.waitForDisplayed(2)
        try desktop.click("Done")
        try desktop.waitForDisplayed(1)
        try desktop.click("Done")
        // Which of the two notifications dunst offers first depends on which reached it first.
        let output = try finish(remind)
        XCTAssertEqual(output.split(separator: "\n").sorted(), [
            "3: - [x] 2026-11-21 Call the bank due:2026-11-21T14:30 remind:-2h",
            "4: - [x] 2026-11-21 Water the plants due:2026-11-21 rec:1w",
            "5: - [ ] Water the plants due:2026-11-28 rec:1w",
        ])
        XCTAssertEqual(try folder.text("TODO.md"), """
            # Home

            - [x] 2026-11-21 Call the bank due:2026-11-21T14:30 remind:-2h
            - [x] 2026-11-21 Water the plants due:2026-11-21 rec:1w
            - [ ] Water the plants due:2026-11-28 rec:1w

            """)
        let history = try desktop.history()
        XCTAssertTrue(history.contains("\"Call the bank\""), history)
        XCTAssertTrue(history.contains("due today at 14:30 · Home"), history)
        XCTAssertTrue(history.contains("\"Water the plants\""), history)
    }

    func testEachReminderIsSentOnceAndSnoozeSendsItAgainAfterThePeriod() throws {
        func shown() throws -> Int { try desktop.history().components(separatedBy: "\"Water the plants\"").count - 1 }
        let before = try shown()
        // 09:30: the plants are due (09:00, the reminder hour); snoozed for an hour.
        let first = try startRemind(at: "2026-11-21 09:30")
        try desktop.waitForDisplayed(1)
        try desktop.click("Snooze")
        XCTAssertEqual(try finish(first), "snoozed 'Water the plants' until 2026-11-21 10:30\n")
        // A second run sends nothing; nor does one before the snooze is over.
        for now in ["2026-11-21 09:31", "2026-11-21 10:29"] {
            XCTAssertEqual(try finish(try startRemind(at: now)), "")
            XCTAssertEqual(try desktop.displayed(), 0)
        }
        // After it, the reminder comes again, once.
        let again = try startRemind(at: "2026-11-21 10:31", wait: "0")
        XCTAssertEqual(try finish(again), "")
        try desktop.waitForDisplayed(1)
        try desktop.run(["dunstctl", "close-all"])
        XCTAssertEqual(try shown() - before, 2, "shown twice: when it came, and when the snooze was over")
        XCTAssertEqual(try finish(try startRemind(at: "2026-11-21 10:32", wait: "0")), "")
        XCTAssertEqual(try desktop.displayed(), 0)
        XCTAssertEqual(try folder.text("TODO.md"), RemindCommandTests.sample, "snoozing does not touch the file")
    }

    func testAReminderNobodyClicksEndsTheRunAfterTheWait() throws {
        let remind = try startRemind(at: "2026-11-21 09:30", wait: "1s")
        try desktop.waitForDisplayed(1)
        XCTAssertEqual(try finish(remind), "")
        XCTAssertEqual(try folder.text("TODO.md"), RemindCommandTests.sample)
    }

    func testWithoutANotificationServiceTheRemindersArePrinted() throws {
        let result = try Todofmt.run(["remind", "-f", file, "--today", "2026-11-21 12:31"],
                                     environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.url.path)/no-bus",
                                                   "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            \(file!):4: Water the plants due:2026-11-21 rec:1w
            \(file!):3: Call the bank due:2026-11-21T14:30 remind:-2h

            """)
    }

    func testStdoutSendsByPrintingAndAnHourOfItsOwnMovesTheUntimedReminder() throws {
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        let early = try Todofmt.run(["remind", "-f", file, "--today", "2026-11-21 08:00", "--stdout", "--at", "7:30"], environment: state)
        XCTAssertEqual(early.stdout, "\(file!):4: Water the plants due:2026-11-21 rec:1w\n", early.stderr)
        let later = try Todofmt.run(["remind", "-f", file, "--today", "2026-11-21 12:30", "--stdout", "--at", "7:30"], environment: state)
        XCTAssertEqual(later.stdout, "\(file!):3: Call the bank due:2026-11-21T14:30 remind:-2h\n")
        XCTAssertEqual(try desktop.displayed(), 0)
    }

    func testPrintPreviewsWhatWouldBeSentAndRecordsNothing() throws {
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        let both = "\(file!):4: Water the plants due:2026-11-21 rec:1w\n\(file!):3: Call the bank due:2026-11-21T14:30 remind:-2h\n"
        for _ in 1...2 {
            let preview = try Todofmt.run(["remind", "-f", file, "--today", "2026-11-21 12:31", "--print"], environment: state)
            XCTAssertEqual(preview.stdout, both, preview.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("state").path))
        XCTAssertEqual(try Todofmt.run(["remind", "-f", file, "--today", "2026-11-21 12:31", "--stdout"], environment: state).stdout, both)
        XCTAssertEqual(try Todofmt.run(["remind", "-f", file, "--today", "2026-11-21 12:31", "--print"], environment: state).stdout, "")
        XCTAssertEqual(try desktop.displayed(), 0)
    }
}
