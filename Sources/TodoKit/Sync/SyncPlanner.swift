/// Works out a two-way sync of a todo file with a vdir (`SyncPlan`), from the file, the vdir's items and
/// the state the last run left, without reading or writing anything.
///
/// Each task the filter picks is one `VTODO`, known by its UID (`TaskUIDs`). For each UID:
/// - a task the vdir lacks goes there; a task whose `VTODO` says something else than the task (`CalendarTodo`)
///   gets its `VTODO` rewritten, todofmt's properties only;
/// - what the calendar changed since the last sync (summary, completion, due date, priority, notes) comes
///   back into the file through TodoKit's checked edits; where the file changed the same field otherwise,
///   the fields are merged as the git merge driver merges them (`FieldMerge`; words of the summary and
///   lines of the notes each on their own; both completing keeps the earlier date) and a true conflict keeps
///   the file's value, with a warning that names the calendar's;
/// - a `VTODO` the calendar added becomes a task, in the list its categories name or the inbox; one it
///   deleted removes the task, unless the file changed the task meanwhile (it goes back to the calendar);
/// - a task removed from the file, or no longer picked by the filter, has its `.ics` removed.
///
/// Only what the last sync agreed on (a task's `base`) can be taken as deleted: a task or an item the state
/// does not know as synced is new, never gone. That is what lets a killed sync be finished by the next:
/// until the last write of the state, the old bases stand, so every change is seen again, and changes
/// already made on both sides agree and merge to themselves; the journal names every task as it will be
/// written, so a task the calendar added, or one the sync reworded, is known again and not added twice.
public enum SyncPlanner {
    public static func plan(document: Document, state: SyncState, items: [VdirItem], options: SyncOptions) throws -> SyncPlan {
        var planner = Planner(document: document, state: state, items: items, options: options)
        return try planner.run()
    }
}

private struct ParsedItem {
    var fileName: String
    var text: String
    var calendar: CalendarComponent
    var uid: String
    var todo: CalendarTodo
}

/// A change the calendar made to a task, to carry into the file.
private struct FileChange {
    var uid: String
    var fields: CalendarTodo.Returned
    var from: CalendarTodo.Returned
}

private struct Planner {
    let original: Document
    let options: SyncOptions
    var entries: [SyncState.Entry]
    var items: [ParsedItem] = []
    var reports: [SyncReport] = []
    /// Reports about tasks, by UID, placed at the task's final line.
    var taskReports: [(uid: String, message: String, isWarning: Bool)] = []

    init(document: Document, state: SyncState, items: [VdirItem], options: SyncOptions) {
        original = document
        self.options = options
        entries = state.entries
        if state.vdir != options.vdir || options.reset {
            for k in entries.indices { (entries[k].base, entries[k].next) = (nil, nil) }
        }
        var seenUIDs = Set<String>()
        for item in items {
            let calendar: CalendarComponent
            do {
                guard let first = try CalendarComponent.parse(item.text).first(where: { $0.name == "VCALENDAR" }) else { continue }
                calendar = first
            } catch {
                reports.append(SyncReport(place: .item(item.fileName), message: "not an iCalendar object (\(error)); left alone", isWarning: true))
                continue
            }
            guard let vtodo = calendar.components.first(where: { $0.name == "VTODO" }), let uid = vtodo.property("UID")?.text,
                  seenUIDs.insert(uid).inserted else { continue }
            self.items.append(ParsedItem(fileName: item.fileName, text: item.text, calendar: calendar, uid: uid,
                                         todo: CalendarTodo(component: vtodo, settings: options.settings)))
        }
    }

    func snapshotTodo(_ snapshot: TaskSnapshot) -> CalendarTodo? { snapshot.calendarTodo(settings: options.settings) }

    func todo(_ index: Int, in document: Document) -> CalendarTodo {
        CalendarTodo(task: index, in: document, parent: nil, settings: options.settings)
    }

    func synced(in document: Document) -> Set<Int> {
        Set(TaskListing(document: document, filter: options.filter, scope: .all, today: options.today).matches)
    }

    mutating func run() throws -> SyncPlan {
        let known = TaskUIDs(document: original, wanted: Array(original.tasks.indices), state: entries)
        let picked = synced(in: original)
        var itemOf: [String: Int] = [:]
        for (k, item) in items.enumerated() { itemOf[item.uid] = k }
        var taskOf: [String: Int] = [:]
        for (index, uid) in known.uids where picked.contains(index) || known.entries[index] != nil { taskOf[uid] = index }
        let entryOf = Dictionary(entries.enumerated().map { ($1.uid, $0) }, uniquingKeysWith: { first, _ in first })

        try guardAgainstEmptiedSides(itemOf: itemOf, taskOf: taskOf)

        // An item the state does not know, and a new task the vdir does not have, that say the same: one task
        // (a sync whose state was lost, or a first sync of a file already in the calendar).
        var uidOf: [Int: String] = [:]
        for (uid, index) in taskOf { uidOf[index] = uid }
        var unknown = items.indices.filter { entryOf[items[$0].uid] == nil && taskOf[items[$0].uid] == nil }
        for index in picked.sorted() where known.entries[index] == nil && itemOf[uidOf[index]!] == nil {
            let mine = todo(index, in: original)
            guard let k = unknown.firstIndex(where: { items[$0].todo.summary == mine.summary && items[$0].todo.returned.isCompleted == mine.returned.isCompleted }) else { continue }
            let uid = items[unknown.remove(at: k)].uid
            taskOf[uidOf[index]!] = nil
            uidOf[index] = uid
            taskOf[uid] = index
        }

        // What the calendar changed, deleted and added.
        var changes: [FileChange] = []
        var removals: [String] = []
        for (uid, index) in taskOf.sorted(by: { $0.value < $1.value }) {
            guard let e = entryOf[uid], let base = entries[e].base, let baseTodo = snapshotTodo(base) else { continue }
            let fileTodo = todo(index, in: original)
            if let k = itemOf[uid] {
                let theirs = items[k].todo.returned
                if theirs != baseTodo.returned { changes.append(FileChange(uid: uid, fields: theirs, from: baseTodo.returned)) }
            } else if picked.contains(index) {
                if fileTodo.saysSame(as: baseTodo) {
                    removals.append(uid)
                } else {
                    taskReports.append((uid, "deleted in the calendar, but changed in the file since the last sync: kept, and back in the calendar", true))
                }
            }
        }
        var adds = unknown.map { items[$0].uid }
        // A task the state knew, gone from the file: a journal's task the file never got is the calendar's new task.
        for entry in entries where taskOf[entry.uid] == nil && itemOf[entry.uid] != nil && entry.base == nil {
            if !adds.contains(entry.uid) { adds.append(entry.uid) }
        }

        // The file: every change through checked edits, one after another.
        var file = FileEdits(document: original)
        for (uid, index) in taskOf { file.lines[uid] = original.tasks[index].line }
        for change in changes { apply(change, to: &file) }
        for uid in removals { remove(uid, from: &file) }
        for uid in adds { add(items[itemOf[uid]!], to: &file) }

        return finish(file: file, itemOf: itemOf)
    }

    /// Refuses a sync where one side has lost every task the last sync left in it (a vdir emptied or
    /// replaced, a file replaced): syncing would delete them all on the other side.
    func guardAgainstEmptiedSides(itemOf: [String: Int], taskOf: [String: Int]) throws {
        let committed = entries.filter { $0.base != nil }
        guard committed.count >= 2 else { return }
        if !committed.contains(where: { itemOf[$0.uid] != nil }) {
            throw SyncError(description: "\(options.vdir) holds none of the \(committed.count) tasks the last sync left there "
                + "(was it emptied, or is it another folder?); nothing was changed. If it is right, run again with --reset: "
                + "the file's tasks go back to the vdir and nothing is deleted")
        }
        if !committed.contains(where: { taskOf[$0.uid] != nil }) {
            throw SyncError(description: "the file holds none of the \(committed.count) tasks the last sync left in it "
                + "(is it another file?); nothing was changed. If it is right, run again with --reset: the calendar's "
                + "tasks come into the file and nothing is deleted")
        }
    }

    // MARK: Carrying the calendar's changes into the file

    mutating func apply(_ change: FileChange, to file: inout FileEdits) {
        guard let line = file.lines[change.uid], let index = file.document.task(atLine: line) else { return }
        let mine = todo(index, in: file.document).returned
        let base = change.from, theirs = change.fields
        func conflict(_ field: String, _ theirsText: String, _ mineText: String) {
            taskReports.append((change.uid, "the calendar changed the \(field) to \(theirsText), the file to \(mineText) "
                                + "since the last sync; kept the file's", true))
        }
        func show(_ moment: Moment?) -> String { moment.map(\.spaced) ?? "none" }

        // Status and completion date, as one field.
        let baseStatus = Completed(base), mineStatus = Completed(mine), theirsStatus = Completed(theirs)
        if let merged = FieldMerge.merge(baseStatus, mineStatus, theirsStatus) {
            if merged != mineStatus {
                if mineStatus.isClosed, merged.isClosed {
                    // Done became cancelled, or cancelled done: reopened first.
                    file.edit(change.uid) { try Completion.reopen(lines: [$0], in: $1) }
                }
                if merged.isCancelled {
                    file.edit(change.uid) { try Completion.cancel(lines: [$0], in: $1, today: options.today) }
                    taskReports.append((change.uid, "cancelled in the calendar", false))
                } else if merged.isCompleted {
                    let before = file.lines[change.uid]
                    var made: EditResult?
                    file.edit(change.uid) { line, document in
                        let result = try Completion.complete(lines: [line], in: document, today: merged.date ?? options.today, subtasks: .force)
                        made = result
                        return result
                    }
                    // A recurring task's next occurrence: the calendar may have made its own (todoman does), which
                    // is then this one rather than a task to add.
                    if let made, let before {
                        for line in made.changedTaskLines where line != made.newLine(forOriginal: before) {
                            file.lines[FileEdits.occurrencePrefix + change.uid] = line
                        }
                    }
                    if file.failures.isEmpty { taskReports.append((change.uid, "completed in the calendar", false)) }
                } else if mineStatus.isClosed {
                    file.edit(change.uid) { try Completion.reopen(lines: [$0], in: $1) }
                    taskReports.append((change.uid, "reopened in the calendar", false))
                }
            }
        } else if mineStatus.isCompleted, theirsStatus.isCompleted {
            // Both completed it, on different days: it was done when first ticked (the file keeps its date).
        } else {
            conflict("status", theirsStatus.description, mineStatus.description)
        }

        if let summary = FieldMerge.merge(base.summary, mine.summary, theirs.summary) ?? Planner.mergeWords(base.summary, mine.summary, theirs.summary) {
            if summary != mine.summary {
                file.edit(change.uid) { line, document in
                    let task = try document.requireTask(atLine: line)
                    let keep = task.body.tokens.filter { $0.kind != .word }.map { task.body.text(of: $0) }
                    return try TaskEditor.replace(line: line, with: ([summary] + keep).joined(separator: " "), in: document,
                                                  today: options.today, checked: false)
                }
                taskReports.append((change.uid, "renamed in the calendar", false))
            }
        } else {
            conflict("summary", quoted(theirs.summary), quoted(mine.summary))
        }

        if let due = FieldMerge.merge(base.due, mine.due, theirs.due) {
            if due != mine.due {
                file.edit(change.uid) { try TaskEditor.setTag("due", to: due.map(\.description), lines: [$0], in: $1, today: options.today) }
                taskReports.append((change.uid, "due date \(show(due)) from the calendar", false))
            }
        } else {
            conflict("due date", show(theirs.due), show(mine.due))
        }

        if let priority = FieldMerge.merge(base.priority, mine.priority, theirs.priority) {
            if priority != mine.priority, let line = file.lines[change.uid], let task = file.document.task(atLine: line).map({ file.document.tasks[$0] }), task.isOpen {
                if let priority {
                    file.edit(change.uid) { try TaskEditor.setPriority(priority, lines: [$0], in: $1) }
                } else {
                    file.edit(change.uid) { try TaskEditor.removePriority(lines: [$0], in: $1) }
                }
                taskReports.append((change.uid, "priority \(priority.map { "(\($0))" } ?? "none") from the calendar", false))
            }
        } else {
            conflict("priority", theirs.priority.map { "(\($0))" } ?? "none", mine.priority.map { "(\($0))" } ?? "none")
        }

        let lines = { (notes: [String]) in notes.map { Line($0) } }
        if let notes = FieldMerge.merge(base.notes, mine.notes, theirs.notes)
            ?? LineMerge.mergeCleanly(base: lines(base.notes), ours: lines(mine.notes), theirs: lines(theirs.notes)).map({ $0.map { String($0.text) } }) {
            if notes != mine.notes {
                if original.format == .todotxt {
                    taskReports.append((change.uid, "the calendar changed the notes; a todo.txt task has none, so they stay in the calendar only", true))
                } else {
                    file.edit(change.uid) { try TaskEditor.setNotes(notes, line: $0, in: $1) }
                    taskReports.append((change.uid, "notes from the calendar", false))
                }
            }
        } else {
            conflict("notes", quoted(theirs.notes.joined(separator: " / ")), quoted(mine.notes.joined(separator: " / ")))
        }
        for failure in file.failures.removeAllReturning() {
            taskReports.append((change.uid, "could not take the calendar's change: \(failure)", true))
        }
    }

    /// Two summaries merged word by word, as the merge driver merges descriptions.
    static func mergeWords(_ base: String, _ mine: String, _ theirs: String) -> String? {
        func words(_ text: String) -> DescriptionWords? {
            let alone = Document(parsing: "- [ ] " + text + "\n", format: .markdown)
            return alone.tasks.count == 1 ? DescriptionWords(body: alone.tasks[0].body) : nil
        }
        guard let b = words(base), let m = words(mine), let t = words(theirs) else { return nil }
        return (try? DescriptionWords.merge(base: b, ours: m, theirs: t))?.text
    }

    mutating func remove(_ uid: String, from file: inout FileEdits) {
        guard let line = file.lines[uid], let index = file.document.task(atLine: line) else { return }
        if !file.document.subtasks(of: index).isEmpty {
            taskReports.append((uid, "deleted in the calendar, but it has subtasks: kept, and back in the calendar", true))
            return
        }
        let title = file.document.tasks[index].title
        file.edit(uid) { try TaskEditor.remove(lines: [$0], in: $1) }
        if file.failures.removeAllReturning().isEmpty {
            reports.append(SyncReport(place: .file(line: 0), message: "removed '\(title)': deleted in the calendar", isWarning: false))
        }
    }

    mutating func add(_ item: ParsedItem, to file: inout FileEdits) {
        let todo = item.todo
        // The calendar's own next occurrence of a task this sync completed: the one the file got.
        if let key = file.lines.keys.sorted().first(where: { key in
            key.hasPrefix(FileEdits.occurrencePrefix) && file.lines[key].flatMap { file.document.task(atLine: $0) }
                .map { self.todo($0, in: file.document).summary == todo.summary } ?? false
        }) {
            file.lines[item.uid] = file.lines.removeValue(forKey: key)
            return
        }
        var words = [todo.summary.isEmpty ? "(no summary)" : todo.summary]
        var list: ListPath? = options.inbox
        for category in todo.categories {
            if category.hasPrefix("+") || category.hasPrefix("@"), category.count > 1, !category.contains(" ") {
                words.append(category)
            } else if list == options.inbox, file.document.format == .markdown, let path = ListPath(parsing: category),
                      path.heading(in: file.document) != nil {
                list = path
            }
        }
        if let due = todo.due { words.append("due:\(due)") }
        if file.document.format == .todotxt { list = nil }
        let newTask = NewTask(text: words.joined(separator: " "), list: list,
                              priority: CalendarPriority.priority(for: todo.priority), checksValues: false)
        do {
            let result = try TaskInsertion.add(newTask, to: file.document, today: options.today)
            file.apply(result)
            file.lines[item.uid] = result.changedTaskLines.first
        } catch {
            reports.append(SyncReport(place: .item(item.fileName), message: "could not add '\(todo.summary)' to the file: \(error)", isWarning: true))
            return
        }
        if !todo.notes.isEmpty, file.document.format == .markdown {
            file.edit(item.uid) { try TaskEditor.setNotes(todo.notes, line: $0, in: $1) }
        }
        if todo.status == .completed {
            file.edit(item.uid) { try Completion.complete(lines: [$0], in: $1, today: todo.completed ?? options.today, subtasks: .force) }
        } else if todo.status == .cancelled {
            file.edit(item.uid) { try Completion.cancel(lines: [$0], in: $1, today: options.today) }
        }
        for failure in file.failures.removeAllReturning() {
            taskReports.append((item.uid, "added from the calendar, but not all of it: \(failure)", true))
        }
        taskReports.append((item.uid, "added from the calendar", false))
    }

    // MARK: The vdir and the state

    mutating func finish(file: FileEdits, itemOf: [String: Int]) -> SyncPlan {
        let document = file.document, checked = file.checked
        let picked = synced(in: document)
        var uidOf: [Int: String] = [:]
        for (uid, line) in file.lines where !uid.hasPrefix(FileEdits.occurrencePrefix) {
            if let index = document.task(atLine: line) { uidOf[index] = uid }
        }
        // Tasks the edits made (a recurring task's next occurrence) and picked tasks new to the sync.
        var used = Set(entries.map(\.uid)).union(uidOf.values).union(items.map(\.uid))
        for index in picked.sorted() where uidOf[index] == nil {
            uidOf[index] = TaskUIDs.newUID(for: index, in: document, used: &used)
        }

        var writes: [(fileName: String, text: String, replacing: String?)] = []
        var removals: [(fileName: String, text: String)] = []
        var fileNames = Set(items.map(\.fileName))
        var syncedUIDs = Set<String>()
        var finalEntries: [SyncState.Entry] = []
        var journalEntries = entries
        let entryOf = Dictionary(entries.enumerated().map { ($1.uid, $0) }, uniquingKeysWith: { first, _ in first })
        for index in document.tasks.indices {
            guard let uid = uidOf[index] else { continue }
            let snapshot = TaskSnapshot(task: index, in: document)
            guard picked.contains(index) else {
                if entryOf[uid] != nil { finalEntries.append(SyncState.Entry(uid: uid, seen: snapshot)) }
                continue
            }
            syncedUIDs.insert(uid)
            let parent = document.tasks[index].parent.flatMap { picked.contains($0) ? uidOf[$0] : nil }
            let todo = CalendarTodo(task: index, in: document, parent: parent, settings: options.settings)
            if let k = itemOf[uid] {
                if !items[k].todo.saysSame(as: todo), let text = VTodoWriter.updating(items[k].calendar, with: todo, stamp: options.stamp, settings: options.settings) {
                    writes.append((items[k].fileName, text, items[k].text))
                    reports.append(SyncReport(place: .item(items[k].fileName), message: "updated '\(todo.summary)'", isWarning: false))
                }
            } else {
                var name = Planner.fileName(for: uid)
                var suffix = 2
                while !fileNames.insert(name).inserted {
                    name = String(Planner.fileName(for: uid).dropLast(4)) + "-\(suffix).ics"
                    suffix += 1
                }
                writes.append((name, VTodoWriter.newObject(uid: uid, todo: todo, created: document.tasks[index].creationDate,
                                                           stamp: options.stamp, settings: options.settings,
                                                           productVersion: options.productVersion), nil))
                reports.append(SyncReport(place: .item(name), message: "new '\(todo.summary)'", isWarning: false))
            }
            finalEntries.append(SyncState.Entry(uid: uid, seen: snapshot, base: snapshot))
            if let e = entryOf[uid] {
                journalEntries[e].next = snapshot
            } else {
                journalEntries.append(SyncState.Entry(uid: uid, seen: snapshot, next: snapshot))
            }
        }
        // Items of tasks that left the sync go; an item the sync knows nothing about is the calendar's.
        let known = Set(entries.map(\.uid)).union(file.lines.keys.filter { !$0.hasPrefix(FileEdits.occurrencePrefix) })
        for item in items where known.contains(item.uid) && !syncedUIDs.contains(item.uid) && !file.failedUIDs.contains(item.uid) {
            removals.append((item.fileName, item.text))
            if uidOf.values.contains(item.uid) {
                // Still in the file (with what the calendar changed), but no longer selected.
                reports.append(SyncReport(place: .item(item.fileName), message: "removed '\(item.todo.summary)': --where no longer selects it",
                                          isWarning: false))
                continue
            }
            let changed = entryOf[item.uid].flatMap { entries[$0].base }.flatMap(snapshotTodo).map { $0.returned != item.todo.returned } ?? false
            reports.append(SyncReport(place: .item(item.fileName), message: "removed '\(item.todo.summary)'"
                                      + (changed ? ": gone from the file, though the calendar had changed it since the last sync" : ""),
                                      isWarning: changed))
        }
        for report in taskReports {
            let line = file.lines[report.uid].flatMap { document.task(atLine: $0) != nil ? $0 : nil } ?? 0
            reports.append(SyncReport(place: .file(line: line), message: report.message, isWarning: report.isWarning))
        }
        let stateFile = SyncState(file: "", vdir: options.vdir)
        var journal = stateFile, state = stateFile
        journal.entries = journalEntries
        state.entries = finalEntries
        return SyncPlan(checked: checked, journal: journal,
                        state: state, writes: writes, removals: removals, reports: reports)
    }

    /// `UID.ics`, with characters a file name should not hold replaced.
    static func fileName(for uid: String) -> String {
        var name = ""
        for scalar in uid.unicodeScalars {
            let c = Character(scalar)
            name.append(c.isASCII && (c.isLetter || c.isNumber || "-_.@".contains(c)) ? c : "_")
        }
        return String(name.prefix(200)) + ".ics"
    }
}

/// A task's status as the calendar carries it: completed (on a day), cancelled, or open.
private struct Completed: Equatable, CustomStringConvertible {
    var isCompleted: Bool
    var isCancelled: Bool
    var date: CalendarDate?

    init(_ fields: CalendarTodo.Returned) {
        isCompleted = fields.isCompleted
        isCancelled = fields.isCancelled
        date = fields.completed
    }

    var isClosed: Bool { isCompleted || isCancelled }

    var description: String { isCompleted ? "completed" + (date.map { " on \($0)" } ?? "") : isCancelled ? "cancelled" : "open" }
}

/// The file as edits make it, and where each synced task's line is after each of them.
private struct FileEdits {
    /// Keys `lines` holds a next occurrence under, until it has a UID.
    static let occurrencePrefix = "\u{0}next "
    /// The file as the edits so far leave it, each checked, with where each of its tasks came from.
    var checked: CheckedDocument
    var document: Document { checked.document }
    var lines: [String: Int] = [:]
    var failures: [String] = []
    var failedUIDs: Set<String> = []

    init(document: Document) { checked = CheckedDocument(unchanged: document) }

    mutating func apply(_ result: EditResult) {
        checked = checked.then(result.checked)
        for (uid, line) in lines { lines[uid] = result.newLine(forOriginal: line) }
    }

    /// Runs one edit of the task `uid`; a refusal is kept in `failures` and changes nothing.
    mutating func edit(_ uid: String, _ body: (Int, Document) throws -> EditResult) {
        guard let line = lines[uid] else { return }
        do { apply(try body(line, document)) } catch {
            failures.append("\(error)")
            failedUIDs.insert(uid)
        }
    }
}

extension Array {
    mutating func removeAllReturning() -> [Element] {
        defer { removeAll() }
        return self
    }
}
