import TodoKit

/// `todofmt review --from Today --to Backlog`: moves what is left open in one list to another.
enum ReviewCommand {
    static let spec = CommandSpec(
        name: "review",
        summary: "Move the open tasks of one list to another (e.g. what is left of Today to Backlog).",
        discussion: """
            Moves every open and in-progress top-level task of the list FROM (default Today), with its notes
            and subtasks, to the end of the list TO (default Backlog; created if missing), and prints what
            moved, at its new line. Done and cancelled tasks stay. Lists are found as 'add --list' finds
            them; a FROM list the file lacks is an error. A move that would fill a capped list TO past its
            cap is refused unless --force. --dry-run prints what would move and changes nothing. Markdown
            files only.
            """,
        options: [
            from.spec,
            to.spec,
            dryRun.spec,
            force.spec,
        ] + CommonOptions.todoFile,
        run: run
    )

    static let from = Option<String>("from", value: .list, valueName: "LIST", help: "The list to empty of open tasks (default: Today).")
    static let to = Option<String>("to", value: .list, valueName: "LIST", help: "The list to move them to (default: Backlog).")
    static let dryRun = Flag("dry-run", short: "n", help: "Print what would move; write nothing.")
    static let force = Flag("force", help: "Move even when the list TO would go over its cap (<!-- todofmt: limit=N -->).")

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.isEmpty else { return usageFailure("review takes no arguments") }
        let fromText = invocation[from] ?? "Today", toText = invocation[to] ?? "Backlog"
        guard let from = ListPath(parsing: fromText) else { return usageFailure("\(EditError.invalidListPath(fromText))") }
        guard let to = ListPath(parsing: toText) else { return usageFailure("\(EditError.invalidListPath(toText))") }
        return CommandFailure.reporting {
            let file = try TodoSource.file(invocation), path = file.path
            do {
                if invocation[dryRun] {
                    let document = try file.read()
                    let moving = try openTasks(of: from, to: to, in: document, path: path)
                    if !moving.isEmpty, !invocation[force] {
                        _ = try TaskMover.move(lines: moving.map(\.line), to: to, in: document).refusingCapOverflow("moved")
                    }
                    report(moving.map { ($0.line, String(document.lines[$0.line - 1].text)) }, from: from, to: to, verb: "would move")
                    return .ok
                }
                let result = try file.update { document in
                    let moving = try openTasks(of: from, to: to, in: document, path: path)
                    guard !moving.isEmpty else { return EditResult(unchanged: document) }
                    let result = try TaskMover.move(lines: moving.map(\.line), to: to, in: document)
                    return invocation[force] ? result : try result.refusingCapOverflow("moved")
                }
                // Where the moved tasks are now: the addresses to use next.
                report(result.changedTaskLines.map { ($0, String(result.document.lines[$0 - 1].text)) }, from: from, to: to, verb: "moved")
            } catch {
                throw CommandFailure(error, file: path)
            }
            return .ok
        }
    }

    /// The open top-level tasks of the list `list` itself (not of its sub-lists), found as `add` finds a list.
    /// Moving a list's tasks to the list itself would only reorder it: refused, as a mistyped option.
    static func openTasks(of list: ListPath, to target: ListPath, in document: Document, path: String) throws -> [TodoTask] {
        guard document.format == .markdown else {
            throw CommandFailure("\(shown(path)): error: todo.txt files have no lists (headings); review needs a Markdown file")
        }
        if list.namesSameList(as: target, in: document) {
            throw CommandFailure.usage("--from and --to name the same list, '\(list)'")
        }
        do { return try list.openTasks(in: document) } catch let error as EditError {
            throw CommandFailure("\(shown(path)): error: \(error)")
        }
    }

    /// Prints what moved, each task as `LINE: TEXT` with its line (for a real move, its new line).
    static func report(_ tasks: [(line: Int, text: String)], from: ListPath, to: ListPath, verb: String) {
        guard !tasks.isEmpty else {
            printOut("nothing open in \(from)\n")
            return
        }
        printOut("\(verb) \(tasks.count) task\(tasks.count == 1 ? "" : "s") from \(from) to \(to):\n")
        for task in tasks { printOut("  \(task.line): \(task.text.showingControlCharacters())\n") }
    }
}
