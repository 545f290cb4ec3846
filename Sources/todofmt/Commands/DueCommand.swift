import TodoKit

/// `todofmt due ADDR DATE`: sets, replaces or removes a task's due date.
enum DueCommand {
    static let spec = CommandSpec(
        name: "due",
        summary: "Set or change tasks' due date; 'none' removes it.",
        discussion: """
            DATE is anything --due takes: an ISO date, today, tomorrow, a weekday (fri: the next one), or an
            offset such as +3d, 2w, 1m, optionally followed by a time of day (fri 14:30, tomorrow 9am,
            2026-12-01T14:30; a time alone is today at it), written due:2026-11-27T14:30. The first due: tag
            gets the new date (a second one goes), else due:DATE is added at the end. 'todofmt due 12 none'
            removes the due date.
            """,
        options: CommonOptions.todoFile + [Option<String>.today.spec] + CommonOptions.manyTasks,
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE; left out with --where."),
            ArgumentSpec("DATE", .dueDate, help: "The due date (2026-11-27, fri, +3d …), with a time of day if you like (fri 14:30), or none."),
        ],
        examples: [ExampleSpec(command: "todofmt due 14 fri 14:30", help: "Make the task on line 14 due next Friday at 14:30."),
                   ExampleSpec(command: "todofmt due 14 none", help: "Remove its due date.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let (addresses, values) = try AddressedEdit.words(
                invocation, values: 1...2, usage: "due takes a task address and a date (or none), e.g. 'todofmt due 12 fri' or 'todofmt due 12 fri 14:30'",
                whereUsage: "due --where FILTER takes a date (or none)")
            let today = try Clock.today(invocation)
            let typed = values.joined(separator: " ")
            var moment: Moment?
            if typed.lowercased() != "none" {
                guard let resolved = DateExpression.resolveMoment(typed, today: today) else {
                    if let why = TypedText.whyNoDay(values[0]) { throw CommandFailure.usage("due:\(values[0]) \(why)") }
                    throw CommandFailure.usage("due takes a date such as 2026-11-27, fri or +3d, a date and time such as 'fri 14:30', or none, not '\(typed)'")
                }
                moment = resolved
            }
            try AddressedEdit.run(invocation, addresses: addresses) {
                try TaskEditor.setTag("due", to: moment?.description, lines: $0.lines, in: $0.document, today: $0.today)
            }
            return .ok
        }
    }

}
