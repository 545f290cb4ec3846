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
        let addressCount = invocation.value("where") == nil ? 1 : 0
        guard invocation.positionals.count == addressCount + 1 else {
            return usageFailure(addressCount == 1 ? "due takes a task address and a date (or none), e.g. 'todofmt due 12 fri'"
                                : "due --where FILTER takes a date (or none)")
        }
        let text = invocation.positionals[addressCount]
        let today: CalendarDate
        do { today = try EditSession.today(invocation) } catch {
            printError("\(error)\n")
            return .usage
        }
        var date: CalendarDate?
        if text.lowercased() != "none" {
            guard let resolved = DateExpression.resolve(text, today: today) else {
                return usageFailure("due takes a date such as 2026-11-27, fri or +3d, or none, not '\(text)'"
                                    + (CalendarDate.whyNotReal(text).map { " (\($0))" } ?? ""))
            }
            date = resolved
        }
        return EditSession.runAddressed(invocation, addresses: Array(invocation.positionals.prefix(addressCount))) { document, lines in
            try TaskEditor.setTag("due", to: date?.description, lines: lines, in: document, today: today)
        }
    }
}
