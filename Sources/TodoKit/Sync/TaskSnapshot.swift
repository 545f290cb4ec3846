/// A task as the sync remembers it: its list, its line (without indentation or list marker) and its notes.
///
/// Enough to know the task again (`TaskUIDs` matches snapshots with the file's tasks as the merge
/// driver matches versions) and to say what the calendar was last told about it.
public struct TaskSnapshot: Hashable, Sendable {
    public var list: [String]
    /// Markdown: `[c] body`; todo.txt: the line.
    public var line: String
    public var notes: [String]
    public var format: FileFormat

    public init(list: [String], line: String, notes: [String], format: FileFormat) {
        self.list = list
        self.line = line
        self.notes = notes
        self.format = format
    }

    /// Task `index` of `document` as it is now.
    public init(task index: Int, in document: Document) {
        let task = document.tasks[index]
        list = document.list(of: index)
        format = document.format
        if let checkbox = task.checkbox {
            line = "[\(checkbox)]" + (task.body.text.isEmpty ? "" : " " + task.body.text)
        } else {
            line = String(task.body.text)
        }
        notes = document.notes(of: index)
    }

    /// The task alone in a document of its own (Markdown: `- [ ] …` with its notes under it), its list aside.
    public var document: Document {
        switch format {
        case .todotxt:
            return Document(parsing: line + "\n", format: .todotxt)
        case .markdown:
            let notes = self.notes.map { $0.isEmpty ? "\n" : "  \($0)\n" }.joined()
            return Document(parsing: "- \(line)\n" + notes, format: .markdown)
        }
    }

    /// What the task meant (`TaskMeaning`), in its list, as a top-level task: a snapshot keeps no depth.
    var meaning: TaskMeaning? {
        let alone = document
        guard alone.tasks.count == 1 else { return nil }
        var meaning = alone.meaning(of: 0)
        meaning.list = list
        return meaning
    }

    /// The calendar's view of the task as it was.
    func calendarTodo(settings: CalendarSettings) -> CalendarTodo? {
        let alone = document
        guard alone.tasks.count == 1 else { return nil }
        var todo = CalendarTodo(task: 0, in: alone, parent: nil, settings: settings)
        todo.categories = (list.isEmpty ? [] : [list.joined(separator: "/")]) + todo.categories
        return todo
    }

    /// The task as the merge driver's matcher sees it.
    func version(index: Int) -> TaskVersion? {
        let alone = document
        guard alone.tasks.count == 1 else { return nil }
        var version = TaskVersion(task: alone.tasks[0], index: 0, in: alone, lineIndexes: [0])
        (version.index, version.list) = (index, list)
        return version
    }
}
