import TodoKit

extension LanguageServer {
    /// `textDocument/hover`: on a `+project` or `@context`, how many open and done tasks name it; on a task,
    /// what `todofmt show` says of it in words: its dates, recurrence and next date, estimate, reminders; on a
    /// ```` ```tasks ```` block, its first results and their count.
    func hover(_ params: PositionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        let positions = open.positions(encoding)
        let offset = try positions.offset(of: params.position)
        guard open.notText == nil else { return .null }
        let document = open.document
        let (line, column) = positions.lineAndColumn(of: offset)
        if let (index, token) = NameUsage.token(atLine: line, column: column, in: document),
           token.kind == .project || token.kind == .context {
            let body = document.tasks[index].body
            let name = body.name(of: token)
            let counts = NameUsage.counts(of: name, token.kind, in: document)
            let sigil = token.kind == .project ? "+" : "@"
            let text = "**\(sigil)\(name)**: \(counts.open) open task\(counts.open == 1 ? "" : "s"), \(counts.closed) done"
            let start = positions.offset(line: line, column: document.tasks[index].bodyColumn + token.range.lowerBound)
            return hoverResult(text, range: positions.range(start..<(start + token.range.count)))
        }
        if let result = try queryHover(open, line: line, positions: positions) { return result }
        guard let index = document.task(atLine: line) else { return .null }
        let detail = TaskDetail(task: index, in: document, now: now())
        let markdown = detail.rows.filter(\.isInWords).map { row in "**\(row.label)** " + row.values.joined(separator: "; ") }
        guard !markdown.isEmpty else { return .null }
        let task = document.tasks[index]
        let start = positions.offset(line: line, column: task.bodyColumn)
        let end = positions.contentEnd(line - 1)
        return hoverResult(markdown.joined(separator: "  \n"), range: positions.range(start..<max(start, end)))
    }

    private func hoverResult(_ markdown: String, range: JSONValue) -> JSONValue {
        .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])), ("range", range)])
    }
}
