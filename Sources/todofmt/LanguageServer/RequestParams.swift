/// The params of each request and notification the server reads, each read from the message's JSON by a small
/// initialiser: a missing or mistyped member is an invalid-params error (-32602) naming it.

/// `{textDocument: {uri}}`: documentSymbol, foldingRange, formatting, semanticTokens/full, didClose.
struct DocumentParams: ParamsDecodable {
    var uri: String

    init(_ field: JSONField) throws(ResponseError) {
        uri = try field["textDocument"]["uri"].string()
    }
}

/// A document and a position in it: hover, completion, prepareRename.
struct PositionParams: ParamsDecodable {
    var uri: String
    var position: Position

    init(_ field: JSONField) throws(ResponseError) {
        uri = try field["textDocument"]["uri"].string()
        position = try field["position"].decode()
    }
}

/// A document and a range of it: semanticTokens/range, inlayHint.
struct RangeParams: ParamsDecodable {
    var uri: String
    var range: PositionRange

    init(_ field: JSONField) throws(ResponseError) {
        uri = try field["textDocument"]["uri"].string()
        range = try field["range"].decode()
    }
}

/// `textDocument/codeAction`: the cursor or selection, and the kinds the client asks for (all when nil).
struct CodeActionParams: ParamsDecodable {
    var uri: String
    var range: PositionRange
    var only: [String]?

    init(_ field: JSONField) throws(ResponseError) {
        uri = try field["textDocument"]["uri"].string()
        range = try field["range"].decode()
        only = try field["context"]["only"].optionalStrings()
    }
}

/// `textDocument/rename`.
struct RenameParams: ParamsDecodable {
    var uri: String
    var position: Position
    var newName: String

    init(_ field: JSONField) throws(ResponseError) {
        uri = try field["textDocument"]["uri"].string()
        position = try field["position"].decode()
        newName = try field["newName"].string()
    }
}

/// `textDocument/didOpen`.
struct DidOpenParams: ParamsDecodable {
    var uri: String
    var languageID: String
    var version: Int
    var text: String

    init(_ field: JSONField) throws(ResponseError) {
        let item = field["textDocument"]
        uri = try item["uri"].string()
        languageID = try item["languageId"].optionalString() ?? ""
        version = try item["version"].optionalInt() ?? 0
        text = try item["text"].string()
    }
}

/// `textDocument/didChange`: the new version and the changes, each a whole text or a range replaced.
struct DidChangeParams: ParamsDecodable {
    struct Change {
        /// Nil replaces the whole text.
        var range: PositionRange?
        var text: String
    }

    var uri: String
    var version: Int?
    var changes: [Change]

    init(_ field: JSONField) throws(ResponseError) {
        uri = try field["textDocument"]["uri"].string()
        version = try field["textDocument"]["version"].optionalInt()
        changes = []
        for change in try field["contentChanges"].array() {
            changes.append(Change(range: try change["range"].optionalDecode(), text: try change["text"].string()))
        }
    }
}

/// `initialize`: what the client can do, and the server's settings (`initializationOptions`).
struct InitializeParams: ParamsDecodable {
    var capabilities: ClientCapabilities
    var options: JSONField
    /// The paths of the workspace folders (`workspaceFolders`, else the older `rootUri`, else `rootPath`).
    var workspaceFolders: [String] = []

    init(_ field: JSONField) throws(ResponseError) {
        capabilities = ClientCapabilities(field["capabilities"])
        options = field["initializationOptions"]
        if !field["workspaceFolders"].isAbsent {
            for folder in try field["workspaceFolders"].array() {
                if let path = FileURI.path(of: try folder["uri"].string()) { workspaceFolders.append(LanguageServer.folderPath(path)) }
            }
        } else if let uri = try field["rootUri"].optionalString() {
            workspaceFolders = FileURI.path(of: uri).map { [LanguageServer.folderPath($0)] } ?? []
        } else if let path = try field["rootPath"].optionalString() {
            workspaceFolders = [LanguageServer.folderPath(path)]
        }
    }
}

/// `workspace/executeCommand`.
struct ExecuteCommandParams: ParamsDecodable {
    var command: String
    var arguments: [JSONField]

    init(_ field: JSONField) throws(ResponseError) {
        command = try field["command"].string()
        arguments = field["arguments"].isAbsent ? [] : try field["arguments"].array()
    }
}
