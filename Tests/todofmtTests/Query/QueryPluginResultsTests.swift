import Foundation
import XCTest

/// Query blocks give the Obsidian Tasks plugin's results: the tasks, their order and their groups.
///
/// `Fixtures/plugin-vault` is a vault whose `Queries.md` holds instructions as written in public vaults (each
/// block names its source) and whose settings have a global query and presets; `plugin-vault.expected.json` is
/// what the plugin's own query engine (Tasks 8.3.0, with its chrono-node and boon-js, run outside Obsidian on
/// 2026-11-28, a Saturday) listed for each block, each task as `NOTE:LINE`.
final class QueryPluginResultsTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Block: Decodable, Equatable {
        struct Group: Decodable, Equatable {
            var names: [String]
            var tasks: [String]
        }

        var block: String
        var groups: [Group]?
        var error: String?
    }

    func testEveryBlockListsWhatThePluginLists() throws {
        let vault = Self.fixtures.appendingPathComponent("plugin-vault")
        let expected = try JSONDecoder().decode([Block].self, from: Data(contentsOf: Self.fixtures.appendingPathComponent("plugin-vault.expected.json")))
        let result = try Todofmt.run(["query", "--json", "--today", "2026-11-28", "-f", ".", "Queries.md"], in: vault)
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let found = objects.map { object in
            Block(block: object["block"] as? String ?? "",
                  groups: (object["groups"] as? [[String: Any]])?.compactMap { group in
                      let tasks = (group["tasks"] as? [[String: Any]] ?? []).map { "\($0["file"]!):\($0["line"]!)" }
                      return tasks.isEmpty ? nil : Block.Group(names: group["names"] as? [String] ?? [], tasks: tasks)
                  },
                  error: (object["errors"] as? [String])?.first)
        }
        XCTAssertEqual(found.count, expected.count)
        for (mine, theirs) in zip(found, expected) {
            XCTAssertEqual(mine, theirs, "block \(theirs.block)")
        }
    }

    func testTheWarningsSayWhatThePluginPassesOver() throws {
        let vault = Self.fixtures.appendingPathComponent("plugin-vault")
        let result = try Todofmt.run(["query", "--today", "2026-11-28", "-f", ".", "Queries.md"], in: vault)
        XCTAssertEqual(result.errorLines, [
            // A date the calendar lacks, warned about by every command that reads its task.
            "Projects/Home/Chores.md:14:24: warning: 📅 2026-02-30 is not a real date",
            "Queries.md:19:18: warning: 'sort by due' after 'sort by priority' is ignored, as the plugin ignores it; "
                + "put each instruction on a line of its own",
            "Queries.md:83:16: warning: ', due' after 'sort by urgency' is ignored, as the plugin ignores it",
            "Queries.md:158:13: warning: 'date' after 'sort by due' is ignored, as the plugin ignores it; "
                + "put each instruction on a line of its own",
        ])
    }

    func testExplainSaysWhichOfTheVaultsSettingsApplied() throws {
        let vault = Self.fixtures.appendingPathComponent("plugin-vault")
        let result = try Todofmt.run(["query", "--explain", "--today", "2026-11-28", "-f", ".", "-e", "preset open_work", "-e", "limit 1"],
                                     in: vault)
        XCTAssertEqual(result.errorLines, ["Projects/Home/Chores.md:14:24: warning: 📅 2026-02-30 is not a real date"])
        XCTAssertEqual(result.stdout, """
            Explanation of the global query:

              path does not include Templates

            Explanation of this Tasks code block query:

              preset open_work =>
              not done =>
                status type is TODO or IN_PROGRESS or ON_HOLD

              preset open_work =>
              path includes Projects

              At most 1 task.

            - [/] Rake the leaves #garden (Chores > Garden)

            1 of 17 tasks

            """)
    }
}
