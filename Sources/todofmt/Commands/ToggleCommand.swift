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
        EditSession.runDated(invocation, addresses: invocation.positionals) { document, lines, today in
            try Completion.toggle(lines: lines, in: document, today: today, subtasks: DoneCommand.subtaskPolicy(invocation),
                                  nextOccurrence: invocation.flag("next-below") ? .below : .above)
        }
    }
}
