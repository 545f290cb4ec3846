import TodoKit

extension LanguageServer {
    /// `textDocument/definition`: from an id a task depends on (`⛔ id`, `[dependsOn:: id]`, topydo's `p:id`) to
    /// the task that gives itself that id (`🆔`, `[id:: ]`, `id:`), in the same document first, then in the other
    /// open ones, then in the workspace's files (those the index says give the id, `NoteNames`; one changed on
    /// disk since it was read is read again); null elsewhere.
    func definition(_ params: PositionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        guard open.notText == nil else { return .null }
        let positions = open.positions(encoding)
        let (line, column) = positions.lineAndColumn(of: try positions.offset(of: params.position))
        guard let place = TaskIDs.place(atLine: line, column: column, in: open.document), !place.isOwn else { return .null }
        if let found = TaskIDs.definition(of: place.id, in: open.document.tasks) {
            let start = positions.offset(line: open.document.tasks[found.task].line, column: found.column)
            return .object([("uri", .string(open.uri)), ("range", positions.range(start..<(start + found.length)))])
        }
        for _ in 0..<2 {
            try requireWorkspaceRead()
            let others = openNotes().filter { $0.openURI != open.uri }
            for candidate in others + notes(of: workspace.files(givingID: place.id)) {
                guard let task = candidate.names.ids.first(where: { $0.id == place.id })?.task,
                      let found = TaskIDs.definition(of: place.id, in: [candidate.tasks.tasks[task]]) else { continue }
                // A file changed on disk since it was read: look again, in the files as they are.
                if anyChangedOnDisk([candidate]) { break }
                return .object([("uri", .string(candidate.uri)),
                                ("range", candidate.range(of: found.column..<(found.column + found.length), onLineOf: task, encoding))])
            }
        }
        return .null
    }
}
