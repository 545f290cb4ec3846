/// A note's tasks without the rest of its text: each task with its own line (its body read from a copy of that
/// line), the headings it is listed under, and what its place in the note says of it. What a workspace of many
/// notes holds of each note, a fraction of it: enough to list, find, complete and query its tasks without
/// reading it again.
package struct NoteTasks: Sendable {
    package let format: FileFormat
    package let settings: TaskSettings
    /// The tasks in order, each as the note's document reads it (its line, parent, depth and heading), its body
    /// read from `line(of:)`.
    package let tasks: [TodoTask]
    /// The note's headings: `TodoTask.heading` indexes them.
    package let headings: [Heading]
    /// Whether the note starts with a byte order mark (columns of its first line are counted after it).
    package let hasByteOrderMark: Bool
    /// For each task: whether its list item is nested in another item (what a query's `exclude sub-items`
    /// leaves out), and whether reading it found a date the calendar lacks.
    package let isSubItem: [Bool]
    package let hasInvalidDate: [Bool]
    /// The vault's Tasks plugin statuses the note is read with (nil without the plugin), which name and type a
    /// task's status in a query.
    package let statuses: StatusRegistry?
    /// The note's properties (its front matter), which a query reads.
    package let properties: NoteProperties
    /// The note's items of a NON_TASK status, which only queries list, each on a copy of its own line.
    package let nonTasks: [(task: TodoTask, isSubItem: Bool)]
    /// The tasks' lines, one after another, each without its ending; task `k`'s starts at `lineStarts[k]`.
    private let text: String
    private let lineStarts: [Int]

    /// The tasks of `document`.
    package init(_ document: Document) {
        format = document.format
        settings = document.settings
        headings = document.headings
        hasByteOrderMark = document.hasByteOrderMark
        let lines = document.lines, source = lines.text
        var text = ByteBuffer(capacity: document.tasks.reduce(0) { $0 + lines.range($1.line - 1).count })
        var starts: [Int] = []
        starts.reserveCapacity(document.tasks.count + 1)
        for task in document.tasks {
            starts.append(text.bytes.count)
            text.append(source, lines.range(task.line - 1))
        }
        starts.append(text.bytes.count)
        self.text = text.text
        lineStarts = starts
        let base = self.text
        tasks = document.tasks.enumerated().map { k, task in task.rebased(onto: base, at: starts[k] + task.bodyColumn - 1) }
        isSubItem = document.tasks.map { task in task.item.map { document.items[$0].parent != nil } ?? false }
        let invalid = Set(document.diagnostics.filter { $0.code == .impossibleDate || $0.code == .malformedDate }.map(\.line))
        hasInvalidDate = document.tasks.map { invalid.contains($0.line) }
        statuses = document.format == .markdown ? document.reading.statuses : nil
        properties = NoteProperties(of: document)
        nonTasks = document.nonTasks.map { task in
            let line = String(lines.text(task.line - 1))
            return (task.rebased(onto: line, at: task.bodyColumn - 1), task.item.map { document.items[$0].parent != nil } ?? false)
        }
    }

    /// Task `task`'s line, without its ending (after the byte order mark on a note's first line).
    package func line(of task: Int) -> Substring {
        let utf8 = text.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: lineStarts[task])..<utf8.index(utf8.startIndex, offsetBy: lineStarts[task + 1])])
    }

    /// The list task `task` is in: heading titles from the outermost down.
    package func list(of task: Int) -> [String] {
        tasks[task].heading.map { headings[$0].path } ?? []
    }

    /// Task `task`'s title as shown (`Document.shownTitle(of:)`).
    package func shownTitle(of task: Int) -> String {
        settings.shownTitle(of: tasks[task])
    }
}
