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
package enum SyncPlanner {
    package static func plan(document: Document, state: SyncState, items: [VdirItem], options: SyncOptions) throws -> SyncPlan {
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
    /// The dialect of the file as read (`Dialect.of`).
    let originalDialect: Dialect
    let options: SyncOptions
    var entries: [SyncState.Entry]
    var items: [ParsedItem] = []
    var reports: [SyncReport] = []
    /// Reports about tasks, by UID, placed at the task's final line.
    var taskReports: [(uid: String, message: String, isWarning: Bool)] = []

    init(document: Document, state: SyncState, items: [VdirItem], options: SyncOptions) {
        original = document
        originalDialect = Dialect.of(document)
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

    /// The sync, in the order of its rules (FORMAT.md 12.5): which task and which item each UID names; what
    /// the calendar changed, deleted and added, carried into the file through checked edits; what the file
    /// says, written to the vdir; and what both sides now agree on, remembered.
    mutating func run() throws -> SyncPlan {
        let sides = matchTasksWithItems()
        try guardAgainstEmptiedSides(sides)
        var file = FileEdits(document: original, taskOf: sides.taskOf)
        for change in changesInCalendar(sides) { takeCalendarChange(change, into: &file) }
        for uid in deletionsInCalendar(sides) { removeTaskDeletedInCalendar(uid, from: &file) }
        for uid in additionsInCalendar(sides) { addTaskFromCalendar(items[sides.itemOf[uid]!], to: &file) }
        return writeToCalendarAndRemember(file, sides)
    }

    /// Which task of the file and which item of the vdir each UID names, and which state entry.
    struct Sides {
        var taskOf: [String: Int] = [:]
        var itemOf: [String: Int] = [:]
        var entryOf: [String: Int] = [:]
        /// The tasks the filter picks, in the file as read.
        var picked: Set<Int> = []
        /// Items the state does not know and no task has the UID of: the calendar's new tasks.
        var unknownItems: [Int] = []
        /// Tasks the state knew, by index.
        var known: Set<Int> = []
    }

    /// Each task's UID (`TaskUIDs`) and each item's. An item the state does not know and a new task the vdir
    /// lacks that say the same (summary and status) are one task: a sync whose state was lost, or a first sync
    /// of a file already in the calendar.
    func matchTasksWithItems() -> Sides {
        var sides = Sides()
        let uids = TaskUIDs(document: original, wanted: Array(original.tasks.indices), state: entries, reserved: options.reservedUIDs)
        sides.picked = synced(in: original)
        sides.known = Set(uids.entries.keys)
        for (k, item) in items.enumerated() { sides.itemOf[item.uid] = k }
        for (index, uid) in uids.uids where sides.picked.contains(index) || sides.known.contains(index) { sides.taskOf[uid] = index }
        sides.entryOf = Dictionary(entries.enumerated().map { ($1.uid, $0) }, uniquingKeysWith: { first, _ in first })
        var uidOf: [Int: String] = [:]
        for (uid, index) in sides.taskOf { uidOf[index] = uid }
        sides.unknownItems = items.indices.filter { sides.entryOf[items[$0].uid] == nil && sides.taskOf[items[$0].uid] == nil }
        for index in sides.picked.sorted() where !sides.known.contains(index) && sides.itemOf[uidOf[index]!] == nil {
            let mine = todo(index, in: original)
            guard let k = sides.unknownItems.firstIndex(where: {
                items[$0].todo.summary == mine.summary && (items[$0].todo.status == .completed) == (mine.status == .completed)
            }) else { continue }
            let uid = items[sides.unknownItems.remove(at: k)].uid
            sides.taskOf[uidOf[index]!] = nil
            sides.taskOf[uid] = index
        }
        return sides
    }

    /// Refuses a sync where one side has lost every task the last sync left in it (a vdir emptied or
    /// replaced, a file replaced): syncing would delete them all on the other side.
    func guardAgainstEmptiedSides(_ sides: Sides) throws {
        let committed = entries.filter { $0.base != nil }
        guard committed.count >= 2 else { return }
        if !committed.contains(where: { sides.itemOf[$0.uid] != nil }) {
            throw SyncError(description: "\(options.vdir) holds none of the \(committed.count) tasks the last sync left there "
                + "(was it emptied, or is it another folder?); nothing was changed. If it is right, run again with --reset: "
                + "the file's tasks go back to the vdir and nothing is deleted")
        }
        if !committed.contains(where: { sides.taskOf[$0.uid] != nil }) {
            throw SyncError(description: "the file holds none of the \(committed.count) tasks the last sync left in it "
                + "(is it another file?); nothing was changed. If it is right, run again with --reset: the calendar's "
                + "tasks come into the file and nothing is deleted")
        }
    }

    // MARK: What the calendar did

    /// The tasks whose item says something else than both sides agreed on at the last sync (their base).
    func changesInCalendar(_ sides: Sides) -> [FileChange] {
        sides.taskOf.sorted { $0.value < $1.value }.compactMap { uid, index in
            guard let k = sides.itemOf[uid], let base = base(of: uid, sides), let baseTodo = snapshotTodo(base) else { return nil }
            // The calendar's number read in the scale of the dialect the task's priority is written in.
            let dialect = original.tasks[index].priorityDialect(in: originalDialect)
            let theirs = items[k].todo.returned(for: dialect), agreed = baseTodo.returned(for: dialect)
            return theirs == agreed ? nil : FileChange(uid: uid, fields: theirs, from: agreed)
        }
    }

    /// The synced tasks whose item the calendar deleted: each goes, unless the file changed the task since the
    /// last sync (what it means is not what it meant then), which keeps it and sends it back to the calendar.
    mutating func deletionsInCalendar(_ sides: Sides) -> [String] {
        sides.taskOf.sorted { $0.value < $1.value }.compactMap { uid, index in
            guard sides.itemOf[uid] == nil, sides.picked.contains(index), let base = base(of: uid, sides) else { return nil }
            guard fileChanged(index, since: base) else { return uid }
            taskReports.append((uid, "deleted in the calendar, but changed in the file since the last sync: kept, and back in the calendar", true))
            return nil
        }
    }

    /// The items the calendar added: unknown ones, and those a stopped sync named in its journal without the
    /// file ever getting their task.
    func additionsInCalendar(_ sides: Sides) -> [String] {
        var adds = sides.unknownItems.map { items[$0].uid }
        for entry in entries where sides.taskOf[entry.uid] == nil && sides.itemOf[entry.uid] != nil && entry.base == nil {
            if !adds.contains(entry.uid) { adds.append(entry.uid) }
        }
        return adds
    }

    /// The version both sides last agreed on of the task `uid` names.
    func base(of uid: String, _ sides: Sides) -> TaskSnapshot? { sides.entryOf[uid].flatMap { entries[$0].base } }

    /// Whether task `index` of the file as read means something else than `base` (its depth aside, which a
    /// snapshot does not keep).
    func fileChanged(_ index: Int, since base: TaskSnapshot) -> Bool {
        var now = original.meaning(of: index)
        now.depth = 0
        return base.meaning != now
    }

    // MARK: Carrying the calendar's changes into the file

    /// A change the calendar made to a task, field by field against the file's (FORMAT.md 12.5): a field only
    /// the calendar changed comes into the file; one both changed alike is left; one both changed otherwise
    /// keeps the file's value, with a warning.
    mutating func takeCalendarChange(_ change: FileChange, into file: inout FileEdits) {
        guard let index = file.taskOf[change.uid] else { return }
        let mine = todo(index, in: file.document).returned(for: file.document.tasks[index].priorityDialect(in: originalDialect))
        takeStatus(change, mine: mine, into: &file)
        takeSummary(change, mine: mine, into: &file)
        takeDueDate(change, mine: mine, into: &file)
        takePriority(change, mine: mine, into: &file)
        takeNotes(change, mine: mine, into: &file)
        for failure in file.failures.removeAllReturning() {
            taskReports.append((change.uid, "could not take the calendar's change: \(failure)", true))
        }
    }

    mutating func conflict(_ uid: String, _ field: String, _ theirs: String, _ mine: String) {
        taskReports.append((uid, "the calendar changed the \(field) to \(theirs), the file to \(mine) since the last sync; kept the file's", true))
    }

    /// Status and completion date, as one field. A recurring task completed in the calendar gets its next
    /// occurrence, unless the calendar made its own (todoman does): `addTaskFromCalendar` takes that as it.
    mutating func takeStatus(_ change: FileChange, mine: CalendarTodo.Returned, into file: inout FileEdits) {
        let baseStatus = Completed(change.from), mineStatus = Completed(mine), theirsStatus = Completed(change.fields)
        guard let merged = FieldMerge.merge(baseStatus, mineStatus, theirsStatus) else {
            // Both completed it, on different days: it was done when first ticked (the file keeps its date).
            if !(mineStatus.isCompleted && theirsStatus.isCompleted) {
                conflict(change.uid, "status", theirsStatus.description, mineStatus.description)
            }
            return
        }
        guard merged != mineStatus else { return }
        if mineStatus.isClosed, merged.isClosed {
            // Done became cancelled, or cancelled done: reopened first.
            file.edit(change.uid) { try StatusChange.reopen(lines: [$0], in: $1) }
        }
        if merged.isCancelled {
            file.edit(change.uid) { try StatusChange.cancel(lines: [$0], in: $1, today: options.today) }
            taskReports.append((change.uid, "cancelled in the calendar", false))
        } else if merged.isCompleted {
            let made = file.edit(change.uid) { try StatusChange.complete(lines: [$0], in: $1, today: merged.date ?? options.today, subtasks: .force) }
            if let next = made?.checked.origins.firstIndex(of: nil) { file.nextOccurrence[change.uid] = next }
            if file.failures.isEmpty { taskReports.append((change.uid, "completed in the calendar", false)) }
        } else if mineStatus.isClosed {
            file.edit(change.uid) { try StatusChange.reopen(lines: [$0], in: $1) }
            taskReports.append((change.uid, "reopened in the calendar", false))
        }
    }

    /// The summary: the task's words, its projects, contexts and tags kept; merged word by word.
    mutating func takeSummary(_ change: FileChange, mine: CalendarTodo.Returned, into file: inout FileEdits) {
        let base = change.from.summary, theirs = change.fields.summary
        guard let summary = FieldMerge.merge(base, mine.summary, theirs) ?? Planner.mergeWords(base, mine.summary, theirs) else {
            return conflict(change.uid, "summary", quoted(theirs), quoted(mine.summary))
        }
        guard summary != mine.summary else { return }
        file.edit(change.uid) { line, document in
            let task = try document.requireTask(atLine: line)
            // Its projects, contexts and tags stay, and the fields of a Tasks or Dataview task (its `#tags` among
            // them are words of the summary).
            let body = task.body
            let fieldsStart = body.dialect != .todotxt && body.hasTrailingFields ? body.fieldsStart : Int.max
            let fields = fieldsStart == .max ? [] : body.trailingSpanTexts.filter { $0.field != nil }.map(\.text)
            let keep = body.tokens.filter { $0.kind != .word && $0.range.lowerBound < fieldsStart }.map { body.text(of: $0) } + fields
            return try TaskEditor.replace(line: line, with: ([summary] + keep).joined(separator: " "), in: document,
                                          today: options.today, checked: false)
        }
        taskReports.append((change.uid, "renamed in the calendar", false))
    }

    mutating func takeDueDate(_ change: FileChange, mine: CalendarTodo.Returned, into file: inout FileEdits) {
        func show(_ moment: Moment?) -> String { moment.map(\.spaced) ?? "none" }
        guard let due = FieldMerge.merge(change.from.due, mine.due, change.fields.due) else {
            return conflict(change.uid, "due date", show(change.fields.due), show(mine.due))
        }
        guard due != mine.due else { return }
        file.edit(change.uid) { try TaskEditor.setTag("due", to: due.map(\.description), lines: [$0], in: $1, today: options.today) }
        taskReports.append((change.uid, "due date \(show(due)) from the calendar", false))
    }

    /// The priority, of an open task (a done one keeps its `pri:`).
    mutating func takePriority(_ change: FileChange, mine: CalendarTodo.Returned, into file: inout FileEdits) {
        func show(_ priority: Priority?) -> String { priority.map { "(\($0))" } ?? "none" }
        guard let priority = FieldMerge.merge(change.from.priority, mine.priority, change.fields.priority) else {
            return conflict(change.uid, "priority", show(change.fields.priority), show(mine.priority))
        }
        guard priority != mine.priority, let index = file.taskOf[change.uid], file.document.tasks[index].isOpen else { return }
        if let priority {
            file.edit(change.uid) { try TaskEditor.setPriority(priority, lines: [$0], in: $1) }
        } else {
            file.edit(change.uid) { try TaskEditor.removePriority(lines: [$0], in: $1) }
        }
        taskReports.append((change.uid, "priority \(show(priority)) from the calendar", false))
    }

    /// The notes, merged line by line (a todo.txt task has none: they stay in the calendar, with a warning).
    mutating func takeNotes(_ change: FileChange, mine: CalendarTodo.Returned, into file: inout FileEdits) {
        let base = change.from.notes, theirs = change.fields.notes
        let lines = { (notes: [String]) in notes.map { Line($0) } }
        guard let notes = FieldMerge.merge(base, mine.notes, theirs)
            ?? LineMerge.mergeCleanly(base: lines(base), ours: lines(mine.notes), theirs: lines(theirs)).map({ $0.map { String($0.text) } }) else {
            return conflict(change.uid, "notes", quoted(theirs.joined(separator: " / ")), quoted(mine.notes.joined(separator: " / ")))
        }
        guard notes != mine.notes else { return }
        if original.format == .todotxt {
            taskReports.append((change.uid, "the calendar changed the notes; a todo.txt task has none, so they stay in the calendar only", true))
        } else {
            file.edit(change.uid) { try TaskEditor.setNotes(notes, line: $0, in: $1) }
            taskReports.append((change.uid, "notes from the calendar", false))
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

    /// A task the calendar deleted goes, with its notes, unless it has subtasks.
    mutating func removeTaskDeletedInCalendar(_ uid: String, from file: inout FileEdits) {
        guard let index = file.taskOf[uid] else { return }
        if !file.document.subtasks(of: index).isEmpty {
            taskReports.append((uid, "deleted in the calendar, but it has subtasks: kept, and back in the calendar", true))
            return
        }
        let title = file.document.tasks[index].title
        file.edit(uid) { try TaskEditor.remove(lines: [$0], in: $1, dependents: .keep) }
        if file.failures.removeAllReturning().isEmpty {
            reports.append(SyncReport(place: .file(line: 0), message: "removed '\(title)': deleted in the calendar", isWarning: false))
        }
    }

    /// A task the calendar added becomes one of the file's: its summary, `+project`/`@context` categories,
    /// due date, priority and notes, in the list its other categories name, else the inbox; completed or
    /// cancelled as the item is. The calendar's own next occurrence of a task this sync completed is the one
    /// the file got.
    mutating func addTaskFromCalendar(_ item: ParsedItem, to file: inout FileEdits) {
        let todo = item.todo
        if let (completed, next) = file.nextOccurrence.sorted(by: { $0.key < $1.key }).first(where: { self.todo($0.value, in: file.document).summary == todo.summary }) {
            file.nextOccurrence[completed] = nil
            file.taskOf[item.uid] = next
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
                              priority: CalendarPriority.priority(for: todo.priority, dialect: Dialect.of(file.document)),
                              checksValues: false)
        do {
            let result = try TaskInsertion.add(newTask, to: file.document, today: options.today)
            file.apply(result)
            file.taskOf[item.uid] = result.checked.origins.firstIndex(of: nil)
        } catch {
            reports.append(SyncReport(place: .item(item.fileName), message: "could not add '\(todo.summary)' to the file: \(error)", isWarning: true))
            return
        }
        if !todo.notes.isEmpty, file.document.format == .markdown {
            file.edit(item.uid) { try TaskEditor.setNotes(todo.notes, line: $0, in: $1) }
        }
        if todo.status == .completed {
            file.edit(item.uid) { try StatusChange.complete(lines: [$0], in: $1, today: todo.completed ?? options.today, subtasks: .force) }
        } else if todo.status == .cancelled {
            file.edit(item.uid) { try StatusChange.cancel(lines: [$0], in: $1, today: options.today) }
        }
        for failure in file.failures.removeAllReturning() {
            taskReports.append((item.uid, "added from the calendar, but not all of it: \(failure)", true))
        }
        taskReports.append((item.uid, "added from the calendar", false))
    }

    // MARK: What the file says, to the vdir; what both agree on, to the state

    /// Every picked task of the file as the edits leave it goes to the vdir: an item that says something else
    /// is rewritten (todofmt's properties only), a task new to the sync gets a new item, and the item of a
    /// task that left the sync goes. The journal names every task as it will be; the state, once all is
    /// written, each synced task as both sides now agree on it (its base).
    mutating func writeToCalendarAndRemember(_ file: FileEdits, _ sides: Sides) -> SyncPlan {
        let document = file.document
        let picked = synced(in: document)
        var uidOf: [Int: String] = [:]
        for (uid, index) in file.taskOf { uidOf[index] = uid }
        // Tasks the edits made (a recurring task's next occurrence) and picked tasks new to the sync.
        var used = Set(entries.map(\.uid)).union(uidOf.values).union(items.map(\.uid)).union(options.reservedUIDs)
        for index in picked.sorted() where uidOf[index] == nil {
            uidOf[index] = TaskUIDs.newUID(for: index, in: document, used: &used)
        }

        var writes: [(fileName: String, text: String, replacing: String?)] = []
        var fileNames = Set(items.map(\.fileName))
        var syncedUIDs = Set<String>()
        var finalEntries: [SyncState.Entry] = []
        var journalEntries = entries
        for index in document.tasks.indices {
            guard let uid = uidOf[index] else { continue }
            let snapshot = TaskSnapshot(task: index, in: document)
            guard picked.contains(index) else {
                if sides.entryOf[uid] != nil { finalEntries.append(SyncState.Entry(uid: uid, seen: snapshot)) }
                continue
            }
            syncedUIDs.insert(uid)
            let parent = document.tasks[index].parent.flatMap { picked.contains($0) ? uidOf[$0] : nil }
            let todo = CalendarTodo(task: index, in: document, parent: parent, settings: options.settings)
            if let k = sides.itemOf[uid] {
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
            if let e = sides.entryOf[uid] {
                journalEntries[e].next = snapshot
            } else {
                journalEntries.append(SyncState.Entry(uid: uid, seen: snapshot, next: snapshot))
            }
        }
        let removals = itemsThatLeftTheSync(file, sides, synced: syncedUIDs, stillInFile: Set(uidOf.values))
        for report in taskReports {
            let line = file.taskOf[report.uid].map { document.tasks[$0].line } ?? 0
            reports.append(SyncReport(place: .file(line: line), message: report.message, isWarning: report.isWarning))
        }
        var journal = SyncState(file: "", vdir: options.vdir), state = journal
        journal.entries = journalEntries
        state.entries = finalEntries
        return SyncPlan(checked: file.checked, journal: journal, state: state, writes: writes, removals: removals, reports: reports)
    }

    /// The items of tasks that left the sync (gone from the file, or no longer picked): an item the sync knows
    /// nothing about is the calendar's and stays.
    mutating func itemsThatLeftTheSync(_ file: FileEdits, _ sides: Sides, synced: Set<String>,
                                       stillInFile: Set<String>) -> [(fileName: String, text: String)] {
        let known = Set(entries.map(\.uid)).union(file.taskOf.keys)
        var removals: [(fileName: String, text: String)] = []
        for item in items where known.contains(item.uid) && !synced.contains(item.uid) && !file.failedUIDs.contains(item.uid) {
            removals.append((item.fileName, item.text))
            if stillInFile.contains(item.uid) {
                // Still in the file (with what the calendar changed), but no longer selected.
                reports.append(SyncReport(place: .item(item.fileName), message: "removed '\(item.todo.summary)': --where no longer selects it",
                                          isWarning: false))
                continue
            }
            let changed = base(of: item.uid, sides).flatMap(snapshotTodo).map {
                $0.returned(for: originalDialect) != item.todo.returned(for: originalDialect)
            } ?? false
            reports.append(SyncReport(place: .item(item.fileName), message: "removed '\(item.todo.summary)'"
                                      + (changed ? ": gone from the file, though the calendar had changed it since the last sync" : ""),
                                      isWarning: changed))
        }
        return removals
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

/// The file as the sync's edits make it, one checked edit after another, and which task each UID names after
/// each of them (followed by the edits' task origins).
private struct FileEdits {
    /// The file as the edits so far leave it, each checked, with where each of its tasks came from.
    private(set) var checked: CheckedDocument
    var document: Document { checked.document }
    /// The task each UID names, by index into `document`.
    var taskOf: [String: Int]
    /// The next occurrence the file got of a recurring task the calendar completed, by that task's UID.
    var nextOccurrence: [String: Int] = [:]
    var failures: [String] = []
    var failedUIDs: Set<String> = []

    init(document: Document, taskOf: [String: Int]) {
        checked = CheckedDocument(unchanged: document)
        self.taskOf = taskOf
    }

    /// Takes an edit of `document`: each task followed to where it is now (a removed one is no longer named).
    mutating func apply(_ result: EditResult) {
        var now = [Int?](repeating: nil, count: document.tasks.count)
        for (index, origin) in result.checked.origins.enumerated() {
            if let origin { now[origin] = index }
        }
        taskOf = taskOf.compactMapValues { now[$0] }
        nextOccurrence = nextOccurrence.compactMapValues { now[$0] }
        checked = checked.then(result.checked)
    }

    /// Runs one edit of the task `uid` names, given its line; a refusal is kept in `failures` and changes nothing.
    @discardableResult
    mutating func edit(_ uid: String, _ body: (Int, Document) throws -> EditResult) -> EditResult? {
        guard let index = taskOf[uid] else { return nil }
        do {
            let result = try body(document.tasks[index].line, document)
            apply(result)
            return result
        } catch {
            failures.append("\(error)")
            failedUIDs.insert(uid)
            return nil
        }
    }
}

extension Array {
    mutating func removeAllReturning() -> [Element] {
        defer { removeAll() }
        return self
    }
}
