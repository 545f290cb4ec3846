import Foundation
import XCTest

/// A date the calendar lacks (`📅 2026-02-30`, `due:2026-02-30`) leaves its task without that date, so every
/// command that reads the task says so on standard error, `path:line:col: warning:`, as the formatter's check
/// does; what it prints on standard output is as it would be without.
final class ImpossibleDateWarningTests: XCTestCase {
    private let todo = "- [ ] Pay 📅 2026-02-30\n- [ ] Call due:2026-02-30\n- [ ] Fine 📅 2026-12-01\n"
    private let warnings = ["TODO.md:1:16: warning: 📅 2026-02-30 is not a real date",
                            "TODO.md:2:16: warning: due:2026-02-30 is not a real date"]

    func testEveryCommandThatReadsTheFileWarnsAboutEachImpossibleDate() throws {
        let folder = try TemporaryFolder()
        try folder.write(todo, to: "TODO.md")
        let commands: [[String]] = [["ls"], ["ls", "--json"], ["ls", "is:overdue"], ["count"], ["agenda"], ["lsprj"],
                                    ["lscon"], ["lslists"], ["export"], ["remind", "--print"], ["stats"],
                                    ["query", "-e", "not done"]]
        for command in commands {
            let result = try Todofmt.run(command + ["--today", "2026-11-28"], in: folder.url)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.errorLines, warnings, "\(command)")
        }
    }

    func testShowWarnsAboutTheDatesOfTheTaskItShowsOnly() throws {
        let folder = try TemporaryFolder()
        try folder.write(todo, to: "TODO.md")
        let first = try Todofmt.run(["show", "TODO.md:1", "--today", "2026-11-28"], in: folder.url)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.errorLines, [warnings[0]])
        let fine = try Todofmt.run(["show", "TODO.md:3", "--today", "2026-11-28"], in: folder.url)
        XCTAssertEqual(fine.errorLines, [])
    }

    func testTheListingIsWhatItWouldBeWithoutTheWarnings() throws {
        let folder = try TemporaryFolder()
        try folder.write(todo, to: "TODO.md")
        let listing = try Todofmt.run(["ls", "--json", "--today", "2026-11-28"], in: folder.url)
        let tasks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(tasks.map { $0["due"] is NSNull }, [true, true, false])
    }

    func testAFolderOfNotesNamesEachNoteByItsPathInTheFolder() throws {
        let notes = try NoteFolder("vault")
        try notes.makeVault(["plugins/obsidian-tasks-plugin/data.json": "{}"])
        try notes.write("Projects/House.md", "# House\n\n- [ ] Paint 📅 2026-02-30\n")
        try notes.write("Inbox.md", "- [ ] Text due:2026-02-30\n- [ ] Later ⏳ 2026-04-31\n")
        for command in [["ls"], ["agenda"], ["count"], ["query", "-e", "not done"]] {
            let result = try notes.run(command + ["--today", "2026-11-28"])
            XCTAssertEqual(result.status, 0, result.stderr)
            // In the vault's emoji format, due:2026-02-30 is text: no date, and nothing to warn about.
            XCTAssertEqual(result.stderr.split(separator: "\n").map(String.init),
                           ["Inbox.md:2:17: warning: ⏳ 2026-04-31 is not a real date",
                            "Projects/House.md:3:18: warning: 📅 2026-02-30 is not a real date"], "\(command)")
        }
    }
}
