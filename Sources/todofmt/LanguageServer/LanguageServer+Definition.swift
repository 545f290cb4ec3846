import TodoKit

extension LanguageServer {
    /// `textDocument/definition`: from an id a task depends on (`⛔ id`, `[dependsOn:: id]`, topydo's `p:id`) to
    /// the task that gives itself that id (`🆔`, `[id:: ]`, `id:`), in the same document first, then in the other
    /// open ones, then in the workspace's files (one changed on disk since it was read is read again); null
    /// elsewhere.
    func definition(_ params: PositionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        guard open.notText == nil else { return .null }
        let positions = open.positions(encoding)
        let (line, column) = positions.lineAndColumn(of: try positions.offset(of: params.position))
        guard let place = TaskIDs.place(atLine: line, column: column, in: open.document), !place.isOwn else { return .null }
        for _ in 0..<2 {
            let notes = try workspaceNotes().filter { $0.openURI != open.uri }
            let here = WorkspaceNote(openURI: open.uri, path: open.path, shownPath: "", document: open.document, stamp: nil)
            for candidate in [here] + notes.filter({ $0.openURI != nil }) + notes.filter({ $0.openURI == nil }) {
                guard let found = TaskIDs.definition(of: place.id, in: candidate.document) else { continue }
                // A file changed on disk since it was read: look again, in the files as they are.
                if anyChangedOnDisk([candidate]) { break }
                let at = candidate.positions(encoding)
                let taskLine = candidate.document.tasks[found.task].line
                let start = at.offset(line: taskLine, column: found.column)
                return .object([("uri", .string(candidate.uri)), ("range", at.range(start..<(start + found.length)))])
            }
        }
        return .null
    }
}
