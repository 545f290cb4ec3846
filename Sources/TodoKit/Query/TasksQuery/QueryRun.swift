/// A query run over notes handed to it one at a time, as a folder is read: each note's tasks are tested as it
/// comes and only the matches are kept, each holding its own line rather than its note's text, so memory holds
/// what the query finds, not the folder.
///
/// Whether a task is blocked or blocking depends on tasks of other notes, maybe notes not read yet; but only a task
/// with an id, a `depends on` or a `p:` can be either (`hasDependencyWords`), and only such tasks block one
/// another. Those few are held until the last note, then their dependencies are found among them alone and they
/// are tested; every other task is tested at once. The result is `TasksQuery.run(on:)`'s over all the tasks.
package struct QueryRun {
    private let query: TasksQuery
    private let tests: [(QueryTask) -> Bool]
    /// The tasks that matched, each with its place among all the tasks read (the last tie-break of the order).
    private var matches: [(order: Int, task: QueryTask)] = []
    /// The tasks with dependency words, kept until every note is read.
    private var waiting: [(order: Int, task: QueryTask)] = []
    /// How many tasks were read.
    private var count = 0
    /// The paths of the notes read that hold a task, by file name (a backlink names a note by its file name when
    /// no other note has it).
    private var pathsByName: [String: Set<String>] = [:]

    /// A run of `query`, which must be valid (`TasksQuery.isValid`).
    package init(_ query: TasksQuery) {
        self.query = query
        tests = query.filters.map { $0.test() }
    }

    /// Tests the tasks of `document`, the note at `path`.
    package mutating func add(_ document: Document, path: String) {
        add(QueryRun.note(document, path: path, query: query))
    }

    /// Takes what one note gave (`note(_:path:query:)`), in the order the notes are read.
    package mutating func add(_ note: Note) {
        guard let name = note.filename else { return }
        matches += note.matches.map { (count + $0.index, $0.task) }
        waiting += note.waiting.map { (count + $0.index, $0.task) }
        count += note.count
        pathsByName[name, default: []].insert(note.path)
    }

    /// What one note gives a run: its tasks that match, and those that wait for the other notes (they have
    /// dependency words), each with its index among the note's tasks and holding its own line alone.
    package struct Note: Sendable {
        let path: String
        /// The note's file name; nil when it holds no task.
        let filename: String?
        let count: Int
        let matches: [(index: Int, task: QueryTask)]
        let waiting: [(index: Int, task: QueryTask)]
    }

    /// Tests the tasks of `document`, the note at `path`, by `query`'s filters, apart from any other note: what a
    /// folder's reader does where it read the note.
    package static func note(_ document: Document, path: String, query: TasksQuery) -> Note {
        let tests = query.filters.map { $0.test() }
        let linesWithInvalidDates = QueryTask.linesWithInvalidDates(in: document)
        var filename: String?
        var matches: [(index: Int, task: QueryTask)] = [], waiting: [(index: Int, task: QueryTask)] = []
        for (index, task) in document.tasks.enumerated() {
            let isSubItem = task.item.map { document.items[$0].parent != nil } ?? false
            let candidate = QueryTask(task: task, path: path, heading: task.heading.map { document.headings[$0].title },
                                      isSubItem: isSubItem, hasInvalidDate: linesWithInvalidDates.contains(task.line))
            if filename == nil { filename = candidate.filename }
            if task.hasDependencyWords {
                waiting.append((index, candidate.detached()))
            } else if tests.allSatisfy({ $0(candidate) }) {
                matches.append((index, candidate.detached()))
            }
        }
        return Note(path: path, filename: filename, count: document.tasks.count, matches: matches, waiting: waiting)
    }

    /// What the query lists of every task added.
    package func result() -> QueryResult {
        let dependencies = Dependencies(waiting.map(\.task.task))
        var all = matches
        for (index, (order, task)) in waiting.enumerated() {
            let placed = task.with(isBlocked: dependencies.isBlocked(index), isBlocking: dependencies.isBlocking(index))
            if tests.allSatisfy({ $0(placed) }) { all.append((order, placed)) }
        }
        if !waiting.isEmpty { all.sort { $0.order < $1.order } }
        return query.result(of: all.map(\.task), uniqueFilenames: Set(pathsByName.filter { $0.value.count == 1 }.keys))
    }
}
