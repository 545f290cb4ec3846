import TodoKit

extension LanguageServer {
    /// The instructions of the document's ```` ```tasks ```` blocks that cannot be read, as `todofmt query`
    /// reports them.
    func queryDiagnostics(of open: OpenDocument) -> [Diagnostic] {
        let blocks = QueryBlock.all(in: open.document)
        guard !blocks.isEmpty else { return [] }
        let settings = querySettings(of: open), properties = NoteProperties(of: open.document)
        return blocks.flatMap { block in
            TasksQuery(block.source, file: open.path.map(shownPath) ?? "", today: today(), settings: settings, properties: properties).diagnostics
        }
    }

    /// The settings the document's query blocks run under, as `todofmt query` runs them: its vault's global query
    /// and presets, with the global filter its tasks are read with.
    private func querySettings(of open: OpenDocument) -> QuerySettings {
        QuerySettings.ofNote(at: open.path, tasks: open.document.settings)
    }

    /// How many tasks a hover over a query block lists before `…`.
    static let queryHoverTasks = 10

    /// `textDocument/hover` over a ```` ```tasks ```` block: its first results and their count, as `todofmt
    /// query` lists them (under the vault's global query and presets), over the tasks of the workspace's files read so far and of the open documents (else,
    /// with no workspace folder, of the todo file); or what is wrong with its instructions. Nil when `line`
    /// (1-based) is in no query block.
    ///
    /// The answer is kept for each query text until a note changes (a file read again, added or forgotten, an
    /// open document edited, another day): a hover over the same block again costs a look at the notes of the
    /// tasks it shows, whose stamps say whether they changed on disk.
    func queryHover(_ open: OpenDocument, line: Int, positions: TextPositions) throws(ResponseError) -> JSONValue? {
        let document = open.document
        guard let block = QueryBlock.block(atLine: line, in: document) else { return nil }
        let file = open.path.map(shownPath) ?? ""
        // Before the kept answer is looked at: a walk under way (a file was created) may not yet have counted
        // its change, so the answer waits for the walk as every answer over the workspace does.
        try requireWorkspaceRead()
        let key = QueryHoverKey(source: block.source, file: file, today: today(), workspace: workspace.generation,
                                documents: documents.map { ($0.key, $0.value.version) }.sorted { $0.0 < $1.0 }.map { "\($0.0)@\($0.1)" })
        let markdown: String
        // Without a workspace folder the todo file is read afresh each time: nothing is kept.
        if !workspace.folders.isEmpty, let kept = queryHovers[block.source], kept.key == key, !anyChangedOnDisk(kept.used) {
            markdown = kept.markdown
        } else {
            let query = TasksQuery(block.source, file: file, today: today(), settings: querySettings(of: open),
                                   properties: NoteProperties(of: document))
            // The state of the notes read: a change while the answer is made is seen at the next hover.
            var generation = workspace.generation
            var notes = try queryNotes()
            var used: [WorkspaceNote] = []
            if var result = query.run(onNotes: notes.map { ($0.shownPath, $0.tasks) }) {
                // The files the tasks shown are in, read again if they changed on disk since (a change to the others,
                // which only count, is the client's to tell: a stat of every note found would cost as much as the run).
                let listed = Set(result.tasks.prefix(LanguageServer.queryHoverTasks).map(\.path))
                used = notes.filter { listed.contains($0.shownPath) }
                if anyChangedOnDisk(used) {
                    generation = workspace.generation
                    notes = try queryNotes()
                    result = query.run(onNotes: notes.map { ($0.shownPath, $0.tasks) }) ?? result
                    let listed = Set(result.tasks.prefix(LanguageServer.queryHoverTasks).map(\.path))
                    used = notes.filter { listed.contains($0.shownPath) }
                }
                markdown = result.rendered(maximumTasks: LanguageServer.queryHoverTasks)
            } else {
                markdown = query.diagnostics.map { "line \($0.line): \($0.message)" }.joined(separator: "  \n")
            }
            if !workspace.folders.isEmpty {
                var made = key
                made.workspace = generation
                // One answer a query text, all made from the same notes: those made before a change go.
                queryHovers = queryHovers.filter { $0.value.key.isOfSameNotes(as: made) }
                queryHovers[block.source] = (made, markdown, used.filter { $0.stamp != nil })
            }
        }
        let start = positions.offset(line: block.line, column: 1)
        let end = positions.contentEnd(block.endLine - 1)
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
                        ("range", positions.range(start..<max(start, end)))])
    }

    /// The notes a query block runs over: those of the workspace and the open documents; without a workspace
    /// folder, the open documents and the todo file found from the server's folder (as the command line finds
    /// it) when it is not open.
    private func queryNotes() throws(ResponseError) -> [WorkspaceNote] {
        var notes = try workspaceNotes()
        if workspace.folders.isEmpty, case .success(.file(let path)) = TodoSource.place(explicit: nil, environment: [:]),
           !notes.contains(where: { $0.path.map { FileSystem.isSameFile($0, path) } ?? false }),
           case let vault = Vault.containing(path),
           let document = try? TodoFile(path, settings: settings.tasks(in: vault), reading: vault?.reading ?? .commonMark).read() {
            notes.append(WorkspaceNote(source: .file(WorkspaceIndex.Note(document)),
                                       openURI: FileURI.uri(ofPath: TodoFileState.absolutePath(path)), path: nil, shownPath: path, stamp: nil))
        }
        return notes
    }
}

/// What a query hover's answer was made from: the block's text and file, the day, and the state of the notes.
struct QueryHoverKey: Equatable {
    var source: QuerySource
    var file: String
    var today: CalendarDate
    /// The workspace index's generation, and each open document with its version.
    var workspace: Int
    var documents: [String]

    /// Whether the answer was made from the notes as `other`'s was, on the same day.
    func isOfSameNotes(as other: QueryHoverKey) -> Bool {
        workspace == other.workspace && documents == other.documents && today == other.today
    }
}
