import TodoKit

extension LanguageServer {
    /// `textDocument/formatting`: the canonical form (sorted, when a sort is set), as edits of only the lines
    /// that change. Refused, with the buffer left alone, exactly when `Formatter.format` refuses.
    func formatting(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let document = try self.document(params)
        try document.requireText()
        try document.requireNamedFormat()
        let result: FormatResult
        do { result = try Formatter.format(document.text, as: document.format, sortedBy: sortKeys) } catch {
            throw .requestFailed("\(error); the buffer was left as it is")
        }
        guard result.isChanged else { return .array([]) }
        return .array(WorkspaceEdit.textEdits(LineDiff.changes(from: document.text, to: result.text), document.positions(encoding)))
    }
}
