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
        options: CommonOptions.todoFile + [
            list.spec,
            force.spec,
            Option<String>.today.spec,
        ] + CommonOptions.manyTasks,
        arguments: [CommonOptions.addresses],
        run: run
    )

    static let list = Option<String>("list", short: "l", value: .list, valueName: "NAME", help: "The list (heading path, e.g. Work/Q4) to move to.")
    static let force = Flag("force", help: "Move even into a list that would go over its cap (<!-- todofmt: limit=N -->).")

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            guard let name = invocation[list] else { throw CommandFailure.usage("mv needs --list NAME") }
            guard let list = ListPath(parsing: name) else { throw CommandFailure.usage("\(EditError.invalidListPath(name))") }
            try AddressedEdit.run(invocation, addresses: invocation.positionals) {
                let result = try TaskMover.move(lines: $0.lines, to: list, in: $0.document)
                return invocation[force] ? result : try result.refusingCapOverflow("moved")
            }
            return .ok
        }
    }

}
