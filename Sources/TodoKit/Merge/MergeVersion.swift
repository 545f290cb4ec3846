/// One of the three versions of a file, cut into what the merge moves around: tasks (with the lines they
/// own) and the lines between them.
struct MergeVersion {
    enum Piece: Hashable {
        /// A line no task owns: headings, paragraphs, blank lines, code.
        case line(Line)
        /// A task, as an index into `tasks`.
        case task(Int)
    }

    let document: Document
    let tasks: [TaskVersion]
    /// The file from top to bottom.
    let pieces: [Piece]

    init(_ document: Document) {
        self.document = document
        var owner = [Int?](repeating: nil, count: document.lines.count)
        var tasks: [TaskVersion] = []
        for (index, task) in document.tasks.enumerated() {
            var owned = [task.line - 1]
            for note in document.noteLines(of: index) where note - 1 == owned.last! + 1 { owned.append(note - 1) }
            for line in owned { owner[line] = index }
            tasks.append(TaskVersion(task: task, index: index, in: document, lineIndexes: owned))
        }
        var pieces: [Piece] = []
        for (i, line) in document.lines.enumerated() {
            if let task = owner[i] {
                if tasks[task].lineIndexes[0] == i { pieces.append(.task(task)) }
            } else {
                pieces.append(.line(line))
            }
        }
        self.tasks = tasks
        self.pieces = pieces
    }
}
