import TodoKit

extension LanguageServer {
    /// `textDocument/documentSymbol`: the outline: lists (headings) with their task counts; with the
    /// `outlineTasks` setting, tasks in them too, and subtasks in their tasks.
    func documentSymbols(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        guard open.notText == nil else { return .array([]) }
        let document = open.document
        let positions = open.positions(encoding)
        let counts = Outline.taskCounts(in: document)
        func range(_ lines: ClosedRange<Int>) -> JSONValue {
            positions.range(positions.lineStart(lines.lowerBound - 1)..<positions.contentEnd(lines.upperBound - 1))
        }
        func symbol(_ node: Outline.Node) -> JSONValue {
            let name: String, detail: String, kind: Int, selection: JSONValue
            switch node.kind {
            case .list(let heading):
                name = document.headings[heading].title.isEmpty ? "(untitled list)" : document.headings[heading].title
                detail = Self.countPhrase(counts[heading])
                kind = 3  // Namespace
                selection = range(document.headings[heading].line...document.headings[heading].line)
            case .task(let index):
                let task = document.tasks[index]
                let title = document.shownTitle(of: index)
                name = title.isEmpty ? "(empty task)" : title
                var facts = [task.status.rawValue]
                if let priority = task.priority { facts.append("(\(priority))") }
                if let due = task.due { facts.append("due \(due)") }
                detail = facts.joined(separator: " ")
                kind = 24  // Event
                selection = range(task.line...task.line)
            }
            return .object([("name", .string(name)), ("detail", .string(detail)), ("kind", .int(kind)),
                            ("range", range(node.lines)), ("selectionRange", selection),
                            ("children", .array(node.children.map(symbol)))])
        }
        return .array(Outline.nodes(of: document, tasks: settings.outlineTasks).map(symbol))
    }

    /// A list's counts in words, as the outline and completion show them.
    static func countPhrase(_ counts: (open: Int, closed: Int)) -> String {
        "\(counts.open) open, \(counts.closed) done"
    }

    /// `textDocument/foldingRange`: lists and task blocks.
    func foldingRanges(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        guard open.notText == nil else { return .array([]) }
        return .array(Outline.foldingRanges(of: open.document).map { lines in
            .object([("startLine", .int(lines.lowerBound - 1)), ("endLine", .int(lines.upperBound - 1)), ("kind", .string("region"))])
        })
    }
}
