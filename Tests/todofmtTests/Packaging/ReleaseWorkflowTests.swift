import Foundation
@testable import todofmt
import XCTest

/// What can be checked here of the release machinery that runs elsewhere (GitHub Actions, macOS, Homebrew): the
/// workflow reads as YAML and hangs together (actionlint is not packaged for this system; where it is installed it
/// checks the workflow too), its `swift` commands use only options the toolchain documents, and the Homebrew
/// formula is valid Ruby, filled in or not.
final class ReleaseWorkflowTests: XCTestCase {
    static let workflow = Todofmt.packageRoot.appendingPathComponent(".github/workflows/release.yml")

    func testTheWorkflowRunsOnAVersionTagAndEachJobNeedsOnlyJobsItDefinesAndScriptsThatExist() throws {
        let scenario = try GitScenario()
        let document = try Self.parsedWorkflow(in: scenario)
        // YAML 1.1 reads the key `on` as true.
        let trigger = try XCTUnwrap((document["on"] ?? document["true"]) as? [String: Any], "no `on:`")
        XCTAssertEqual((trigger["push"] as? [String: Any])?["tags"] as? [String], ["v*"])
        let jobs = try XCTUnwrap(document["jobs"] as? [String: [String: Any]])
        XCTAssertEqual(Set(jobs.keys), ["test-linux", "test-macos", "build-linux", "build-macos", "package", "publish"])
        for (name, job) in jobs {
            let needs = (job["needs"] as? [String]) ?? (job["needs"] as? String).map { [$0] } ?? []
            XCTAssertTrue(Set(needs).isSubset(of: jobs.keys), "\(name) needs \(needs)")
            XCTAssertNotNil(job["runs-on"], "\(name) has no runs-on")
            let steps = try XCTUnwrap(job["steps"] as? [[String: Any]], "\(name) has no steps")
            for step in steps {
                if let action = step["uses"] as? String {
                    XCTAssertNotNil(action.firstMatch(of: /^[\w-]+\/[\w-]+@(v\d+|release\/v\d+)$/), "\(name): \(action) is not pinned to a version")
                } else {
                    let run = try XCTUnwrap(step["run"] as? String, "\(name): a step neither runs nor uses anything")
                    for match in run.matches(of: /(?:Scripts\/[\w-]+|\.ci\/run)/) {
                        let script = Todofmt.packageRoot.appendingPathComponent(String(match.output))
                        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: script.path), "\(name) runs \(match.output), which is no script")
                    }
                }
            }
        }
        let needs = { (job: String) in Set((jobs[job]?["needs"] as? [String]) ?? [(jobs[job]?["needs"] as? String) ?? ""]) }
        XCTAssertEqual(needs("build-linux"), ["test-linux", "test-macos"], "nothing is built before the tests pass")
        XCTAssertEqual(needs("publish"), ["package"])
        if let actionlint = GitScenario.which("actionlint") {
            let lint = try scenario.run(actionlint, [Self.workflow.path])
            XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
        }
    }

    func testTheWorkflowsSwiftCommandsUseOnlyOptionsTheToolchainDocuments() throws {
        let scenario = try GitScenario()
        guard let swift = GitScenario.which("swift") else { throw RequiredTool.missing("swift") }
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        var checked = 0
        for command in [["build"], ["test"], ["sdk", "install"]] {
            let help = try scenario.run(swift, command + ["--help"])
            XCTAssertEqual(help.status, 0, help.stderr)
            let prefix = "swift " + command.joined(separator: " ") + " "
            for line in text.split(separator: "\n") {
                guard let start = line.range(of: prefix) else { continue }
                let options = line[start.upperBound...].split(separator: " ").filter { $0.hasPrefix("-") }
                    .map { String($0.prefix { $0 != "=" && $0 != ")" && $0 != "\"" }) }
                for option in options {
                    XCTAssertNotNil(help.stdout.firstMatch(of: try Regex("(^|[\\s,/])\(NSRegularExpression.escapedPattern(for: option))([\\s,=</]|$)")),
                                    "`swift \(command.joined(separator: " "))` documents no \(option): \(line)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 10, "the workflow's swift commands were not found")
    }

    func testTheHomebrewFormulaIsValidRubyAsWrittenAndAsTheReleaseFillsItIn() throws {
        let scenario = try GitScenario()
        guard let ruby = GitScenario.which("ruby") else { throw RequiredTool.missing("ruby") }
        let template = Todofmt.packageRoot.appendingPathComponent("packaging/homebrew/todofmt.rb")
        let parsed = try scenario.run(ruby, ["-c", template.path])
        XCTAssertEqual(parsed.stdout, "Syntax OK\n", parsed.stderr)

        let targets = ["universal-macos", "x86_64-linux", "aarch64-linux"]
        let sums = targets.enumerated().map { index, target in
            String(repeating: "\(index + 1)", count: 64) + "  todofmt-\(Version.current)-\(target).tar.gz\n"
        }.joined()
        try scenario.write("dist/SHA256SUMS", sums)
        let filled = try scenario.run(Todofmt.packageRoot.appendingPathComponent("Scripts/homebrew-formula").path,
                                      ["https://github.com/OWNER/todofmt/", scenario.root.appendingPathComponent("dist").path])
        XCTAssertEqual(filled.status, 0, filled.stderr)
        XCTAssertFalse(filled.stdout.contains("@"), "a placeholder is left:\n\(filled.stdout)")
        for (index, target) in targets.enumerated() {
            let archive = "https://github.com/OWNER/todofmt/releases/download/v\(Version.current)/todofmt-\(Version.current)-\(target).tar.gz"
            XCTAssertTrue(filled.stdout.contains("url \"\(archive)\"\n"), "no url \(archive)")
            XCTAssertTrue(filled.stdout.contains("sha256 \"\(String(repeating: "\(index + 1)", count: 64))\"\n"))
        }
        XCTAssertTrue(filled.stdout.contains("version \"\(Version.current)\"\n"))
        try scenario.write("todofmt.rb", filled.stdout)
        let filledParsed = try scenario.run(ruby, ["-c", scenario.root.appendingPathComponent("todofmt.rb").path])
        XCTAssertEqual(filledParsed.stdout, "Syntax OK\n", filledParsed.stderr)

        try scenario.write("dist/SHA256SUMS", sums.split(separator: "\n").dropLast().joined(separator: "\n") + "\n")
        let incomplete = try scenario.run(Todofmt.packageRoot.appendingPathComponent("Scripts/homebrew-formula").path,
                                          ["https://github.com/OWNER/todofmt", scenario.root.appendingPathComponent("dist").path])
        XCTAssertEqual(incomplete.status, 1, "a release without every platform's archive has no formula")
        XCTAssertTrue(incomplete.stderr.contains("has no todofmt-\(Version.current)-aarch64-linux.tar.gz"), incomplete.stderr)
    }

    /// The workflow as PyYAML (pre-commit's YAML library) reads it, through JSON.
    static func parsedWorkflow(in scenario: GitScenario) throws -> [String: Any] {
        let result = try scenario.run("python3", ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
                                                  workflow.path])
        guard result.status == 0 else {
            if result.stderr.contains("No module named 'yaml'") { throw RequiredTool.missing("PyYAML (pre-commit's)") }
            XCTFail("the workflow is no valid YAML: \(result.stderr)")
            return [:]
        }
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }
}
