import Foundation
import XCTest

/// `todofmt lsp` on a note of the Obsidian Tasks plugin, driven as an editor drives it: the diagnostics of its
/// fields, completion after `📅 ` and of the other fields, code actions that write the dialect, hover, and from
/// `⛔ id` to the task with that `🆔`. Positions are UTF-16 (an emoji such as `📅` counts two).
final class LanguageServerTasksTests: XCTestCase {
    /// Today is 2026-11-24, a Tuesday.
    static let text = """
        # Release

        - [ ] Write the tests ⏫ 📅 2026-11-27 🆔 tests
        - [ ] Ship it 🔁 every week on Friday ⏳ 2026-11-30 📅 2026-12-04 ⛔ tests
        - [ ] Plan 📅 2026-02-30 🔁 every blue moon
        - [ ] Plain

        """
    let uri = "file:///tmp/todofmt-lsp-tests/Release.md"

    private func started(options: [String: Any]? = nil) throws -> LanguageServerClient {
        let client = try LanguageServerClient()
        try client.initialize(options: options)
        client.open(uri, Self.text)
        return client
    }

    /// The UTF-16 length of `text`: a column of the protocol.
    private func column(_ text: String) -> Int { text.utf16.count }

    private func completion(_ client: LanguageServerClient, line: Int, character: Int) throws -> [[String: Any]] {
        let list = try client.result(of: "textDocument/completion", ["textDocument": ["uri": uri], "position": LanguageServerClient.position(line, character)])
        return list["items"] as? [[String: Any]] ?? []
    }

    /// What line 6 holds: empty, then what `typing` last wrote there.
    private var lineSix = ""

    /// The client's text with line 6 now `typed`, and the items completion offers at its end.
    private func typing(_ typed: String, _ client: LanguageServerClient, version: Int = 2) throws -> [[String: Any]] {
        client.change(uri, version: version, [["range": LanguageServerClient.range(6, 0, 6, column(lineSix)), "text": typed]])
        lineSix = typed
        return try completion(client, line: 6, character: column(typed))
    }

    private func labels(_ items: [[String: Any]]) -> [String] { items.compactMap { $0["label"] as? String } }

    private func newText(_ item: [String: Any]?) -> String? { (item?["textEdit"] as? [String: Any])?["newText"] as? String }

    func testTheFieldsProblemsArePublishedWhereTheyStand() throws {
        let client = try started()
        let diagnostics = try client.diagnostics(uri)
        XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["impossible-date", "malformed-recurrence"])
        XCTAssertEqual(diagnostics.map { $0["message"] as? String }, [
            "📅 2026-02-30 is not a real date",
            "🔁 every blue moon is not a rule the Tasks plugin reads (e.g. every day, every 2 weeks, every month on the 15th)",
        ])
        let range = diagnostics[0]["range"] as? [String: Any]
        XCTAssertEqual((range?["start"] as? [String: Int])?["character"], column("- [ ] Plan 📅 "))
    }

    func testCompletionAfterTheDueEmojiOffersDateWordsAndInsertsTheirDates() throws {
        let client = try started()
        let items = try typing("- [ ] Call 📅 ", client)
        let friday = try XCTUnwrap(items.first { $0["label"] as? String == "friday" }, "\(labels(items))")
        XCTAssertEqual(newText(friday), "2026-11-27")
        XCTAssertEqual(friday["detail"] as? String, "due 2026-11-27")
        let typed = try typing("- [ ] Call 📅 fr", client, version: 3)
        XCTAssertEqual(labels(typed), ["friday"])
    }

    func testCompletionOfTheOtherFieldsValues() throws {
        let client = try started()
        XCTAssertEqual(newText(try typing("- [ ] Call ⏳ tom", client).first), "2026-11-25")
        XCTAssertEqual(labels(try typing("- [ ] Call 🔁 every we", client, version: 3)).prefix(2), ["every weekday", "every week"])
        XCTAssertEqual(labels(try typing("- [ ] Call 🏁 d", client, version: 4)), ["delete"])
    }

    func testCompletionOfIDsAfterTheDependencyEmoji() throws {
        let client = try started()
        let items = try typing("- [ ] Deploy ⛔ ", client)
        XCTAssertEqual(labels(items), ["tests"])
        XCTAssertEqual(items.first?["detail"] as? String, "Write the tests")
        XCTAssertEqual(labels(try typing("- [ ] Deploy 🆔 deploy ⛔ tests,", client, version: 3)), [], "its own id is not offered, tests is there")
    }

    func testATypedFieldNameCompletesToItsEmojiInATasksFile() throws {
        let client = try started()
        let items = try typing("- [ ] Call sched", client)
        XCTAssertEqual(labels(items).first, "⏳ scheduled")
        XCTAssertEqual(newText(items.first), "⏳ ")
    }

    func testGoToDefinitionGoesFromAnIDItWaitsForToTheTaskWithThatID() throws {
        let client = try started()
        let line = "- [ ] Ship it 🔁 every week on Friday ⏳ 2026-11-30 📅 2026-12-04 ⛔ "
        let location = try client.result(of: "textDocument/definition", ["textDocument": ["uri": uri],
                                         "position": LanguageServerClient.position(3, column(line) + 2)])
        XCTAssertEqual(location["uri"] as? String, uri)
        let range = location["range"] as? [String: Any]
        XCTAssertEqual(range?["start"] as? [String: Int], ["line": 2, "character": column("- [ ] Write the tests ⏫ 📅 2026-11-27 🆔 ")])
        XCTAssertEqual(range?["end"] as? [String: Int], ["line": 2, "character": column("- [ ] Write the tests ⏫ 📅 2026-11-27 🆔 tests")])
    }

    func testGoToDefinitionFindsTheTaskInAnotherOpenDocument() throws {
        let client = try started()
        let other = "file:///tmp/todofmt-lsp-tests/Other.md"
        client.open(other, "- [ ] Deploy ⛔ tests\n")
        let location = try client.result(of: "textDocument/definition", ["textDocument": ["uri": other],
                                         "position": LanguageServerClient.position(0, column("- [ ] Deploy ⛔ te"))])
        XCTAssertEqual(location["uri"] as? String, uri)
    }

    func testCodeActionsWriteTheTasksDialect() throws {
        let client = try started()
        let offered = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
                                         "range": LanguageServerClient.range(2, 3, 2, 3), "context": ["diagnostics": []]])
        let titles = offered.compactMap { $0["title"] as? String }
        XCTAssertTrue(titles.contains("Set priority highest 🔺"), "\(titles)")
        XCTAssertFalse(titles.contains("Set priority high ⏫"), "it has that priority")
        func applying(_ title: String) throws -> String {
            let action = try XCTUnwrap(offered.first { $0["title"] as? String == title }, "\(titles)")
            let resolved = try client.result(of: "codeAction/resolve", action)
            return TextEdits.apply(TextEdits.edits(for: uri, in: resolved["edit"] as? [String: Any] ?? [:]), to: Self.text)
        }
        let lines = { (text: String) in text.components(separatedBy: "\n") }
        XCTAssertEqual(lines(try applying("Mark done"))[2], "- [x] Write the tests ⏫ 📅 2026-11-27 🆔 tests ✅ 2026-11-24")
        XCTAssertEqual(lines(try applying("Set priority highest 🔺"))[2], "- [ ] Write the tests 🔺 📅 2026-11-27 🆔 tests")
        XCTAssertEqual(lines(try applying("Postpone a day"))[2], "- [ ] Write the tests ⏫ 📅 2026-11-28 🆔 tests")
    }

    func testHoverSaysTheFieldsInWords() throws {
        let client = try started()
        let result = try client.result(of: "textDocument/hover", ["textDocument": ["uri": uri], "position": LanguageServerClient.position(3, 8)])
        XCTAssertEqual((result["contents"] as? [String: Any])?["value"] as? String, """
            **due** Friday 2026-12-04, due in 10 days  \n**scheduled** Monday 2026-11-30, in 6 days  \n\
            **recurs** every week on Friday; done today, it comes back on Friday 2026-12-11  \n**waits for** tests
            """)
    }

    func testTheGlobalFilterSettingDecidesWhichCheckboxItemsAreTasks() throws {
        let client = try started(options: ["globalFilter": "#task"])
        XCTAssertEqual(try client.diagnostics(uri).count, 0, "no task holds #task")
        let symbols = try client.results(of: "textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        XCTAssertEqual(symbols.first?["detail"] as? String, "0 open, 0 done")
    }

    func testMarkDoneInAVaultWritesWhatTheVaultsTasksSettingsSay() throws {
        // The server reads a note of a vault under the vault's Tasks settings, as the command line does.
        let vault = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: vault.path(".obsidian/plugins/obsidian-tasks-plugin"), withIntermediateDirectories: true)
        _ = try vault.write(#"{"setDoneDate": false, "setCreatedDate": true, "recurrenceOnNextLine": true}"#,
                        to: ".obsidian/plugins/obsidian-tasks-plugin/data.json")
        let text = "- [X] Water 🔁 every day 📅 2026-11-24\n"
        _ = try vault.write(text, to: "Garden.md")
        let note = vault.url.appendingPathComponent("Garden.md").absoluteString
        let client = try LanguageServerClient()
        try client.initialize()
        client.open(note, text)
        let offered = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": note],
                                         "range": LanguageServerClient.range(0, 3, 0, 3), "context": ["diagnostics": []]])
        // [X] is no status of the vault's: an unknown one, to do.
        let action = try XCTUnwrap(offered.first { $0["title"] as? String == "Mark done" }, "offered: \(offered.map { $0["title"] ?? "" })")
        let resolved = try client.result(of: "codeAction/resolve", action)
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: note, in: resolved["edit"] as? [String: Any] ?? [:]), to: text),
                       "- [x] Water 🔁 every day 📅 2026-11-24\n- [ ] Water 🔁 every day ➕ 2026-11-24 📅 2026-11-25\n")
    }
}

/// A note of the Tasks plugin or of Dataview is first-class in the editor: inlay hints after its dates and
/// recurrence, semantic tokens for its fields, and rename of a `#tag`.
final class LanguageServerFieldsTests: XCTestCase {
    typealias Client = LanguageServerClient
    let uri = "file:///tmp/todofmt-lsp-tests/fields/Chores.md"

    /// Today is 2026-11-24, a Tuesday.
    static let text = """
        # Chores

        - [ ] Take out bins 🔁 every week 📅 2026-01-05 #home
        - [ ] Water plants ⏫ ⏳ 2026-11-30 📅 2026-12-04
        - [ ] Pay rent [due:: 2026-11-20] [repeat:: every month] #home/bills
        - [x] Old chore 📅 2026-01-01 ✅ 2026-01-02
        - [ ] Sort mail due:2026-11-25 rec:1w #home

        """

    private func started() throws -> Client {
        let client = try Client()
        try client.initialize()
        client.open(uri, Self.text)
        return client
    }

    func testInlayHintsFollowEveryDialectsDatesAndRecurrences() throws {
        let client = try started()
        let hints = try client.results(of: "textDocument/inlayHint", ["textDocument": ["uri": uri], "range": Client.range(0, 0, 10, 0)])
        let labels = hints.map { "\(($0["position"] as! [String: Int])["line"]!):\(($0["position"] as! [String: Int])["character"]!) \($0["label"] as! String)" }
        XCTAssertEqual(labels, [
            "2:33 next 2026-01-12", "2:47 323d overdue",
            "3:33 in 6d", "3:47 in 10d",
            "4:32 4d overdue", "4:55 next 2026-12-20",
            "6:30 in 1d", "6:37 next 2026-12-01",
        ])
    }

    /// The tokens of line `line`, each `[start, length, type, modifiers]`, in UTF-16 units.
    private func tokens(_ client: Client, line: Int) throws -> [[Int]] {
        let data = try client.result(of: "textDocument/semanticTokens/full", ["textDocument": ["uri": uri]])["data"] as? [Int] ?? []
        var tokens: [[Int]] = []
        var at = 0, start = 0
        for k in stride(from: 0, to: data.count, by: 5) {
            at += data[k]
            start = data[k] == 0 ? start + data[k + 1] : data[k + 1]
            if at == line { tokens.append([start, data[k + 2], data[k + 3], data[k + 4]]) }
        }
        return tokens
    }

    func testSemanticTokensMarkTheFieldsEmojiTheirValuesAndTags() throws {
        let client = try started()
        let legend = try client.initializeLegend()
        XCTAssertEqual(legend, ["keyword", "namespace", "enumMember", "property", "string", "number", "decorator"])
        // 🔁 a key, its rule a value, 📅 a key, the past due date an overdue number, #home a tag.
        XCTAssertEqual(try tokens(client, line: 2), [[20, 2, 3, 0], [23, 10, 4, 0], [34, 2, 3, 0], [37, 10, 5, 2], [48, 5, 6, 0]])
        // ⏫ a priority; ⏳ and 📅 keys with their dates.
        XCTAssertEqual(try tokens(client, line: 3), [[19, 1, 0, 0], [21, 1, 3, 0], [23, 10, 5, 0], [34, 2, 3, 0], [37, 10, 5, 0]])
        // Dataview: the fields' names are keys.
        XCTAssertEqual(try tokens(client, line: 4), [[16, 3, 3, 0], [22, 10, 5, 2], [35, 6, 3, 0], [44, 11, 4, 0], [57, 11, 6, 0]])
        XCTAssertEqual(try tokens(client, line: 5).map { $0[3] }, [1, 1, 1, 1], "all of a done task")
    }

    func testATagIsRenamedInEveryTaskOfTheDocumentNestedTagsWithIt() throws {
        let client = try started()
        let prepared = try client.result(of: "textDocument/prepareRename", ["textDocument": ["uri": uri], "position": Client.position(2, 50)])
        XCTAssertEqual(prepared["placeholder"] as? String, "home")
        let edit = try client.result(of: "textDocument/rename", ["textDocument": ["uri": uri], "position": Client.position(2, 50), "newName": "#house"])
        let renamed = TextEdits.apply(TextEdits.edits(for: uri, in: edit), to: Self.text)
        XCTAssertEqual(renamed, Self.text.replacingOccurrences(of: "#home", with: "#house"))
        let refused = try client.request("textDocument/rename", ["textDocument": ["uri": uri], "position": Client.position(2, 50), "newName": "a,b"])
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? Int, -32803)
    }
}

extension LanguageServerClient {
    /// The semantic token types the server's legend names (initializing again is refused, so the legend is asked
    /// of a second server).
    func initializeLegend() throws -> [String] {
        let other = try LanguageServerClient()
        let capabilities = try other.initialize()
        let provider = capabilities["semanticTokensProvider"] as? [String: Any]
        return (provider?["legend"] as? [String: Any])?["tokenTypes"] as? [String] ?? []
    }
}
