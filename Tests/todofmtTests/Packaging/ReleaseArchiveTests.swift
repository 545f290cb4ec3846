import Foundation
@testable import todofmt
import XCTest

/// The release archive as a user without Swift uses it: unpacked in a fresh folder, its `install.sh` puts todofmt
/// under a prefix, where a shell finds the program, `man todofmt` and bash completion; `--uninstall` leaves the
/// prefix as it was.
final class ReleaseArchiveTests: XCTestCase {
    func testTheArchiveHoldsTheProgramTheManPageTheCompletionsTheLicenceTheReadmeAndInstallSh() throws {
        let scenario = try ReleaseFiles.scenario()
        let listing = try scenario.run("tar", ["-tvzf", try ReleaseFiles.require(ReleaseFiles.archive).path])
        XCTAssertEqual(listing.status, 0, listing.stderr)
        let entries = listing.stdout.split(separator: "\n").map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return "\(fields[0]) \(fields[1]) \(fields.last!)"
        }
        let top = ReleaseFiles.archiveName
        XCTAssertEqual(entries.sorted(), [
            "drwxr-xr-x 0/0 \(top)/", "-rw-r--r-- 0/0 \(top)/LICENSE", "-rw-r--r-- 0/0 \(top)/README.md",
            "drwxr-xr-x 0/0 \(top)/bin/", "-rwxr-xr-x 0/0 \(top)/bin/todofmt", "-rwxr-xr-x 0/0 \(top)/install.sh",
            "drwxr-xr-x 0/0 \(top)/share/", "drwxr-xr-x 0/0 \(top)/share/bash-completion/",
            "drwxr-xr-x 0/0 \(top)/share/bash-completion/completions/",
            "-rw-r--r-- 0/0 \(top)/share/bash-completion/completions/todofmt", "drwxr-xr-x 0/0 \(top)/share/fish/",
            "drwxr-xr-x 0/0 \(top)/share/fish/vendor_completions.d/",
            "-rw-r--r-- 0/0 \(top)/share/fish/vendor_completions.d/todofmt.fish", "drwxr-xr-x 0/0 \(top)/share/man/",
            "drwxr-xr-x 0/0 \(top)/share/man/man1/", "-rw-r--r-- 0/0 \(top)/share/man/man1/todofmt.1",
            "drwxr-xr-x 0/0 \(top)/share/zsh/", "drwxr-xr-x 0/0 \(top)/share/zsh/site-functions/",
            "-rw-r--r-- 0/0 \(top)/share/zsh/site-functions/_todofmt",
        ].sorted())
    }

    func testTheReadmeGivesTheSizeOfTheProgramTheArchiveHolds() throws {
        let program = try ReleaseFiles.archivedProgram(in: try ReleaseFiles.scenario())
        let readme = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let stated = try XCTUnwrap(readme.firstMatch(of: /stripped, about (\d+) MB/)?.1, "README gives no size of the program")
        XCTAssertLessThan(abs(Double(program.count) / 1_000_000 - Double(stated)!), 1,
                          "the program is \(program.count) bytes; README says about \(stated) MB")
    }

    func testInstallShPutsTodofmtUnderAPrefixWhereAShellFindsItItsManPageAndItsBashCompletion() throws {
        let scenario = try ReleaseFiles.scenario()
        let prefix = scenario.root.appendingPathComponent("prefix")
        let install = try installFromTheArchive(in: scenario, ["--prefix", prefix.path])
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.hasPrefix("Installed \(Version.line) under \(prefix.path) "), install.stdout)
        XCTAssertTrue(install.stdout.contains("  share/todofmt/installed"), install.stdout)
        XCTAssertTrue(install.stdout.contains("what install.sh --uninstall removes"), install.stdout)

        var shell = scenario.environment
        shell["PATH"] = prefix.appendingPathComponent("bin").path + ":" + ReleaseFiles.pathWithoutSwift
        shell["MANPATH"] = prefix.appendingPathComponent("share/man").path
        shell["XDG_DATA_DIRS"] = prefix.appendingPathComponent("share").path + ":/usr/local/share:/usr/share"
        try InstallScenario.checkAShellFinds(program: prefix.appendingPathComponent("bin/todofmt"),
                                             manPage: prefix.appendingPathComponent("share/man/man1/todofmt.1"),
                                             environment: shell, in: scenario.root)
        let empty = scenario.root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let offered = try XCTUnwrap(try InstallScenario.bashWithBashCompletion(tab: "todofmt lspr", environment: shell, in: empty))
        XCTAssertEqual(offered, [prefix.appendingPathComponent("bin/todofmt").path, "lsprj"])
    }

    /// README's line for the archive, with this build's version and machine in its file names, run as a user
    /// pastes it beside the downloaded archive: `sh` runs the installer, which puts todofmt under ~/.local.
    func testTheReadmesArchiveLineInstallsUnderTheHomeAsWritten() throws {
        let archive = try ReleaseFiles.require(ReleaseFiles.archive)
        let readme = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try XCTUnwrap(readme.split(separator: "\n").first { $0.hasPrefix("tar -xzf todofmt-") }, "README shows no archive line")
        XCTAssertTrue(shown.contains("&& sh todofmt-"), "README's archive line does not run install.sh with sh: \(shown)")
        let line = shown.replacingOccurrences(of: "todofmt-0.1.0-x86_64-linux", with: ReleaseFiles.archiveName)
        let scenario = try ReleaseFiles.scenario()
        try FileManager.default.copyItem(at: archive, to: scenario.root.appendingPathComponent(archive.lastPathComponent))
        let install = try scenario.run("sh", ["-c", line], in: scenario.root)
        XCTAssertEqual(install.status, 0, install.stderr)
        let program = scenario.root.appendingPathComponent(".local/bin/todofmt")
        XCTAssertEqual(try scenario.run(program.path, ["--version"]).stdout, Version.line + "\n")
    }

    func testUninstallLeavesThePrefixAsItWasBeforeTheInstall() throws {
        // Skipped, not failed, without the archive: the install below runs inside an assertion.
        _ = try ReleaseFiles.require(ReleaseFiles.archive)
        let scenario = try ReleaseFiles.scenario()
        let prefix = scenario.root.appendingPathComponent("prefix")
        // A prefix in use: a program of its own and an empty man folder.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/man/man1"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: prefix.appendingPathComponent("bin/other"))
        let before = try scenario.snapshot(of: prefix)

        XCTAssertEqual(try installFromTheArchive(in: scenario, ["--prefix", prefix.path]).status, 0)
        XCTAssertNotEqual(try scenario.snapshot(of: prefix), before)
        let uninstall = try installFromTheArchive(in: scenario, ["--prefix", prefix.path, "--uninstall"])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertTrue(uninstall.stdout.contains("  removed  bin/todofmt\n"), uninstall.stdout)
        XCTAssertEqual(try scenario.snapshot(of: prefix), before, uninstall.stdout)
    }

    /// Unpacks the archive into the scenario (once) and runs its `install.sh` there as users type it: `sh install.sh`
    /// (sh is dash on Debian and Ubuntu).
    private func installFromTheArchive(in scenario: GitScenario, _ arguments: [String]) throws -> GitScenario.Output {
        let unpacked = scenario.root.appendingPathComponent("download")
        if !FileManager.default.fileExists(atPath: unpacked.path) {
            try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
            let tar = try scenario.run("tar", ["-xzf", try ReleaseFiles.require(ReleaseFiles.archive).path, "-C", unpacked.path])
            XCTAssertEqual(tar.status, 0, tar.stderr)
        }
        return try scenario.run("sh", [unpacked.appendingPathComponent("\(ReleaseFiles.archiveName)/install.sh").path] + arguments)
    }
}
