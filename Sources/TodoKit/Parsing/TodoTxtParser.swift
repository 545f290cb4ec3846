/// Reads a todo.txt file: every non-blank line is one task.
enum TodoTxtParser {
    static func parse(into document: inout Document) {
        var roles: [LineRole] = []
        var tasks: [Task] = []
        var diagnostics: [Diagnostic] = []
        roles.reserveCapacity(document.lines.count)
        tasks.reserveCapacity(document.lines.count)
        for (index, line) in document.lines.enumerated() {
            if line.isBlank {
                roles.append(LineRole(.blank))
                continue
            }
            roles.append(LineRole(.todoTxtTask))
            let parser = TaskBodyParser(allowsDoneMark: true, isClosed: false, line: index + 1, column: 1)
            let body = line.withUTF8Bytes { b in
                parser.parse(storage: line.storage, start: Int(line.start), b, diagnostics: &diagnostics)
            }
            tasks.append(Task(line: index + 1, endLine: index + 1, item: nil, checkbox: nil,
                              status: body.hasDoneMark ? .done : .open, body: body, bodyColumn: 1,
                              parent: nil, depth: 0))
        }
        document.roles = roles
        document.tasks = tasks
        document.diagnostics = diagnostics
    }
}
