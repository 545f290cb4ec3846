import TodoKit

/// `todofmt sync --vdir DIR`: a two-way sync of the todo file with a vdir, one `.ics` VTODO per task.
enum SyncCommand {
    static let spec = CommandSpec(
        name: "sync",
        summary: "Sync tasks both ways with a vdir (a folder of .ics files: vdirsyncer, todoman, khal).",
        discussion: """
            Writes each task the filter selects (every task without --where) as a VTODO file in DIR, and
            brings back what another program (a phone through vdirsyncer and CalDAV, todoman) changed there
            since the last sync: completed (with its date; a rec: task gets its next occurrence), reopened,
            summary, due date and time, priority, notes; a new VTODO becomes a task in the list its categories
            name, else in the inbox (--inbox, $TODOFMT_LIST, else the file's first list); a deleted one
            removes the task. A task removed from the file, or no longer selected, leaves DIR. Where both
            sides changed the same field since the last sync, the file's value stays and a warning says
            what the calendar had. Properties other programs set in a VTODO are kept. Every change to the
            file goes through the same checked write as every edit; a sync stopped at any point is finished
            by the next one. The state (UIDs and what both sides last agreed on) is kept in
            $XDG_STATE_HOME/todofmt, beside the listing record. A folder of notes syncs as one calendar: a task
            keeps its UID when it moves from one note to another, and new tasks from the calendar go to the
            folder's inbox (inbox = FILE in its .todofmt), else today's daily note.
            """,
        options: [
            vdir.spec,
            whereFilter.spec,
            inbox.spec,
            reset.spec,
            dryRun.spec,
            Option<String>.today.spec,
        ] + CommonOptions.todoFile,
        environment: [EnvironmentSpec(name: "TODOFMT_LIST", help: "The inbox list, when --inbox is not given."),
                      ExportCommand.remindHour],
        examples: [
            ExampleSpec(command: "todofmt sync --vdir ~/.local/share/calendars/tasks",
                        help: "Sync TODO.md with the vdir vdirsyncer keeps in step with a CalDAV calendar."),
            ExampleSpec(command: "todofmt sync --vdir ~/.local/share/calendars/work --where list:Work --inbox Work",
                        help: "Only the list Work; tasks added in that calendar go to Work."),
        ],
        run: run
    )

    static let vdir = Option<String>("vdir", value: .path, valueName: "DIR", help: "The vdir folder (one calendar, e.g. a vdirsyncer filesystem storage's collection).")
    static let whereFilter = Option<String>("where", short: "w", value: .filter, valueName: "FILTER", help: "Sync only the tasks this filter selects (as 'ls --all FILTER' lists them).")
    static let inbox = Option<String>("inbox", value: .list, valueName: "LIST", help: "The list new tasks from the calendar go to when their categories name none (default: $TODOFMT_LIST, else the file's first list).")
    static let reset = Flag("reset", help: "Forget what the last sync agreed with DIR: both sides' tasks are taken as new, none as deleted.")
    static let dryRun = Flag("dry-run", short: "n", help: "Print what would change on each side; write nothing.")

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.isEmpty else { return usageFailure("sync takes no arguments (the filter goes with --where)") }
        guard let vdirText = invocation[vdir] else { return usageFailure("sync needs --vdir DIR, the folder of .ics files to sync with") }
        return CommandFailure.reporting {
            let now = try Clock.now(invocation)
            if case .folder(let folder) = try TodoSource.locate(invocation) {
                var run = try Run(invocation, vdirText: vdirText, now: now, takesInbox: true)
                return try syncFolder(folder, run: &run, now: now)
            }
            let file = try TodoSource.file(invocation)
            let path = file.path
            var run = try Run(invocation, vdirText: vdirText, now: now, takesInbox: file.format == .markdown)
            let store = try run.store(file.path)
            let options = run.options, dryRun = run.dryRun
            // The file's lock covers its state and, for the sync, the vdir's items: the steps of FORMAT.md 12.7
            // in order, under it.
            return try file.locked { todo in
                let state = try store.syncState(under: todo.lock)
                let items = try run.vdir.items(under: todo.lock)
                let plan: SyncPlan
                do { plan = try SyncPlanner.plan(document: todo.document, state: state, items: items, options: options) } catch let error as SyncError {
                    throw CommandFailure("\(path): error: \(error)")
                }
                var warnings = plan.reports.filter(\.isWarning)
                if !dryRun {
                    // The journal first: from now on a stopped sync is finished by the next one.
                    try store.save(plan.journal, under: todo.lock)
                    try todo.write(plan, followingSyncState: false)
                    warnings += try run.writeItems(plan.writes, removing: plan.removals, under: todo.lock)
                    try store.save(plan.state, under: todo.lock)
                }
                run.report(plan.reports.map { (path, $0) }, warnings: warnings.map { (path, $0) }, source: path, state: plan.state)
                return .ok
            }
        }
    }

    /// A sync of every note of a folder with one vdir (`FolderSyncPlanner`), in the steps of FORMAT.md 12.7 under
    /// the lock of the folder's state: the journal, the notes (all or nothing, each under its own lock), the
    /// vdir's items, the state.
    static func syncFolder(_ folder: TodoFolder, run: inout Run, now: Moment) throws -> ExitCode {
        let today = now.date
        let store = try run.store(folder.path)
        let options = run.options, dryRun = run.dryRun
        folder.printSettingsWarnings()
        FileSystem.makeDirectories(store.folder)
        return try FileLock.holding(store.syncPath) { lock in
            let state = try store.syncState(under: lock)
            let items = try run.vdir.items(under: lock)
            var notes: [FolderSyncPlanner.Note] = []
            folder.forEachDocument(folder.entries()) { entry, document in notes.append(.init(path: entry.path, document: document)) }
            // New tasks of the calendar go to the inbox: the folder's, else today's daily note (made when it gets one).
            let inboxPath = folder.settings.inbox ?? folder.vault?.dailyNotes?.path(of: today)
            var inbox = inboxPath.flatMap { path in notes.firstIndex { $0.path == path } }
            if inbox == nil, let inboxPath {
                inbox = notes.count
                notes.append(.init(path: inboxPath, document: try folder.file(inboxPath).read(missingIsEmpty: true)))
            }
            func planned() throws -> FolderSyncPlanner.Plan {
                do { return try FolderSyncPlanner.plan(notes: notes, state: state, items: items, options: options, inbox: inbox) } catch let error as SyncError {
                    throw CommandFailure("\(shown(folder.path)): error: \(error)")
                }
            }
            var plan = try planned()
            // A daily note the calendar's new tasks go to starts from its template, as add makes it: planned on the
            // template's text, and created with the plan's changes by the one checked write below (nothing before).
            var newNote: String?
            if !dryRun, let inbox, let daily = folder.vault?.dailyNotes, folder.settings.inbox == nil,
               plan.notes.contains(where: { $0.note == inbox && $0.plan.changesFile }), !FileSystem.exists(folder.file(notes[inbox].path).path) {
                let text = try folder.newDailyNote(daily, now: now)
                newNote = text
                notes[inbox].document = Document(parsing: text, like: notes[inbox].document)
                plan = try planned()
            }
            var warnings = plan.reports.filter(\.report.isWarning)
            if !dryRun {
                // The journal first: from now on a stopped sync is finished by the next one.
                try store.save(plan.journal, under: lock)
                let changed = plan.notes.filter(\.plan.changesFile)
                do {
                    let files = changed.map { folder.file(notes[$0.note].path) }
                    // The new daily note's folders, as Obsidian makes them; the note itself comes with the write.
                    if newNote != nil, let inbox {
                        FileSystem.makeDirectories(TodoFileState.absolutePath(FileSystem.directoryName(folder.file(notes[inbox].path).path)))
                    }
                    _ = try TodoFile.updateAll(files, creating: true) { index, document -> CheckedDocument in
                        let planned = changed[index].plan.checked
                        if changed[index].note == inbox, let newNote {
                            // Still missing: created from its template, then changed as planned, in one write.
                            let creation = try CheckedDocument.creating(newNote, in: document)
                            guard creation.document.text == planned.original.text else { throw SystemError.changedMeanwhile(files[index].name) }
                            return creation.then(planned)
                        }
                        // Planned from the note as read before its lock was taken: it must still hold that.
                        guard document.text == planned.original.text else { throw SystemError.changedMeanwhile(files[index].name) }
                        return planned
                    }
                } catch let failure as TodoFile.FailedChange {
                    var refusal = CommandFailure(failure.error, file: failure.file.name)
                    let outcome = failure.outcome(ofFiles: changed.count)
                    if !outcome.isEmpty { refusal.message += "; " + outcome }
                    throw refusal
                }
                warnings += try run.writeItems(plan.writes, removing: plan.removals, under: lock).map { (nil, $0) }
                try store.save(plan.state, under: lock)
            }
            run.report(plan.reports.map { ($0.file.map(shown), $0.report) }, warnings: warnings.map { ($0.file.map(shown), $0.report) },
                       source: shown(folder.path), state: plan.state)
            return .ok
        }
    }

    /// What a sync takes from the command line, and its steps that are the same for one file and for a folder:
    /// the vdir's items written, and what changed printed.
    struct Run {
        /// The vdir as given, as messages name it.
        let vdirText: String
        var vdir: Vdir
        let options: SyncOptions
        let dryRun: Bool

        /// `takesInbox`: whether the sync has lists for `--inbox` to name (a todo.txt file has none).
        init(_ invocation: Invocation, vdirText: String, now: Moment, takesInbox: Bool) throws {
            var filter = FilterExpression.all
            if let query = invocation[SyncCommand.whereFilter] { filter = try FilterOption.parse(query, option: "--where", now: Moment(now.date)) }
            var inbox: ListPath?
            if let list = invocation[SyncCommand.inbox] ?? invocation.environment["TODOFMT_LIST"].flatMap({ $0.isEmpty ? nil : $0 }), takesInbox {
                guard let parsed = ListPath(parsing: list) else { throw CommandFailure.usage("\(EditError.invalidListPath(list))") }
                inbox = parsed
            }
            guard FileSystem.isDirectory(vdirText) else {
                let what = FileSystem.exists(vdirText) ? "not a folder" : "no such folder"
                throw CommandFailure("\(vdirText): error: \(what): name the vdir of one calendar (vdirsyncer creates it with 'vdirsyncer discover')")
            }
            self.vdirText = vdirText
            vdir = Vdir(path: TodoFileState.absolutePath(vdirText))
            options = SyncOptions(vdir: vdir.path, filter: filter, today: now.date, settings: try Clock.calendarSettings(invocation),
                                  stamp: Clock.utcStamp(), productVersion: Version.current, inbox: inbox,
                                  reset: invocation[SyncCommand.reset])
            dryRun = invocation[SyncCommand.dryRun]
        }

        /// Where the sync of the file or folder at `path` keeps its state.
        func store(_ path: String) throws -> TodoFileState {
            guard let store = TodoFileState(todoFile: path) else {
                throw CommandFailure("todofmt: error: sync keeps its state in $XDG_STATE_HOME/todofmt (or ~/.local/state/todofmt): set HOME or XDG_STATE_HOME")
            }
            return store
        }

        /// Writes and removes the vdir's items as planned, each only while it holds what was read; a warning for each
        /// that another program changed meanwhile.
        mutating func writeItems(_ writes: [(fileName: String, text: String, replacing: String?)], removing removals: [(fileName: String, text: String)],
                                 under lock: borrowing FileLock) throws -> [SyncReport] {
            let changedMeanwhile = "changed by another program during the sync; the next sync takes it"
            var warnings: [SyncReport] = []
            for write in writes where !(try vdir.write(write.fileName, write.text, under: lock)) {
                warnings.append(SyncReport(place: .item(write.fileName), message: changedMeanwhile, isWarning: true))
            }
            for removal in removals where !(try vdir.remove(removal.fileName)) {
                warnings.append(SyncReport(place: .item(removal.fileName), message: changedMeanwhile, isWarning: true))
            }
            return warnings
        }

        /// Prints what changed on either side (each with the file it is in, as shown), then the warnings; or that
        /// `source` and the vdir are in sync.
        func report(_ reports: [(file: String?, report: SyncReport)], warnings: [(file: String?, report: SyncReport)],
                    source: String, state: SyncState) {
            func place(_ file: String?, _ report: SyncReport) -> String {
                switch report.place {
                case .file(let line): return (file ?? "") + (line > 0 ? ":\(line)" : "")
                case .item(let name): return vdirText + (vdirText.hasSuffix("/") ? "" : "/") + name
                }
            }
            let changes = reports.filter { !$0.report.isWarning }
            for (file, change) in changes { printOut("\(place(file, change)): \(change.message.showingControlCharacters())\n") }
            for (file, warning) in warnings { printError("\(place(file, warning)): warning: \(warning.message.showingControlCharacters())\n") }
            if changes.isEmpty, warnings.isEmpty {
                printOut("\(source) and \(vdirText) are in sync (\(state.entries.filter { $0.base != nil }.count) tasks)\n")
            } else if dryRun {
                printOut("(dry run: nothing was written)\n")
            }
        }
    }
}
