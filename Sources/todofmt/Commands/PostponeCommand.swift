import TodoKit

/// `todofmt postpone ADDR PERIOD`: moves due dates later.
enum PostponeCommand {
    static let spec = CommandSpec(
        name: "postpone",
        summary: "Move tasks' due date later by a period (3d, 1w, 2m, 1b), their start date with it.",
        discussion: """
            Moves due: by PERIOD: N days (d), weeks (w), months (m, clamped to the month's last day), years (y)
            or working days (b). An overdue task is postponed from today, as topydo does (due yesterday,
            'postpone 1d' makes it due tomorrow); --from-due counts from its due date anyway. A t: start date
            moves with it, keeping its distance to the due date, as topydo's 'postpone -s' does. A task of the
            Tasks or Dataview dialect without a due date has its scheduled date postponed, else its start date,
            as the Tasks plugin does; in a vault with the plugin only the date postponed moves. A task without
            such a date is refused.
            """,
        options: CommonOptions.todoFile + [Option<String>.today.spec,
                  fromDue.spec]
            + CommonOptions.manyTasks,
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE; left out with --where."),
            ArgumentSpec("PERIOD", .period, help: "How much later: 3d, 1w, 2m, 1y, 5b."),
        ],
        run: run
    )

    static let fromDue = Flag("from-due", help: "Count from the due date even when it has passed (default: an overdue task counts from today).")

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let (addresses, values) = try AddressedEdit.words(
                invocation, values: 1...1, usage: "postpone takes a task address and a period, e.g. 'todofmt postpone 12 3d'",
                whereUsage: "postpone --where FILTER takes a period, e.g. 3d")
            guard let period = Period(parsing: values[0]) else {
                throw CommandFailure.usage("postpone takes a period such as 3d, 1w, 2m, 1y or 5b (working days), not '\(values[0])'")
            }
            let fromDue = invocation[fromDue]
            try AddressedEdit.run(invocation, addresses: addresses) {
                try TaskEditor.postpone(lines: $0.lines, by: period, from: fromDue ? .dueDate : .dueDateOrToday($0.today),
                                        in: $0.document)
            }
            return .ok
        }
    }

}
