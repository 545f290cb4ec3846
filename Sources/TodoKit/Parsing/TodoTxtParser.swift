/// Reads a todo.txt file: every non-blank line is one task.
enum TodoTxtParser {
    static func parse(into document: inout Document) {
        let lines = document.lines
        var diagnostics: [Diagnostic] = []
        var roles: [LineRole] = [], tasks: [TodoTask] = []
        roles.reserveCapacity(lines.count)
        tasks.reserveCapacity(lines.count)
        let text = lines.text
        let bytes = text.utf8.span
        for index in lines.indices {
            let range = lines.range(index)
            guard !bytes.extracting(range).isBlank else {
                roles.append(LineRole(.blank))
                continue
            }
            let parser = TaskBodyParser(allowsDoneMark: true, isClosed: false, line: index + 1, column: 1)
            let body = parser.parse(TextSlice(text, range), bytes: bytes.extracting(range), diagnostics: &diagnostics)
            tasks.append(TodoTask(line: index + 1, item: nil, checkbox: nil, status: body.hasDoneMark ? .done : .open,
                                  body: body, bodyColumn: 1, parent: nil, depth: 0, heading: nil))
            roles.append(LineRole(.todoTxtTask))
        }
        document.roles = roles
        document.tasks = tasks
        document.diagnostics = diagnostics
    }
}
