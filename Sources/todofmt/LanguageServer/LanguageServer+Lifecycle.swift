import TodoKit

extension LanguageServer {
    /// `initialize`: takes the client's capabilities and settings, and says what the server does. Settings it
    /// cannot take are shown to the person at the editor, and the server starts without them.
    func initialize(_ params: InitializeParams) -> JSONValue {
        client = params.capabilities
        encoding = .negotiated(client.positionEncodings)
        applySettings(params.options)
        workspaceFolders = params.workspaceFolders
        let notify = sendFromAnyThread, showsProgress = client.showsProgress, wakeUp = wakeUp
        workspace = WorkspaceIndex(gate: readGate) { event in
            switch event {
            case .listed(let folder, let count):
                guard showsProgress else { return }
                notify("$/progress", .object([("token", .string(LanguageServer.indexingToken(folder))), ("value", .object([
                    ("kind", .string("report")), ("message", .string("Reading \(LanguageServer.counted(count, "file"))")),
                ]))]))
            case .walked(let folder, let count):
                if showsProgress, let count {
                    notify("$/progress", .object([("token", .string(LanguageServer.indexingToken(folder))), ("value", .object([
                        ("kind", .string("end")), ("message", .string("\(count) file\(count == 1 ? "" : "s") read")),
                    ]))]))
                }
                wakeUp()
            }
        }
        state = .running
        let capabilities: JSONValue = .object([
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2))])),
            ("documentFormattingProvider", .bool(true)),
            ("codeActionProvider", .object([
                ("codeActionKinds", .strings(CodeActionKind.all)),
                ("resolveProvider", .bool(true)),
            ])),
            ("executeCommandProvider", .object([("commands", .strings([Self.applyCodeActionCommand]))])),
            // A space after a Tasks field's emoji asks for its value (`📅 ` a date, `⛔ ` an id); `,` for the next id.
            ("completionProvider", .object([("triggerCharacters", .strings(["+", "@", ":", " ", ",", "#"]))])),
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("workspaceSymbolProvider", .bool(true)),
            ("workspace", .object([("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))]))])),
            ("documentSymbolProvider", .bool(true)),
            ("foldingRangeProvider", .bool(true)),
            ("semanticTokensProvider", .object([
                ("legend", .object([("tokenTypes", .strings(SemanticTokenLegend.types)),
                                    ("tokenModifiers", .strings(SemanticTokenLegend.modifiers))])),
                ("full", .bool(true)),
                ("range", .bool(true)),
            ])),
            ("inlayHintProvider", .bool(true)),
            ("renameProvider", .object([("prepareProvider", .bool(true))])),
        ])
        return .object([
            ("capabilities", capabilities),
            ("serverInfo", .object([("name", .string("todofmt")), ("version", .string(Version.current))])),
        ])
    }

    /// `workspace/didChangeConfiguration`: `{"settings": {"todofmt": {…}}}`, or the settings themselves.
    func didChangeConfiguration(_ params: JSONField) {
        let settings = params["settings"]
        applySettings(settings["todofmt"].isAbsent ? settings : settings["todofmt"])
    }

    /// Takes the settings `field` holds (`sortBy`, `outlineTasks`); a value it cannot take is shown to the
    /// person at the editor (`window/showMessage`), and the setting keeps its value.
    func applySettings(_ field: JSONField) {
        for problem in settings.apply(field) { showMessage(problem) }
        unusedSortKeysShown = []
        queryHovers = [:]
        for document in documents.values {
            let tasks = settings.tasks(in: document.path.flatMap(Vault.containing))
            guard document.settings != tasks else { continue }
            document.settings = tasks
            markStale(document.uri)
        }
    }
}
