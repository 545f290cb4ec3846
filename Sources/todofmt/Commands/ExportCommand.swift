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
            ics.spec,
            events.spec,
            output.spec,
            Option<String>.today.spec,
        ] + CommonOptions.todoFile,
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Only tasks matching these filter terms, as for ls.")],
        acceptsDashPositionals: true,
        environment: [remindHour],
        examples: [ExampleSpec(command: "todofmt export --ics --events status:open -o ~/Public/tasks.ics",
                               help: "Open tasks for a calendar to subscribe to, with an event on each due date.")],
        run: run
    )

    static let ics = Flag("ics", help: "Write iCalendar (the only format, and the default).")
    static let events = Flag("events", help: "Also write a VEVENT on the due date of each open task, for calendars without VTODOs.")
    static let output = Option<String>("output", short: "o", value: .path, valueName: "FILE", help: "Write to FILE instead of standard output.")

    /// The reminder hour, which `remind` (its `--at`) and the calendar's alarms share.
    static let remindHour = EnvironmentSpec(name: "TODOFMT_REMIND_AT",
                                            help: "The reminder hour (default 09:00): when remind sends, and a calendar alarm rings, for a day without a time; remind's --at when it is not given.")

    static func run(_ invocation: Invocation) -> ExitCode {
        let input: ListTasksCommand.Input
        do { input = try ListTasksCommand.Input.load(invocation) } catch { return error.code }
        if case .file(let file) = input.source, let output = invocation[output], FileSystem.isSameFile(output, file.path) {
            return usageFailure("-o \(shown(output)) would overwrite the todo file \(shown(file.path)); name another file")
        }
        return CommandFailure.reporting {
            let settings = try Clock.calendarSettings(invocation)
            let export = ICalendarExport(productVersion: Version.current, timestamp: timestamp(invocation), settings: settings,
                                         events: invocation[events])
            let calendar: String
            switch input.source {
            case .file(let file):
                // Every task the filter selects, whatever its status or threshold: done ones go as completed.
                let document = input.document!
                let tasks = TaskListing(document: document, filter: input.filter(for: file.path), scope: .all, today: input.today).matches.sorted()
                let uids = try assignedUIDs(of: tasks, in: document, file: file)
                calendar = export.render(tasks, in: document, uids: uids)
            case .folder(let folder):
                calendar = try render(folder, input: input, export: export)
            }
            if let output = invocation[output] {
                try OutputFile.write(calendar, to: output)
            } else {
                printOut(calendar)
            }
            return .ok
        }
    }

    /// The calendar of a folder's tasks: UIDs given to the tasks of all its notes at once (a task moved from one
    /// note to another keeps its own), then each note's selected tasks written with them.
    static func render(_ folder: TodoFolder, input: ListTasksCommand.Input, export: ICalendarExport) throws -> String {
        let entries = folder.entries()
        var candidates: [TaskUIDs.Candidate] = []
        folder.forEachDocument(entries) { entry, document in
            WarningPrinter.printImpossibleDates(in: document, path: entry.path)
            candidates += document.tasks.indices.map { TaskUIDs.Candidate(task: $0, in: document, file: entry.path) }
        }
        let uids = try folder.assignUIDs(to: candidates)
        var todos: [CalendarComponent] = [], events: [CalendarComponent] = []
        var first = 0
        folder.forEachDocument(entries) { entry, document in
            let own = Dictionary(uniqueKeysWithValues: document.tasks.indices.compactMap { index in uids[first + index].map { (index, $0) } })
            first += document.tasks.count
            let tasks = TaskListing(document: document, filter: input.filter(for: entry.path), scope: .all, today: input.today).matches.sorted()
            let made = export.components(tasks, in: document, uids: own)
            todos += made.todos
            events += made.events
        }
        return export.render(todos: todos, events: events)
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
        if invocation[.today] != nil, let today = try? Clock.today(invocation) {
            return ICalendarTime.basic(today) + "T000000Z"
        }
        return Clock.utcStamp()
    }
}
