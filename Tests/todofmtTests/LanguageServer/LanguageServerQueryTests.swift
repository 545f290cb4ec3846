import Foundation
import XCTest

/// `todofmt lsp` over a note's ```tasks blocks, driven as an editor drives it: hover shows what the block
/// lists (its first tasks and the count) over the open documents.
final class LanguageServerQueryTests: XCTestCase {
    typealias Client = LanguageServerClient

    let dashboard = "file:///tmp/todofmt-lsp-query/Dashboard.md"
    let chores = "file:///tmp/todofmt-lsp-query/Chores.md"

    func hover(_ client: Client, _ uri: String, line: Int, character: Int = 0) throws -> [String: Any] {
        try client.result(of: "textDocument/hover", ["textDocument": ["uri": uri], "position": Client.position(line, character)])
    }

    func started() throws -> Client {
        let client = try Client()
        try client.initialize()
        client.open(chores, """
            # Chores

            - [ ] Water the plants due:2026-11-23
            - [ ] (A) Fix the tap due:2026-11-24

            """)
        return client
    }

    func testHoverOnAQueryBlockListsWhatItFindsInTheOpenDocuments() throws {
        let client = try started()
        client.open(dashboard, """
            # Dashboard

            - [ ] Write the dashboard due:2026-11-20

            ```tasks
            not done
            due before tomorrow
            hide backlink
            ```

            """)
        let result = try hover(client, dashboard, line: 6, character: 3)
        XCTAssertEqual((result["contents"] as? [String: Any])?["value"] as? String, """
            - [ ] (A) Fix the tap due:2026-11-24
            - [ ] Write the dashboard due:2026-11-20
            - [ ] Water the plants due:2026-11-23

            3 tasks

            """)
        let range = result["range"] as? [String: Any]
        XCTAssertEqual((range?["start"] as? [String: Int])?["line"], 4)
        XCTAssertEqual((range?["end"] as? [String: Int])?["line"], 8)
    }

    func testHoverRunsTheBlockUnderTheVaultsGlobalQueryAndPresetsAsTheQueryCommandDoes() throws {
        let vault = try TemporaryFolder()
        for folder in [".obsidian/plugins/obsidian-tasks-plugin", "Home", "Work"] {
            try FileManager.default.createDirectory(atPath: vault.path(folder), withIntermediateDirectories: true)
        }
        try vault.write(#"{"globalQuery": "path includes Work", "presets": {"urgent": "priority is high"}}"#,
                        to: ".obsidian/plugins/obsidian-tasks-plugin/data.json")
        let home = "- [ ] Fix the roof ⏫\n- [ ] Sweep\n"
        let work = "- [ ] Ship the release ⏫\n- [ ] Tidy the wiki\n\n```tasks\npreset urgent\nhide backlink\n```\n"
        try vault.write(home, to: "Home/List.md")
        try vault.write(work, to: "Work/Plan.md")
        let client = try Client()
        try client.initialize()
        client.open(vault.url.appendingPathComponent("Home/List.md").absoluteString, home)
        let plan = vault.url.appendingPathComponent("Work/Plan.md").absoluteString
        client.open(plan, work)
        XCTAssertEqual(try client.diagnostics(plan).map { $0["code"] as? String }, [], "the vault's preset is known")
        let value = (try hover(client, plan, line: 4)["contents"] as? [String: Any])?["value"] as? String
        XCTAssertEqual(value, "- [ ] Ship the release ⏫\n\n1 task\n")
    }

    func testHoverListsTheFirstTenTasksAndTheCount() throws {
        let client = try started()
        let many = (1...12).map { "- [ ] Task \($0)" }.joined(separator: "\n")
        client.open(dashboard, "```tasks\npath includes Dashboard\nsort by description\nhide backlink\n```\n\n\(many)\n")
        let value = (try hover(client, dashboard, line: 0)["contents"] as? [String: Any])?["value"] as? String
        XCTAssertEqual(value, (1...10).map { "- [ ] Task \($0)" }.joined(separator: "\n") + "\n…\n\n12 tasks\n")
    }

    func testHoverOnABlockWithAMistakeSaysWhatIsWrong() throws {
        let client = try started()
        client.open(dashboard, "# Dashboard\n\n```tasks\nnot done\nabracadabra\n```\n")
        let value = (try hover(client, dashboard, line: 3)["contents"] as? [String: Any])?["value"] as? String
        XCTAssertEqual(value, "line 5: unknown instruction 'abracadabra'")
    }

    func testHoverOutsideABlockIsWhatItWas() throws {
        let client = try started()
        client.open(dashboard, "# Dashboard\n\n```tasks\nnot done\n```\n\n- [ ] Plain task due:2026-11-27\n")
        let value = (try hover(client, dashboard, line: 6, character: 8)["contents"] as? [String: Any])?["value"] as? String
        XCTAssertEqual(value, "**due** Friday 2026-11-27, due in 3 days")
    }

    func testAnInstructionItCannotReadIsADiagnosticAtItsPlace() throws {
        let client = try Client()
        try client.initialize()
        client.open(dashboard, "# Dashboard\n\n> ```tasks\n> not done\n> due before blue moon\n> ```\n")
        let diagnostics = try client.diagnostics(dashboard)
        XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["query-instruction"])
        XCTAssertEqual(diagnostics.first?["severity"] as? Int, 1)
        let range = diagnostics.first?["range"] as? [String: Any]
        XCTAssertEqual(range?["start"] as? [String: Int], ["line": 4, "character": 13])
        XCTAssertEqual(range?["end"] as? [String: Int], ["line": 4, "character": 22])
    }
}
