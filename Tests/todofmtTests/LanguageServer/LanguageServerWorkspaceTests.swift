import Foundation
import XCTest

/// `todofmt lsp` over a workspace folder of notes, driven as an editor drives it: the server reads every note of
/// the folder in the background (as `todofmt -f DIR` reads it, with its skips) and answers from them.
final class LanguageServerWorkspaceTests: XCTestCase {
    typealias Client = LanguageServerClient

    /// A generated folder of notes: `Notes/Note N.md` each with a task of its own, and a few notes the tests
    /// look for.
    func notes() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for directory in ["Notes", "Projects", "Daily", ".trash", ".obsidian"] {
            try FileManager.default.createDirectory(atPath: folder.path(directory), withIntermediateDirectories: true)
        }
        for n in 1...40 {
            try folder.write("# Note \(n)\n\n- [ ] Read chapter \(n) +reading\n- [x] Skim chapter \(n)\n", to: "Notes/Note \(n).md")
        }
        try folder.write("# House\n\n## Paint\n\n- [ ] Pay the painter's invoice +house #home due:2026-11-20\n", to: "Projects/House.md")
        try folder.write("# Garden\n\n- [ ] Send the invoice for seeds +garden @phone\n- [ ] Water the roses #garden\n", to: "Projects/Garden.md")
        try folder.write("# 2026-11-24\n\n- [ ] Call about the invoice @phone due:2026-11-23\n", to: "Daily/2026-11-24.md")
        try folder.write("- [ ] A deleted invoice\n", to: ".trash/Old.md")
        try folder.write("(A) Renew the passport +travel\n", to: "todo.txt")
        return folder
    }

    func uri(_ folder: TemporaryFolder, _ name: String) -> String {
        folder.url.appendingPathComponent(name).absoluteString
    }

    /// A client that shows progress and watches files, started on `folder`, once the server has read it.
    func started(_ folder: TemporaryFolder) throws -> Client {
        let client = try Client()
        var capabilities = Client.editorCapabilities
        capabilities["window"] = ["workDoneProgress": true]
        var workspace = capabilities["workspace"] as? [String: Any] ?? [:]
        workspace["didChangeWatchedFiles"] = ["dynamicRegistration": true]
        capabilities["workspace"] = workspace
        _ = try client.result(of: "initialize", ["processId": NSNull(), "capabilities": capabilities,
                                                 "workspaceFolders": [["uri": folder.url.absoluteString, "name": "notes"]]])
        client.notify("initialized", [:])
        try waitUntilRead(client)
        return client
    }

    /// A client started on `folder` whose server holds every walk of a folder on a FIFO until `release` lets it
    /// go on (debug builds read `TODOFMT_READ_GATE`), and the FIFO.
    func gated(_ folder: TemporaryFolder) throws -> (Client, gate: String) {
        let gate = folder.url.deletingLastPathComponent().appendingPathComponent("gate-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(gate, 0o600), 0)
        addTeardownBlock { unlink(gate) }
        let client = try Client(environment: ["TODOFMT_READ_GATE": gate])
        var capabilities = Client.editorCapabilities
        capabilities["window"] = ["workDoneProgress": true]
        capabilities["workspace"] = (capabilities["workspace"] as? [String: Any] ?? [:]).merging(["didChangeWatchedFiles": ["dynamicRegistration": true]]) { $1 }
        _ = try client.result(of: "initialize", ["processId": NSNull(), "capabilities": capabilities,
                                                 "workspaceFolders": [["uri": folder.url.absoluteString, "name": "notes"]]])
        client.notify("initialized", [:])
        return (client, gate)
    }

    /// Lets the walk waiting on `gate` go on: opening the FIFO waits for the walk to reach it.
    func release(_ gate: String) {
        let fd = open(gate, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
    }

    /// Sends a request without waiting for its answer; its id.
    func send(_ client: Client, _ method: String, _ params: [String: Any], id: Int) {
        client.send(["id": "held-\(id)", "method": method, "params": params])
    }

    /// Waits until the server has handled every message sent so far: it answers in order.
    func sync(_ client: Client) throws {
        _ = try client.request("textDocument/foldingRange", ["textDocument": ["uri": "file:///nowhere/sync.md"]])
    }

    /// Waits for the end of the server's reading of a folder; the progress's last message.
    @discardableResult
    func waitUntilRead(_ client: Client) throws -> String? {
        while true {
            let value = (try client.notification("$/progress")["params"] as? [String: Any])?["value"] as? [String: Any]
            if value?["kind"] as? String == "end" { return value?["message"] as? String }
        }
    }

    func symbols(_ client: Client, _ query: String) throws -> [[String: Any]] {
        try client.results(of: "workspace/symbol", ["query": query])
    }

    /// Each symbol as `FILE:LINE NAME`, FILE relative to `folder`.
    func described(_ symbols: [[String: Any]], in folder: TemporaryFolder) -> [String] {
        symbols.map { symbol in
            let location = symbol["location"] as? [String: Any] ?? [:]
            let path = URL(string: location["uri"] as? String ?? "")?.path ?? ""
            let line = ((location["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1
            return "\(path.replacingOccurrences(of: folder.url.path + "/", with: "")):\(line + 1) \(symbol["name"] as? String ?? "")"
        }
    }

    func testTheServerSaysItServesWorkspaceFoldersAndSymbols() throws {
        let client = try Client()
        let capabilities = try client.initialize()
        XCTAssertEqual(capabilities["workspaceSymbolProvider"] as? Bool, true)
        let folders = (capabilities["workspace"] as? [String: Any])?["workspaceFolders"] as? [String: Any]
        XCTAssertEqual(folders?["supported"] as? Bool, true)
        XCTAssertEqual(folders?["changeNotifications"] as? Bool, true)
    }

    func testReadingTheFolderIsAProgressThatEndsWithHowManyFilesItRead() throws {
        let folder = try notes()
        let client = try Client()
        var capabilities = Client.editorCapabilities
        capabilities["window"] = ["workDoneProgress": true]
        _ = try client.result(of: "initialize", ["processId": NSNull(), "capabilities": capabilities, "rootUri": uri(folder, "")])
        client.notify("initialized", [:])
        let create = try client.notification("window/workDoneProgress/create")
        let token = (create["params"] as? [String: Any])?["token"] as? String
        let begin = try client.notification("$/progress")["params"] as? [String: Any]
        XCTAssertEqual(begin?["token"] as? String, token)
        XCTAssertEqual((begin?["value"] as? [String: Any])?["title"] as? String, "Reading tasks")
        // 40 notes, 3 more, and todo.txt: .trash and .obsidian are skipped.
        XCTAssertEqual(try waitUntilRead(client), "44 files read")
    }

    func testTheServerAsksToHearOfChangedTaskFiles() throws {
        let folder = try notes()
        let client = try started(folder)
        let request = try client.notification("client/registerCapability")
        let registration = ((request["params"] as? [String: Any])?["registrations"] as? [[String: Any]])?.first
        XCTAssertEqual(registration?["method"] as? String, "workspace/didChangeWatchedFiles")
        let watchers = (registration?["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]]
        XCTAssertEqual(watchers?.compactMap { $0["globPattern"] as? String },
                       ["**/*.{markdown,md,mdown,mdtext,mdtxt,mdwn,mkd,mkdn}", "**/[tT][oO][dD][oO].[tT][xX][tT]"])
    }

    func testWorkspaceSymbolFindsTasksInEveryFileOfTheFolder() throws {
        let folder = try notes()
        let client = try started(folder)
        XCTAssertEqual(described(try symbols(client, "invoice"), in: folder), [
            "Daily/2026-11-24.md:3 Call about the invoice",
            "Projects/Garden.md:3 Send the invoice for seeds",
            "Projects/House.md:5 Pay the painter's invoice #home",
        ])
        let house = try symbols(client, "PAINTER invoice").first
        XCTAssertEqual(house?["containerName"] as? String, "Projects/House.md › House / Paint")
        XCTAssertEqual(house?["kind"] as? Int, 24)
        XCTAssertEqual(described(try symbols(client, "passport"), in: folder), ["todo.txt:1 Renew the passport"])
    }

    func testWorkspaceSymbolFindsEveryTaskOfAGeneratedFolder() throws {
        let folder = try notes()
        let client = try started(folder)
        XCTAssertEqual(try symbols(client, "read chapter").count, 40)
        XCTAssertEqual(try symbols(client, "chapter").count, 80)
    }

    func testCompletionOffersTagsProjectsAndContextsFromOtherFiles() throws {
        let folder = try notes()
        let client = try started(folder)
        let note = uri(folder, "Inbox.md")
        let lines = ["- [ ] Plant tulips #ho", "- [ ] Buy seeds +gar", "- [ ] Ring the shop @ph"]
        client.open(note, lines.joined(separator: "\n") + "\n")
        func labels(_ line: Int) throws -> [String] {
            let character = lines[line].utf16.count
            let result = try client.result(of: "textDocument/completion", ["textDocument": ["uri": note], "position": Client.position(line, character)])
            return (result["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        }
        XCTAssertEqual(try labels(0), ["#home"])
        XCTAssertEqual(try labels(1), ["+garden"])
        XCTAssertEqual(try labels(2), ["@phone"])
    }

    func testGoToDefinitionLeadsFromADependencyToItsTaskInAnotherFile() throws {
        let folder = try notes()
        try folder.write("# Move\n\n- [ ] Pack the boxes 🆔 pack1\n", to: "Projects/Move.md")
        let client = try started(folder)
        let note = uri(folder, "Inbox.md")
        client.open(note, "- [ ] Load the van ⛔ pack1\n")
        let location = try client.result(of: "textDocument/definition", ["textDocument": ["uri": note], "position": Client.position(0, 21)])
        XCTAssertEqual(location["uri"] as? String, uri(folder, "Projects/Move.md"))
        XCTAssertEqual((location["range"] as? [String: Any])?["start"] as? [String: Int], ["line": 2, "character": 24])
    }

    func testCompletionOffersTheIdsOfTasksInOtherFiles() throws {
        let folder = try notes()
        try folder.write("# Move\n\n- [ ] Pack the boxes 🆔 pack1\n", to: "Projects/Move.md")
        let client = try started(folder)
        let note = uri(folder, "Inbox.md")
        let line = "- [ ] Load the van ⛔ pa"
        client.open(note, line + "\n")
        let result = try client.result(of: "textDocument/completion", ["textDocument": ["uri": note], "position": Client.position(0, line.utf16.count)])
        XCTAssertEqual((result["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }, ["pack1"])
    }

    func testHoverOnATasksBlockCountsTasksOfEveryFile() throws {
        let folder = try notes()
        let client = try started(folder)
        let dashboard = uri(folder, "Dashboard.md")
        client.open(dashboard, "# Dashboard\n\n```tasks\nnot done\ndue before tomorrow\nhide backlink\n```\n")
        let result = try client.result(of: "textDocument/hover", ["textDocument": ["uri": dashboard], "position": Client.position(3, 2)])
        XCTAssertEqual((result["contents"] as? [String: Any])?["value"] as? String, """
            - [ ] Pay the painter's invoice +house #home due:2026-11-20
            - [ ] Call about the invoice @phone due:2026-11-23

            2 tasks

            """)
    }

    func testAFileTheClientSaysChangedIsReadAgain() throws {
        let folder = try notes()
        let client = try started(folder)
        try folder.write("# Garden\n\n- [ ] Mow the lawn\n", to: "Projects/Garden.md")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Projects/Garden.md"), "type": 2]]])
        XCTAssertEqual(described(try symbols(client, "lawn"), in: folder), ["Projects/Garden.md:3 Mow the lawn"])
        XCTAssertEqual(described(try symbols(client, "invoice"), in: folder).count, 2)
    }

    func testAFileDeletedOnDiskIsForgotten() throws {
        let folder = try notes()
        let client = try started(folder)
        try FileManager.default.removeItem(atPath: folder.path("Projects/House.md"))
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Projects/House.md"), "type": 3]]])
        XCTAssertEqual(described(try symbols(client, "painter"), in: folder), [])
    }

    func testAFileWhoseStampChangedIsReadAgainWhenAnAnswerUsesIt() throws {
        let folder = try notes()
        let client = try started(folder)
        try folder.write("# House\n\n- [ ] Frame the painter's invoice and its copy\n", to: "Projects/House.md")
        XCTAssertEqual(described(try symbols(client, "painter"), in: folder), ["Projects/House.md:3 Frame the painter's invoice and its copy"])
    }

    func testAnOpenDocumentWinsOverItsFileOnDisk() throws {
        let folder = try notes()
        let client = try started(folder)
        let house = uri(folder, "Projects/House.md")
        client.open(house, "# House\n\n- [ ] Pay the plumber's invoice\n")
        XCTAssertEqual(described(try symbols(client, "invoice"), in: folder), [
            "Daily/2026-11-24.md:3 Call about the invoice",
            "Projects/Garden.md:3 Send the invoice for seeds",
            "Projects/House.md:3 Pay the plumber's invoice",
        ])
    }

    func testAnOpenNoteOfAVaultReadsAsObsidianReadsIt() throws {
        let folder = try notes()
        let client = try started(folder)
        client.open(uri(folder, "Projects/House.md"), "# House\n\n%%\n- [ ] Pay the hidden invoice\n%%\n- [ ] Pay the plumber's invoice\n")
        XCTAssertEqual(described(try symbols(client, "pay"), in: folder), ["Projects/House.md:6 Pay the plumber's invoice"])
    }

    func testAWorkspaceFolderAddedLaterIsRead() throws {
        let folder = try notes()
        let client = try Client()
        var capabilities = Client.editorCapabilities
        capabilities["window"] = ["workDoneProgress": true]
        _ = try client.result(of: "initialize", ["processId": NSNull(), "capabilities": capabilities, "rootUri": NSNull()])
        client.notify("initialized", [:])
        XCTAssertEqual(try symbols(client, "invoice").count, 0)
        client.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": folder.url.absoluteString, "name": "notes"]], "removed": []]])
        try waitUntilRead(client)
        XCTAssertEqual(try symbols(client, "invoice").count, 3)
        client.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [], "removed": [["uri": folder.url.absoluteString, "name": "notes"]]]])
        XCTAssertEqual(try symbols(client, "invoice").count, 0)
    }

    // MARK: Not yet is not nothing

    func testAWorkspaceRequestWhileTheFolderIsReadIsAnsweredWhenTheReadingEnds() throws {
        let folder = try notes()
        try folder.write("# Move\n\n- [ ] Pack the boxes 🆔 pack1\n", to: "Projects/Move.md")
        let (client, gate) = try gated(folder)
        let note = uri(folder, "Inbox.md")
        client.open(note, "- [ ] Load the van ⛔ pack1\n- [ ] Plant tulips #ho\n")
        send(client, "workspace/symbol", ["query": "invoice"], id: 1)
        send(client, "textDocument/completion", ["textDocument": ["uri": note], "position": Client.position(1, 22)], id: 2)
        send(client, "textDocument/definition", ["textDocument": ["uri": note], "position": Client.position(0, 21)], id: 3)
        try sync(client)
        release(gate)
        let symbols = try client.response(id: "held-1", method: "workspace/symbol")["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(described(symbols, in: folder), [
            "Daily/2026-11-24.md:3 Call about the invoice",
            "Projects/Garden.md:3 Send the invoice for seeds",
            "Projects/House.md:5 Pay the painter's invoice #home",
        ])
        let completion = try client.response(id: "held-2", method: "completion")["result"] as? [String: Any]
        XCTAssertEqual((completion?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }, ["#home"])
        let definition = try client.response(id: "held-3", method: "definition")["result"] as? [String: Any]
        XCTAssertEqual(definition?["uri"] as? String, uri(folder, "Projects/Move.md"))
    }

    func testTheReadingReportsHowManyFilesItReads() throws {
        let folder = try notes()
        let (client, gate) = try gated(folder)
        var messages: [String] = []
        while true {
            let value = (try client.notification("$/progress")["params"] as? [String: Any])?["value"] as? [String: Any]
            messages.append("\(value?["kind"] ?? ""): \(value?["message"] ?? "")")
            if value?["kind"] as? String == "report" { release(gate) }
            if value?["kind"] as? String == "end" { break }
        }
        XCTAssertEqual(messages.dropFirst(), ["report: Reading 44 files", "end: 44 files read"])
    }

    func testAWaitingRequestTheClientCancelsIsAnsweredAsCancelled() throws {
        let folder = try notes()
        let (client, gate) = try gated(folder)
        send(client, "workspace/symbol", ["query": "invoice"], id: 1)
        client.notify("$/cancelRequest", ["id": "held-1"])
        let response = try client.response(id: "held-1", method: "workspace/symbol")
        XCTAssertEqual((response["error"] as? [String: Any])?["code"] as? Int, -32800)
        release(gate)
    }

    func testAWaitingRequestOnADocumentThatChangedMeanwhileIsAnsweredContentModified() throws {
        let folder = try notes()
        let (client, gate) = try gated(folder)
        let note = uri(folder, "Inbox.md")
        client.open(note, "- [ ] Plant tulips #ho\n")
        send(client, "textDocument/completion", ["textDocument": ["uri": note], "position": Client.position(0, 22)], id: 1)
        client.change(note, version: 2, [["text": "- [ ] Plant roses\n"]])
        try sync(client)
        release(gate)
        let response = try client.response(id: "held-1", method: "completion")
        XCTAssertEqual((response["error"] as? [String: Any])?["code"] as? Int, -32801)
    }

    func testAHoverKeptForAQueryBlockWaitsForTheWalkOfANoteTheClientSaysWasCreated() throws {
        let folder = try notes()
        let (client, gate) = try gated(folder)
        release(gate)
        try waitUntilRead(client)
        let dashboard = uri(folder, "Dashboard.md")
        client.open(dashboard, "```tasks\nnot done\ndue before tomorrow\nhide backlink\n```\n")
        let hover: [String: Any] = ["textDocument": ["uri": dashboard], "position": Client.position(1, 2)]
        func value(_ result: [String: Any]) -> String { (result["contents"] as? [String: Any])?["value"] as? String ?? "" }
        XCTAssertTrue(value(try client.result(of: "textDocument/hover", hover)).hasSuffix("2 tasks\n"))
        try folder.write("- [ ] Return the ladder due:2026-11-10\n", to: "Notes/Ladder.md")
        // The walk for the new note is held at the gate, before it counts any change: the answer kept for the
        // block must not be given meanwhile.
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Notes/Ladder.md"), "type": 1]]])
        send(client, "textDocument/hover", hover, id: 1)
        try sync(client)
        release(gate)
        let answer = value(try client.response(id: "held-1", method: "textDocument/hover")["result"] as? [String: Any] ?? [:])
        XCTAssertTrue(answer.contains("Return the ladder"), answer)
        XCTAssertTrue(answer.hasSuffix("3 tasks\n"), answer)
    }

    func testAFileTheClientSaysWasCreatedIsInTheNextAnswer() throws {
        let folder = try notes()
        let (client, gate) = try gated(folder)
        release(gate)
        try waitUntilRead(client)
        try folder.write("# Boat\n\n- [ ] Caulk the hull +boat\n", to: "Projects/Boat.md")
        try folder.write("- [ ] A hidden hull\n", to: ".trash/Hull.md")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Projects/Boat.md"), "type": 1],
                                                                     ["uri": uri(folder, ".trash/Hull.md"), "type": 1]]])
        send(client, "workspace/symbol", ["query": "hull"], id: 1)
        try sync(client)
        release(gate)
        let symbols = try client.response(id: "held-1", method: "workspace/symbol")["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(described(symbols, in: folder), ["Projects/Boat.md:3 Caulk the hull"], "the walk's skips apply to it")
    }
}

extension LanguageServerWorkspaceTests {
    func testATagIsRenamedAcrossEveryNoteOfTheWorkspace() throws {
        let folder = try notes()
        try folder.write("# Chores\n\n- [ ] Sweep 📅 2026-12-01 #home/floor\n- [ ] Mop [due:: 2026-12-02] #Home\n", to: "Daily/Chores.md")
        let client = try started(folder)
        let inbox = uri(folder, "Inbox.md")
        let text = "- [ ] Plant tulips #home #homework\n"
        client.open(inbox, text)
        let edit = try client.result(of: "textDocument/rename", ["textDocument": ["uri": inbox], "position": Client.position(0, 21), "newName": "house"])
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: inbox, in: edit), to: text), "- [ ] Plant tulips #house #homework\n")
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: uri(folder, "Projects/House.md"), in: edit), to: try String(contentsOfFile: folder.path("Projects/House.md"), encoding: .utf8)),
                       "# House\n\n## Paint\n\n- [ ] Pay the painter's invoice +house #house due:2026-11-20\n")
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: uri(folder, "Daily/Chores.md"), in: edit), to: try String(contentsOfFile: folder.path("Daily/Chores.md"), encoding: .utf8)),
                       "# Chores\n\n- [ ] Sweep 📅 2026-12-01 #house/floor\n- [ ] Mop [due:: 2026-12-02] #house\n")
        let files = ((edit["documentChanges"] as? [[String: Any]]) ?? []).compactMap { $0["textDocument"] as? [String: Any] }
        XCTAssertEqual(files.count, 3, "the notes without the tag are left alone")
        XCTAssertTrue(files.contains { $0["uri"] as? String == inbox && $0["version"] as? Int == 1 })
        XCTAssertTrue(files.contains { $0["uri"] as? String == uri(folder, "Daily/Chores.md") && $0["version"] is NSNull })
    }

    func testGoToDefinitionCountsTheOtherFilesLineInUTF16EvenOnTheFirstLineAfterAByteOrderMark() throws {
        let folder = try notes()
        try folder.write("\u{FEFF}- [ ] 日本 🚀 Pack the boxes 🆔 pack1\n", to: "Projects/Move.md")
        let client = try started(folder)
        let note = uri(folder, "Inbox.md")
        client.open(note, "- [ ] Load the van ⛔ pack1\n")
        let location = try client.result(of: "textDocument/definition", ["textDocument": ["uri": note], "position": Client.position(0, 21)])
        XCTAssertEqual(location["uri"] as? String, uri(folder, "Projects/Move.md"))
        // The byte order mark is a character of the line as the server reads the file: 1 + 6 + 2 + 1 + 2 + 16 + 2 + 1 units.
        XCTAssertEqual(location["range"] as? [String: [String: Int]], ["start": ["line": 0, "character": 31], "end": ["line": 0, "character": 36]])
    }

    func testAHoverOverTheSameQueryBlockFollowsEveryChangeOfTheNotes() throws {
        let folder = try notes()
        let client = try started(folder)
        let dashboard = uri(folder, "Dashboard.md")
        client.open(dashboard, "```tasks\nnot done\ndue before tomorrow\nhide backlink\n```\n")
        func hover() throws -> String {
            let result = try client.result(of: "textDocument/hover", ["textDocument": ["uri": dashboard], "position": Client.position(1, 2)])
            return (result["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        XCTAssertTrue(try hover().hasSuffix("2 tasks\n"))
        XCTAssertTrue(try hover().hasSuffix("2 tasks\n"), "asked again, the same answer")
        // A note it listed, changed on disk unannounced: its stamp tells.
        try folder.write("# 2026-11-24\n\n- [x] 2026-11-24 Call about the invoice @phone due:2026-11-23\n", to: "Daily/2026-11-24.md")
        XCTAssertTrue(try hover().hasSuffix("1 task\n"))
        // A note the client says changed.
        try folder.write("# Garden\n\n- [ ] Send the invoice for seeds +garden @phone due:2026-11-02\n", to: "Projects/Garden.md")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Projects/Garden.md"), "type": 2]]])
        XCTAssertTrue(try hover().hasSuffix("2 tasks\n"))
        // An open document edited.
        client.open(uri(folder, "Inbox.md"), "- [ ] Fix the gate due:2026-11-01\n")
        XCTAssertTrue(try hover().hasSuffix("3 tasks\n"))
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri(folder, "Inbox.md"), "version": 2],
                                                 "contentChanges": [["text": "- [x] 2026-11-02 Fix the gate due:2026-11-01\n"]]])
        XCTAssertTrue(try hover().hasSuffix("2 tasks\n"))
    }

    func testRenameReachesANoteThatCameToNameTheProjectOnDiskSinceItWasRead() throws {
        let folder = try notes()
        let client = try started(folder)
        try folder.write("# Garden\n\n- [ ] Paint the shed +house\n", to: "Projects/Garden.md")
        let inbox = uri(folder, "Inbox.md")
        client.open(inbox, "- [ ] Fix the door +house\n")
        let edit = try client.result(of: "textDocument/rename", ["textDocument": ["uri": inbox], "position": Client.position(0, 21), "newName": "home"])
        XCTAssertEqual(TextEdits.apply(TextEdits.edits(for: uri(folder, "Projects/Garden.md"), in: edit), to: "# Garden\n\n- [ ] Paint the shed +house\n"),
                       "# Garden\n\n- [ ] Paint the shed +home\n")
        let files = ((edit["documentChanges"] as? [[String: Any]]) ?? []).compactMap { ($0["textDocument"] as? [String: Any])?["uri"] as? String }
        XCTAssertEqual(Set(files), [inbox, uri(folder, "Projects/Garden.md"), uri(folder, "Projects/House.md")])
    }

    func testGoToDefinitionFindsTheTaskWhereANoteChangedOnDiskUnannouncedNowGivesTheId() throws {
        let folder = try notes()
        try folder.write("# Move\n\n- [ ] Pack the boxes 🆔 pack1\n", to: "Projects/Move.md")
        let client = try started(folder)
        let note = uri(folder, "Inbox.md")
        client.open(note, "- [ ] Load the van ⛔ pack1\n")
        let position: [String: Any] = ["textDocument": ["uri": note], "position": Client.position(0, 21)]
        XCTAssertEqual(((try client.result(of: "textDocument/definition", position))["range"] as? [String: Any])?["start"] as? [String: Int],
                       ["line": 2, "character": 24])
        // The note's stamp tells the index it changed: the id is on another line now.
        try folder.write("# Move\n\n- [ ] Book the van\n- [ ] Pack the boxes 🆔 pack1\n", to: "Projects/Move.md")
        let location = try client.result(of: "textDocument/definition", position)
        XCTAssertEqual(location["uri"] as? String, uri(folder, "Projects/Move.md"))
        XCTAssertEqual((location["range"] as? [String: Any])?["start"] as? [String: Int], ["line": 3, "character": 24])
    }

    func testGoToDefinitionFindsNothingOnceTheNoteTheClientSaysChangedNoLongerGivesTheId() throws {
        let folder = try notes()
        try folder.write("# Move\n\n- [ ] Pack the boxes 🆔 pack1\n", to: "Projects/Move.md")
        let client = try started(folder)
        let note = uri(folder, "Inbox.md")
        client.open(note, "- [ ] Load the van ⛔ pack1\n")
        try folder.write("# Move\n\n- [ ] Pack the boxes\n", to: "Projects/Move.md")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Projects/Move.md"), "type": 2]]])
        let answer = try client.request("textDocument/definition", ["textDocument": ["uri": note], "position": Client.position(0, 21)])
        XCTAssertTrue(answer["result"] is NSNull, "\(answer)")
    }

    func testCompletionOffersTheIdsAndTagsANoteTheClientSaysChangedGivesNow() throws {
        let folder = try notes()
        try folder.write("# Move\n\n- [ ] Pack the boxes 🆔 pack1 #moving\n", to: "Projects/Move.md")
        let client = try started(folder)
        let note = uri(folder, "Inbox.md")
        let lines = ["- [ ] Load the van ⛔ pa", "- [ ] Label the boxes #mov"]
        client.open(note, lines.joined(separator: "\n") + "\n")
        func labels(_ line: Int) throws -> [String] {
            let result = try client.result(of: "textDocument/completion",
                                           ["textDocument": ["uri": note], "position": Client.position(line, lines[line].utf16.count)])
            return (result["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        }
        XCTAssertEqual(try labels(0), ["pack1"])
        XCTAssertEqual(try labels(1), ["#moving"])
        try folder.write("# Move\n\n- [ ] Pack the boxes 🆔 pack2 #movers\n", to: "Projects/Move.md")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Projects/Move.md"), "type": 2]]])
        XCTAssertEqual(try labels(0), ["pack2"])
        XCTAssertEqual(try labels(1), ["#movers"])
        // A note the client says it deleted gives nothing.
        try FileManager.default.removeItem(atPath: folder.path("Projects/Move.md"))
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Projects/Move.md"), "type": 3]]])
        XCTAssertEqual(try labels(0), [])
        XCTAssertEqual(try labels(1), [])
    }

    func testAHoverOverAQueryBlockListsATaskOfANoteTheClientSaysWasCreated() throws {
        let folder = try notes()
        let client = try started(folder)
        let dashboard = uri(folder, "Dashboard.md")
        client.open(dashboard, "```tasks\nnot done\ndue before tomorrow\nhide backlink\n```\n")
        func hover() throws -> String {
            let result = try client.result(of: "textDocument/hover", ["textDocument": ["uri": dashboard], "position": Client.position(1, 2)])
            return (result["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        XCTAssertTrue(try hover().hasSuffix("2 tasks\n"))
        try folder.write("- [ ] Return the ladder due:2026-11-10\n", to: "Notes/Ladder.md")
        // The folder is walked again for it; the hover waits for the walk.
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Notes/Ladder.md"), "type": 1]]])
        let answer = try hover()
        XCTAssertTrue(answer.contains("Return the ladder"), answer)
        XCTAssertTrue(answer.hasSuffix("3 tasks\n"), answer)
    }

    func testAHoverOverAQueryBlockNoLongerListsATaskOfANoteTheClientSaysWasDeleted() throws {
        let folder = try notes()
        let client = try started(folder)
        let dashboard = uri(folder, "Dashboard.md")
        client.open(dashboard, "```tasks\nnot done\ndue before tomorrow\nhide backlink\n```\n")
        func hover() throws -> String {
            let result = try client.result(of: "textDocument/hover", ["textDocument": ["uri": dashboard], "position": Client.position(1, 2)])
            return (result["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        XCTAssertTrue(try hover().contains("Call about the invoice"))
        try FileManager.default.removeItem(atPath: folder.path("Daily/2026-11-24.md"))
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Daily/2026-11-24.md"), "type": 3]]])
        XCTAssertEqual(try hover(), """
            - [ ] Pay the painter's invoice +house #home due:2026-11-20

            1 task

            """)
    }

    func testHoversOverTwoQueryBlocksEachFollowAChangeOfTheNotes() throws {
        let folder = try notes()
        let client = try started(folder)
        let dashboard = uri(folder, "Dashboard.md")
        client.open(dashboard, "```tasks\nnot done\ndue before tomorrow\nhide backlink\n```\n\n```tasks\npath includes Projects\nhide backlink\n```\n")
        func hover(line: Int) throws -> String {
            let result = try client.result(of: "textDocument/hover", ["textDocument": ["uri": dashboard], "position": Client.position(line, 2)])
            return (result["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        XCTAssertTrue(try hover(line: 1).hasSuffix("2 tasks\n"))
        XCTAssertTrue(try hover(line: 7).hasSuffix("3 tasks\n"))
        XCTAssertTrue(try hover(line: 1).hasSuffix("2 tasks\n"), "each block's answer kept beside the other's")
        try folder.write("# Garden\n\n- [ ] Send the invoice for seeds +garden @phone\n- [ ] Water the roses #garden\n- [ ] Buy bulbs due:2026-11-02\n",
                         to: "Projects/Garden.md")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(folder, "Projects/Garden.md"), "type": 2]]])
        XCTAssertTrue(try hover(line: 7).hasSuffix("4 tasks\n"))
        let first = try hover(line: 1)
        XCTAssertTrue(first.contains("Buy bulbs"), first)
        XCTAssertTrue(first.hasSuffix("3 tasks\n"), first)
    }
}
