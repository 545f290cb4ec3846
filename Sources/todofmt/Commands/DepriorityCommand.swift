import TodoKit

/// `todofmt depri ADDR…`: removes tasks' priorities.
enum DepriorityCommand {
    static let spec = CommandSpec(
        name: "depri", aliases: ["dp"], synonyms: ["deprioritize"],
        summary: "Remove tasks' priorities.",
        discussion: "Removes (X) from an open task, or the kept pri:X from a closed one.",
        options: CommonOptions.todoFile + [Option<String>.today.spec] + CommonOptions.manyTasks,
        arguments: [CommonOptions.addresses],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            try AddressedEdit.run(invocation, addresses: invocation.positionals) {
                try TaskEditor.removePriority(lines: $0.lines, in: $0.document)
            }
            return .ok
        }
    }

}
