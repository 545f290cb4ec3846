import TodoKit

/// `todofmt rm ADDR…`: deletes tasks.
enum RemoveCommand {
    static let spec = CommandSpec(
        name: "rm", aliases: ["del"], synonyms: ["remove", "delete"],
        summary: "Delete tasks with their notes and subtasks.",
        discussion: "Prints each removed line. In a todo.txt file the line is removed, not left blank.",
        options: [CommonOptions.file, CommonOptions.today] + CommonOptions.manyTasks,
        arguments: [CommonOptions.addresses],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            try AddressedEdit.run(invocation, addresses: invocation.positionals) {
                try TaskEditor.remove(lines: $0.lines, in: $0.document)
            }
            return .ok
        }
    }

}
