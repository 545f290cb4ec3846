import TodoKit

/// `todofmt toggle ADDR…`: completes open tasks and reopens closed ones.
enum ToggleCommand {
    static let spec = CommandSpec(
        name: "toggle",
        summary: "Complete open tasks and reopen closed ones (a checkbox click).",
        discussion: """
            An open or in-progress task is completed as 'todofmt done' completes it (a rec: task gets its next
            occurrence); a done or cancelled one is reopened as 'todofmt undo' reopens it.
            """,
        options: DoneCommand.options,
        arguments: [CommonOptions.addresses],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            try AddressedEdit.run(invocation, addresses: invocation.positionals) {
                try StatusChange.toggle(lines: $0.lines, in: $0.document, today: $0.today, subtasks: DoneCommand.subtaskPolicy(invocation),
                                      nextOccurrence: invocation[DoneCommand.nextBelow] ? .below : nil)
            }
            return .ok
        }
    }

}
