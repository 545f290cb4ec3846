/// What the client says it can do (`initialize`'s `capabilities`), as far as the server's answers depend on it.
/// A capability the client leaves out, or writes in a form the protocol does not give it, is one it lacks.
struct ClientCapabilities {
    /// `general.positionEncodings`, in the client's order of preference.
    var positionEncodings: [String] = []
    /// `textDocument.codeAction.resolveSupport` covers `edit`: a code action's edit can wait until it is
    /// picked (`codeAction/resolve`).
    var resolvesEdits = false
    /// `workspace.workspaceEdit.documentChanges`: edits name the document's version.
    var documentChanges = false
    /// `workspace.workspaceEdit.resourceOperations` holds `create`: an edit can create a file.
    var createsFiles = false
    /// `window.workDoneProgress`: the server may show the progress of its work (reading the workspace).
    var showsProgress = false
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`: the server may ask to hear of changed files.
    var registersFileWatchers = false

    init() {}

    init(_ field: JSONField) {
        positionEncodings = Self.strings(field["general"]["positionEncodings"])
        resolvesEdits = Self.strings(field["textDocument"]["codeAction"]["resolveSupport"]["properties"]).contains("edit")
        let workspaceEdit = field["workspace"]["workspaceEdit"]
        documentChanges = (try? workspaceEdit["documentChanges"].bool()) ?? false
        createsFiles = documentChanges && Self.strings(workspaceEdit["resourceOperations"]).contains("create")
        showsProgress = (try? field["window"]["workDoneProgress"].bool()) ?? false
        registersFileWatchers = (try? field["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"].bool()) ?? false
    }

    private static func strings(_ field: JSONField) -> [String] {
        (field.value?.array ?? []).compactMap(\.string)
    }
}
