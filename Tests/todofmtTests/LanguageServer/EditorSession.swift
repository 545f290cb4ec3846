import Foundation
import XCTest

/// What the editor tests of the set-ups in docs/editors share: each set-up taken from its page; a todo file that
/// is not canonical, with a date the calendar lacks; a vault with a note holding a recurring Tasks task; the built
/// todofmt first on PATH; and the `key=value` lines the editor's steps write to `results.txt`.
enum EditorSession {
    /// The page docs/editors/`name`.
    static func page(_ name: String) -> String {
        (try? String(contentsOf: GitScenario.packageRoot.appendingPathComponent("docs/editors/\(name)"), encoding: .utf8)) ?? ""
    }

    /// The first fenced block of `language` on page `name` (that holds `marker`, when given): what a user copies.
    static func snippet(_ name: String, _ language: String, containing marker: String? = nil) -> String? {
        let page = page(name)
        var from = page.startIndex
        while let start = page.range(of: "```\(language)\n", range: from..<page.endIndex),
              let end = page.range(of: "```", range: start.upperBound..<page.endIndex) {
            let block = String(page[start.upperBound..<end.lowerBound])
            if marker.map(block.contains) ?? true { return block }
            from = end.upperBound
        }
        return nil
    }

    /// The note of the vault the tests open, as the Obsidian Tasks plugin would find it.
    static let weeklyNote = "# Chores\n\n- [ ] Take out bins 🔁 every week 📅 2026-01-05\n"

    /// The note once its task is ticked today, as the plugin writes it: the next occurrence, then the done one.
    static var weeklyNoteTicked: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return "# Chores\n\n- [ ] Take out bins 🔁 every week 📅 2026-01-12\n"
            + "- [x] Take out bins 🔁 every week 📅 2026-01-05 ✅ \(formatter.string(from: Date()))\n"
    }

    /// A clean home holding a vault (`vault/`, with the Tasks plugin's folder and no settings: its defaults) whose
    /// `notes/Weekly.md` is `weeklyNote` and whose `Projects/House.md` holds another task, and `files`; the built
    /// todofmt first on PATH, a UTF-8 locale.
    static func vault(_ files: [String: String]) throws -> GitScenario {
        let scenario = try GitScenario()
        try FileManager.default.createDirectory(at: scenario.root.appendingPathComponent("vault/.obsidian/plugins/obsidian-tasks-plugin"),
                                                withIntermediateDirectories: true)
        try scenario.write("vault/notes/Weekly.md", weeklyNote)
        try scenario.write("vault/Projects/House.md", "# House\n\n- [ ] Paint the fence #home\n")
        for (path, text) in files { try scenario.write(path, text) }
        scenario.environment["PATH"] = GitScenario.todofmt.deletingLastPathComponent().path + ":" + (scenario.environment["PATH"] ?? "")
        scenario.environment["LC_ALL"] = "C.UTF-8"
        return scenario
    }

    /// The vault's folder as the editor names it (symbolic links resolved, as editors resolve them).
    static func vaultPath(_ scenario: GitScenario) -> String {
        scenario.root.appendingPathComponent("vault").resolvingSymlinksInPath().path
    }
    /// A `*` bullet, no blank lines around the headings: formatting adds a blank line above "Call mom", so its
    /// line number changes.
    static let input = "# Home\n* [ ] Pay rent due:2026-02-30 +house\n- [ ] Call mom\n## Work\n- [ ] Report\n"

    /// A scenario (a clean home) holding `input` as TODO.md, `files` beside it, the built todofmt first on PATH.
    static func scenario(_ files: [String: String]) throws -> GitScenario {
        let scenario = try GitScenario()
        try scenario.write("TODO.md", input)
        for (path, text) in files { try scenario.write(path, text) }
        scenario.environment["PATH"] = GitScenario.todofmt.deletingLastPathComponent().path + ":" + (scenario.environment["PATH"] ?? "")
        scenario.environment["LC_ALL"] = "C.UTF-8"
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
