import TodoKit

/// `todofmt export --ics`: tasks as an iCalendar file of VTODOs (and VEVENTs with `--events`).
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        summary: "Export tasks as an iCalendar (RFC 5545) file of VTODOs, as 'sync' writes them.",
        discussion: """
            Prints an iCalendar file with a VTODO for every task the filter selects (every task without one),
            as 'todofmt sync' writes it into a vdir: SUMMARY, DESCRIPTION from the notes, DUE (with its time),
            DTSTART from t:, STATUS (COMPLETED with COMPLETED:, CANCELLED), PRIORITY (A 1, B 5, C-Z 9),
            CATEGORIES (the list, +projects, @contexts), RRULE for a strict rec:+… the calendar repeats the same
            way, RELATED-TO a parent task, and an alarm for remind: (a day without a time rings at
            $TODOFMT_REMIND_AT, default 09:00). Each task keeps its UID across rewording, moving, sorting and
            every edit: UIDs are remembered in $XDG_STATE_HOME/todofmt (shared with sync), and a uid: tag on a
            task is used as it is. --events adds an all-day VEVENT on the due date of each open task, for
            calendars that show no VTODOs.
            """,
        options: [
            OptionSpec("ics", help: "Write iCalendar (the only format, and the default)."),
            OptionSpec("events", help: "Also write a VEVENT on the due date of each open task, for calendars without VTODOs."),
            OptionSpec("output", short: "o", value: .path, valueName: "FILE", help: "Write to FILE instead of standard output."),
            CommonOptions.file, CommonOptions.today,
        ],
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Only tasks matching these filter terms, as for ls.")],
        acceptsDashPositionals: true,
        environment: [remindHour],
        examples: [ExampleSpec(command: "todofmt export --ics --events status:open -o ~/Public/tasks.ics",
                               help: "Open tasks for a calendar to subscribe to, with an event on each due date.")],
        run: run
    )

    /// The reminder hour, which `remind` (its `--at`) and the calendar's alarms share.
    static let remindHour = EnvironmentSpec(name: "TODOFMT_REMIND_AT",
                                            help: "The reminder hour (default 09:00): when remind sends, and a calendar alarm rings, for a day without a time; remind's --at when it is not given.")

    static func run(_ invocation: Invocation) -> ExitCode {
        let input: ListCommand.Input
        do { input = try ListCommand.Input.load(invocation) } catch { return error.code }
        if let output = invocation.value("output"), FileSystem.isSameFile(output, input.file) {
            return usageFailure("-o \(shown(output)) would overwrite the todo file \(shown(input.file)); name another file")
        }
        return CommandFailure.reporting {
            let settings = try Clock.calendarSettings(invocation)
            // Every task the filter selects, whatever its status or threshold: done ones go as completed.
            let tasks = TaskListing(document: input.document, filter: input.filter, scope: .all, today: input.today).matches.sorted()
            let uids = try assignedUIDs(of: tasks, in: input.document, file: TodoFile(input.file))
            let export = ICalendarExport(productVersion: Version.current, timestamp: timestamp(invocation), settings: settings,
                                         events: invocation.flag("events"))
            let calendar = export.render(tasks, in: input.document, uids: uids)
            if let output = invocation.value("output") {
                try GuardedFile.update(output) { _ in calendar }
            } else {
                printOut(calendar)
            }
            return .ok
        }
    }

    /// The UIDs of the tasks, as the state of the file remembers them (and remembered for next time).
    static func assignedUIDs(of tasks: [Int], in document: Document, file: TodoFile) throws -> [Int: String] {
        guard let store = file.state else {
            return TaskUIDs(document: document, wanted: tasks, state: []).uids
        }
        return try FileLock.holding(file.path, name: file.name) { lock in
            var state = try store.syncState(under: lock)
            // Every task, so that the state follows the whole file: a task exported later is known by then.
            let uids = state.assignUIDs(in: document)
            try store.save(state, under: lock)
            return uids
        }
    }

    /// DTSTAMP: now in UTC, or midnight of `--today` for reproducible output.
    static func timestamp(_ invocation: Invocation) -> String {
        if invocation.value("today") != nil, let today = try? Clock.today(invocation) {
            return ICalendarTime.basic(today) + "T000000Z"
        }
        return Clock.utcStamp()
    }
}
