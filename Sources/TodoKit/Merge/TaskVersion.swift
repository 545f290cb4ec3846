/// One task as the merge sees it in one of the three versions: the lines it owns and its fields.
///
/// A task owns its checkbox (or todo.txt) line and the note lines right after it, up to its first
/// subtask; subtasks are tasks of their own. The fields are what the merge compares one by one.
struct TaskVersion {
    /// Index in `Document.tasks`.
    var index: Int
    /// 0-based indexes of the lines the task owns, in order.
    var lineIndexes: [Int]
    /// The owned lines, the task line first.
    var lines: [Line]
    /// Markdown: the text before the checkbox (indentation and list marker), which places the task under
    /// its parent; empty in todo.txt.
    var marker: String
    var checkbox: Character?
    /// Markdown: the space or tab after `]` (empty when nothing follows the checkbox).
    var separator: String
    var head: TaskHead
    /// The head as written: the body's text before the description.
    var headText: String
    var description: DescriptionWords
    /// The list the task is in (its heading path).
    var list: [String]
    /// The task it is a subtask of (an index in `Document.tasks`), and how many tasks enclose it.
    var parent: Int?
    var depth: Int
    var isOpen: Bool
    /// The priority, however it is written: todo.txt's `(A)`, a Tasks or Dataview field, or the `pri:A` a
    /// completed task keeps. The merge takes it as one field, so one side's `(A)` and the other's `pri:C` are
    /// two changes of it, and one side's removal of `(B)` is not undone by the other's `pri:B`.
    var priority: Priority?
    /// How the task recurs, as written (`rec:` or the Tasks and Dataview rule), or nil.
    var recurrence: String?
    /// Lowercased description without `key:value` tags and without the Tasks or Dataview fields: what tasks
    /// are paired by, and what text similarity is computed on.
    var matchText: String

    var taskLine: Line { lines[0] }
    var notes: [Line] { Array(lines.dropFirst()) }

    init(task: TodoTask, index: Int, in document: Document, lineIndexes: [Int]) {
        self.index = index
        self.lineIndexes = lineIndexes
        self.lines = lineIndexes.map { document.lines[$0] }
        let lineText = document.lines[task.line - 1].text
        let beforeBody = String(lineText.utf8.prefix(task.bodyColumn - 1))!
        if task.checkbox != nil, let bracket = beforeBody.firstIndex(of: "[") {
            marker = String(beforeBody[..<bracket])
            let afterBracket = beforeBody.index(after: bracket)
            let close = beforeBody.index(after: afterBracket)
            separator = close < beforeBody.endIndex ? String(beforeBody[beforeBody.index(after: close)...]) : ""
        } else {
            marker = ""
            separator = ""
        }
        checkbox = task.checkbox
        let body = task.body
        head = TaskHead(doneMark: body.hasDoneMark, priority: body.priority,
                        completion: body.completionDate, creation: body.creationDate)
        headText = String(body.slice(0..<body.descriptionStart))
        description = DescriptionWords(body: body)
        list = document.list(of: index)
        parent = task.parent
        depth = task.depth
        isOpen = task.isOpen
        priority = body.anyPriority ?? (task.isOpen ? nil : body.keptPriority)
        recurrence = task.body.fields.recurrenceText
        // The fields of the Tasks and Dataview dialects (dates, priority, recurrence) are no words of the text;
        // `#tags` among them are.
        let fieldsStart = body.fieldsStart
        matchText = body.tokens
            .filter { $0.kind != .tag && ($0.range.lowerBound < fieldsStart || body.text(of: $0).hasPrefix("#")) }
            .map { body.text(of: $0) }.joined(separator: " ").lowercased()
    }

    /// Whether the task reads the same in both versions, line endings included.
    func hasSameLines(as other: TaskVersion) -> Bool { lines == other.lines }
}

/// The todo.txt fields before a task's description.
struct TaskHead: Equatable {
    var doneMark: Bool
    var priority: Priority?
    var completion: CalendarDate?
    var creation: CalendarDate?

    /// The head as todofmt writes it: `x (A) 2024-01-02 2024-01-01 ` (each part only when present).
    var canonicalText: String {
        var text = doneMark ? "x " : ""
        if let priority { text += "(\(priority)) " }
        if let completion { text += "\(completion) " }
        if let creation { text += "\(creation) " }
        return text
    }
}
