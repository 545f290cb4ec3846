/// Status changes in a vault where the Obsidian Tasks plugin is installed: every one goes from a status of the
/// vault's settings to another (`StatusRegistry`), as the plugin's `handleNewStatus` makes it, under the
/// plugin's settings of the lines it writes (`TasksPluginSettings`).
///
/// - `toggle` writes the status's next symbol, as the plugin's "toggle task done" does;
/// - `done` writes the first `DONE` status reached by toggling (the settings' first `DONE` status when none is);
/// - `cancel` the first `CANCELLED` one, `start` the first `IN_PROGRESS` one, reached so or else the first given;
/// - `undo` the status a recurring task's next occurrence would take after it: the first `TODO` status reached
///   from its next one, else the first `IN_PROGRESS` one, else `[ ]`.
///
/// A task becoming done gets the done date (`✅`) when `setDoneDate` says so and loses it otherwise, and likewise
/// the cancelled date; a recurring task becoming done gets its next occurrence, of the status the registry gives
/// it, with a created date of today only when `setCreatedDate` says so, above the done task, or below it with
/// `recurrenceOnNextLine`.
extension StatusChange {
    /// The vault's statuses, when the document is a note of a vault with the plugin.
    static func pluginStatuses(of document: Document) -> StatusRegistry? {
        document.format == .markdown ? document.reading.statuses : nil
    }

    /// Which status an edit gives a task, from the status it has.
    enum PluginTransition {
        /// `toggle`: the next symbol.
        case toggle
        /// `done`, `cancel`, `start`: the first status of this type reached by toggling, else the first given.
        case to(CheckboxStatus.Kind)
        /// `undo`: back to to-do.
        case reopen
    }

    /// The status `transition` gives a task of status `current`; nil when the statuses have none to give.
    static func status(after transition: PluginTransition, from current: CheckboxStatus, in statuses: StatusRegistry) -> CheckboxStatus? {
        switch transition {
        case .toggle: return statuses.next(after: current)
        case .to(let kind): return statuses.reach(kind, from: current) ?? statuses.first(kind)
        case .reopen: return statuses.nextOccurrence(after: current)
        }
    }

    /// Gives each task on `lines` the status `transition` makes of its own, in one edit. `eligible` says which
    /// statuses the edit works on; any other task is left alone with a note saying why. Open subtasks of a task
    /// becoming done are dealt with as `policy` says.
    /// `today` is the day a done or cancelled date is written with; nil (`undo`, `start`) writes none.
    static func changePluginStatus(lines: [Int], in document: Document, statuses: StatusRegistry, today: CalendarDate?,
                                   transition: PluginTransition, subtasks policy: OpenSubtaskPolicy = .refuse,
                                   placement: NextOccurrencePlacement? = nil,
                                   eligible: (TodoTask, CheckboxStatus) -> String?) throws -> EditResult {
        var edit = DocumentEdit(document)
        let targets = try TaskEditor.tasks(lines, in: document)
        let addressed = Set(targets.map(\.line))
        var changed = Set<Int>()
        var completed: [Int] = []
        for task in targets where !changed.contains(task.line) {
            let current = statuses.statusOrUnknown(task.checkboxScalar ?? " ")
            if let why = eligible(task, current) {
                edit.notes.append("line \(task.line) \(why)")
                continue
            }
            guard let target = status(after: transition, from: current, in: statuses) else {
                let kind = if case .to(let kind) = transition { kind.rawValue } else { "" }
                throw EditError.cannotChangeStatus(line: task.line, reason: "the vault's Tasks statuses have none of type \(kind)")
            }
            if target.type == .done, current.type != .done {
                let open = document.descendants(of: document.index(of: task)).map { document.tasks[$0] }
                    .filter { $0.isOpen && !addressed.contains($0.line) }
                if !open.isEmpty {
                    switch policy {
                    case .refuse: throw EditError.openSubtasks(line: task.line, subtasks: open.map { ($0.line, $0.title) })
                    case .force: break
                    case .recursive:
                        for subtask in open where changed.insert(subtask.line).inserted {
                            let status = statuses.statusOrUnknown(subtask.checkboxScalar ?? " ")
                            guard let done = self.status(after: .to(.done), from: status, in: statuses) else { continue }
                            try setPluginStatus(subtask, from: status, to: done, in: &edit, today: today, recurs: false,
                                                placement: placement)
                        }
                    }
                }
                completed.append(document.index(of: task))
            }
            changed.insert(task.line)
            try setPluginStatus(task, from: current, to: target, in: &edit, today: today, recurs: true, placement: placement)
        }
        edit.notes += Dependencies.unblockedNotes(completing: completed, in: document)
        return try edit.finish()
    }

    /// Writes `task` with status `target` instead of `current`: its checkbox, its done and cancelled dates as the
    /// plugin sets them, and, when it becomes done and `recurs`, its next occurrence.
    static func setPluginStatus(_ task: TodoTask, from current: CheckboxStatus, to target: CheckboxStatus,
                                in edit: inout DocumentEdit, today: CalendarDate?, recurs: Bool,
                                placement: NextOccurrencePlacement?) throws {
        let document = edit.document
        guard let status = target.type.taskStatus else {
            throw EditError.cannotChangeStatus(line: task.line, reason: "its next status, \(target.summary), makes it no task, "
                                               + "and todofmt changes only tasks; change it in Obsidian")
        }
        let settings = document.settings.plugin ?? TasksPluginSettings()
        let dialect = pluginDialect(of: task, in: document)
        let fields = task.fields
        let becomesDone = target.type == .done && current.type != .done
        var next: TaskLine?
        if becomesDone, recurs, let today {
            if case .rule(let rule)? = fields.recurrence {
                next = try nextPluginOccurrence(task, rule: rule, in: document, completedOn: today, notes: &edit.notes,
                                                status: document.reading.statuses?.nextOccurrence(after: target),
                                                createdDate: settings.setsCreatedDate ? .always : .never,
                                                removesScheduledDate: settings.removesScheduledDateOnRecurrence)
            } else if fields.recurrenceText != nil {
                edit.notes.append("line \(task.line) has a recurrence the Tasks plugin does not read; no next occurrence was added")
            }
        }

        var line = TaskLine(task: task, in: document)
        line.setCheckbox(scalar: target.symbol)
        line.body.isClosed = status.isClosed
        var expected = document.meaning(of: document.index(of: task))
        expected.status = status
        expected.unknownCheckbox = document.reading.distinctCheckbox(target.symbol, status: status)
        // The done and cancelled dates, as the plugin's `newDate` sets them: today on becoming of the type (when
        // the settings say so), kept while the task stays of it, gone otherwise.
        for (field, kind, sets) in [(TaskField.done, CheckboxStatus.Kind.done, settings.setsDoneDate),
                                    (.cancelled, .cancelled, settings.setsCancelledDate)] {
            let old = field == .done ? fields.done : fields.cancelled
            let date = target.type != kind ? nil : current.type == kind ? old : sets ? today : nil
            if date == old, date != nil || line.body.fieldSpan(field) == nil { continue }
            line.body.removeField(field)
            if let date { line.body.setField(field, date.description, dialect: dialect) }
            if field == .done { expected.fields.done = date } else { expected.fields.cancelled = date }
        }

        if let difference = try line.difference(from: expected, in: document, at: task.line) {
            throw EditError.cannotChangeStatus(line: task.line, reason: "written as \(target.summary) it would read differently (it \(difference))")
        }

        let deletes = becomesDone && recurs && fields.onCompletion == .delete
        if deletes, task.endLine > task.line {
            edit.notes.append("line \(task.line) says 🏁 delete, but it has notes or subtasks: it was kept, done")
        }
        if deletes, task.endLine == task.line {
            edit.add(.delete((task.line - 1)..<task.line))
            edit.removedLines.append(String(document.lines[task.line - 1].text))
        } else {
            try edit.rewrite(task, as: line, status: status)
        }
        if let next {
            let below = placement.map { $0 == .below } ?? settings.recurrenceOnNextLine
            let at = below ? task.endLine : task.line - 1
            let patch = edit.insert([next.line], at: at)
            var meaning = try next.meaning(in: document, at: at + 1)
            let original = document.meaning(of: document.index(of: task))
            (meaning.depth, meaning.list) = (original.depth, original.list)
            edit.expect(patch: patch, offset: 0, meaning, parent: task.parent.map { .original($0) } ?? .none)
        }
    }

    /// The dialect the plugin writes a task's dates in: the task's own, else the vault's task format, else the
    /// plugin's emoji (its default format), since the plugin writes a date in its format whatever else the line
    /// holds.
    static func pluginDialect(of task: TodoTask, in document: Document) -> Dialect {
        let dialect = task.writingDialect(in: Dialect.of(document))
        if dialect != .todotxt { return dialect }
        return document.settings.dialect == .todotxt ? .tasks : document.settings.dialect
    }
}
