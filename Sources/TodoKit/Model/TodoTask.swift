/// A task: a checkbox item in a Markdown file, or a line of a todo.txt file.
///
/// Its document tells what the task's position in it decides: its list (`Document.list(of:)`), its subtasks
/// (`Document.subtasks(of:)`) and its notes (`Document.notes(of:)`); `Document.meaning(of:)` gathers it all.
public struct TodoTask: Hashable, Sendable {
    // Line numbers and indexes are held in 32 bits (-1 for none): a document holds one task per task line.
    private var line32: Int32
    private var endLine32: Int32
    private var item32: Int32
    private var parent32: Int32
    private var depth32: Int32
    private var heading32: Int32
    private var bodyColumn32: Int32
    /// The character in the checkbox, exactly as written (nil in todo.txt files): always one Unicode scalar.
    public let checkboxScalar: Unicode.Scalar?
    /// Whether the task is open, in progress, done or cancelled.
    public let status: TaskStatus
    package private(set) var body: TaskBody

    init(line: Int, item: Int?, checkbox: Unicode.Scalar?, status: TaskStatus, body: TaskBody, bodyColumn: Int,
         parent: Int?, depth: Int, heading: Int?) {
        line32 = Int32(line)
        endLine32 = Int32(line)
        item32 = Int32(optionalIndex: item)
        parent32 = Int32(optionalIndex: parent)
        depth32 = Int32(depth)
        heading32 = Int32(optionalIndex: heading)
        bodyColumn32 = Int32(bodyColumn)
        checkboxScalar = checkbox
        self.status = status
        self.body = body
    }

    /// The character in the checkbox, exactly as written (nil in todo.txt files).
    public var checkbox: Character? { checkboxScalar.map(Character.init) }

    /// 1-based line of the checkbox (or todo.txt) line.
    public var line: Int { Int(line32) }
    /// 1-based last line of the task's block: its notes and subtasks.
    public internal(set) var endLine: Int {
        get { Int(endLine32) }
        set { endLine32 = Int32(newValue) }
    }
    /// The Markdown list item this task is (nil in todo.txt files).
    public var item: Int? { item32.optionalIndex }
    /// 1-based UTF-8 column where the body starts in its line.
    public var bodyColumn: Int { Int(bodyColumn32) }
    /// The nearest enclosing task, as an index into `Document.tasks`.
    public var parent: Int? { parent32.optionalIndex }
    /// Number of enclosing tasks: 0 for a top-level task.
    public var depth: Int { Int(depth32) }
    /// The heading the task is under, as an index into `Document.headings`.
    public var heading: Int? { heading32.optionalIndex }

    /// The task holding a copy of its own body's text rather than its document's whole text: what a listing
    /// keeps of a note it is done reading.
    func detached() -> TodoTask {
        var task = self
        task.body = body.detached()
        return task
    }

    /// The task as it stands in a document whose items and tasks before it number `items` and `tasks` more
    /// than where it was read (a task of a block quote, read on its own and then placed in its note), under
    /// heading `heading`.
    func placed(afterItems items: Int, tasks: Int, heading: Int?) -> TodoTask {
        var task = self
        task.item32 = Int32(optionalIndex: item.map { $0 + items })
        task.parent32 = Int32(optionalIndex: parent.map { $0 + tasks })
        task.heading32 = Int32(optionalIndex: heading)
        return task
    }

    /// The task with its body read from the same bytes at UTF-8 offset `offset` of `base`: the task as it stands
    /// in another text holding its line (the text an edit made by rewriting other lines, or its line alone, kept
    /// where its file's text is not).
    func rebased(onto base: String, at offset: Int) -> TodoTask {
        var body = self.body
        body.source = TextSlice(base, offset..<(offset + body.source.count))
        var task = TodoTask(line: line, item: item, checkbox: checkboxScalar, status: status, body: body, bodyColumn: bodyColumn,
                            parent: parent, depth: depth, heading: heading)
        task.endLine = endLine
        return task
    }

    /// The task rebased (as `rebased(onto:at:)`) and moved to 1-based line `line`: a todo.txt task whose file lost
    /// lines before it.
    func rebased(onto base: String, at offset: Int, line: Int) -> TodoTask {
        var task = rebased(onto: base, at: offset)
        task.line32 = Int32(line)
        task.endLine32 = Int32(line + (endLine - self.line))
        return task
    }

    /// Whether the task may have note lines: its block runs past its own line. (Its subtasks' blocks may fill
    /// the rest: `Document.noteLines(of:)` tells.)
    var mayHaveNoteLines: Bool { endLine32 > line32 }

    /// The priority, in every dialect, as a todo.txt letter (`⏫` high is `(B)`: see `PriorityLevel`).
    public var priority: Priority? { body.anyPriority }
    /// Whether the task is still to be done (open or in progress).
    public var isOpen: Bool { status.isOpen }
    /// The due day (`due:`, `📅`, `[due:: ]`).
    public var due: CalendarDate? { body.due }
    /// The due date with its time of day, when it has one.
    public var dueMoment: Moment? { body.dueMoment }
    /// The start date: todo.txt's threshold `t:`, the plugin's `🛫`, Dataview's `[start:: ]`.
    public var threshold: CalendarDate? { body.threshold }
    /// Whether the task is hidden from listings as topydo and Simpletask hide it: it has an `h:` tag with a
    /// value other than `0` (`h:1`), such as a task kept only so that a project or list stays named.
    public var isHidden: Bool { body.tagTokens("h").contains { body.slice($0.valueRange) != "0" } }
    /// The creation date: the todo.txt prefix date, `➕`, `[created:: ]`.
    public var creationDate: CalendarDate? { body.created }
    /// The completion date: the todo.txt prefix date, `✅`, `[completion:: ]`.
    public var completionDate: CalendarDate? { body.completed }
    /// Every field of the task's metadata, whatever dialect writes it.
    public var fields: TaskFields { body.fields }
    /// The dialect the task writes its metadata in.
    public var dialect: Dialect { body.dialect }
    /// The task's projects (`+house`), without the `+`, in the order written.
    public var projects: [String] { body.projects }
    /// The task's contexts (`@phone`), without the `@`, in the order written.
    public var contexts: [String] { body.contexts }
    /// The task's `key:value` tags, in the order written.
    public var tags: [(key: String, value: String)] { body.tags }
    /// The description as written, tags kept.
    public var text: String { body.description }
    /// The description without tags, spaces collapsed.
    public var title: String { body.title }
}
