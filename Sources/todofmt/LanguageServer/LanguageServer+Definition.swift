import TodoKit

extension LanguageServer {
    /// `textDocument/definition`: from an id a task depends on (`⛔ id`, `[dependsOn:: id]`, topydo's `p:id`) to
    /// the task that gives itself that id (`🆔`, `[id:: ]`, `id:`), in the same document first, then in the other
    /// open ones; null elsewhere.
    func definition(_ params: PositionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        guard open.notText == nil else { return .null }
        let positions = open.positions(encoding)
        let (line, column) = positions.lineAndColumn(of: try positions.offset(of: params.position))
        guard let place = TaskIDs.place(atLine: line, column: column, in: open.document), !place.isOwn else { return .null }
        let others = documents.values.filter { $0.uri != open.uri && $0.notText == nil }.sorted { $0.uri < $1.uri }
        for candidate in [open] + others {
            guard let found = TaskIDs.definition(of: place.id, in: candidate.document) else { continue }
            let at = candidate.positions(encoding)
            let taskLine = candidate.document.tasks[found.task].line
            let start = at.offset(line: taskLine, column: found.column)
            return .object([("uri", .string(candidate.uri)), ("range", at.range(start..<(start + found.length)))])
        }
        return .null
    }
}
