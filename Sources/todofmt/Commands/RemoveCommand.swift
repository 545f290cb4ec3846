import TodoKit

/// `todofmt rm ADDR…`: deletes tasks.
enum RemoveCommand {
    static let spec = CommandSpec(
        name: "rm", aliases: ["del"], synonyms: ["remove", "delete"],
        summary: "Delete tasks with their notes and subtasks.",
        discussion: """
            Prints each removed line. In a todo.txt file the line is removed, not left blank. A task that open tasks
            wait for (the Tasks plugin's dependencies, Dataview's [dependsOn:: id], topydo's p:) is refused, naming them, unless --force.
            """,
        options: CommonOptions.todoFile + [
            force.spec,
            Option<String>.today.spec,
        ] + CommonOptions.manyTasks,
        arguments: [CommonOptions.addresses],
        run: run
    )

    static let force = Flag("force", help: "Remove a task even though open tasks wait for it (they keep naming its id).")

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            try AddressedEdit.run(invocation, addresses: invocation.positionals) {
                try TaskEditor.remove(lines: $0.lines, in: $0.document, dependents: invocation[force] ? .keep : .refuse)
            }
            return .ok
        }
    }

}
