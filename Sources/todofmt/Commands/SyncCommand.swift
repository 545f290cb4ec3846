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
            CommonOptions.today.spec,
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
            let now = try Clock.now(invocation), today = now.date
            if case .folder(let folder) = try TodoSource.locate(invocation) {
                return try syncFolder(folder, vdirText: vdirText, invocation: invocation, now: now)
            }
            let file = try TodoFile(try TodoFileLocator.locate(invocation), invocation)
            let path = file.path, format = file.format
            var filter = FilterExpression.all
            if let query = invocation[whereFilter] { filter = try FilterOption.parse(query, option: "--where", now: Moment(today)) }
            var inbox: ListPath?
            if let list = invocation[Self.inbox] ?? invocation.environment["TODOFMT_LIST"].flatMap({ $0.isEmpty ? nil : $0 }), format == .markdown {
                guard let parsed = ListPath(parsing: list) else { throw CommandFailure.usage("\(EditError.invalidListPath(list))") }
                inbox = parsed
            }
            guard FileSystem.isDirectory(vdirText) else {
                let what = FileSystem.exists(vdirText) ? "not a folder" : "no such folder"
                throw CommandFailure("\(vdirText): error: \(what): name the vdir of one calendar (vdirsyncer creates it with 'vdirsyncer discover')")
            }
            var vdir = Vdir(path: TodoFileState.absolutePath(vdirText))
            guard let store = file.state else {
                throw CommandFailure("todofmt: error: sync keeps its state in $XDG_STATE_HOME/todofmt (or ~/.local/state/todofmt): set HOME or XDG_STATE_HOME")
            }
            let options = SyncOptions(vdir: vdir.path, filter: filter, today: today, settings: try Clock.calendarSettings(invocation),
                                      stamp: Clock.utcStamp(), productVersion: Version.current, inbox: inbox,
                                      reset: invocation[reset])
            let dryRun = invocation[dryRun]
            // The file's lock covers its state and, for the sync, the vdir's items: the steps of FORMAT.md 12.7
            // in order, under it.
            return try file.locked { todo in
                let state = try store.syncState(under: todo.lock)
                let items = try vdir.items(under: todo.lock)
                let plan: SyncPlan
                do { plan = try SyncPlanner.plan(document: todo.document, state: state, items: items, options: options) } catch let error as SyncError {
                    throw CommandFailure("\(path): error: \(error)")
                }
                var warnings = plan.reports.filter(\.isWarning)
                if !dryRun {
                    // The journal first: from now on a stopped sync is finished by the next one.
                    try store.save(plan.journal, under: todo.lock)
                    try todo.write(plan, followingSyncState: false)
                    let changedMeanwhile = "changed by another program during the sync; the next sync takes it"
                    for write in plan.writes where !(try vdir.write(write.fileName, write.text, under: todo.lock)) {
                        warnings.append(SyncReport(place: .item(write.fileName), message: changedMeanwhile, isWarning: true))
                    }
                    for removal in plan.removals where !(try vdir.remove(removal.fileName)) {
                        warnings.append(SyncReport(place: .item(removal.fileName), message: changedMeanwhile, isWarning: true))
                    }
                    try store.save(plan.state, under: todo.lock)
                }
                report(plan, warnings: warnings, path: path, vdir: vdirText, dryRun: dryRun)
                return .ok
            }
        }
    }

    /// A sync of every note of a folder with one vdir (`FolderSyncPlanner`), in the steps of FORMAT.md 12.7 under
    /// the lock of the folder's state: the journal, the notes (all or nothing, each under its own lock), the
    /// vdir's items, the state.
    static func syncFolder(_ folder: TodoFolder, vdirText: String, invocation: Invocation, now: Moment) throws -> ExitCode {
        let today = now.date
        var filter = FilterExpression.all
        if let query = invocation[whereFilter] { filter = try FilterOption.parse(query, option: "--where", now: Moment(today)) }
        var inboxList: ListPath?
        if let list = invocation[Self.inbox] ?? invocation.environment["TODOFMT_LIST"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let parsed = ListPath(parsing: list) else { throw CommandFailure.usage("\(EditError.invalidListPath(list))") }
            inboxList = parsed
        }
        guard FileSystem.isDirectory(vdirText) else {
            let what = FileSystem.exists(vdirText) ? "not a folder" : "no such folder"
            throw CommandFailure("\(vdirText): error: \(what): name the vdir of one calendar (vdirsyncer creates it with 'vdirsyncer discover')")
        }
        guard let store = TodoFileState(todoFile: folder.path) else {
            throw CommandFailure("todofmt: error: sync keeps its state in $XDG_STATE_HOME/todofmt (or ~/.local/state/todofmt): set HOME or XDG_STATE_HOME")
        }
        var vdir = Vdir(path: TodoFileState.absolutePath(vdirText))
        let options = SyncOptions(vdir: vdir.path, filter: filter, today: today, settings: try Clock.calendarSettings(invocation),
                                  stamp: Clock.utcStamp(), productVersion: Version.current, inbox: inboxList,
                                  reset: invocation[reset])
        let dryRun = invocation[dryRun]
        folder.printSettingsWarnings()
        FileSystem.makeDirectories(store.folder)
        return try FileLock.holding(store.syncPath) { lock in
            let state = try store.syncState(under: lock)
            let items = try vdir.items(under: lock)
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
                let changedMeanwhile = "changed by another program during the sync; the next sync takes it"
                for write in plan.writes where !(try vdir.write(write.fileName, write.text, under: lock)) {
                    warnings.append((nil, SyncReport(place: .item(write.fileName), message: changedMeanwhile, isWarning: true)))
                }
                for removal in plan.removals where !(try vdir.remove(removal.fileName)) {
                    warnings.append((nil, SyncReport(place: .item(removal.fileName), message: changedMeanwhile, isWarning: true)))
                }
                try store.save(plan.state, under: lock)
            }
            func place(_ file: String?, _ report: SyncReport) -> String {
                switch report.place {
                case .file(let line): return (file.map(shown) ?? "") + (line > 0 ? ":\(line)" : "")
                case .item(let name): return vdirText + (vdirText.hasSuffix("/") ? "" : "/") + name
                }
            }
            let changes = plan.reports.filter { !$0.report.isWarning }
            for (file, change) in changes { printOut("\(place(file, change)): \(change.message.showingControlCharacters())\n") }
            for (file, warning) in warnings { printError("\(place(file, warning)): warning: \(warning.message.showingControlCharacters())\n") }
            if changes.isEmpty, warnings.isEmpty {
                printOut("\(shown(folder.path)) and \(vdirText) are in sync (\(plan.state.entries.filter { $0.base != nil }.count) tasks)\n")
            } else if dryRun {
                printOut("(dry run: nothing was written)\n")
            }
            return .ok
        }
    }

    static func report(_ plan: SyncPlan, warnings: [SyncReport], path: String, vdir: String, dryRun: Bool) {
        func place(_ report: SyncReport) -> String {
            switch report.place {
            case .file(let line): return line > 0 ? "\(path):\(line)" : path
            case .item(let name): return vdir + (vdir.hasSuffix("/") ? "" : "/") + name
            }
        }
        let changes = plan.reports.filter { !$0.isWarning }
        for change in changes { printOut("\(place(change)): \(change.message.showingControlCharacters())\n") }
        for warning in warnings { printError("\(place(warning)): warning: \(warning.message.showingControlCharacters())\n") }
        if changes.isEmpty, warnings.isEmpty {
            printOut("\(path) and \(vdir) are in sync (\(plan.state.entries.filter { $0.base != nil }.count) tasks)\n")
        } else if dryRun {
            printOut("(dry run: nothing was written)\n")
        }
    }
}
