/// Reads a todo.txt file: every non-blank line is one task.
enum TodoTxtParser {
    /// `bodies`: bodies read before, taken instead of parsing them again (see `ParsedBodies`).
    static func parse(into document: inout Document, reusing bodies: ParsedBodies? = nil) {
        var cursor = ParsedBodies.Cursor()
        var roles: [LineRole] = []
        var tasks: [Task] = []
        var diagnostics: [Diagnostic] = []
        roles.reserveCapacity(document.lines.count)
        tasks.reserveCapacity(document.lines.count)
        LineBytes.withAccess(to: document.lines) { bytes, lines in
            for index in lines.indices {
                let isTask: Bool
                if let b = bytes(index) {
                    isTask = readTask(b, of: lines[index], at: index, into: &tasks, diagnostics: &diagnostics,
                                      reusing: bodies, cursor: &cursor)
                } else {
                    isTask = lines[index].withUTF8Bytes {
                        readTask($0, of: lines[index], at: index, into: &tasks, diagnostics: &diagnostics,
                                 reusing: bodies, cursor: &cursor)
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
                                 diagnostics: inout [Diagnostic], reusing bodies: ParsedBodies?,
                                 cursor: inout ParsedBodies.Cursor) -> Bool {
        if b.allSatisfy({ $0 == .space || $0 == .tab }) { return false }
        let body = readBody(b, of: line, at: index, diagnostics: &diagnostics, reusing: bodies, cursor: &cursor)
        tasks.append(Task(line32: Int32(index + 1), item32: -1, parent32: -1, depth32: 0, heading32: -1, bodyColumn32: 1,
                          checkbox32: CompactCharacter.none, status: body.hasDoneMark ? .done : .open, body: body, list: []))
        return true
    }

    private static func readBody(_ b: UnsafeBufferPointer<UInt8>, of line: Line, at index: Int, diagnostics: inout [Diagnostic],
                                 reusing bodies: ParsedBodies?, cursor: inout ParsedBodies.Cursor) -> TaskBody {
        if let bodies, let known = cursor.body(in: bodies, format: .todotxt, storage: line.storage, start: Int(line.start),
                                               count: b.count, isClosed: false) {
            return known
        }
        let parser = TaskBodyParser(allowsDoneMark: true, isClosed: false, line: index + 1, column: 1)
        return parser.parse(storage: line.storage, start: Int(line.start), b, diagnostics: &diagnostics)
    }
}
