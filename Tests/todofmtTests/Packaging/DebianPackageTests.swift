import Foundation
@testable import todofmt
import XCTest

/// The Debian package, installed and removed by dpkg in a scratch root with a database of its own (`--instdir`,
/// `--admindir`, `--log`: this machine's own system is untouched), and checked by lintian.
final class DebianPackageTests: XCTestCase {
    func testDpkgInstallsTodofmtItsManPageAndCompletionsWhereDebianLooksAndRemovesAllOfIt() throws {
        let scenario = try ReleaseFiles.scenario()
        let package = try ReleaseFiles.require(ReleaseFiles.debianPackage)
        guard let dpkg = scenario.which("dpkg") else { throw RequiredTool.missing("dpkg") }
        let root = scenario.root.appendingPathComponent("root")
        let database = scenario.root.appendingPathComponent("dpkg")
        for folder in [root.appendingPathComponent("usr/bin"), database.appendingPathComponent("info"),
                       database.appendingPathComponent("updates")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data().write(to: database.appendingPathComponent("status"))
        try Data("#!/bin/sh\n".utf8).write(to: root.appendingPathComponent("usr/bin/other"))
        let before = try scenario.snapshot(of: root)
        // dpkg looks for ldconfig and start-stop-daemon on PATH before it does anything.
        scenario.environment["PATH"] = ReleaseFiles.pathWithoutSwift + ":/usr/sbin:/sbin"
        let options = ["--instdir=\(root.path)", "--admindir=\(database.path)", "--log=/dev/null"]

        let install = try scenario.run(dpkg, options + ["--install", package.path])
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
        let listed = try scenario.run(dpkg, options + ["--listfiles", "todofmt"])
        XCTAssertEqual(Set(listed.stdout.split(separator: "\n").map(String.init).filter { !$0.hasSuffix("/.") }).subtracting(Self.folders),
                       Set(Self.files), listed.stdout)

        var shell = scenario.environment
        shell["PATH"] = root.appendingPathComponent("usr/bin").path + ":" + ReleaseFiles.pathWithoutSwift
        shell["MANPATH"] = root.appendingPathComponent("usr/share/man").path
        shell["XDG_DATA_DIRS"] = root.appendingPathComponent("usr/share").path
        try InstallScenario.checkAShellFinds(program: root.appendingPathComponent("usr/bin/todofmt"),
                                             manPage: root.appendingPathComponent("usr/share/man/man1/todofmt.1.gz"),
                                             environment: shell, in: scenario.root)
        let empty = scenario.root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let offered = try XCTUnwrap(try InstallScenario.bashWithBashCompletion(tab: "todofmt lspr", environment: shell, in: empty))
        XCTAssertEqual(offered, [root.appendingPathComponent("usr/bin/todofmt").path, "lsprj"])

        let remove = try scenario.run(dpkg, options + ["--remove", "todofmt"])
        XCTAssertEqual(remove.status, 0, remove.stdout + remove.stderr)
        XCTAssertEqual(try scenario.snapshot(of: root), before, "dpkg -r leaves the root as it was")
    }

    func testLintianFindsNoErrorAndNoWarning() throws {
        let scenario = try ReleaseFiles.scenario()
        let package = try ReleaseFiles.require(ReleaseFiles.debianPackage)
        guard let lintian = scenario.which("lintian") else { throw RequiredTool.missing("lintian") }
        let result = try scenario.run(lintian, ["--fail-on", "error,warning", package.path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("E: ") || result.stdout.contains("W: "), result.stdout)
    }

    func testThePackageHoldsTheProgramOfTheArchiveOwnedByRoot() throws {
        let scenario = try ReleaseFiles.scenario()
        let package = try ReleaseFiles.require(ReleaseFiles.debianPackage)
        let contents = try scenario.run("dpkg-deb", ["--contents", package.path])
        XCTAssertEqual(contents.status, 0, contents.stderr)
        for line in contents.stdout.split(separator: "\n") {
            XCTAssertTrue(line.contains(" root/root "), "not owned by root: \(line)")
        }
        XCTAssertTrue(contents.stdout.contains("-rwxr-xr-x root/root"), contents.stdout)
        let unpacked = scenario.root.appendingPathComponent("unpacked")
        let extract = try scenario.run("dpkg-deb", ["--extract", package.path, unpacked.path])
        XCTAssertEqual(extract.status, 0, extract.stderr)
        XCTAssertEqual(try Data(contentsOf: unpacked.appendingPathComponent("usr/bin/todofmt")),
                       try ReleaseFiles.archivedProgram(in: scenario))
        let control = try scenario.run("dpkg-deb", ["--field", package.path, "Package", "Version", "Architecture", "Depends"])
        XCTAssertEqual(control.stdout, """
            Package: todofmt
            Version: \(Version.current)
            Architecture: \(ReleaseFiles.architecture == "aarch64" ? "arm64" : "amd64")

            """, "a static program depends on no other package")
    }

    /// What the package installs, as `dpkg -L` lists it.
    static let files = [
        "/usr/bin/todofmt", "/usr/share/man/man1/todofmt.1.gz", "/usr/share/bash-completion/completions/todofmt",
        "/usr/share/zsh/vendor-completions/_todofmt", "/usr/share/fish/vendor_completions.d/todofmt.fish",
        "/usr/share/doc/todofmt/copyright", "/usr/share/doc/todofmt/changelog.gz", "/usr/share/lintian/overrides/todofmt",
    ]
    static let folders: Set<String> = Set(files.flatMap { file in
        var folders: [String] = []
        var folder = (file as NSString).deletingLastPathComponent
        while folder != "/" {
            folders.append(folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
        return folders
    })
}
