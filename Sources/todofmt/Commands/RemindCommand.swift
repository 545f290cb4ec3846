import TodoKit

/// `todofmt remind`: for a timer. Sends a desktop notification for each reminder whose moment has come, once,
/// with "Done" and "Snooze" buttons; prints the reminders where there is no notification service, or with
/// `--stdout`. `--print` previews them and records nothing.
enum RemindCommand {
    static let spec = CommandSpec(
        name: "remind",
        summary: "Notify due reminders once each, for a timer; --install sets the timer up.",
        discussion: """
            A task reminds you at each remind: moment (remind:2026-11-30T09:00, remind:-1d, remind:-2h) and when
            it is due: at its time (due:2026-12-01T14:30), or at the hour --at on its due day. Each reminder
            whose moment has come, within the last day, is sent once: what was sent is kept in
            $XDG_STATE_HOME/todofmt/ (a reminder is known by its moment and the task's words, so moving,
            sorting or tagging the task does not send it again; rewording it or changing its date does).
            Notifications go to the desktop's notification service through notify-send, with two buttons:
            Done completes the task (a recurring task gets its next occurrence), Snooze sends the reminder
            again after --snooze. remind waits for a click at most --wait, then ends. Without a notification
            service, or with --stdout (for cron, which mails what a job prints), each reminder is sent by
            printing it as FILE:LINE: TEXT. --print shows what would be sent now and changes nothing: no
            reminder counts as sent.
            --install writes a systemd user timer that runs 'todofmt remind' for this file every minute (or,
            without a systemd user instance, prints a crontab line); --uninstall removes it.
            """,
        options: CommonOptions.todoFile + [
            at.spec,
            snooze.spec,
            wait.spec,
            printOption.spec,
            stdout.spec,
            install.spec,
            uninstall.spec,
            Option<String>.today.spec,
        ],
        examples: [
            ExampleSpec(command: "todofmt remind --install", help: "Be reminded of the tasks of the nearest TODO.md from now on."),
            ExampleSpec(command: "todofmt remind --print", help: "Print the reminders that are due and not yet sent, and send none."),
        ],
        run: run
    )

    static let at = Option<String>("at", value: .text, valueName: "TIME",
                                   help: "When a reminder on a day without a time of day comes, e.g. 08:30 (default 09:00).",
                                   environment: [ExportCommand.remindHour])
    static let snooze = Option<String>("snooze", value: .text, valueName: "DURATION", help: "How much later Snooze sends a reminder again: 10m, 1h, 1h30m (default 1h).")
    static let wait = Option<String>("wait", value: .text, valueName: "DURATION", help: "How long to wait for a click on Done or Snooze: 30s, 2m (default 2m); 0 sends without buttons.")
    static let printOption = Flag("print", help: "Print the reminders that would be sent now, as FILE:LINE: TEXT; send and record nothing.")
    static let stdout = Flag("stdout", help: "Send the reminders by printing them as FILE:LINE: TEXT instead of as notifications; they count as sent.")
    static let install = Flag("install", help: "Set up a systemd user timer (or print a crontab line) that runs remind for this file every minute.")
    static let uninstall = Flag("uninstall", help: "Remove the timer --install set up for this file.")

    /// What one run reminds with, read from the command line.
    struct Settings {
        /// The todo source: a file, or a folder of notes.
        var path: String
        var now: Moment
        var hour: TimeOfDay
        var snoozeMinutes: Int
        var waitSeconds: Int
    }

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            guard invocation.positionals.isEmpty else { throw CommandFailure("todofmt: error: remind takes no arguments", code: .usage) }
            let modes = [install, uninstall, printOption, stdout].filter { invocation[$0] }.map(\.spec.long)
            guard modes.count < 2 else {
                throw CommandFailure("todofmt: error: --\(modes[0]) and --\(modes[1]) cannot be used together", code: .usage)
            }
            let settings = try self.settings(invocation)
            if invocation[install] || invocation[uninstall] {
                return try RemindTimer(todoFile: settings.path, hour: hourOption(invocation),
                                       snooze: invocation[snooze], wait: invocation[wait])
                    .run(uninstall: invocation[uninstall])
            }
            // --print previews: what a run now would take, from copies of the logs that are never written.
            let preview = invocation[printOption]
            var alerts: [Pending] = []
            switch try TodoSource.locate(invocation) {
            case .file(let file):
                let document = try file.read()
                WarningPrinter.printImpossibleDates(in: document, path: file.path)
                alerts = try take(file, document: document, settings: settings, recording: !preview)
            case .folder(let folder):
                // Each note keeps its own log, under its own lock; a note with nothing due and no log is left alone.
                folder.printSettingsWarnings()
                try folder.forEachDocument(folder.entries()) { entry, document in
                    WarningPrinter.printImpossibleDates(in: document, path: entry.path)
                    let file = folder.file(entry.path)
                    let schedule = ReminderSchedule(document: document, hour: settings.hour)
                    guard !schedule.due(now: settings.now).isEmpty || file.state.map({ FileSystem.exists($0.remindersPath) }) == true else { return }
                    alerts += try take(file, document: document, settings: settings, recording: !preview)
                }
            }
            if preview || invocation[stdout] {
                for alert in alerts { printLine(alert) }
            } else {
                try notify(alerts, settings: settings, invocation: invocation)
            }
            return .ok
        }
    }

    /// A reminder to send, with the file it is of and that file's document as read.
    struct Pending {
        var file: TodoFile
        var document: Document
        var alert: ReminderSchedule.Alert
    }

    /// The reminders of `document` (the file as read) whose moment has come and that were not sent yet,
    /// recorded as sent in the file's log when `recording`.
    static func take(_ file: TodoFile, document: Document, settings: Settings, recording: Bool) throws -> [Pending] {
        let schedule = ReminderSchedule(document: document, hour: settings.hour)
        let alerts: [ReminderSchedule.Alert]
        if recording {
            alerts = try file.updateReminderLog { $0.take(schedule, now: settings.now) }
        } else {
            var log = file.reminderLog()
            alerts = log.take(schedule, now: settings.now)
        }
        return alerts.map { Pending(file: file, document: document, alert: $0) }
    }

    static func settings(_ invocation: Invocation) throws -> Settings {
        let now = try Clock.now(invocation)
        let hour = try hourOption(invocation) ?? TimeOfDay(hour: 9, minute: 0)!
        func minutes(_ option: Option<String>, _ fallback: Int, seconds: Bool) throws -> Int {
            guard let text = invocation[option] else { return fallback }
            if seconds, text.hasSuffix("s"), let n = Int(text.dropLast()), n >= 0 { return n }
            if seconds, text == "0" { return 0 }
            guard !text.contains(where: { "dwDW".contains($0) }), let duration = Duration(parsing: text), duration.minutes > 0 else {
                throw CommandFailure("todofmt: error: --\(option.spec.long) takes \(seconds ? "seconds or minutes (30s, 2m)" : "minutes or hours (10m, 1h, 1h30m)"), not '\(text)'", code: .usage)
            }
            return seconds ? duration.minutes * 60 : duration.minutes
        }
        let path: String
        switch try TodoSource.place(invocation) {
        case .file(let file), .folder(let file): path = file
        }
        return Settings(path: path, now: now, hour: hour,
                        snoozeMinutes: try minutes(snooze, 60, seconds: false), waitSeconds: try minutes(wait, 120, seconds: true))
    }

    /// `--at`, else `$TODOFMT_REMIND_AT`, when given.
    static func hourOption(_ invocation: Invocation) throws -> TimeOfDay? {
        let option = invocation[at].map { ("--at", $0) }
        let given = option ?? invocation.environment["TODOFMT_REMIND_AT"].flatMap { $0.isEmpty ? nil : ("TODOFMT_REMIND_AT", $0) }
        guard let (source, text) = given else { return nil }
        guard let time = TimeOfDay(typed: text) else {
            throw CommandFailure("todofmt: error: \(source) takes a time of day such as 09:00 or 8am, not '\(text)'", code: .usage)
        }
        return time
    }

    /// `FILE:LINE: TEXT`, the task as written, for a terminal, a log or an editor's list of locations.
    static func printLine(_ pending: Pending) {
        let text = String(pending.document.tasks[pending.alert.task].body.text).trimmingBlanks()
        printOut("\(shown(pending.file.name)):\(pending.alert.line): \(text.showingControlCharacters())\n")
    }

    /// Sends each reminder through `notify-send` at once, then waits (at most `--wait`) for the clicks and
    /// acts on them; the reminders that cannot be sent (no notification service) are printed instead, in
    /// their order, whichever `notify-send` gave up first.
    static func notify(_ alerts: [Pending], settings: Settings, invocation: Invocation) throws {
        var waiting: [(index: Int, child: Subprocess.Child)] = []
        var unsent: Set<Int> = []
        defer { for index in unsent.sorted() { printLine(alerts[index]) } }
        for (index, pending) in alerts.enumerated() {
            if let child = Subprocess.Child(DesktopNotification(alert: pending.alert, waitSeconds: settings.waitSeconds).arguments) {
                waiting.append((index, child))
            } else {
                unsent.insert(index)
            }
        }
        let deadline = Clock.monotonicSeconds() + Double(settings.waitSeconds) + 5
        while !waiting.isEmpty {
            var running: [(index: Int, child: Subprocess.Child)] = []
            for entry in waiting {
                guard let (status, output) = entry.child.finished() else {
                    running.append(entry)
                    continue
                }
                guard status == 0 else {
                    unsent.insert(entry.index)
                    continue
                }
                try act(on: output.trimmingBlanks().split(separator: "\n").last.map(String.init) ?? "", alerts[entry.index],
                        settings: settings, invocation: invocation)
            }
            waiting = running
            if Clock.monotonicSeconds() > deadline {
                for entry in waiting { entry.child.stop() }
                break
            }
            if !waiting.isEmpty { usleep(50_000) }
        }
    }

    /// What a click on a notification's button does: Done completes the task through the write path,
    /// Snooze records when to send the reminder again.
    static func act(on action: String, _ pending: Pending, settings: Settings, invocation: Invocation) throws {
        let alert = pending.alert, file = pending.file
        switch action {
        case DesktopNotification.done:
            let today = try Clock.today(invocation)
            var found = true
            let result = try file.update { document in
                // Found again by its key: the file may have changed since the reminder was sent.
                guard let now = ReminderSchedule(document: document, hour: settings.hour).alert(key: alert.key) else {
                    found = false
                    return EditResult(unchanged: document)
                }
                return try StatusChange.complete(lines: [now.line], in: document, today: today)
            }
            if !found { printError("\(shown(file.name)): note: '\(alert.title)' is no longer open; nothing was changed\n") }
            EditReport.print(result, path: file.name, showsPath: file.name != settings.path)
        case DesktopNotification.snooze:
            let until = try Clock.now(invocation).adding(minutes: settings.snoozeMinutes)
            try file.updateReminderLog { $0.snooze(alert, until: until) }
            printOut("snoozed '\(alert.title)' until \(until.spaced)\n")
        default:
            break
        }
    }
}
