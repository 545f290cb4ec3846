/// Reads a todo.txt file: every non-blank line is one task.
enum TodoTxtParser {
    static func parse(into document: inout Document) {
        var roles: [LineRole] = []
        var tasks: [Task] = []
        var diagnostics: [Diagnostic] = []
        roles.reserveCapacity(document.lines.count)
        tasks.reserveCapacity(document.lines.count)
        LineBytes.withAccess(to: document.lines) { bytes, lines in
            for index in lines.indices {
                let isTask: Bool
                if let b = bytes(index) {
                    isTask = readTask(b, of: lines[index], at: index, into: &tasks, diagnostics: &diagnostics)
                } else {
                    isTask = lines[index].withUTF8Bytes {
                        readTask($0, of: lines[index], at: index, into: &tasks, diagnostics: &diagnostics)
                    }
                }
                roles.append(LineRole(isTask ? .todoTxtTask : .blank))
            }
        }
        document.roles = roles
        document.tasks = tasks
        document.diagnostics = diagnostics
    }

    /// Adds the task on line `index` (0-based), whose bytes are `b`, to `tasks`; false for a blank line.
    private static func readTask(_ b: UnsafeBufferPointer<UInt8>, of line: Line, at index: Int, into tasks: inout [Task],
                                 diagnostics: inout [Diagnostic]) -> Bool {
        if b.allSatisfy({ $0 == .space || $0 == .tab }) { return false }
        let parser = TaskBodyParser(allowsDoneMark: true, isClosed: false, line: index + 1, column: 1)
        let body = parser.parse(storage: line.storage, start: Int(line.start), b, diagnostics: &diagnostics)
        tasks.append(Task(line: index + 1, endLine: index + 1, item: nil, checkbox: nil,
                          status: body.hasDoneMark ? .done : .open, body: body, bodyColumn: 1, parent: nil, depth: 0))
        return true
    }
}
