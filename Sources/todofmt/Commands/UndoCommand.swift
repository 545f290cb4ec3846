import TodoKit

/// `todofmt undo ADDR…`: reopens tasks.
enum UndoCommand {
    static let spec = CommandSpec(
        name: "undo", synonyms: ["reopen", "uncheck"],
        summary: "Reopen done or cancelled tasks.",
        discussion: """
            Reverses 'todofmt done': removes the completion mark and date and gives a kept pri:X back as (X).
            A next occurrence that 'done' added stays; remove it with 'todofmt rm' if you want. --where FILTER
            reopens the done and cancelled tasks the filter selects ('undo --where completed:today').
            """,
        options: CommonOptions.todoFile + [Option<String>.today.spec] + CommonOptions.manyTasks,
        arguments: [ArgumentSpec("ADDR", .closedAddress, repeating: true, optional: true,
                                 help: "A task's line number, or FILE:LINE; none with --where.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            try AddressedEdit.run(invocation, addresses: invocation.positionals, closedTasks: true) {
                try StatusChange.reopen(lines: $0.lines, in: $0.document)
            }
            return .ok
        }
    }

}
