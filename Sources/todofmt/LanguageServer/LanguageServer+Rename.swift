import TodoKit

extension LanguageServer {
    /// `textDocument/prepareRename`: the name of the `+project` or `@context` under the cursor; null elsewhere.
    func prepareRename(_ params: PositionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        guard let (range, name, _) = try nameUnderCursor(open, params.position) else { return .null }
        return .object([("range", range), ("placeholder", .string(name))])
    }

    /// `textDocument/rename`: the project or context renamed in every task of every open document that
    /// names it (ignoring case, as filters match names); each document's edit checked by TodoKit.
    func rename(_ params: RenameParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        var newName = params.newName
        guard let (_, name, kind) = try nameUnderCursor(open, params.position) else {
            throw .requestFailed("only a +project or an @context can be renamed")
        }
        if newName.hasPrefix(kind == .project ? "+" : "@") { newName.removeFirst() }
        var edit = WorkspaceEdit(client)
        for document in documents.values.sorted(by: { $0.uri < $1.uri }) where document.notText == nil {
            try document.requireInStep()
            let result: EditResult
            do { result = try TaskEditor.rename(kind, from: name, to: newName, in: document.document) } catch {
                throw .requestFailed("\(document.uri): \(error)")
            }
            guard result.changesText else { continue }
            edit.edit(uri: document.uri, version: document.version, LineDiff.changes(from: document.text, to: result.document.text),
                      document.positions(encoding))
        }
        return edit.json
    }

    /// The range of the name (without its sigil), the name, and whether it is a project or a context.
    private func nameUnderCursor(_ open: OpenDocument, _ position: Position) throws(ResponseError) -> (JSONValue, String, Token.Kind)? {
        let positions = open.positions(encoding)
        let offset = try positions.offset(of: position)
        guard open.notText == nil else { return nil }
        let document = open.document
        let (line, column) = positions.lineAndColumn(of: offset)
        guard let (index, token) = NameUsage.token(atLine: line, column: column, in: document),
              token.kind == .project || token.kind == .context else { return nil }
        let task = document.tasks[index]
        let start = positions.offset(line: line, column: task.bodyColumn + token.nameRange.lowerBound)
        return (positions.range(start..<(start + token.nameRange.count)), task.body.name(of: token), token.kind)
    }
}
