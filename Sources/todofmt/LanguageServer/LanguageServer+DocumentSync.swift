import TodoKit

extension LanguageServer {
    /// `textDocument/didOpen`: the editor's text becomes the document, read as its language id (or name) says.
    func didOpen(_ params: JSONValue) throws(ResponseError) {
        let item = params["textDocument"]
        guard let uri = item?["uri"]?.string, let text = item?["text"]?.string else {
            throw .invalidParams("didOpen needs textDocument.uri and textDocument.text")
        }
        documents[uri] = OpenDocument(uri: uri, version: item?["version"]?.int ?? 0,
                                      languageID: item?["languageId"]?.string ?? "", text: text)
        markStale(uri)
    }

    /// `textDocument/didChange`: each change in turn, a whole new text or a range replaced (its positions
    /// counted in the text the earlier changes left).
    func didChange(_ params: JSONValue) throws(ResponseError) {
        let document = try self.document(params)
        guard let changes = params["contentChanges"]?.array else { throw .invalidParams("didChange needs contentChanges") }
        if let version = params["textDocument"]?["version"]?.int { document.version = version }
        for change in changes {
            guard let text = change["text"]?.string else { throw .invalidParams("a content change needs its text") }
            if let range = change["range"] {
                // A position past the end means the end: the protocol's rule for characters, kept for lines so
                // that a change is never lost.
                let positions = document.positions(encoding)
                let start = positions.clampedOffset(of: try Position(range["start"]))
                let end = positions.clampedOffset(of: try Position(range["end"]))
                let offsets = min(start, end)..<max(start, end)
                document.replace(offsets, with: text)
            } else {
                document.replaceText(text)
            }
        }
        markStale(document.uri)
    }

    /// `textDocument/didClose`: forgets the document and clears its diagnostics.
    func didClose(_ params: JSONValue) throws(ResponseError) {
        let document = try self.document(params)
        documents[document.uri] = nil
        staleDiagnostics.removeAll { $0 == document.uri }
        sendNotification("textDocument/publishDiagnostics", .object([("uri", .string(document.uri)), ("diagnostics", .array([]))]))
    }
}
