import TodoKit

/// `todofmt rmlist PATH`: removes a list.
enum RemoveListCommand {
    static let spec = CommandSpec(
        name: "rmlist",
        summary: "Delete a list (its heading and sub-lists); --with-tasks or --to when it holds tasks.",
        discussion: """
            Removes the list's heading and everything up to the next heading of its level or a higher one,
            its sub-lists included, printing each non-blank line it removes. A list that holds tasks is
            refused unless --with-tasks (they are deleted with it) or --to LIST (they move, with their notes
            and subtasks, to the end of LIST first, created if missing). Markdown files only.
            """,
        options: CommonOptions.todoFile + [
            withTasks.spec,
            to.spec,
            force.spec,
            Flag.dryRun.spec,
        ],
        arguments: [ArgumentSpec("PATH", .list, help: "The list's heading path, e.g. Work/Q4.")],
        run: run
    )

    static let withTasks = Flag("with-tasks", help: "Delete the list's tasks (and its sub-lists' tasks) with it.")
    static let to = Option<String>("to", value: .list, valueName: "LIST", help: "Move the list's tasks to the end of LIST first.")
    static let force = Flag("force", help: "With --to: move even when LIST would go over its cap (<!-- todofmt: limit=N -->).")

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count == 1 else { return usageFailure("rmlist takes one list path, e.g. 'todofmt rmlist Groceries'") }
        guard let path = ListPath(parsing: invocation.positionals[0]) else { return usageFailure("\(EditError.invalidListPath(invocation.positionals[0]))") }
        var handling = ListEditor.Tasks.refuse
        if let target = invocation[to] {
            guard !invocation[withTasks] else { return usageFailure("options '--with-tasks' and '--to' cannot be used together") }
            guard let list = ListPath(parsing: target) else { return usageFailure("\(EditError.invalidListPath(target))") }
            handling = .move(to: list)
        } else if invocation[withTasks] {
            handling = .remove
        }
        return ListEditCommand.run(invocation) { document in
            let result = try ListEditor.remove(path, tasks: handling, in: document)
            return invocation[force] ? result : try result.refusingCapOverflow("moved")
        } report: { result, _ in
            printOut("removed list '\(path)'\n")
        }
    }
}
