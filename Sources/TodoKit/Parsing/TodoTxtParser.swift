/// Reads a todo.txt file: every non-blank line is one task.
enum TodoTxtParser {
    /// `bodies`: bodies read before, taken instead of parsing them again (see `ParsedBodies`).
    static func parse(into document: inout Document, reusing bodies: ParsedBodies? = nil) {
        let lines = document.lines
        var diagnostics: [Diagnostic] = []
        var roles: [LineRole] = []
        // Written in place, a task and a role a line, without a copy-on-write check at every write.
        let tasks = [Task](unsafeUninitializedCapacity: max(lines.count, 1)) { tasks, taskCount in
            roles = [LineRole](unsafeUninitializedCapacity: max(lines.count, 1)) { roles, roleCount in
                taskCount = read(lines, into: tasks.baseAddress!, roles: roles.baseAddress!, diagnostics: &diagnostics,
                                 reusing: bodies)
                roleCount = lines.count
            }
        }
        document.roles = roles
        document.tasks = tasks
        document.diagnostics = diagnostics
    }

    /// Reads `lines` into `tasks` (a task a non-blank line) and `roles` (a role a line); the number of tasks.
    private static func read(_ lines: [Line], into tasks: UnsafeMutablePointer<Task>, roles: UnsafeMutablePointer<LineRole>,
                             diagnostics: inout [Diagnostic], reusing bodies: ParsedBodies?) -> Int {
        var cursor = ParsedBodies.Cursor()
        var count = 0
        LineBytes.withAccess(to: lines) { bytes, lines in
            for index in lines.indices {
                let isTask: Bool
                if let b = bytes(index) {
                    isTask = readTask(b, of: lines[index], at: index, into: tasks + count, diagnostics: &diagnostics,
                                      reusing: bodies, cursor: &cursor)
                } else {
                    isTask = lines[index].withUTF8Bytes {
                        readTask($0, of: lines[index], at: index, into: tasks + count, diagnostics: &diagnostics,
                                 reusing: bodies, cursor: &cursor)
                    }
                }
                (roles + index).initialize(to: LineRole(isTask ? .todoTxtTask : .blank))
                if isTask { count += 1 }
            }
        }
        return count
    }

    /// Makes the task on line `index` (0-based), whose bytes are `b`, at `task`; false for a blank line.
    private static func readTask(_ b: UnsafeBufferPointer<UInt8>, of line: Line, at index: Int, into task: UnsafeMutablePointer<Task>,
                                 diagnostics: inout [Diagnostic], reusing bodies: ParsedBodies?,
                                 cursor: inout ParsedBodies.Cursor) -> Bool {
        if b.allSatisfy({ $0 == .space || $0 == .tab }) { return false }
        let body = readBody(b, of: line, at: index, diagnostics: &diagnostics, reusing: bodies, cursor: &cursor)
        task.initialize(to: Task(line32: Int32(index + 1), item32: -1, parent32: -1, depth: 0, heading32: -1, bodyColumn32: 1,
                          checkbox32: CompactCharacter.none, status: body.hasDoneMark ? .done : .open, body: body))
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
