/// Works out a two-way sync of a folder's notes with one vdir, as one calendar: each task is one `VTODO`
/// whatever note it is in, and keeps its UID when it moves from one note to another (a task carried over from
/// yesterday's daily note to today's).
///
/// The folder's state remembers every task with its file before its list (`TaskSnapshot.inFolder`). The plan:
/// 1. every task of every note gets its UID across the folder (`TaskUIDs` over all the notes' tasks), so the
///    state's entry of a moved task goes with the note the task is in now;
/// 2. each item of the vdir goes with the note of its task (by its UID, else by its entry's last note); an item
///    the state does not know goes with the note holding a new task that says the same, else with the inbox note;
/// 3. each note is synced with its items and entries as one file is (`SyncPlanner`), a new task's UID never one
///    another note has;
/// 4. an entry whose note is gone from the folder has its item removed, as a task gone from its file has.
/// The journal and the state are the notes' own, put together.
package enum FolderSyncPlanner {
    /// A note of the folder, by its path relative to the folder.
    package struct Note: Sendable {
        package var path: String
        package var document: Document

        package init(path: String, document: Document) {
            self.path = path
            self.document = document
        }
    }

    /// What a sync of the folder changes: each note's plan, the items to write and remove, the journal and the
    /// state, and the reports, each with its note's path (nil for a report about an item alone).
    package struct Plan: Sendable {
        package var notes: [(note: Int, plan: SyncPlan)] = []
        package var journal: SyncState
        package var state: SyncState
        package var writes: [(fileName: String, text: String, replacing: String?)] = []
        package var removals: [(fileName: String, text: String)] = []
        package var reports: [(file: String?, report: SyncReport)] = []
    }

    /// The plan for `notes` (every note of the folder that holds a task, and the inbox note, `inbox`, where new
    /// tasks of the calendar go, maybe empty) and the vdir's `items`, from the folder's `state`.
    package static func plan(notes: [Note], state: SyncState, items: [VdirItem], options: SyncOptions,
                             inbox: Int?) throws -> Plan {
        let entries = state.entries
        var candidates: [TaskUIDs.Candidate] = [], noteOf: [Int] = []
        for (n, note) in notes.enumerated() {
            for index in note.document.tasks.indices {
                candidates.append(TaskUIDs.Candidate(task: index, in: note.document, file: note.path))
                noteOf.append(n)
            }
        }
        let uids = TaskUIDs(candidates: candidates, state: entries)
        let pathIndex = Dictionary(notes.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        // 1. Each entry with the note of its task, else the note it was last seen in (nil: gone from the folder).
        var entryNote = [Int?](repeating: nil, count: entries.count)
        for (position, e) in uids.entries { entryNote[e] = noteOf[position] }
        for e in entries.indices where entryNote[e] == nil {
            entryNote[e] = entries[e].seen.list.first.flatMap { pathIndex[$0] }
        }
        // 2. Each item with the note of its UID.
        var uidNote: [String: Int] = [:]
        for (position, uid) in uids.uids { uidNote[uid] = noteOf[position] }
        for (e, entry) in entries.enumerated() { if let n = entryNote[e], uidNote[entry.uid] == nil { uidNote[entry.uid] = n } }
        let newSummaries = newTaskSummaries(notes, candidates: noteOf, uids: uids, settings: options.settings)
        var itemsOf = [[VdirItem]](repeating: [], count: notes.count)
        var orphanItems: [String: VdirItem] = [:]
        for item in items {
            guard let (uid, summary) = identify(item, settings: options.settings) else {
                // Not a task the sync can read: the note planners say so; any note will do.
                if let first = notes.indices.first { itemsOf[inbox ?? first].append(item) }
                continue
            }
            if let n = uidNote[uid] {
                itemsOf[n].append(item)
            } else if entries.contains(where: { $0.uid == uid }) {
                orphanItems[uid] = item
            } else if let n = newSummaries[summary] ?? inbox {
                itemsOf[n].append(item)
            } else {
                throw SyncError(description: "the calendar has a new task, '\(summary)', and the folder no note to put it in; "
                    + "nothing was changed: set 'inbox = FILE' in the folder's .todofmt file (or set up daily notes)")
            }
        }
        // 3. Each note synced on its own, its new UIDs none of another note's.
        var plan = Plan(journal: SyncState(file: state.file, vdir: options.vdir), state: SyncState(file: state.file, vdir: options.vdir))
        var reserved = Set(entries.map(\.uid)).union(items.compactMap { identify($0, settings: options.settings)?.uid })
        for (n, note) in notes.enumerated() {
            let own = entries.indices.filter { entryNote[$0] == n }.map { entries[$0] }
            let view = SyncState(file: "", vdir: state.vdir, entries: own.map { outOfFolder($0, format: note.document.format) })
            var noteOptions = options
            noteOptions.reservedUIDs = reserved.subtracting(own.map(\.uid)).subtracting(itemsOf[n].compactMap { identify($0, settings: options.settings)?.uid })
            let notePlan: SyncPlan
            do { notePlan = try SyncPlanner.plan(document: note.document, state: view, items: itemsOf[n], options: noteOptions) } catch let error as SyncError {
                throw SyncError(description: "\(note.path): \(error.description)")
            }
            plan.notes.append((n, notePlan))
            plan.journal.entries += notePlan.journal.entries.map { inFolder($0, file: note.path) }
            plan.state.entries += notePlan.state.entries.map { inFolder($0, file: note.path) }
            reserved.formUnion(notePlan.journal.entries.map(\.uid))
            plan.writes += notePlan.writes
            plan.removals += notePlan.removals
            plan.reports += notePlan.reports.map { report in
                if case .item = report.place { return (nil, report) }
                return (note.path, report)
            }
        }
        // 4. Entries whose note is gone: their items go (the journal keeps them until then).
        for (e, entry) in entries.enumerated() where entryNote[e] == nil {
            plan.journal.entries.append(entry)
            guard entry.base != nil, let item = orphanItems[entry.uid] else { continue }
            plan.removals.append((item.fileName, item.text))
            plan.reports.append((nil, SyncReport(place: .item(item.fileName), message: "removed: its note \(entry.seen.list.first ?? "") is gone from the folder",
                                                 isWarning: false)))
        }
        return plan
    }

    /// An item's UID and summary, when it is a `VTODO` the sync reads.
    private static func identify(_ item: VdirItem, settings: CalendarSettings) -> (uid: String, summary: String)? {
        guard let calendar = try? CalendarComponent.parse(item.text).first(where: { $0.name == "VCALENDAR" }),
              let vtodo = calendar.components.first(where: { $0.name == "VTODO" }), let uid = vtodo.property("UID")?.text else { return nil }
        return (uid, CalendarTodo(component: vtodo, settings: settings).summary)
    }

    /// The note of each task the state does not know, by its summary: where an item the state does not know
    /// and that says the same goes (a first sync of notes already in the calendar).
    private static func newTaskSummaries(_ notes: [Note], candidates noteOf: [Int], uids: TaskUIDs,
                                         settings: CalendarSettings) -> [String: Int] {
        var summaries: [String: Int] = [:]
        var position = 0
        for (n, note) in notes.enumerated() {
            for index in note.document.tasks.indices {
                defer { position += 1 }
                guard uids.entries[position] == nil else { continue }
                let summary = CalendarTodo(task: index, in: note.document, parent: nil, settings: settings).summary
                if summaries[summary] == nil { summaries[summary] = n }
            }
        }
        return summaries
    }

    private static func inFolder(_ entry: SyncState.Entry, file: String) -> SyncState.Entry {
        SyncState.Entry(uid: entry.uid, seen: entry.seen.inFolder(file: file), base: entry.base?.inFolder(file: file),
                        next: entry.next?.inFolder(file: file))
    }

    private static func outOfFolder(_ entry: SyncState.Entry, format: FileFormat) -> SyncState.Entry {
        SyncState.Entry(uid: entry.uid, seen: entry.seen.outOfFolder(format: format), base: entry.base?.outOfFolder(format: format),
                        next: entry.next?.outOfFolder(format: format))
    }
}
