/// A task: a checkbox item in a Markdown file, or a line of a todo.txt file.
///
/// Its document tells what the task's position in it decides: its list (`Document.list(of:)`), its subtasks
/// (`Document.subtasks(of:)`) and its notes (`Document.noteLines(of:)`, and their text `Document.notes(of:)`).
public struct Task: Hashable, Sendable {
    // Line numbers and indexes are held in 32 bits (-1 for none): a document holds one task per task line.
    var line32: Int32
    var endLine32: Int32
    var item32: Int32
    var parent32: Int32
    /// The depth, and the status in the top bits: a status alone would take eight bytes with its padding.
    var depthAndStatus: UInt32
    var heading32: Int32
    var bodyColumn32: Int32
    /// `checkbox` as a `CompactCharacter`.
    var checkbox32: UInt32
    public var body: TaskBody

    public init(line: Int, endLine: Int, item: Int?, checkbox: Character?, status: TaskStatus, body: TaskBody,
                bodyColumn: Int, parent: Int?, depth: Int, heading: Int? = nil) {
        line32 = Int32(line)
        endLine32 = Int32(endLine)
        item32 = Int32(optionalIndex: item)
        parent32 = Int32(optionalIndex: parent)
        depthAndStatus = Task.pack(depth: depth, status: status)
        heading32 = Int32(optionalIndex: heading)
        bodyColumn32 = Int32(bodyColumn)
        checkbox32 = CompactCharacter.encode(checkbox)
        self.body = body
    }

    /// A task as a parser makes it, from values already packed: a task per task line is made, so this sets
    /// each field once.
    @inline(__always)
    init(line32: Int32, item32: Int32, parent32: Int32, depth: Int, heading32: Int32, bodyColumn32: Int32,
         checkbox32: UInt32, status: TaskStatus, body: consuming TaskBody) {
        self.line32 = line32
        endLine32 = line32
        self.item32 = item32
        self.parent32 = parent32
        depthAndStatus = Task.pack(depth: depth, status: status)
        self.heading32 = heading32
        self.bodyColumn32 = bodyColumn32
        self.checkbox32 = checkbox32
        // Set here rather than by default values, which made the optimizer copy each new task.
        self.body = body
    }

    /// A depth nests one item in another, each indented at least two columns more, so a line of text far
    /// longer than any file holds would be needed to reach the 28 bits kept for it.
    private static let depthBits: UInt32 = 28
    private static let depthMask: UInt32 = (1 << depthBits) - 1

    @inline(__always)
    private static func pack(depth: Int, status: TaskStatus) -> UInt32 {
        precondition(depth >= 0 && depth <= Int(depthMask), "task depth out of range")
        return UInt32(depth) | UInt32(status.code) << depthBits
    }

    public var status: TaskStatus {
        get { TaskStatus(code: UInt8(truncatingIfNeeded: depthAndStatus >> Task.depthBits)) }
        set { depthAndStatus = depthAndStatus & Task.depthMask | UInt32(newValue.code) << Task.depthBits }
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
        get { Int(depthAndStatus & Task.depthMask) }
        set { depthAndStatus = Task.pack(depth: newValue, status: status) }
    }
    /// Whether the task may have note lines: its block runs past its own line. (Its subtasks' blocks may fill
    /// the rest: `Document.noteLines(of:)` tells.)
    var mayHaveNoteLines: Bool { endLine32 > line32 }

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
