/// A task as the sync remembers it: its list, its line (without indentation or list marker) and its notes.
///
/// Enough to know the task again (`TaskUIDs` matches snapshots with the file's tasks as the merge
/// driver matches versions) and to say what the calendar was last told about it.
package struct TaskSnapshot: Hashable, Sendable {
    package var list: [String]
    /// Markdown: `[c] body`; todo.txt: the line.
    package var line: String
    package var notes: [String]
    package var format: FileFormat

    package init(list: [String], line: String, notes: [String], format: FileFormat) {
        self.list = list
        self.line = line
        self.notes = notes
        self.format = format
    }

    /// Task `index` of `document` as it is now.
    package init(task index: Int, in document: Document) {
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

    /// The snapshot as a folder's state keeps it (a state of many files): the file's path before its list, and
    /// a todo.txt task written as a Markdown one (`[x] ` before its line), since a state holds one format.
    package func inFolder(file path: String) -> TaskSnapshot {
        var kept = self
        kept.list = [path] + list
        if format == .todotxt, let status = document.tasks.first?.status {
            kept = TaskSnapshot(list: kept.list, line: "[\(status.checkbox)] " + line, notes: [], format: .markdown)
        }
        return kept
    }

    /// The snapshot of a folder's state as its file's own state keeps it (`inFolder(file:)` undone), for a file
    /// of `format`.
    package func outOfFolder(format: FileFormat) -> TaskSnapshot {
        var own = self
        own.list = Array(list.dropFirst())
        if format == .todotxt, line.utf8.count >= 4, line.hasPrefix("["), let close = line.firstIndex(of: "]") {
            own = TaskSnapshot(list: own.list, line: String(line[line.index(after: close)...].dropFirst()), notes: [], format: .todotxt)
        }
        return own
    }

    /// The task alone in a document of its own (Markdown: `- [ ] …` with its notes under it), its list aside.
    package var document: Document {
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
