import TodoKit

extension LanguageServer {
    /// Publishes the diagnostics of every document changed since they were last published.
    func publishStaleDiagnostics() {
        let uris = staleDiagnostics
        staleDiagnostics = []
        for uri in uris {
            guard let document = documents[uri] else { continue }
            sendNotification("textDocument/publishDiagnostics", .object([
                ("uri", .string(uri)),
                ("version", .int(document.version)),
                ("diagnostics", .array(diagnostics(of: document).map { lspDiagnostic($0, in: document) })),
            ]))
        }
    }

    /// What `todofmt --check` warns about, the contradictions of each task, and what `todofmt query` finds
    /// wrong in its query blocks; a NUL byte alone, when the buffer holds one (nothing is read past it, as
    /// nothing would be written).
    func diagnostics(of document: OpenDocument) -> [Diagnostic] {
        if let problem = document.notText { return [problem] }
        return (DocumentDiagnostics.all(in: document.document) + queryDiagnostics(of: document))
            .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, in document: OpenDocument) -> JSONValue {
        let positions = document.positions(encoding)
        let start = positions.offset(line: diagnostic.line, column: diagnostic.column)
        let end = positions.offset(line: diagnostic.line, column: diagnostic.column + diagnostic.length)
        return .object([
            ("range", positions.range(start..<end)),
            ("severity", .int(diagnostic.severity == .error ? 1 : 2)),
            ("code", .string(diagnostic.code.rawValue)),
            ("source", .string("todofmt")),
            ("message", .string(diagnostic.message)),
        ])
    }
}
