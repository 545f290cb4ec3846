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
                func read(_ b: UnsafeBufferPointer<UInt8>) {
                    if b.allSatisfy({ $0 == .space || $0 == .tab }) {
                        roles.append(LineRole(.blank))
                        return
                    }
                    roles.append(LineRole(.todoTxtTask))
                    let parser = TaskBodyParser(allowsDoneMark: true, isClosed: false, line: index + 1, column: 1)
                    let body = parser.parse(storage: lines[index].storage, start: Int(lines[index].start), b,
                                            diagnostics: &diagnostics)
                    tasks.append(Task(line: index + 1, endLine: index + 1, item: nil, checkbox: nil,
                                      status: body.hasDoneMark ? .done : .open, body: body, bodyColumn: 1,
                                      parent: nil, depth: 0))
                }
                if let b = bytes(index) { read(b) } else { lines[index].withUTF8Bytes(read) }
            }
        }
        document.roles = roles
        document.tasks = tasks
        document.diagnostics = diagnostics
    }
}
