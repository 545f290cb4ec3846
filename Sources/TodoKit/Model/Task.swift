/// A task: a checkbox item in a Markdown file, or a line of a todo.txt file.
public struct Task: Hashable, Sendable {
    /// 1-based line of the checkbox (or todo.txt) line.
    public var line: Int
    /// 1-based last line of the task's block: its notes and subtasks.
    public var endLine: Int
    /// The Markdown list item this task is (nil in todo.txt files).
    public var item: Int?
    /// The character in the checkbox, exactly as written (nil in todo.txt files).
    public var checkbox: Character?
    public var status: TaskStatus
    public var body: TaskBody
    /// 1-based UTF-8 column where the body starts in its line.
    public var bodyColumn: Int
    /// The nearest enclosing task, as an index into `Document.tasks`.
    public var parent: Int?
    /// Directly nested tasks, as indexes into `Document.tasks`.
    public var subtasks: [Int] = []
    /// Number of enclosing tasks: 0 for a top-level task.
    public var depth: Int
    /// 1-based lines of the notes: lines of the task's block outside its subtasks' blocks.
    public var noteLines: [Int] = []
    /// The notes' text, indentation to the content column removed; blank lines at either end left out.
    public var notes: [String] = []
    /// The heading the task is under, as an index into `Document.headings`.
    public var heading: Int?
    /// Heading titles from the outermost down: the list the task is in.
    public var list: [String] = []

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
