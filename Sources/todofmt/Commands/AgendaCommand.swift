import TodoKit

/// `todofmt agenda`: overdue tasks, then what is due or starts each day of the coming days.
enum AgendaCommand {
    static let spec = CommandSpec(
        name: "agenda",
        summary: "Show what is overdue, due today and due or starting in the next days.",
        discussion: """
            Lists open tasks that are overdue, then, day by day for the next N days (7 by default, today
            included), the tasks due that day and the tasks whose threshold (t:) arrives that day, marked
            'starts'. Each task shows its address (line number) and list.
            """,
        options: [
            OptionSpec("days", value: .number, valueName: "N", help: "How many days to show, today included (default 7)."),
            CommonOptions.json, CommonOptions.file, CommonOptions.today,
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.isEmpty else { return usageFailure("agenda takes no arguments") }
        let days: Int
        if let text = invocation.value("days") {
            guard let n = Int(text), n > 0, n <= 3660 else { return usageFailure("--days takes a whole number from 1 to 3660, not '\(text)'") }
            days = n
        } else {
            days = 7
        }
        let now: Moment
        do { now = try Clock.now(from: invocation) } catch let error as UsageError {
            return usageFailure(error.message)
        } catch { return .failure }
        guard let loaded = TodoFileLoader.load(invocation) else { return .failure }
        let agenda = Agenda(document: loaded.document, now: now, days: days)
        // The agenda shows addresses as ls does: edits check a line number against what was shown last.
        ListingSnapshot.record(path: loaded.path, document: loaded.document)
        if invocation.flag("json") {
            let dependencies = Dependencies(loaded.document)
            printOut(JSONWriter.lines(agenda.entries.map { entry in
                guard case .object(var fields) = TaskJSON.object(for: loaded.document.task(atLine: entry.task.line)!,
                                                                  in: loaded.document, file: loaded.path,
                                                                  dependencies: dependencies) else { return .null }
                fields.append(("agenda", .object([("reason", .string(entry.reason.rawValue)),
                                                  ("date", .string(entry.date.description)),
                                                  ("time", .optional(entry.time?.description))])))
                return .object(fields)
            }))
        } else {
            printOut(agenda.rendered().showingControlCharacters(keepingNewlines: true))
        }
        return .ok
    }
}
