import TodoKit

/// `todofmt mv ADDR… --list NAME`: moves tasks to another list.
enum MoveCommand {
    static let spec = CommandSpec(
        name: "mv", synonyms: ["move"],
        summary: "Move tasks (with notes and subtasks) to another list.",
        discussion: """
            Moves each task's block to the end of the list NAME, created if missing; a nested task becomes a
            top-level task there. A move that would fill a capped list past its cap is refused unless --force.
            Markdown files only.
            """,
        options: [
            CommonOptions.file,
            OptionSpec("list", short: "l", value: .list, valueName: "NAME", help: "The list (heading path, e.g. Work/Q4) to move to."),
            OptionSpec("force", help: "Move even into a list that would go over its cap (<!-- todofmt: limit=N -->)."),
            CommonOptions.today,
        ] + CommonOptions.manyTasks,
        arguments: [CommonOptions.addresses],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard let name = invocation.value("list") else { return usageFailure("mv needs --list NAME") }
        guard let list = ListPath(parsing: name) else { return usageFailure("\(EditError.invalidListPath(name))") }
        return EditSession.runAddressed(invocation, addresses: invocation.positionals) { document, lines in
            let result = try TaskMover.move(lines: lines, to: list, in: document)
            return invocation.flag("force") ? result : try result.refusingCapOverflow("moved")
        }
    }
}
