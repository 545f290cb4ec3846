import Foundation
import XCTest

/// `todofmt remind` against a real notification service: dunst, in a private D-Bus session on a virtual X
/// display (Xvfb), started once for the class. A click on a button is dunst's context menu, whose menu
/// program (dunst's `dmenu` setting) is a script here that picks the button the test names.
final class RemindCommandTests: XCTestCase {
    /// The notification service and everything it runs in. Each step waits for the event that says it is ready:
    /// the bus prints its address, Xvfb the display it opened, `gdbus wait` ends when dunst has taken its name;
    /// and dbus-monitor prints each notification sent and closed on the bus, the events the tests wait on.
    final class Desktop {
        let folder: TemporaryFolder
        let address: String
        let display: String
        /// The bus, the display, the monitor and dunst, stopped in the reverse order.
        private let processes: [ChildProcess]
        /// dbus-monitor, printing each `Notify` call and `NotificationClosed` signal of the bus.
        private let monitor: ChildProcess
        /// How many notifications are on the screen, by the events read so far.
        private var shown = 0

        init() throws {
            for tool in ["dbus-daemon", "dbus-monitor", "gdbus", "Xvfb", "dunst", "dunstctl", "notify-send"] where !Desktop.isInstalled(tool) {
                throw RequiredTool.missing(tool)
            }
            folder = try TemporaryFolder()
            let bus = try ChildProcess("dbus-daemon", ["--session", "--nofork", "--print-address"], stdout: .pipe, stderr: .discarded)
            guard let address = try bus.line(), !address.isEmpty else { throw RequiredTool.Missing(description: "dbus-daemon did not start") }
            // Xvfb chooses a free display, and writes its number once it accepts connections.
            let screen = try ChildProcess("Xvfb", ["-displayfd", "1", "-nolisten", "tcp"], stdout: .pipe, stderr: .discarded)
            guard let number = try screen.line(), !number.isEmpty else { throw RequiredTool.Missing(description: "Xvfb did not start") }
            let environment = ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": ":" + number]
            let inherited = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let monitor = try ChildProcess("dbus-monitor", ["--session",
                                                            "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
                                                            "type='signal',interface='org.freedesktop.Notifications',member='NotificationClosed'"],
                                           environment: inherited, stdout: .pipe, stderr: .discarded)
            // It monitors from the moment the bus takes its name back (NameLost).
            guard try monitor.line(where: { $0.contains("member=NameLost") }) != nil else {
                throw RequiredTool.Missing(description: "dbus-monitor did not start")
            }
            let menu = try folder.write("#!/bin/sh\ngrep -m1 \"^#$(cat '\(folder.url.path)/choice')\"\n", to: "menu.sh", mode: 0o755)
            let config = try folder.write("[global]\ndmenu = \(menu)\n", to: "dunstrc")
            let dunst = try ChildProcess("dunst", ["-config", config], environment: inherited, stdout: .discarded, stderr: .discarded)
            processes = [bus, screen, monitor, dunst]
            (self.address, display, self.monitor) = (address, ":" + number, monitor)
            let owner = try ChildProcess.run("gdbus", ["wait", "--session", "org.freedesktop.Notifications"], environment: inherited)
            guard owner.status == 0, owned() else {
                throw RequiredTool.Missing(description: "dunst did not take org.freedesktop.Notifications: \(owner.stderr)")
            }
        }

        var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display] }

        static func isInstalled(_ tool: String) -> Bool {
            ["/usr/bin", "/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }

        /// Runs a tool of the session (`dunstctl …`) and returns its output.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let result = try ChildProcess.run(arguments[0], Array(arguments.dropFirst()),
                                              environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, stderr: .discarded)
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func owned() -> Bool {
            (try? run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                       "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.Notifications"]))?.contains("true") == true
        }

        /// How many notifications are on the screen.
        func displayed() throws -> Int { Int(try run(["dunstctl", "count", "displayed"])) ?? -1 }

        /// Waits until `count` notifications are on the screen: until the bus has carried as many more
        /// notifications than closings. dunst handles a notification before any later call of ours (the bus keeps
        /// their order), so what it is then asked sees it.
        func waitForDisplayed(_ count: Int) throws {
            while shown != count {
                guard let line = try monitor.line() else { throw RequiredTool.Missing(description: "dbus-monitor ended") }
                if line.hasSuffix("member=Notify") { shown += 1 }
                if line.hasSuffix("member=NotificationClosed") { shown -= 1 }
            }
            XCTAssertEqual(try displayed(), count)
        }

        /// Closes every notification on the screen.
        func closeAll() throws {
            try run(["dunstctl", "close-all"])
            try waitForDisplayed(0)
        }

        /// Clicks `button` ("Done" or "Snooze") on the first notification that has it.
        func click(_ button: String) throws {
            try Data(button.utf8).write(to: folder.url.appendingPathComponent("choice"))
            try run(["dunstctl", "context"])
        }

        /// The summaries of the notifications shown and closed so far.
        func history() throws -> String { try run(["dunstctl", "history"]) }

        func stop() {
            for process in processes.reversed() {
                process.signal(SIGTERM)
                _ = try? process.wait()
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
        try desktop.closeAll()
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
    func startRemind(at now: String, wait: String = "20s") throws -> ChildProcess {
        try Todofmt.start(["remind", "-f", file, "--today", now, "--wait", wait], environment: environment, stderr: .standardOutput)
    }

    /// Waits for a run of `todofmt remind` to end; what it printed.
    func finish(_ run: ChildProcess) throws -> String {
        let result = try run.wait()
        XCTAssertEqual(result.status, 0)
        return result.stdout
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
        try desktop.closeAll()
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
