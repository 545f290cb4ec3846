import TodoKit

extension LanguageServer {
    /// `textDocument/formatting`: the canonical form (sorted, when a sort is set), as edits of only the lines
    /// that change. Refused, with the buffer left alone, exactly when `Formatter.format` refuses.
    func formatting(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
        let document = try self.document(params.uri)
        try document.requireText()
        try document.requireInStep()
        try document.requireNamedFormat()
        let result: FormatResult
        do { result = try format(document, sortedBy: settings.sortKeys) } catch {
            throw .requestFailed("\(error); the buffer was left as it is")
        }
        guard result.isChanged else { return .array([]) }
        return .array(WorkspaceEdit.textEdits(LineDiff.changes(from: document.text, to: result.text), document.positions(encoding)))
    }

    /// `Formatter.format` on the buffer. A sort key naming a tag no task has changes nothing and is most
    /// likely misspelt: the person at the editor is told, once for each key until the settings change.
    func format(_ document: OpenDocument, sortedBy keys: [SortKey]?) throws -> FormatResult {
        let result = try Formatter.format(document.document, canonical: document.canonicalForm, sortedBy: keys)
        for key in SortKey.unusedTagKeys(keys ?? [], in: document.document) where unusedSortKeysShown.insert(key).inserted {
            showMessage("todofmt: no task has a '\(key):' tag, so the sort key '\(key)' changes nothing "
                        + "(keys: \(SortKey.fieldNames.joined(separator: ", ")), or a tag key)")
        }
        return result
    }
}
