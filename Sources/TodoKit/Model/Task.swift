/// A task: a checkbox item in a Markdown file, or a line of a todo.txt file.
///
/// Its document tells what the task's position in it decides: its subtasks (`Document.subtasks(of:)`) and
/// the text of its notes (`Document.notes(of:)`, read from `noteLines`).
public struct Task: Hashable, Sendable {
    // Line numbers and indexes are held in 32 bits (-1 for none): a document holds one task per task line.
    var line32: Int32
    var endLine32: Int32
    var item32: Int32
    var parent32: Int32
    var depth32: Int32
    var heading32: Int32
    var bodyColumn32: Int32
    /// `checkbox` as a `CompactCharacter`.
    var checkbox32: UInt32
    public var status: TaskStatus
    /// 1-based lines of the notes: lines of the task's block outside its subtasks' blocks.
    public var noteLines: [Int]
    /// Heading titles from the outermost down: the list the task is in.
    public var list: [String]
    public var body: TaskBody

    public init(line: Int, endLine: Int, item: Int?, checkbox: Character?, status: TaskStatus, body: TaskBody,
                bodyColumn: Int, parent: Int?, depth: Int, noteLines: [Int] = [],
                heading: Int? = nil, list: [String] = []) {
        line32 = Int32(line)
        endLine32 = Int32(endLine)
        item32 = Int32(optionalIndex: item)
        parent32 = Int32(optionalIndex: parent)
        depth32 = Int32(depth)
        heading32 = Int32(optionalIndex: heading)
        bodyColumn32 = Int32(bodyColumn)
        self.status = status
        checkbox32 = CompactCharacter.encode(checkbox)
        self.body = body
        self.noteLines = noteLines
        self.list = list
    }

    /// A task as a parser makes it, from values already packed: a task per task line is made, so this sets
    /// each field once.
    @inline(__always)
    init(line32: Int32, item32: Int32, parent32: Int32, depth32: Int32, heading32: Int32, bodyColumn32: Int32,
         checkbox32: UInt32, status: TaskStatus, body: consuming TaskBody, list: consuming [String]) {
        self.line32 = line32
        endLine32 = line32
        self.item32 = item32
        self.parent32 = parent32
        self.depth32 = depth32
        self.heading32 = heading32
        self.bodyColumn32 = bodyColumn32
        self.checkbox32 = checkbox32
        self.status = status
        self.body = body
        // Set here rather than by default values, which made the optimizer copy each new task.
        noteLines = []
        self.list = list
    }

    /// The character in the checkbox, exactly as written (nil in todo.txt files).
    public var checkbox: Character? {
        get { CompactCharacter.decode(checkbox32) }
        set { checkbox32 = CompactCharacter.encode(newValue) }
    }

    /// 1-based line of the checkbox (or todo.txt) line.
    public var line: Int {
        get { Int(line32) }
        set { line32 = Int32(newValue) }
    }
    /// 1-based last line of the task's block: its notes and subtasks.
    public var endLine: Int {
        get { Int(endLine32) }
        set { endLine32 = Int32(newValue) }
    }
    /// The Markdown list item this task is (nil in todo.txt files).
    public var item: Int? {
        get { item32.optionalIndex }
        set { item32 = Int32(optionalIndex: newValue) }
    }
    /// 1-based UTF-8 column where the body starts in its line.
    public var bodyColumn: Int {
        get { Int(bodyColumn32) }
        set { bodyColumn32 = Int32(newValue) }
    }
    /// The nearest enclosing task, as an index into `Document.tasks`.
    public var parent: Int? {
        get { parent32.optionalIndex }
        set { parent32 = Int32(optionalIndex: newValue) }
    }
    /// Number of enclosing tasks: 0 for a top-level task.
    public var depth: Int {
        get { Int(depth32) }
        set { depth32 = Int32(newValue) }
    }
    /// The heading the task is under, as an index into `Document.headings`.
    public var heading: Int? {
        get { heading32.optionalIndex }
        set { heading32 = Int32(optionalIndex: newValue) }
    }

    public var priority: Priority? { body.priority }
    public var isOpen: Bool { status.isOpen }
    public var due: CalendarDate? { body.due }
    public var threshold: CalendarDate? { body.threshold }
    public var creationDate: CalendarDate? { body.creationDate }
    public var completionDate: CalendarDate? { body.completionDate }
    public var projects: [String] { body.projects }
    public var contexts: [String] { body.contexts }
    public var tags: [(key: String, value: String)] { body.tags }
    /// The description as written, tags kept.
    public var text: String { body.description }
    /// The description without tags, spaces collapsed.
    public var title: String { body.title }

}
