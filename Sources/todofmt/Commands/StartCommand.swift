import TodoKit

/// `todofmt start ADDR…`: marks tasks in progress.
enum StartCommand {
    static let spec = CommandSpec(
        name: "start",
        summary: "Mark tasks in progress ([/]).",
        discussion: """
            Turns each open [ ] task into [/], in progress (Markdown only: a todo.txt file has no such status).
            'todofmt done' completes it as any open task.
            """,
        options: CommonOptions.todoFile + [Option<String>.today.spec] + CommonOptions.manyTasks,
        arguments: [ArgumentSpec("ADDR", .openAddress, repeating: true, optional: true,
                                 help: "A task's line number (as 'todofmt ls' shows it), or FILE:LINE; none with --where.")],
        examples: [ExampleSpec(command: "todofmt start 14", help: "Start the task on line 14.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            try AddressedEdit.run(invocation, addresses: invocation.positionals) {
                try StatusChange.start(lines: $0.lines, in: $0.document)
            }
            return .ok
        }
    }
}
