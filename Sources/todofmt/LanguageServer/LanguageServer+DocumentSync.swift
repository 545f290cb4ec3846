import TodoKit

extension LanguageServer {
    /// `textDocument/didOpen`: the editor's text becomes the document, read as its language id (or name) says,
    /// and as a note of the Obsidian vault its file lies in; a todo file or a note as its file's name, vault and
    /// `.todofmt` say.
    func didOpen(_ params: DidOpenParams) {
        let vault = FileURI.path(of: params.uri).flatMap(Vault.containing)
        let document = OpenDocument(uri: params.uri, version: params.version, languageID: params.languageID, text: params.text,
                                    settings: settings.tasks(in: vault))
        document.reading = vault?.reading ?? .commonMark
        if let path = FileURI.path(of: params.uri) {
            document.kind = FileKind.ofFile(at: path, format: document.format, vault: vault).kind
        }
        documents[params.uri] = document
        markStale(params.uri)
    }

    /// `textDocument/didChange`: each change in turn, a whole new text or a range replaced (its positions
    /// counted in the text the earlier changes left).
    func didChange(_ params: DidChangeParams) throws(ResponseError) {
        let document = try self.document(params.uri)
        if let version = params.version { document.version = version }
        for change in params.changes {
            if let range = change.range {
                // A position past the end means the end: the protocol's rule for characters, kept for lines so
                // that a change is never lost.
                document.replace(document.positions(encoding).clampedOffsets(of: range), with: change.text)
            } else {
                document.replaceText(change.text)
            }
        }
        markStale(document.uri)
    }

    /// `textDocument/didClose`: forgets the document and clears its diagnostics.
    func didClose(_ params: DocumentParams) throws(ResponseError) {
        let document = try self.document(params.uri)
        documents[document.uri] = nil
        staleDiagnostics.removeAll { $0 == document.uri }
        sendNotification("textDocument/publishDiagnostics", .object([("uri", .string(document.uri)), ("diagnostics", .array([]))]))
    }
}
