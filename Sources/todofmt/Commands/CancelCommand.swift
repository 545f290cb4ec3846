import TodoKit

/// `todofmt cancel ADDR…`: cancels tasks.
enum CancelCommand {
    static let spec = CommandSpec(
        name: "cancel",
        summary: "Mark tasks cancelled ([-]).",
        discussion: """
            Marks each task [-]; a task written in the Obsidian Tasks or Dataview dialect also gets today's
            date as its cancelled date, in that dialect ([cancelled:: DATE] in Dataview). A todo.txt
            file has no cancelled status: its tasks are completed, as 'todofmt done' completes them (without
            a next occurrence). 'todofmt undo' reopens a cancelled task.
            """,
        options: CommonOptions.todoFile + [Option<String>.today.spec] + CommonOptions.manyTasks,
        arguments: [ArgumentSpec("ADDR", .openAddress, repeating: true, optional: true,
                                 help: "A task's line number (as 'todofmt ls' shows it), or FILE:LINE; none with --where.")],
        examples: [ExampleSpec(command: "todofmt cancel 14", help: "Cancel the task on line 14.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            try AddressedEdit.run(invocation, addresses: invocation.positionals) {
                try StatusChange.cancel(lines: $0.lines, in: $0.document, today: $0.today)
            }
            return .ok
        }
    }
}
