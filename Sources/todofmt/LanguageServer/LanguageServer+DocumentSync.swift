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
    ///
    /// A change the editor cannot have made to the text the server holds (a range that ends before it starts or
    /// starts on a line past the end, a version older than the one held) is refused whole: the server keeps its
    /// last good text, says so, and proposes no edit to the document until the editor sends its whole text again
    /// (a change without a range, or a reopen). Until then later changes, made to a text the server does not
    /// have, are set aside too. An end past the end of the document means its end, as a character past the end
    /// of a line means the line's end (the protocol's rule).
    func didChange(_ params: DidChangeParams) throws(ResponseError) {
        let document = try self.document(params.uri)
        let shown = "\(document.uri) version \(params.version.map(String.init) ?? "(none)")"
        if let version = params.version, version < document.version {
            refuse(document, "\(shown): the version goes back from \(document.version)")
            return
        }
        // Changes after the last whole text, when the server is out of step: only those can be applied.
        var changes = params.changes[...]
        if document.outOfStep != nil {
            guard let full = changes.lastIndex(where: { $0.range == nil }) else {
                logMessage("todofmt: \(shown): set aside, as the server does not hold the text it changes; reopen the file")
                return
            }
            changes = changes[full...]
        }
        let before = (text: document.text, version: document.version, outOfStep: document.outOfStep)
        for change in changes {
            if let range = change.range {
                let positions = document.positions(encoding)
                if let problem = Self.impossibility(of: range, in: positions) {
                    document.restore(text: before.text, version: before.version, outOfStep: before.outOfStep)
                    refuse(document, "\(shown): \(problem)")
                    return
                }
                document.replace(positions.clampedOffsets(of: range), with: change.text)
            } else {
                document.replaceText(change.text)
                document.outOfStep = nil
            }
        }
        if let version = params.version { document.version = version }
        markStale(document.uri)
    }

    /// Why the editor cannot have replaced `range` of the text `positions` reads: it ends before it starts, or
    /// starts on a line past the end; nil for a range it can have.
    static func impossibility(of range: PositionRange, in positions: TextPositions) -> String? {
        let (start, end) = (range.start, range.end)
        if (end.line, end.character) < (start.line, start.character) {
            return "a change whose range ends (\(end.line):\(end.character)) before it starts (\(start.line):\(start.character))"
        }
        if start.line >= positions.lineCount {
            return "a change that starts on line \(start.line), past the end of the document (\(positions.lineCount) lines)"
        }
        return nil
    }

    /// Refuses a change: the document keeps its text, and the person at the editor is told that its edits wait
    /// for the whole text.
    private func refuse(_ document: OpenDocument, _ reason: String) {
        if document.outOfStep == nil { document.outOfStep = reason }
        showMessage("todofmt: \(reason); the change is refused, and no edit is proposed to the file until the editor "
                    + "sends its whole text (reopen the file)")
    }

    /// `textDocument/didClose`: forgets the document and clears its diagnostics.
    func didClose(_ params: DocumentParams) throws(ResponseError) {
        let document = try self.document(params.uri)
        documents[document.uri] = nil
        staleDiagnostics.removeAll { $0 == document.uri }
        sendNotification("textDocument/publishDiagnostics", .object([("uri", .string(document.uri)), ("diagnostics", .array([]))]))
    }
}
