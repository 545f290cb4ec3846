import TodoKit

/// `todofmt review --from Today --to Backlog`: moves what is left open in one list to another.
enum ReviewCommand {
    static let spec = CommandSpec(
        name: "review",
        summary: "Move the open tasks of one list to another (e.g. what is left of Today to Backlog).",
        discussion: """
            Moves every open and in-progress top-level task of the list FROM (default Today), with its notes
            and subtasks, to the end of the list TO (default Backlog; created if missing), and prints what
            moved. Done and cancelled tasks stay. --dry-run prints what would move and changes nothing.
            Markdown files only.
            """,
        options: [
            OptionSpec("from", value: .list, valueName: "LIST", help: "The list to empty of open tasks (default: Today)."),
            OptionSpec("to", value: .list, valueName: "LIST", help: "The list to move them to (default: Backlog)."),
            OptionSpec("dry-run", short: "n", help: "Print what would move; write nothing."),
            CommonOptions.file,
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let fromText = invocation.value("from") ?? "Today", toText = invocation.value("to") ?? "Backlog"
        guard let from = ListPath(parsing: fromText) else { return usageFailure("\(EditError.invalidListPath(fromText))") }
        guard let to = ListPath(parsing: toText) else { return usageFailure("\(EditError.invalidListPath(toText))") }
        return CommandFailure.reporting {
            let path = try EditSession.locateFile(invocation)
            if invocation.flag("dry-run") {
                guard let document = TodoFileLoader.read(path) else { return .failure }
                let moving = openTasks(of: from, in: document)
                report(moving, from: from, to: to, verb: "would move")
                return .ok
            }
            var moved: [Task] = []
            let result = try EditSession(path: path).run { document in
                moved = openTasks(of: from, in: document)
                guard !moved.isEmpty else { return EditResult(unchanged: document) }
                return try TaskMover.move(lines: moved.map(\.line), to: to, in: document)
            }
            report(moved, from: from, to: to, verb: "moved")
            ListingSnapshot.update(path: path, after: result)
            return .ok
        }
    }

    /// The open top-level tasks of the list `path` itself (not of its sub-lists).
    static func openTasks(of path: ListPath, in document: Document) -> [Task] {
        let wanted = path.titles.map { $0.lowercased() }
        return document.tasks.filter { task in
            task.parent == nil && task.isOpen && task.list.map { $0.lowercased() } == wanted
        }
    }

    static func report(_ tasks: [Task], from: ListPath, to: ListPath, verb: String) {
        guard !tasks.isEmpty else {
            printOut("nothing open in \(from)\n")
            return
        }
        printOut("\(verb) \(tasks.count) task\(tasks.count == 1 ? "" : "s") from \(from) to \(to):\n")
        for task in tasks { printOut("  \(task.line): \(task.text)\n") }
    }
}
