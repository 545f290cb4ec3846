import Foundation
@testable import todofmt
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The Python wheel, installed with pip into a new virtual environment, puts a working `todofmt` on that
/// environment's PATH and its manual page where `man` finds it; its program needs nothing of the system, which
/// is what its platform tag says.
final class WheelTests: XCTestCase {
    func testPipInstallsTheWheelIntoANewEnvironmentWhoseTodofmtSortsTheSample() throws {
        let scenario = try ReleaseFiles.scenario()
        let wheel = try ReleaseFiles.require(ReleaseFiles.wheel)
        guard let python = scenario.which("python3") else { throw RequiredTool.missing("python3") }
        let environment = scenario.root.appendingPathComponent("venv")
        let made = try scenario.run(python, ["-m", "venv", environment.path])
        XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
        let pip = try scenario.run(environment.appendingPathComponent("bin/python").path,
                                   ["-m", "pip", "install", "--no-index", "--disable-pip-version-check", wheel.path])
        XCTAssertEqual(pip.status, 0, pip.stdout + pip.stderr)
        XCTAssertTrue(pip.stdout.contains("Successfully installed todofmt-\(Version.current)"), pip.stdout)

        scenario.environment["PATH"] = environment.appendingPathComponent("bin").path + ":" + ReleaseFiles.pathWithoutSwift
        XCTAssertEqual(scenario.which("todofmt"), environment.appendingPathComponent("bin/todofmt").path)
        let sample = Todofmt.packageRoot.appendingPathComponent("Samples/TODO.md").path
        let sorted = try scenario.run("/bin/sh", ["-c", "todofmt --sort --stdout \(sample.shellQuoted)"])
        XCTAssertEqual(sorted.status, 0, sorted.stderr)
        XCTAssertEqual(sorted.stderr, "")
        let expected = try Todofmt.run(["--sort", "--stdout", sample])
        XCTAssertEqual(sorted.stdout, expected.stdout, "the wheel's todofmt sorts the sample as this build does")
        XCTAssertEqual(try scenario.run("/bin/sh", ["-c", "todofmt --version"]).stdout, Version.line + "\n")
        XCTAssertEqual(try Data(contentsOf: environment.appendingPathComponent("bin/todofmt")),
                       try ReleaseFiles.archivedProgram(in: scenario), "the wheel holds the archive's program")

        // `--help` sends the user to `man todofmt`: the page is in the environment's share/man, where man looks
        // for the folders on PATH (and where pipx links it from into the user's man folder).
        let man = try ManTool.require("man")
        let page = environment.appendingPathComponent("share/man/man1/todofmt.1")
        XCTAssertEqual(try scenario.run(man, ["-w", "todofmt"]).stdout, page.path + "\n")
        XCTAssertTrue(try scenario.run(man, ["todofmt"]).stdout.contains("todofmt - format, sort and edit Markdown task lists"))
        XCTAssertEqual(try Data(contentsOf: page), try Data(contentsOf: Todofmt.packageRoot.appendingPathComponent("docs/todofmt.1")))
    }

    /// Its tag says any Linux with glibc 2.17 or later, or musl: true of a program that runs in a root holding
    /// nothing but itself, a todo file and /proc (no C library, no loader).
    func testTheWheelsProgramRunsInAnEmptyRootWithNoCLibrary() throws {
        let scenario = try ReleaseFiles.scenario()
        guard let unshare = GitScenario.which("unshare") else { throw RequiredTool.missing("unshare (util-linux)") }
        let empty = scenario.root.appendingPathComponent("empty-root")
        for folder in ["proc", "work"] {
            try FileManager.default.createDirectory(at: empty.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try ReleaseFiles.archivedProgram(in: scenario).write(to: empty.appendingPathComponent("todofmt"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: empty.appendingPathComponent("todofmt").path)
        try Data("# Tasks\n\n- [x] Send the invoice\n- [ ] (A) Call the caterer\n".utf8)
            .write(to: empty.appendingPathComponent("work/TODO.md"))
        let namespaces = geteuid() == 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"]
        let result = try scenario.run(unshare, namespaces + ["/bin/sh", "-c", """
            PATH=/usr/sbin:/usr/bin:/sbin:/bin
            mount --rbind /proc \(empty.appendingPathComponent("proc").path.shellQuoted) && \
            exec chroot \(empty.path.shellQuoted) /todofmt --sort --stdout /work/TODO.md
            """])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "# Tasks\n\n- [ ] (A) Call the caterer\n- [x] Send the invoice\n")
    }
}
