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
        return CommandFailure.reporting {
            let now = try Clock.now(invocation)
            let (file, document) = try TodoFile.load(invocation)
            let agenda = Agenda(document: document, now: now, days: days)
            // The agenda shows addresses as ls does: an edit given one finds the task shown there.
            file.recordListing(document)
            show(agenda, of: document, path: file.path, json: invocation.flag("json"))
            return .ok
        }
    }

    static func show(_ agenda: Agenda, of document: Document, path: String, json: Bool) {
        if json {
            let dependencies = Dependencies(document)
            printOut(JSONWriter.lines(agenda.entries.map { entry in
                guard case .object(var fields) = TaskJSON.object(for: document.task(atLine: entry.task.line)!,
                                                                  in: document, file: path,
                                                                  dependencies: dependencies) else { return .null }
                fields.append(("agenda", .object([("reason", .string(entry.reason.rawValue)),
                                                  ("date", .string(entry.date.description)),
                                                  ("time", .optional(entry.time?.description))])))
                return .object(fields)
            }))
        } else {
            printOut(agenda.rendered().showingControlCharacters(keepingNewlines: true))
        }
    }
}
