import TodoKit

extension LanguageServer {
    /// What a rename renames: a `+project` or `@context` (todo.txt's names), or a `#tag`.
    enum RenamedName: Equatable {
        case name(Token.Kind)
        case hashtag

        var sigil: String {
            switch self {
            case .name(let kind): kind == .project ? "+" : "@"
            case .hashtag: "#"
            }
        }
    }

    /// `textDocument/prepareRename`: the name of the `+project`, `@context` or `#tag` under the cursor; null
    /// elsewhere.
    func prepareRename(_ params: PositionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        guard let (range, name, _) = try nameUnderCursor(open, params.position) else { return .null }
        return .object([("range", range), ("placeholder", .string(name))])
    }

    /// `textDocument/rename`: the project, context or tag renamed in every task that names it (ignoring case, as
    /// filters match names and Obsidian matches tags), in every open document and every note of the workspace,
    /// each task in its own dialect; each document's edit checked by TodoKit. It waits for the workspace's reading,
    /// so that no note is left out, and is refused while a document the server holds is out of step with the
    /// editor.
    func rename(_ params: RenameParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        var newName = params.newName
        guard let (_, name, renamed) = try nameUnderCursor(open, params.position) else {
            throw .requestFailed("only a +project, an @context or a #tag can be renamed")
        }
        if newName.hasPrefix(renamed.sigil) { newName.removeFirst() }
        var notes = try workspaceNotes()
        if anyChangedOnDisk(notes) { notes = try workspaceNotes() }
        // A file is read whole only when it names the name at all (ignoring case, nested tags too): the others
        // have nothing to rename.
        let lowercased = name.lowercased()
        func names(_ note: WorkspaceNote) -> Bool {
            let names = note.names
            let written = switch renamed {
            case .name(let kind): (kind == .project ? names.projects : names.contexts).map(\.name)
            case .hashtag: names.hashtags
            }
            return written.contains { $0.lowercased().contains(lowercased) }
        }
        var edit = WorkspaceEdit(client)
        for note in notes.sorted(by: { $0.uri < $1.uri }) {
            let document: Document
            switch note.source {
            case .open(let open): document = open.document
            case .file: 
                guard names(note), let read = workspace.document(at: note.path!) else { continue }
                document = read
            }
            let result: EditResult
            do {
                switch renamed {
                case .name(let kind): result = try TaskEditor.rename(kind, from: name, to: newName, in: document)
                case .hashtag: result = try TaskEditor.renameHashtag(from: name, to: newName, in: document)
                }
            } catch {
                throw .requestFailed("\(note.shownPath): \(error)")
            }
            guard result.changesText else { continue }
            let version = try note.openURI.map { uri throws(ResponseError) -> Int in
                let document = try self.document(uri)
                try document.requireInStep()
                return document.version
            }
            edit.edit(uri: note.uri, version: version, result.textChanges, TextPositions(text: document.text, lines: document.lines, encoding: encoding))
        }
        return edit.json
    }

    /// The range of the name (without its sigil), the name, and what it names.
    private func nameUnderCursor(_ open: OpenDocument, _ position: Position) throws(ResponseError) -> (JSONValue, String, RenamedName)? {
        let positions = open.positions(encoding)
        let offset = try positions.offset(of: position)
        guard open.notText == nil else { return nil }
        let document = open.document
        let (line, column) = positions.lineAndColumn(of: offset)
        guard let (index, token) = NameUsage.token(atLine: line, column: column, in: document) else { return nil }
        let task = document.tasks[index]
        let nameRange: Range<Int>
        let renamed: RenamedName
        switch token.kind {
        case .project, .context:
            (nameRange, renamed) = (token.nameRange, .name(token.kind))
        case .word:
            guard let tag = NameUsage.hashtag(in: token, of: task.body) else { return nil }
            (nameRange, renamed) = ((tag.lowerBound + 1)..<tag.upperBound, .hashtag)
        case .tag:
            return nil
        }
        let start = positions.offset(line: line, column: task.bodyColumn + nameRange.lowerBound)
        let name = String(decoding: Array(task.body.text.utf8)[nameRange], as: UTF8.self)
        return (positions.range(start..<(start + nameRange.count)), name, renamed)
    }
}
