import Foundation
import XCTest

/// `todofmt lsp` on a Markdown todo file, driven as an editor drives it: every capability, with positions on
/// lines holding emoji and CJK text counted in UTF-16 code units.
final class LanguageServerMarkdownTests: XCTestCase {
    /// Not canonical (a `*` bullet, `[X]`, no blank line before `## Work`), today 2026-11-24 (a Tuesday).
    static let text = """
        # Home
        * [ ] (A) Pay rent +house due:2026-11-20 rec:1m
        - [X] Buy milk @shop
        - [ ] 🎉 Party +fête @家 due:2026-02-30
        ## Work
        <!-- todofmt: limit=1 -->
        - [ ] Draft 报告 +budget due:2026-11-27 est:2h
        - [ ] Call Bob @phone t:2026-12-01 due:2026-11-28 due:2026-11-29
        - [x] 2026-01-01 2026-02-01 Old thing
        - [?] Odd box rec:often

        """
    let uri = "file:///tmp/todofmt-lsp-tests/TODO.md"
    typealias Client = LanguageServerClient

    private func started(capabilities: [String: Any] = Client.editorCapabilities, options: [String: Any]? = nil,
                         environment: [String: String] = [:]) throws -> Client {
        let client = try Client(environment: environment)
        try client.initialize(capabilities: capabilities, options: options)
        client.open(uri, Self.text)
        return client
    }

    private func codes(_ diagnostics: [[String: Any]]) -> [String] { diagnostics.map { "\($0["code"] ?? "")" } }

    private func range(_ diagnostic: [String: Any]) -> [Int] {
        let range = diagnostic["range"] as! [String: Any]
        let start = range["start"] as! [String: Int], end = range["end"] as! [String: Int]
        return [start["line"]!, start["character"]!, end["line"]!, end["character"]!]
    }

    private func actions(_ client: Client, line: Int, character: Int = 3, only: [String]? = nil) throws -> [[String: Any]] {
        var context: [String: Any] = ["diagnostics": []]
        if let only { context["only"] = only }
        return try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
                                  "range": Client.range(line, character, line, character), "context": context])
    }

    /// The text after resolving and applying the action titled `title` offered at `line`.
    private func applying(_ title: String, _ client: Client, line: Int, to text: String = LanguageServerMarkdownTests.text) throws -> String {
        let offered = try actions(client, line: line)
        let action = try XCTUnwrap(offered.first { $0["title"] as? String == title }, "offered: \(offered.map { $0["title"] ?? "" })")
        XCTAssertNil(action["edit"], "a client that resolves gets the edit on resolving")
        let resolved = try client.result(of: "codeAction/resolve", action)
        return TextEdits.apply(TextEdits.edits(for: uri, in: resolved["edit"] as? [String: Any] ?? [:]), to: text)
    }

    private func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    // MARK: Initialize and diagnostics

    func testInitializeAnswersEveryCapabilityInUTF16() throws {
        let client = try Client()
        let capabilities = try client.initialize()
        XCTAssertEqual(capabilities["positionEncoding"] as? String, "utf-16")
        for name in ["documentFormattingProvider", "codeActionProvider", "completionProvider", "hoverProvider", "documentSymbolProvider",
                     "foldingRangeProvider", "semanticTokensProvider", "inlayHintProvider", "renameProvider"] {
            XCTAssertNotNil(capabilities[name], name)
        }
        XCTAssertEqual((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int, 2, "incremental sync")
    }

    func testOpeningAFilePublishesEveryWarningWithItsRangeAndCode() throws {
        let client = try started()
        let diagnostics = try client.diagnostics(uri)
        XCTAssertEqual(codes(diagnostics), ["impossible-date", "list-over-limit", "threshold-after-due", "repeated-tag",
                                            "completed-before-created", "unknown-checkbox", "malformed-recurrence"])
        XCTAssertTrue(diagnostics.allSatisfy { $0["source"] as? String == "todofmt" && $0["severity"] as? Int == 2 })
        XCTAssertEqual(range(diagnostics[1]), [5, 0, 5, 25], "the cap's comment")
        XCTAssertEqual(range(diagnostics[3]), [7, 50, 7, 64], "the second due:")
        XCTAssertEqual(range(diagnostics[4]), [8, 6, 8, 16], "the completion date")
    }

    func testRangesCountUTF16CodeUnitsOnALineWithEmojiAndCJK() throws {
        let client = try started()
        let diagnostics = try client.diagnostics(uri)
        // `- [ ] 🎉 Party +fête @家 due:`: the emoji is two UTF-16 units, `ê` and `家` one each.
        XCTAssertEqual(range(diagnostics[0]), [3, 28, 3, 38])
    }

    func testAClientOfferingUTF8GetsPositionsInBytes() throws {
        let client = try Client()
        let capabilities = try client.initialize(capabilities: ["general": ["positionEncodings": ["utf-8", "utf-16"]]])
        XCTAssertEqual(capabilities["positionEncoding"] as? String, "utf-8")
        client.open(uri, Self.text)
        XCTAssertEqual(range(try client.diagnostics(uri)[0]), [3, 33, 3, 43])
    }

    func testAnIncrementalChangeAtUTF16PositionsUpdatesTheDiagnostics() throws {
        let client = try started()
        _ = try client.diagnostics(uri)
        client.change(uri, version: 2, [["range": Client.range(3, 28, 3, 38), "text": "2026-02-28"]])
        let diagnostics = try client.diagnostics(uri)
        XCTAssertFalse(codes(diagnostics).contains("impossible-date"))
        let hover = try client.result(of: "textDocument/hover", ["textDocument": ["uri": uri], "position": Client.position(3, 4)])
        XCTAssertTrue("\(hover["contents"] ?? "")".contains("**due** Saturday 2026-02-28"), "\(hover)")
    }

    func testAWholeTextChangeReplacesTheDocument() throws {
        let client = try started(options: ["outlineTasks": true])
        _ = try client.diagnostics(uri)
        client.change(uri, version: 2, [["text": "- [ ] Fine task due:2026-12-01\n"]])
        XCTAssertEqual(try client.diagnostics(uri).count, 0)
        let symbols = try client.results(of: "textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        XCTAssertEqual(symbols.map { $0["name"] as? String }, ["Fine task"])
    }

    // MARK: Formatting

    func testFormattingGivesTheCanonicalFormAsEditsOfOnlyTheLinesThatChange() throws {
        let client = try started()
        let edits = try client.results(of: "textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]])
        let expected = try Todofmt.run(["--quiet", "--stdin-filepath", "TODO.md"], stdin: Self.text).stdout
        XCTAssertEqual(TextEdits.apply(edits, to: Self.text), expected)
        // Each edit replaces whole lines, and lines that stay as they are fall inside none.
        for edit in edits {
            let range = range(["range": edit["range"]!])
            XCTAssertTrue(range[1] == 0 && range[3] == 0, "\(edit)")
        }
        XCTAssertFalse(edits.contains { range(["range": $0["range"]!])[0] <= 6 && 6 < range(["range": $0["range"]!])[2] },
                       "the Draft line is already canonical")
    }

    func testFormattingIsRefusedAndTheBufferLeftAloneWhenTheSafetyCheckRefuses() throws {
        let client = try started(environment: ["TODOFMT_FAULT": "replace:Pay rent:Pay"])
        let response = try client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        let error = try XCTUnwrap(response["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32803)
        XCTAssertTrue((error["message"] as? String ?? "").contains("formatting would change the tasks"), "\(error)")
        XCTAssertNil(response["result"])
    }

    func testABufferWhoseNameAndLanguageNameNoTodoFormatIsNotFormattedNorOfferedASort() throws {
        let client = try Client()
        try client.initialize()
        let xit = "file:///tmp/todofmt-lsp-tests/shopping.xit"
        client.open(xit, "Groceries\n* [ ] Milk\n", languageID: "xit")
        let response = try client.request("textDocument/formatting", ["textDocument": ["uri": xit], "options": [:]])
        let error = try XCTUnwrap(response["error"] as? [String: Any])
        XCTAssertEqual(error["message"] as? String, "not a todo file by its name: todofmt formats Markdown (.md, .markdown, …) and todo.txt (.txt) files; the buffer was left as it is")
        let titles = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": xit],
            "range": ["start": Client.position(1, 3), "end": Client.position(1, 3)], "context": ["diagnostics": []]]).map { $0["title"] as? String }
        XCTAssertFalse(titles.contains("Sort the tasks"), "\(titles)")
        XCTAssertTrue(titles.contains("Mark done"), "\(titles)")

        // A note (its name is no todo file's): formatting puts its task lines' fields in order, nothing else.
        client.open("file:///tmp/todofmt-lsp-tests/notes.org", "* [ ] Milk 📅 2026-12-01 ⏫\n", languageID: "markdown")
        let named = try client.results(of: "textDocument/formatting", ["textDocument": ["uri": "file:///tmp/todofmt-lsp-tests/notes.org"], "options": [:]])
        XCTAssertEqual(TextEdits.apply(named, to: "* [ ] Milk 📅 2026-12-01 ⏫\n"), "* [ ] Milk ⏫ 📅 2026-12-01\n",
                       "a language id that names the format is enough")
    }

    func testFormattingSortsByTheConfiguredKeys() throws {
        let client = try started(options: ["sortBy": "status,priority,due"])
        let edits = try client.results(of: "textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        let expected = try Todofmt.run(["--quiet", "--sort-by", "status,priority,due", "--stdin-filepath", "TODO.md"], stdin: Self.text).stdout
        XCTAssertEqual(TextEdits.apply(edits, to: Self.text), expected)
    }

    func testFormattingAfterAChangeGivesTheCanonicalFormOfTheChangedText() throws {
        let client = try started()
        let options: [String: Any] = ["textDocument": ["uri": uri], "options": [:]]
        let first = try client.results(of: "textDocument/formatting", options)
        XCTAssertEqual(TextEdits.apply(first, to: Self.text),
                       try Todofmt.run(["--quiet", "--stdin-filepath", "TODO.md"], stdin: Self.text).stdout)
        let changed = "# Inbox\n\n\n* [X]   Water the plants\n"
        client.change(uri, version: 2, [["text": changed]])
        let second = try client.results(of: "textDocument/formatting", options)
        XCTAssertEqual(TextEdits.apply(second, to: changed), "# Inbox\n\n- [x] Water the plants\n",
                       "the canonical form read for the first version is not the second's")
    }

    // MARK: Code actions

    func testMarkDoneTicksTheTaskUnderTheCursorAndItsRecurrenceSpawnsTheNext() throws {
        let client = try started()
        let result = lines(try applying("Mark done", client, line: 1))
        XCTAssertEqual(result[1], "* [x] 2026-11-24 Pay rent +house due:2026-11-20 rec:1m pri:A")
        XCTAssertEqual(result[2], "* [ ] (A) Pay rent +house due:2026-12-24 rec:1m")
        XCTAssertEqual(Array(result[3...]), Array(lines(Self.text)[2...]), "nothing else changes")
    }

    func testTheCursorOnANoteActsOnItsTask() throws {
        let client = try Client()
        try client.initialize()
        let text = "- [ ] Parent\n  a note\n  - [ ] Child\n"
        client.open(uri, text)
        let offered = try actions(client, line: 1).compactMap { $0["title"] as? String }
        XCTAssertTrue(offered.contains("Mark done with its open subtasks (2 tasks)"), "\(offered)")
    }

    func testEachTitleCountsTheTasksItsActionChanges() throws {
        let client = try Client()
        try client.initialize()
        let text = "# Home\n\n- [ ] (A) Open one\n- [x] Done one\n- [ ] Parent\n  - [ ] Child\n  - [x] Done child\n\n# Work\n"
        client.open(uri, text)
        let offered = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
            "range": Client.range(2, 0, 4, 3), "context": ["diagnostics": []]]).compactMap { $0["title"] as? String }
        XCTAssertEqual(offered, ["Mark done with its open subtasks (3 tasks)", "Mark done, leaving its subtasks open (2 tasks)", "Reopen",
                                 "Remove the priority", "Move to Work (5 tasks)", "Sort the tasks", "Archive the done tasks"])
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: uri, in: try resolved("Reopen", client, range: Client.range(2, 0, 4, 3))), to: text),
                       text.replacingOccurrences(of: "- [x] Done one", with: "- [ ] Done one"), "reopens the one done task")
        let ticked = TextEdits.apply(TextEdits.edits(for: uri, in: try resolved("Mark done, leaving its subtasks open (2 tasks)", client,
                                                                                range: Client.range(2, 0, 4, 3))), to: text)
        XCTAssertEqual(lines(ticked).filter { $0.hasPrefix("- [x] 2026-11-24") }.count, 2, ticked)
        let twoOpen = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
            "range": Client.range(2, 0, 3, 3), "context": ["diagnostics": [], "only": ["refactor.rewrite.toggle"]]]).compactMap { $0["title"] as? String }
        XCTAssertEqual(twoOpen, ["Mark done", "Reopen"], "one open task and one done: each action changes one")
    }

    /// The action resolved by its title, offered for `range`: its workspace edit.
    private func resolved(_ title: String, _ client: Client, range: [String: Any]) throws -> [String: Any] {
        let offered = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": []]])
        let action = try XCTUnwrap(offered.first { $0["title"] as? String == title }, "offered: \(offered.map { $0["title"] ?? "" })")
        return try client.result(of: "codeAction/resolve", action)["edit"] as? [String: Any] ?? [:]
    }

    func testThePreferredToggleDoesWhatDoneDoesAndLeavesNoSubtaskBehind() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "- [ ] Parent\n  - [ ] Child\n- [ ] Alone\n- [x] Finished\n")
        func preferred(_ line: Int) throws -> [String] {
            try actions(client, line: line, only: ["refactor.rewrite.toggle"]).filter { $0["isPreferred"] as? Bool == true }.compactMap { $0["title"] as? String }
        }
        XCTAssertEqual(try preferred(0), [], "done refuses a parent with an open subtask: no action does that by default")
        XCTAssertEqual(try preferred(2), ["Mark done"])
        XCTAssertEqual(try preferred(3), ["Reopen"])
        let parent = try actions(client, line: 0, only: ["refactor.rewrite.toggle"]).compactMap { $0["title"] as? String }
        XCTAssertEqual(parent, ["Mark done with its open subtasks (2 tasks)", "Mark done, leaving its subtasks open"])
    }

    func testReopenGivesBackTheKeptPriority() throws {
        let client = try Client()
        try client.initialize()
        let text = "- [x] 2026-11-20 Call mom pri:B\n"
        client.open(uri, text)
        XCTAssertEqual(try applying("Reopen", client, line: 0, to: text), "- [ ] (B) Call mom\n")
    }

    func testPriorityActionsSetAndRemoveThePriority() throws {
        let client = try started()
        XCTAssertEqual(lines(try applying("Set priority (B)", client, line: 6))[6], "- [ ] (B) Draft 报告 +budget due:2026-11-27 est:2h")
        XCTAssertEqual(lines(try applying("Remove the priority", client, line: 1))[1], "* [ ] Pay rent +house due:2026-11-20 rec:1m")
    }

    func testPostponeMovesTheDueDateAndTheThresholdWithIt() throws {
        let client = try Client()
        try client.initialize()
        let text = "- [ ] Review t:2026-11-20 due:2026-11-27\n- [ ] No date\n"
        client.open(uri, text)
        XCTAssertEqual(try applying("Postpone a week", client, line: 0, to: text), "- [ ] Review t:2026-11-27 due:2026-12-04\n- [ ] No date\n")
        XCTAssertEqual(try applying("Postpone a day", client, line: 0, to: text), "- [ ] Review t:2026-11-21 due:2026-11-28\n- [ ] No date\n")
        XCTAssertFalse(try actions(client, line: 1).contains { ($0["title"] as? String ?? "").hasPrefix("Postpone") },
                       "a task without due: is not postponed")
    }

    func testMoveToAnotherListMovesTheTask() throws {
        let client = try started()
        let result = try applying("Move to Home / Work", client, line: 2)
        XCTAssertFalse(lines(result)[1...3].contains("- [X] Buy milk @shop"))
        XCTAssertEqual(lines(result).filter { $0 == "- [X] Buy milk @shop" }.count, 1)
        XCTAssertGreaterThan(lines(result).firstIndex(of: "- [X] Buy milk @shop")!, lines(result).firstIndex(of: "## Work")!)
    }

    func testQuickFixesOfferTheRealDatesOnEitherSideOrNoDate() throws {
        let client = try started()
        let fixes = try actions(client, line: 3, only: ["quickfix"])
        XCTAssertEqual(fixes.map { $0["title"] as? String }, ["Change 2026-02-30 to 2026-02-28", "Change 2026-02-30 to 2026-03-01", "Remove 2026-02-30"])
        XCTAssertEqual(fixes[0]["isPreferred"] as? Bool, true)
        XCTAssertEqual(((fixes[0]["diagnostics"] as? [[String: Any]])?.first)?["code"] as? String, "impossible-date")
        XCTAssertEqual(lines(try applying("Change 2026-02-30 to 2026-03-01", client, line: 3))[3], "- [ ] 🎉 Party +fête @家 due:2026-03-01")
        XCTAssertEqual(lines(try applying("Remove 2026-02-30", client, line: 3))[3], "- [ ] 🎉 Party +fête @家")
    }

    func testTheSortActionSortsAsTodofmtSortDoes() throws {
        let client = try started()
        let expected = try Todofmt.run(["--quiet", "--sort", "--stdin-filepath", "TODO.md"], stdin: Self.text).stdout
        XCTAssertEqual(try applying("Sort the tasks", client, line: 0), expected)
    }

    func testTheSortIsOneReplacementOfTheLinesBetweenThoseItLeavesWhereTheyWere() throws {
        let client = try started()
        let action = try XCTUnwrap(try actions(client, line: 0).first { $0["title"] as? String == "Sort the tasks" })
        let edits = TextEdits.edits(for: uri, in: try client.result(of: "codeAction/resolve", action)["edit"] as? [String: Any] ?? [:])
        XCTAssertEqual(edits.count, 1, "\(edits)")
        let range = try XCTUnwrap(edits.first?["range"] as? [String: [String: Int]])
        // `# Home` stays first: the replacement starts below it, at the start of a line, and ends at the start of one.
        XCTAssertEqual(range["start"], ["line": 1, "character": 0])
        XCTAssertEqual(range["end"]?["character"], 0)
        let expected = try Todofmt.run(["--quiet", "--sort", "--stdin-filepath", "TODO.md"], stdin: Self.text).stdout
        XCTAssertEqual(TextEdits.apply(edits, to: Self.text), expected)
    }

    /// The workspace edit of archiving the document `uri`, opened holding `text`.
    func archiveEdit(_ uri: String, _ text: String) throws -> [String: Any] {
        let client = try Client()
        try client.initialize()
        client.open(uri, text)
        let action = try XCTUnwrap(try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
            "range": Client.range(0, 0, 0, 0), "context": ["diagnostics": [], "only": ["source.archive"]]]).first)
        return try client.result(of: "codeAction/resolve", action)["edit"] as? [String: Any] ?? [:]
    }

    func testArchiveIsOneWorkspaceEditThatCreatesTheArchiveFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("TODO.md")
        let uri = "file://" + path, archiveURI = "file://" + folder.path("DONE.md")
        let text = "# Home\n\n- [ ] Keep\n- [x] 2026-11-20 Gone\n"
        let edit = try archiveEdit(uri, text)
        let changes = edit["documentChanges"] as? [[String: Any]] ?? []
        XCTAssertEqual(changes.first?["kind"] as? String, "create")
        XCTAssertEqual(changes.first?["uri"] as? String, archiveURI)
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: archiveURI, in: edit), to: ""), "# Home\n\n- [x] 2026-11-20 Gone\n")
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: uri, in: edit), to: text), "# Home\n\n- [ ] Keep\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("DONE.md")), "the server writes no file")
    }

    func testTheArchiveOnDiskReadsAsTheVaultReadsItsNotes() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path(".obsidian/plugins/obsidian-tasks-plugin"), withIntermediateDirectories: true)
        // `[d]` is done in this vault alone: read as CommonMark, the archive would hold an unknown status.
        try folder.write(#"{"statusSettings": {"customStatuses": [{"symbol": "d", "name": "Delivered", "nextStatusSymbol": " ", "type": "DONE"}]}}"#,
                         to: ".obsidian/plugins/obsidian-tasks-plugin/data.json")
        // A task outside any list cannot follow an archive that ends in a list: it is placed into the archive read whole.
        let archiveText = "# Work\n\n- [x] Old report\n"
        try folder.write(archiveText, to: "DONE.md")
        let uri = "file://" + folder.path("Inbox.md"), archiveURI = "file://" + folder.path("DONE.md")
        let text = "- [d] Ship the parcel\n- [ ] Call the bank\n"
        let edit = try archiveEdit(uri, text)
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: archiveURI, in: edit), to: archiveText),
                       "- [d] Ship the parcel\n\n# Work\n\n- [x] Old report\n")
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: uri, in: edit), to: text), "- [ ] Call the bank\n")
    }

    func testAClientThatDoesNotResolveGetsTheEditsOfTheActionsOnTheTasksUnderTheCursor() throws {
        let client = try started(capabilities: [:])
        let offered = try actions(client, line: 6)
        let withEdits = offered.filter { $0["edit"] != nil }.compactMap { $0["title"] as? String }
        XCTAssertEqual(withEdits, ["Mark done", "Set priority (A)", "Set priority (B)", "Set priority (C)", "Postpone a day", "Postpone a week"])
        let reopen = try XCTUnwrap(try actions(client, line: 2, only: ["refactor.rewrite.toggle"]).first)
        XCTAssertEqual(reopen["title"] as? String, "Reopen")
        let edits = TextEdits.edits(for: uri, in: reopen["edit"] as? [String: Any] ?? [:])
        XCTAssertEqual(lines(TextEdits.apply(edits, to: Self.text))[2], "- [ ] Buy milk @shop")
    }

    func testAClientThatDoesNotResolveGetsSortArchiveAndMovesAsCommandsThatSendTheirEdit() throws {
        let client = try started(capabilities: [:])
        let offered = try actions(client, line: 6)
        let commands = offered.filter { $0["command"] != nil }
        XCTAssertEqual(commands.compactMap { $0["title"] as? String }, ["Move to Home", "Sort the tasks", "Archive the done tasks"])
        XCTAssertTrue(commands.allSatisfy { $0["edit"] == nil }, "nothing of the whole file is computed for the list")
        let sort = try XCTUnwrap(commands[1]["command"] as? [String: Any])
        XCTAssertEqual(sort["command"] as? String, "todofmt.applyCodeAction")
        let response = try client.request("workspace/executeCommand", ["command": sort["command"]!, "arguments": sort["arguments"]!])
        XCTAssertTrue(response["result"] is NSNull, "\(response)")
        let applyEdit = try client.notification("workspace/applyEdit")
        XCTAssertNotNil(applyEdit["id"], "a request the client answers")
        let params = applyEdit["params"] as? [String: Any] ?? [:]
        XCTAssertEqual(params["label"] as? String, "Sort the tasks")
        let expected = try Todofmt.run(["--quiet", "--sort", "--stdin-filepath", "TODO.md"], stdin: Self.text).stdout
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: uri, in: params["edit"] as? [String: Any] ?? [:]), to: Self.text), expected)
    }

    func testACommandForAnEarlierVersionOfTheDocumentIsRefused() throws {
        let client = try started(capabilities: [:])
        let sort = try XCTUnwrap(try actions(client, line: 6, only: ["source.sortTasks"]).first?["command"] as? [String: Any])
        client.change(uri, version: 2, [["range": Client.range(6, 6, 6, 6), "text": "New "]])
        let response = try client.request("workspace/executeCommand", ["command": sort["command"]!, "arguments": sort["arguments"]!])
        XCTAssertEqual((response["error"] as? [String: Any])?["code"] as? Int, -32801)
    }

    // MARK: Completion, hover, outline

    private func completion(_ client: Client, line: Int, character: Int) throws -> [[String: Any]] {
        let list = try client.result(of: "textDocument/completion", ["textDocument": ["uri": uri], "position": Client.position(line, character)])
        return list["items"] as? [[String: Any]] ?? []
    }

    func testCompletionOffersProjectsAndContextsOfEveryOpenDocument() throws {
        let client = try started()
        client.open("file:///tmp/todofmt-lsp-tests/todo.txt", "Weed +garden @home\n", languageID: "todotxt")
        client.change(uri, version: 2, [["range": Client.range(10, 0, 10, 0), "text": "- [ ] New +"]])
        let projects = try completion(client, line: 10, character: 11).compactMap { $0["label"] as? String }
        XCTAssertEqual(Set(projects), ["+house", "+fête", "+budget", "+garden"])
        client.change(uri, version: 3, [["range": Client.range(10, 10, 10, 11), "text": "@"]])
        XCTAssertEqual(Set(try completion(client, line: 10, character: 11).compactMap { $0["label"] as? String }), ["@shop", "@家", "@phone", "@home"])
    }

    func testCompletionAfterDueShowsTheDateAWordNamesAndInsertsIt() throws {
        let client = try started()
        client.change(uri, version: 2, [["range": Client.range(10, 0, 10, 0), "text": "- [ ] Call due:fr"]])
        let items = try completion(client, line: 10, character: 17)
        let friday = try XCTUnwrap(items.first { $0["label"] as? String == "friday" })
        XCTAssertEqual(friday["detail"] as? String, "2026-11-27")
        let edit = friday["textEdit"] as? [String: Any] ?? [:]
        XCTAssertEqual(edit["newText"] as? String, "2026-11-27")
        XCTAssertEqual(range(["range": edit["range"]!]), [10, 15, 10, 17])
    }

    func testCompletionOffersTagKeysAndListNames() throws {
        let client = try started()
        client.change(uri, version: 2, [["range": Client.range(10, 0, 10, 0), "text": "- [ ] Call re"]])
        XCTAssertTrue(try completion(client, line: 10, character: 13).contains { $0["label"] as? String == "rec:" })
        client.change(uri, version: 3, [["range": Client.range(10, 0, 10, 13), "text": "## Wo"]])
        let lists = try completion(client, line: 10, character: 5)
        XCTAssertEqual(lists.compactMap { $0["label"] as? String }, ["Work"])
        XCTAssertEqual(lists.first?["detail"] as? String, "3 open, 1 done", "the counts the outline shows")
    }

    func testCompletionOnASetextHeadingOffersListNamesFromItsTitle() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "# Work\n\n- [ ] a\n\nWo\n--\n")
        let lists = try completion(client, line: 4, character: 2)
        XCTAssertEqual(lists.compactMap { $0["label"] as? String }, ["Work"])
        XCTAssertEqual(range(["range": (lists.first?["textEdit"] as? [String: Any])?["range"] ?? [:]]), [4, 0, 4, 2])
    }

    func testCompletionDoesNotOfferTheWordAsTyped() throws {
        let client = try started()
        client.change(uri, version: 2, [["range": Client.range(10, 0, 10, 0), "text": "- [ ] New +ho"]])
        XCTAssertEqual(try completion(client, line: 10, character: 13).compactMap { $0["label"] as? String }, ["+house"])
        client.change(uri, version: 3, [["range": Client.range(10, 0, 10, 13), "text": "- [ ] New est:2h"]])
        XCTAssertEqual(try completion(client, line: 10, character: 16).compactMap { $0["label"] as? String }, [])
    }

    func testHoverOnATaskSaysItsDatesRecurrenceAndEstimateInWords() throws {
        let client = try started()
        func hover(_ line: Int, _ character: Int) throws -> String {
            let result = try client.result(of: "textDocument/hover", ["textDocument": ["uri": uri], "position": Client.position(line, character)])
            return (result["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        XCTAssertEqual(try hover(6, 8), "**due** Friday 2026-11-27, due in 3 days  \n**estimate** 2h")
        XCTAssertEqual(try hover(1, 6), "**priority** A  \n**due** Friday 2026-11-20, 4 days overdue  \n"
                       + "**recurs** every month, counted from the day it is done (rec:1m); done today, it comes back due 2026-12-24")
        XCTAssertEqual(try hover(1, 21), "**+house**: 1 open task, 0 done")
    }

    func testDocumentSymbolsAreTheListsWithTheirCountsSubListsIncluded() throws {
        let client = try started()
        let symbols = try client.results(of: "textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        XCTAssertEqual(symbols.map { $0["name"] as? String }, ["Home"])
        XCTAssertEqual(symbols[0]["detail"] as? String, "5 open, 2 done")
        let children = try XCTUnwrap(symbols[0]["children"] as? [[String: Any]])
        XCTAssertEqual(children.map { $0["name"] as? String }, ["Work"])
        XCTAssertEqual(children[0]["detail"] as? String, "3 open, 1 done")
        XCTAssertEqual(range(["range": children[0]["range"]!]), [4, 0, 9, 23])
    }

    func testWithOutlineTasksTheOutlineShowsTheTasksInTheirLists() throws {
        let client = try started(options: ["outlineTasks": true])
        let symbols = try client.results(of: "textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        let children = symbols[0]["children"] as? [[String: Any]] ?? []
        XCTAssertEqual(children.map { $0["name"] as? String }, ["Pay rent", "Buy milk", "🎉 Party", "Work"])
        XCTAssertEqual(children[0]["detail"] as? String, "open (A) due 2026-11-20")
        XCTAssertEqual(range(["range": children[2]["range"]!]), [3, 0, 3, 38])
    }

    func testASortKeyNoTaskHasIsShownToThePersonAtTheEditorWhenItFormats() throws {
        let client = try started()
        client.notify("workspace/didChangeConfiguration", ["settings": ["todofmt": ["sortBy": "bogus-key"]]])
        _ = try client.results(of: "textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        let message = try client.notification("window/showMessage")["params"] as? [String: Any] ?? [:]
        XCTAssertEqual(message["type"] as? Int, 2)
        XCTAssertEqual(message["message"] as? String, "todofmt: no task has a 'bogus-key:' tag, so the sort key 'bogus-key' changes nothing "
                       + "(keys: status, priority, due, t, created, completed, text, project, context, or a tag key)")
    }

    func testASortKeyThatCannotBeReadIsShownAndTheSortSetBeforeStays() throws {
        let client = try started(options: ["sortBy": "priority"])
        client.notify("workspace/didChangeConfiguration", ["settings": ["todofmt": ["sortBy": "due,,bogus key"]]])
        let message = try client.notification("window/showMessage")["params"] as? [String: Any] ?? [:]
        XCTAssertEqual(message["message"] as? String, "todofmt: sortBy: invalid sort key '' (keys: status, priority, due, t, created, "
                       + "completed, text, project, context, or a tag key); the setting was left as it was")
        let edits = try client.results(of: "textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        let expected = try Todofmt.run(["--quiet", "--sort-by", "priority", "--stdin-filepath", "TODO.md"], stdin: Self.text).stdout
        XCTAssertEqual(TextEdits.apply(edits, to: Self.text), expected)
    }

    func testFoldingRangesAreListsAndTaskBlocks() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "# Home\n\n- [ ] Parent\n  note\n  - [ ] Child\n\n# Work\n\n- [ ] Alone\n")
        let ranges = try client.results(of: "textDocument/foldingRange", ["textDocument": ["uri": uri]])
        XCTAssertEqual(ranges.map { [$0["startLine"] as! Int, $0["endLine"] as! Int] }, [[0, 4], [2, 4], [6, 8]])
    }

    func testSemanticTokensMarkPriorityProjectsContextsTagsAndOverdueDatesInUTF16() throws {
        let client = try started()
        let data = try client.result(of: "textDocument/semanticTokens/full", ["textDocument": ["uri": uri]])["data"] as? [Int] ?? []
        var tokens: [[Int]] = []
        var line = 0, start = 0
        for k in stride(from: 0, to: data.count, by: 5) {
            line += data[k]
            start = data[k] == 0 ? start + data[k + 1] : data[k + 1]
            tokens.append([line, start, data[k + 2], data[k + 3], data[k + 4]])
        }
        XCTAssertTrue(tokens.contains([1, 6, 3, 0, 0]), "(A) is a keyword")
        XCTAssertTrue(tokens.contains([1, 30, 10, 5, 2]), "the past due date is an overdue number")
        XCTAssertTrue(tokens.contains([2, 15, 5, 2, 1]), "@shop on a done task")
        XCTAssertTrue(tokens.contains([3, 15, 5, 1, 0]), "+fête after the emoji, in UTF-16 units")
        XCTAssertTrue(tokens.contains([3, 21, 2, 2, 0]), "@家")
    }

    func testSemanticTokensOfARangeCoverOnlyItsLines() throws {
        let client = try started()
        let data = try client.result(of: "textDocument/semanticTokens/range", ["textDocument": ["uri": uri],
                                     "range": Client.range(6, 0, 6, 10)])["data"] as? [Int] ?? []
        XCTAssertEqual(data.first, 6)
        XCTAssertEqual(stride(from: 0, to: data.count, by: 5).filter { $0 > 0 }.map { data[$0] }.reduce(0, +), 0, "all on line 6")
    }

    func testInlayHintsSayHowFarEachDateIs() throws {
        let client = try started()
        let hints = try client.results(of: "textDocument/inlayHint", ["textDocument": ["uri": uri], "range": Client.range(0, 0, 10, 0)])
        let labels = hints.map { "\(($0["position"] as! [String: Int])["line"]!):\($0["label"] as! String)" }
        XCTAssertEqual(labels, ["1:4d overdue", "1:next 2026-12-24", "6:in 3d", "7:in 7d", "7:in 4d", "7:in 5d"])
    }

    func testInlayHintsFollowTheTagKeyNotTheBytesBeforeTheDate() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "- [ ] a overdue:2026-11-20 redue:2026-11-30 at:2026-11-26\n- [ ] b due:2026-11-25\n")
        let hints = try client.results(of: "textDocument/inlayHint", ["textDocument": ["uri": uri], "range": Client.range(0, 0, 2, 0)])
        XCTAssertEqual(hints.compactMap { $0["label"] as? String }, ["in 1d"])
    }

    func testAnInlayHintRangePastTheLastLineMeansUpToTheEnd() throws {
        let client = try started()
        let hints = try client.results(of: "textDocument/inlayHint", ["textDocument": ["uri": uri], "range": Client.range(6, 0, 500, 0)])
        XCTAssertEqual(hints.count, 4)
    }

    func testRenameChangesTheProjectInEveryOpenDocument() throws {
        let client = try started()
        let other = "file:///tmp/todofmt-lsp-tests/todo.txt"
        client.open(other, "Bake +fête.\nOther +fêtes\n", languageID: "todotxt")
        let prepared = try client.result(of: "textDocument/prepareRename", ["textDocument": ["uri": uri], "position": Client.position(3, 17)])
        XCTAssertEqual(prepared["placeholder"] as? String, "fête")
        XCTAssertEqual(range(["range": prepared["range"]!]), [3, 16, 3, 20])
        let edit = try client.result(of: "textDocument/rename", ["textDocument": ["uri": uri], "position": Client.position(3, 17), "newName": "+party"])
        XCTAssertEqual(lines(TextEdits.apply(TextEdits.edits(for: uri, in: edit), to: Self.text))[3], "- [ ] 🎉 Party +party @家 due:2026-02-30")
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: other, in: edit), to: "Bake +fête.\nOther +fêtes\n"), "Bake +party.\nOther +fêtes\n")
        let nothing = try client.request("textDocument/prepareRename", ["textDocument": ["uri": uri], "position": Client.position(3, 10)])
        XCTAssertTrue(nothing["result"] is NSNull)
    }
}
