import TodoKit

/// What a note's tasks name, each once, in order of first use: what completion offers from every note of the
/// workspace, and where go-to-definition looks for an id. The workspace reads it once for each note it reads
/// (`WorkspaceIndex`) and once for each version of an open document; of the document being edited, each kind is
/// read when a completion asks for it, by the same functions.
struct NoteNames: Sendable {
    /// `+project` names, each with how many open tasks name it (`NameUsage.names`).
    var projects: [(name: String, openTasks: Int)]
    /// `@context` names, the same way.
    var contexts: [(name: String, openTasks: Int)]
    /// `#tags`, without their `#`.
    var hashtags: [String]
    /// The todo.txt tags' keys, each with its values.
    var tags: [(key: String, values: [String])]
    /// The ids tasks give themselves, each with its task and that task's title as shown.
    var ids: [(id: String, task: Int, title: String)]
    /// The lists of a Markdown note (its headings), each with its tasks open and closed, its sub-lists' included.
    var lists: [(title: String, open: Int, closed: Int)]

    init(_ note: NoteTasks) {
        projects = NameUsage.names(.project, in: note.tasks)
        contexts = NameUsage.names(.context, in: note.tasks)
        hashtags = Self.hashtags(of: note.tasks)
        tags = CompletionCandidates.tags(of: note.tasks)
        ids = Self.ids(of: note.tasks, title: note.shownTitle(of:))
        lists = note.format == .markdown ? Self.lists(of: note.tasks, under: note.headings) : []
    }

    /// The `#tags` of `tasks`, each once.
    static func hashtags(of tasks: [TodoTask]) -> [String] {
        var seen = Set<String>()
        return tasks.flatMap { $0.fields.hashtags.filter { seen.insert($0).inserted } }
    }

    /// The ids `tasks` give themselves (`TaskIDs.all`), each with its task and title.
    static func ids(of tasks: [TodoTask], title: (Int) -> String) -> [(id: String, task: Int, title: String)] {
        TaskIDs.all(in: tasks).map { ($0.id, $0.task, title($0.task)) }
    }

    /// The lists (headings) with a title, each with the tasks it holds (`Outline.taskCounts`).
    static func lists(of tasks: [TodoTask], under headings: [Heading]) -> [(title: String, open: Int, closed: Int)] {
        let counts = Outline.taskCounts(of: tasks, under: headings)
        return headings.indices.filter { !headings[$0].title.isEmpty }.map { (headings[$0].title, counts[$0].open, counts[$0].closed) }
    }
}
