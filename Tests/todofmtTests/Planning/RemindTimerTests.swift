import Foundation
import XCTest

/// `todofmt remind --install` and `--uninstall`, with a stand-in `systemctl` that records what it is asked (no
/// systemd is started), the units checked by `systemd-analyze verify`, and the crontab line without systemd.
final class RemindTimerTests: XCTestCase {
    var folder: TemporaryFolder!
    var file: String!
    var units: URL { folder.url.appendingPathComponent("config/systemd/user") }
    var calls: String { (try? folder.text("systemctl.log")) ?? "" }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        file = try folder.write("- [ ] Call the bank due:2026-11-21T14:30\n", to: "TODO.md")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try folder.write("#!/bin/sh\necho \"$@\" >> '\(folder.path("systemctl.log"))'\n", to: "bin/systemctl", mode: 0o755)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
    }

    override func tearDown() { folder = nil }

    func run(_ arguments: [String], systemd: Bool = true) throws -> Todofmt.Result {
        let result = try Todofmt.run(["remind", "-f", file] + arguments, environment: [
            "PATH": systemd ? "\(folder.path("bin")):/usr/bin:/bin" : folder.path("empty"),
            "HOME": folder.path("home"), "XDG_CONFIG_HOME": folder.path("config"),
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    func unitFiles() throws -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: units.path)) ?? []).sorted()
    }

    func testInstallWritesAUserTimerThatRunsRemindForTheFileAndStartsIt() throws {
        let result = try run(["--install", "--at", "8:30"])
        let names = try unitFiles()
        XCTAssertEqual(names.count, 2)
        let unit = try XCTUnwrap(names.first { $0.hasSuffix(".timer") }).dropLast(".timer".count)
        XCTAssertTrue(unit.hasPrefix("todofmt-remind-"), String(unit))
        XCTAssertEqual(names, ["\(unit).service", "\(unit).timer"])
        XCTAssertEqual(result.stdout, """
            wrote \(units.path)/\(unit).service
            wrote \(units.path)/\(unit).timer
            started \(unit).timer: reminders for \(file!) every minute

            """)
        let service = try String(contentsOf: units.appendingPathComponent("\(unit).service"), encoding: .utf8)
        XCTAssertTrue(service.contains("Type=oneshot\nExecStart=\(Todofmt.executable.resolvingSymlinksInPath().path) remind --file \(file!) --at 08:30\n"), service)
        let timer = try String(contentsOf: units.appendingPathComponent("\(unit).timer"), encoding: .utf8)
        XCTAssertTrue(timer.contains("OnCalendar=*-*-* *:*:00\n"), timer)
        XCTAssertEqual(calls, "--user show-environment\n--user daemon-reload\n--user enable --now \(unit).timer\n")
        try verify(units.appendingPathComponent("\(unit).service").path, units.appendingPathComponent("\(unit).timer").path)
    }

    func testInstallWritesSnoozeAndWaitIntoTheUnitSoThatTheTimersRunsUseThem() throws {
        _ = try run(["--install", "--snooze", "15m", "--wait", "30s"])
        let service = try XCTUnwrap(try unitFiles().first { $0.hasSuffix(".service") })
        let text = try String(contentsOf: units.appendingPathComponent(service), encoding: .utf8)
        XCTAssertTrue(text.contains(" remind --file \(file!) --snooze 15m --wait 30s\n"), text)
    }

    func testUninstallStopsTheTimerAndRemovesItsUnits() throws {
        _ = try run(["--install"])
        let unit = try XCTUnwrap(try unitFiles().first { $0.hasSuffix(".timer") })
        try Data().write(to: folder.url.appendingPathComponent("systemctl.log"))
        let result = try run(["--uninstall"])
        XCTAssertEqual(try unitFiles(), [])
        XCTAssertTrue(result.stdout.contains("removed \(units.path)/\(unit)\n"), result.stdout)
        XCTAssertEqual(calls, "--user show-environment\n--user disable --now \(unit)\n--user daemon-reload\n")
        XCTAssertEqual(try run(["--uninstall"]).stdout, "no reminder timer was installed for \(file!)\n")
    }

    func testWithoutASystemdUserInstanceInstallPrintsACrontabLineAndWritesNothing() throws {
        let result = try run(["--install"], systemd: false)
        XCTAssertTrue(result.stdout.contains("""
            * * * * * DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\(getuid())/bus \(Todofmt.executable.resolvingSymlinksInPath().path) remind --file \(file!)

            """), result.stdout)
        XCTAssertEqual(try unitFiles(), [])
    }

    func testInstallUninstallAndPrintTogetherAreAUsageErrorThatTouchesNothing() throws {
        for pair in [["--install", "--uninstall"], ["--install", "--print"], ["--uninstall", "--print"], ["--print", "--stdout"]] {
            let result = try Todofmt.run(["remind", "-f", file] + pair, environment: [
                "PATH": "\(folder.path("bin")):/usr/bin:/bin", "HOME": folder.path("home"), "XDG_CONFIG_HOME": folder.path("config"),
                "XDG_STATE_HOME": folder.path("state"),
            ])
            XCTAssertEqual(result.status, 64, pair.joined(separator: " "))
            XCTAssertEqual(result.stderr, "todofmt: error: \(pair[0]) and \(pair[1]) cannot be used together\n")
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertEqual(calls, "")
        XCTAssertEqual(try unitFiles(), [])
    }

    func testAReminderHourFromTheEnvironmentThatIsNoTimeIsRefusedUnderItsOwnName() throws {
        let environment = ["PATH": "\(folder.path("bin")):/usr/bin:/bin", "HOME": folder.path("home"), "XDG_CONFIG_HOME": folder.path("config")]
        let fromEnvironment = try Todofmt.run(["remind", "-f", file, "--install"], environment: environment.merging(["TODOFMT_REMIND_AT": "7"]) { $1 })
        XCTAssertEqual(fromEnvironment.status, 64)
        XCTAssertEqual(fromEnvironment.stderr, "todofmt: error: TODOFMT_REMIND_AT takes a time of day such as 09:00 or 8am, not '7'\n")
        let fromOption = try Todofmt.run(["remind", "-f", file, "--install", "--at", "7"], environment: environment)
        XCTAssertEqual(fromOption.status, 64)
        XCTAssertEqual(fromOption.stderr, "todofmt: error: --at takes a time of day such as 09:00 or 8am, not '7'\n")
        XCTAssertEqual(try unitFiles(), [])
    }

    /// `systemd-analyze verify` reads the units as systemd would, and says nothing about good ones.
    func verify(_ paths: String...) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else { throw RequiredTool.missing("systemd-analyze") }
        let runtime = folder.url.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let result = try ChildProcess.run("/usr/bin/systemd-analyze", ["verify", "--user"] + paths,
                                          environment: ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime.path, "HOME": folder.path("home")],
                                          stderr: .standardOutput)
        let output = result.stdout
        XCTAssertEqual(result.status, 0, output)
        XCTAssertEqual(output, "", "systemd-analyze has something to say about the units")
    }
}
