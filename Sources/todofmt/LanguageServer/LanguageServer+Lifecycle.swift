import TodoKit

extension LanguageServer {
    /// `initialize`: takes the client's capabilities and settings, and says what the server does.
    func initialize(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        clientCapabilities = params["capabilities"] ?? .null
        encoding = .negotiated(clientCapability("general", "positionEncodings")?.array?.compactMap(\.string) ?? [])
        if let options = params["initializationOptions"] { try applySettings(options) }
        state = .running
        let capabilities: JSONValue = .object([
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2))])),
            ("documentFormattingProvider", .bool(true)),
            ("codeActionProvider", .object([
                ("codeActionKinds", .strings(CodeActionKind.all)),
                ("resolveProvider", .bool(true)),
            ])),
            ("completionProvider", .object([("triggerCharacters", .strings(["+", "@", ":"]))])),
            ("hoverProvider", .bool(true)),
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

    /// `workspace/didChangeConfiguration`: `{"todofmt": {"sortBy": …}}` (or the settings themselves).
    func didChangeConfiguration(_ params: JSONValue) throws(ResponseError) {
        guard let settings = params["settings"] else { return }
        try applySettings(settings["todofmt"] ?? settings)
    }

    /// `sortBy`: sort keys as `--sort-by` takes them (`"status,-due"`), or `true` for `--sort`'s order, or
    /// `false`/null for none.
    func applySettings(_ settings: JSONValue) throws(ResponseError) {
        guard let value = settings["sortBy"] else { return }
        switch value {
        case .bool(let sorts): sortKeys = sorts ? SortKey.defaultOrder : nil
        case .null: sortKeys = nil
        case .string(let keys):
            do { sortKeys = try SortKey.parseList(keys) } catch {
                throw .invalidParams("sortBy: \(error) (keys: \(SortKey.fieldNames.joined(separator: ", ")), or a tag key)")
            }
        default: throw .invalidParams("sortBy takes sort keys such as \"status,priority,due\", or true")
        }
    }
}
