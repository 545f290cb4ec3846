import TodoKit

extension LanguageServer {
    /// The instructions of the document's ```` ```tasks ```` blocks that cannot be read, as `todofmt query`
    /// reports them.
    func queryDiagnostics(of open: OpenDocument) -> [Diagnostic] {
        QueryBlock.all(in: open.document).flatMap { block in
            TasksQuery(block.source, file: open.path.map(workingPath) ?? "", today: today()).diagnostics
        }
    }

    /// How many tasks a hover over a query block lists before `…`.
    static let queryHoverTasks = 10

    /// `textDocument/hover` over a ```` ```tasks ```` block: its first results and their count, as `todofmt
    /// query` lists them, over the tasks of the open documents and of the todo file; or what is wrong with its
    /// instructions. Nil when `line` (1-based) is in no query block.
    func queryHover(_ open: OpenDocument, line: Int, positions: TextPositions) -> JSONValue? {
        let document = open.document
        guard let block = QueryBlock.block(atLine: line, in: document) else { return nil }
        let query = TasksQuery(block.source, file: open.path.map(workingPath) ?? "", today: today())
        let markdown: String
        if let result = query.run(on: queryTasks()) {
            markdown = result.rendered(maximumTasks: LanguageServer.queryHoverTasks)
        } else {
            markdown = query.diagnostics.map { "line \($0.line): \($0.message)" }.joined(separator: "  \n")
        }
        let start = positions.offset(line: block.line, column: 1)
        let end = positions.contentEnd(block.endLine - 1)
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
                        ("range", positions.range(start..<max(start, end)))])
    }

    /// The tasks a query block runs over: those of every open document, and of the todo file found from the
    /// server's folder (as the command line finds it) when it is not open.
    private func queryTasks() -> [QueryTask] {
        var notes: [(path: String, document: Document)] = []
        var openPaths: [String] = []
        for uri in documents.keys.sorted() {
            guard let open = documents[uri], open.notText == nil, let path = open.path else { continue }
            openPaths.append(path)
            notes.append((workingPath(path), open.document))
        }
        if case .success(.file(let path)) = TodoFileLocator.locate(explicit: nil, environment: [:]),
           !openPaths.contains(where: { FileSystem.isSameFile($0, path) }),
           let document = try? TodoFile(path).read() {
            notes.append((path, document))
        }
        return QueryTask.tasks(of: notes)
    }

    /// A path as queries see it: relative to the server's folder when it is inside it.
    private func workingPath(_ path: String) -> String {
        TodoFileLocator.relative(path, to: TodoFileLocator.currentDirectory())
    }
}
