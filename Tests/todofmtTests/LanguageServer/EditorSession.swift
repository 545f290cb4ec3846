import Foundation
import XCTest

/// What the editor tests of the README's set-ups share: a todo file that is not canonical, with a date the
/// calendar lacks; the built todofmt first on PATH; and the `key=value` lines the editor's steps write to
/// `results.txt`.
enum EditorSession {
    /// A `*` bullet, no blank lines around the headings: formatting adds a blank line above "Call mom", so its
    /// line number changes.
    static let input = "# Home\n* [ ] Pay rent due:2026-02-30 +house\n- [ ] Call mom\n## Work\n- [ ] Report\n"

    /// A scenario (a clean home) holding `input` as TODO.md, `files` beside it, the built todofmt first on PATH.
    static func scenario(_ files: [String: String]) throws -> GitScenario {
        let scenario = try GitScenario()
        try scenario.write("TODO.md", input)
        for (path, text) in files { try scenario.write(path, text) }
        scenario.environment["PATH"] = GitScenario.todofmt.deletingLastPathComponent().path + ":" + (scenario.environment["PATH"] ?? "")
        return scenario
    }

    /// The results the steps wrote.
    static func results(_ scenario: GitScenario) throws -> [String: String] {
        Dictionary(try scenario.read("results.txt").split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { a, _ in a })
    }

    /// Checks that "Call mom" was ticked (today's date written), and that the file on disk is the canonical form
    /// of `input` with that tick and `added` appended.
    static func assertTickedAndSaved(_ results: [String: String], added: String, in scenario: GitScenario,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let ticked = try XCTUnwrap(results["ticked"], file: file, line: line)
        XCTAssertTrue(ticked.range(of: #"^- \[x\] \d{4}-\d{2}-\d{2} Call mom$"#, options: .regularExpression) != nil, ticked,
                      file: file, line: line)
        let canonical = try scenario.run(GitScenario.todofmt.path, ["--quiet", "--stdin-filepath", "TODO.md"],
                                         input: input.replacingOccurrences(of: "- [ ] Call mom", with: ticked) + added + "\n")
        XCTAssertEqual(try scenario.read("TODO.md"), canonical.stdout, file: file, line: line)
    }
}
