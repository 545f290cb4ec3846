/// A parsed todo file: its text, the lines it splits into, and the structure found in them.
///
/// `Document(parsing: x).text == x` for every string: the document holds its text, its lines are ranges of
/// it, and the structure (tasks, list items, headings) only points at lines. A document is made only by
/// parsing; a changed file is a new text, parsed afresh.
public struct Document: Sendable {
    /// Whether the text is read as Markdown or as todo.txt.
    public let format: FileFormat
    /// What the file's settings say about its tasks: the global filter, the dialect of a file without fields.
    public let settings: TaskSettings
    /// How a Markdown text was read into tasks (CommonMark, or an Obsidian note); `.commonMark` for todo.txt.
    public let reading: MarkdownReading
    /// Whose the file is: todofmt's to keep canonical, or its author's, where only task lines change.
    public let kind: FileKind
    package let lines: Lines
    /// What each line is; `roles[i]` describes `lines[i]`.
    package internal(set) var roles: [LineRole] = []
    /// Every task, in document order.
    public internal(set) var tasks: [TodoTask] = []
    /// The checkbox items of a vault whose Tasks plugin types their status `NON_TASK` (a pro, a con): no tasks
    /// to todofmt, but tasks of that type (done ones) to the plugin's queries, which alone read them.
    package internal(set) var nonTasks: [TodoTask] = []
    /// Every Markdown list item, in document order.
    public internal(set) var items: [MarkdownItem] = []
    /// Every heading, in document order.
    public internal(set) var headings: [Heading] = []
    /// Problems found while reading: unknown checkbox characters, dates that are not real, and so on.
    public internal(set) var diagnostics: [Diagnostic] = []

    /// Reads `text` as a file of the given format and kind (a todo file unless told otherwise), under
    /// `settings`; a Markdown text as `reading` says (CommonMark unless told otherwise).
    public init(parsing text: String, format: FileFormat = .markdown, settings: TaskSettings = TaskSettings(),
                reading: MarkdownReading = .commonMark, kind: FileKind = .todoFile) {
        self.format = format
        self.settings = settings
        self.reading = format == .markdown ? reading : .commonMark
        // A todo.txt file is all tasks: it is always todofmt's.
        self.kind = format == .markdown ? kind : .todoFile
        lines = Lines(text)
        switch format {
        case .markdown: MarkdownParser.parse(into: &self)
        case .todotxt: TodoTxtParser.parse(into: &self)
        }
    }

    /// Reads `text` as `document`'s file is read: in its format, under its settings, with its Markdown reading,
    /// as a file of its kind.
    public init(parsing text: String, like document: Document) {
        self.init(parsing: text, format: document.format, settings: document.settings, reading: document.reading,
                  kind: document.kind)
    }

    /// Reads the text that `lines` make (each with its ending), after a byte order mark if asked for.
    init(lines: [Line], format: FileFormat, settings: TaskSettings = TaskSettings(), reading: MarkdownReading = .commonMark,
         hasByteOrderMark: Bool = false) {
        self.init(parsing: lines.joinedText(byteOrderMark: hasByteOrderMark), format: format, settings: settings, reading: reading)
    }

    /// The text the document was read from, byte order mark, lines and endings exactly as they were.
    public var text: String { lines.text }

    /// Whether the text starts with a UTF-8 byte order mark.
    public var hasByteOrderMark: Bool { lines.hasByteOrderMark }

    /// The list task `task` is in: heading titles from the outermost down (none in todo.txt files).
    public func list(of task: Int) -> [String] {
        list(under: tasks[task].heading)
    }

    /// The list of the tasks under heading `heading` (an index into `headings`; nil for none).
    public func list(under heading: Int?) -> [String] {
        heading.map { headings[$0].path } ?? []
    }

    /// The tasks directly nested in task `task` (those whose `parent` it is), as indexes into `tasks`, in order.
    public func subtasks(of task: Int) -> [Int] {
        descendants(of: task).filter { tasks[$0].parent == task }
    }

    /// Every task nested in task `task`, at any depth, as indexes into `tasks`, in document order: the tasks
    /// that follow it within its block.
    public func descendants(of task: Int) -> Range<Int> {
        var end = task + 1
        while end < tasks.count, tasks[end].line <= tasks[task].endLine { end += 1 }
        return (task + 1)..<end
    }

    /// The 1-based lines of task `task`'s notes: the lines of its block outside its subtasks' blocks.
    public func noteLines(of task: Int) -> [Int] {
        guard tasks[task].mayHaveNoteLines else { return [] }
        var result: [Int] = []
        var line = tasks[task].line + 1
        var following = task + 1
        while line <= tasks[task].endLine {
            while following < tasks.count, tasks[following].line < line { following += 1 }
            if following < tasks.count, tasks[following].line == line, tasks[following].parent == task {
                line = tasks[following].endLine + 1
                continue
            }
            result.append(line)
            line += 1
        }
        return result
    }

    /// The notes of task `task`: the text of its note lines with the indentation to its content column
    /// removed (all of it on a lazy continuation line) and trailing spaces and tabs, blank lines at either
    /// end left out.
    public func notes(of task: Int) -> [String] {
        let noteLines = noteLines(of: task)
        guard !noteLines.isEmpty, let item = tasks[task].item else { return [] }
        let column = items[item].contentColumn
        var notes = noteLines.map { number -> String in
            let kind = roles[number - 1].kind
            if kind == .blank { return "" }
            return String(lines.text(number - 1)).trimmingTrailingWhitespace()
                .droppingIndentation(columns: kind == .lazyText ? .max : column)
        }
        while notes.last?.isEmpty == true { notes.removeLast() }
        while notes.first?.isEmpty == true { notes.removeFirst() }
        return notes
    }

    /// Whether a task is an item of a top-level list (a todo.txt task always is): not nested in any item,
    /// task or plain.
    func isTopLevelItem(_ task: TodoTask) -> Bool {
        task.item.map { items[$0].parent == nil } ?? true
    }

    /// The task whose checkbox (or todo.txt) line is `line` (1-based).
    public func task(atLine line: Int) -> Int? {
        let index = firstTask(fromLine: line)
        return index < tasks.count && tasks[index].line == line ? index : nil
    }

    /// The index of the first task on `line` (1-based) or below it; `tasks.count` when there is none.
    public func firstTask(fromLine line: Int) -> Int {
        var low = 0, high = tasks.count
        while low < high {
            let mid = (low + high) / 2
            if tasks[mid].line < line { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The line ending most lines use, for lines an edit adds; LF when the file has none.
    public var dominantLineEnding: LineEnding { lines.dominantEnding }
}
