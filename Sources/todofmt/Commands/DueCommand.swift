import TodoKit

/// `todofmt due ADDR DATE`: sets, replaces or removes a task's due date.
enum DueCommand {
    static let spec = CommandSpec(
        name: "due",
        summary: "Set or change tasks' due date; 'none' removes it.",
        discussion: """
            DATE is anything --due takes: an ISO date, today, tomorrow, a weekday (fri: the next one), or an
            offset such as +3d, 2w, 1m. The first due: tag gets the new date (a second one goes), else
            due:DATE is added at the end. 'todofmt due 12 none' removes the due date.
            """,
        options: [CommonOptions.file, CommonOptions.today] + CommonOptions.manyTasks,
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE; left out with --where."),
            ArgumentSpec("DATE", .dueDate, help: "The due date (2026-11-27, fri, +3d …), or none."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard let (addresses, values) = EditSession.addressAndValues(
            invocation, values: 1...1, usage: "due takes a task address and a date (or none), e.g. 'todofmt due 12 fri'",
            whereUsage: "due --where FILTER takes a date (or none)") else { return .usage }
        guard let today = try? Clock.today(from: invocation) else { return usageFailure("--today takes a date such as 2026-11-21") }
        var date: CalendarDate?
        if values[0].lowercased() != "none" {
            guard let resolved = DateExpression.resolve(values[0], today: today) else {
                return usageFailure("due takes a date such as 2026-11-27, fri or +3d, or none, not '\(values[0])'"
                                    + (CalendarDate.whyNotReal(values[0]).map { " (\($0))" } ?? ""))
            }
            date = resolved
        }
        return EditSession.runAddressed(invocation, addresses: addresses) { document, lines in
            try TaskEditor.setTag("due", to: date?.description, lines: lines, in: document, today: today)
        }
    }
}
