/// What `done` does with a task whose subtasks are still open.
public enum OpenSubtaskPolicy: Sendable {
    /// Refuse, naming the open subtasks.
    case refuse
    /// Complete only the task itself (`--force`).
    case force
    /// Complete the open subtasks too (`--recursive`).
    case recursive
}

/// Where the next occurrence of a recurring Tasks or Dataview task goes: above the completed one (the
/// plugin's default) or below it. A todo.txt-style task's next occurrence always goes below its block.
public enum NextOccurrencePlacement: Sendable {
    case above
    case below
}

/// A task's status changes: `done`, `undo`, `toggle`, `cancel` and `start`, with the completion date, the
/// kept priority and checkbox, and recurrence.
///
/// Markdown: `- [ ] (A) 2026-11-01 Call Mom` becomes `- [x] 2026-11-21 2026-11-01 Call Mom pri:A`.
/// todo.txt: `(A) 2026-11-01 Call Mom` becomes `x 2026-11-21 2026-11-01 Call Mom pri:A`.
/// `undo` reverses both exactly.
public enum StatusChange {
    /// Completes the tasks on `lines` as of `today`; a task with `rec:` gets its next occurrence, placed as
    /// `placement` says (nil: above, or as the vault's Tasks settings say). In a vault with the Tasks plugin the
    /// statuses and dates are the plugin's (`changePluginStatus`).
    public static func complete(lines: [Int], in document: Document, today: CalendarDate,
                                subtasks policy: OpenSubtaskPolicy = .refuse,
                                nextOccurrence placement: NextOccurrencePlacement? = nil) throws -> EditResult {
        if let statuses = pluginStatuses(of: document) {
            return try changePluginStatus(lines: lines, in: document, statuses: statuses, today: today, transition: .to(.done),
                                          subtasks: policy, placement: placement) { task, status in
                task.isOpen ? nil : "is already \(status.name.isEmpty ? task.status.rawValue : status.name) [\(status.symbol)]"
            }
        }
        var edit = DocumentEdit(document)
        let targets = try TaskEditor.tasks(lines, in: document)
        try complete(targets, in: &edit, today: today, subtasks: policy, placement: placement)
        edit.notes += Dependencies.unblockedNotes(completing: targets.filter(\.isOpen).map { document.index(of: $0) }, in: document)
        return try edit.finish()
    }

    /// Reopens the tasks on `lines`: removes the completion mark and date and gives back a kept `pri:X` and a
    /// kept `box:c` checkbox.
    public static func reopen(lines: [Int], in document: Document) throws -> EditResult {
        if let statuses = pluginStatuses(of: document) {
            return try changePluginStatus(lines: lines, in: document, statuses: statuses, today: nil,
                                          transition: .reopen) { task, _ in task.status.isClosed ? nil : "is not done" }
        }
        var edit = DocumentEdit(document)
        try reopen(try TaskEditor.tasks(lines, in: document), in: &edit)
        return try edit.finish()
    }

    /// Completes the open tasks on `lines` and reopens the closed ones, in one edit. In a vault with the Tasks
    /// plugin each task takes its status's next one, as the plugin's toggle gives it.
    public static func toggle(lines: [Int], in document: Document, today: CalendarDate,
                              subtasks policy: OpenSubtaskPolicy = .refuse,
                              nextOccurrence placement: NextOccurrencePlacement? = nil) throws -> EditResult {
        if let statuses = pluginStatuses(of: document) {
            return try changePluginStatus(lines: lines, in: document, statuses: statuses, today: today, transition: .toggle,
                                          subtasks: policy, placement: placement) { _, status in
                status.nextSymbol == nil ? "has a status whose next one the vault's Tasks settings do not name" : nil
            }
        }
        let targets = try TaskEditor.tasks(lines, in: document)
        var edit = DocumentEdit(document)
        try complete(targets.filter(\.isOpen), in: &edit, today: today, subtasks: policy, placement: placement)
        try reopen(targets.filter { !$0.isOpen }, in: &edit)
        return try edit.finish()
    }

    static func complete(_ targets: [TodoTask], in edit: inout DocumentEdit, today: CalendarDate,
                         subtasks policy: OpenSubtaskPolicy, placement: NextOccurrencePlacement? = nil) throws {
        let document = edit.document
        let fileDialect = Dialect.of(document)
        let addressed = Set(targets.map(\.line))
        var completed = Set<Int>()
        for task in targets {
            guard task.isOpen else {
                edit.notes.append("line \(task.line) is already \(task.status == .done ? "done" : task.status.rawValue)")
                continue
            }
            let open = document.descendants(of: document.index(of: task)).map { document.tasks[$0] }
                .filter { $0.isOpen && !addressed.contains($0.line) }
            if !open.isEmpty {
                switch policy {
                case .refuse:
                    throw EditError.openSubtasks(line: task.line, subtasks: open.map { ($0.line, $0.title) })
                case .force:
                    break
                case .recursive:
                    for subtask in open where completed.insert(subtask.line).inserted {
                        try edit.rewrite(subtask, as: completedLine(subtask, in: document, on: today), status: .done)
                    }
                }
            }
            guard completed.insert(task.line).inserted else { continue }
            let dialect = task.writingDialect(in: fileDialect)
            if dialect != .todotxt, document.format == .markdown {
                try completePluginTask(task, dialect: dialect, in: &edit, today: today, placement: placement ?? .above)
                continue
            }
            try edit.rewrite(task, as: completedLine(task, in: document, on: today), status: .done)
            if task.body.recurrence != nil, TodoTxtRecurrence.NextOccurrence(of: task.body, completedOn: today) == nil {
                edit.notes.append("line \(task.line) recurs, but its next date would fall after 9999-12-31; no next occurrence was added")
            }
            if task.body.recurrence == nil, let rec = task.body.tagTokens("rec").first {
                // The reader's own warning about the value, at its place, saying what it meant here.
                let column = task.bodyColumn + rec.valueRange.lowerBound
                if var warning = document.diagnostics.first(where: { $0.line == task.line && $0.column == column }) {
                    warning.message += "; no next occurrence was added"
                    edit.warnings.append(warning)
                }
            }
            if let next = nextOccurrenceLine(task, in: document, completedOn: today) {
                let at = document.format == .todotxt ? document.lines.count : task.endLine
                let patch = edit.insert([next.line], at: at)
                var meaning = try next.meaning(in: document, at: at + 1)
                let original = document.meaning(of: document.index(of: task))
                (meaning.depth, meaning.list) = (original.depth, original.list)
                edit.expect(patch: patch, offset: 0, meaning, parent: task.parent.map { .original($0) } ?? .none)
            }
        }
    }

    /// Completes a task of the Tasks or Dataview dialect as the plugin does: `[x]` and the done date as a
    /// field (`✅ 2026-11-28`, `[completion:: 2026-11-28]`); a recurring task gets its next occurrence above
    /// it (or below, as asked); `🏁 delete` removes the completed line.
    static func completePluginTask(_ task: TodoTask, dialect: Dialect, in edit: inout DocumentEdit, today: CalendarDate,
                                   placement: NextOccurrencePlacement) throws {
        let document = edit.document
        let index = document.index(of: task)
        let fields = task.fields
        var next: TaskLine?
        if case .rule(let rule)? = fields.recurrence {
            next = try nextPluginOccurrence(task, rule: rule, in: document, completedOn: today, notes: &edit.notes)
        } else if fields.recurrenceText != nil {
            edit.notes.append("line \(task.line) has a recurrence the Tasks plugin does not read; no next occurrence was added")
        }
        let deletes = fields.onCompletion == .delete
        if deletes, task.endLine > task.line {
            edit.notes.append("line \(task.line) says 🏁 delete, but it has notes or subtasks: it was kept, done")
        }
        if deletes, task.endLine == task.line {
            edit.add(.delete((task.line - 1)..<task.line))
            edit.removedLines.append(String(document.lines[task.line - 1].text))
        } else {
            try edit.rewrite(task, as: completedPluginLine(task, in: document, on: today, dialect: dialect), status: .done)
        }
        if let next {
            let at = placement == .above ? task.line - 1 : task.endLine
            let patch = edit.insert([next.line], at: at)
            var meaning = try next.meaning(in: document, at: at + 1)
            let original = document.meaning(of: index)
            (meaning.depth, meaning.list) = (original.depth, original.list)
            edit.expect(patch: patch, offset: 0, meaning, parent: task.parent.map { .original($0) } ?? .none)
        }
    }

    /// The line of a Tasks or Dataview task completed on `date`, refused when it would read otherwise than as
    /// the task done, or when `undo` could not give it back.
    static func completedPluginLine(_ task: TodoTask, in document: Document, on date: CalendarDate,
                                    dialect: Dialect, status: TaskStatus = .done) throws -> TaskLine {
        let original = TaskLine(task: task, in: document)
        if task.checkboxScalar == " ", let box = original.recordedBox?.scalar {
            throw EditError.cannotComplete(line: task.line, reason: "it has a box:\(box) tag, and 'undo' would make it its "
                + "checkbox; remove or rename the tag")
        }
        let field: TaskField = status == .cancelled ? .cancelled : .done
        if original.body.fieldSpan(field) != nil {
            throw EditError.cannotComplete(line: task.line, reason: "it already has a \(field) date; remove it first")
        }
        var line = original
        line.setCheckbox(status)
        line.body.setField(field, date.description, dialect: dialect)
        if let box = task.checkboxScalar, box != " " { line.body.appendDescriptionTag("box", String(box)) }
        var expected = document.meaning(of: document.index(of: task))
        expected.status = status
        expected.unknownCheckbox = nil
        if status == .cancelled { expected.fields.cancelled = date } else { expected.fields.done = date }
        if let difference = try line.difference(from: expected, in: document, at: task.line) {
            throw EditError.cannotComplete(line: task.line, reason: "written as \(status.rawValue) it would read differently (it \(difference))")
        }
        try line.checkReopens(as: document, line: task.line)
        return line
    }

    /// Whether a next occurrence gets the day its task was done as its created date.
    enum NextCreatedDate {
        /// When the task has a created date (todofmt's rule outside a vault with the plugin).
        case replacesOne
        /// Always (the plugin's `setCreatedDate`).
        case always
        /// Never: the occurrence has none, even where the task has one (the plugin without `setCreatedDate`).
        case never
    }

    /// The next occurrence of a Tasks or Dataview task, as the plugin makes it: a copy of its line, of `status`
    /// (`[ ]` when nil), its start, scheduled and due dates moved together (the rule counts from the due date,
    /// else the scheduled, else the start date, or, `when done`, from the day it is done), without its done and
    /// cancelled dates, id, dependencies and block link; its created date as `createdDate` says. With
    /// `removesScheduledDate` (the plugin's `removeScheduledDateOnRecurrence`) the rule counts from the start
    /// date before the scheduled one, and the scheduled date goes where a start or due date stays.
    static func nextPluginOccurrence(_ task: TodoTask, rule: RecurrenceRule, in document: Document, completedOn: CalendarDate,
                                     notes: inout [String], status: CheckboxStatus? = nil,
                                     createdDate: NextCreatedDate = .replacesOne,
                                     removesScheduledDate: Bool = false) throws -> TaskLine? {
        var line = TaskLine(task: task, in: document)
        let spans = line.body.parsed.hasTrailingFields ? line.body.trailing.spans : []
        let dated: [TaskField] = [.due, .scheduled, .start]
        for field in dated {
            if let span = spans.first(where: { $0.field == field }),
               CalendarDate(iso: String(decoding: line.body.bytes[span.value], as: UTF8.self)) == nil {
                notes.append("line \(task.line) recurs, but its \(field) date is not a real date; no next occurrence was added")
                return nil
            }
        }
        let fields = task.fields
        let dates: [TaskField: CalendarDate] = [.due: fields.due?.date, .scheduled: fields.scheduled, .start: fields.start]
            .compactMapValues { $0 }
        let reference = removesScheduledDate ? fields.due?.date ?? fields.start ?? fields.scheduled
            : fields.due?.date ?? fields.scheduled ?? fields.start
        guard let nextReference = rule.next(from: reference, completedOn: completedOn) else {
            notes.append("line \(task.line) recurs, but its next date would fall after 9999-12-31; no next occurrence was added")
            return nil
        }
        if let status {
            line.setCheckbox(scalar: status.symbol)
            line.body.isClosed = status.type.taskStatus?.isClosed ?? false
        } else {
            line.setCheckbox(.open)
        }
        let dropsScheduled = removesScheduledDate && (fields.due != nil || fields.start != nil)
        if let reference {
            for (field, date) in dates where !(field == .scheduled && dropsScheduled) {
                let moved = nextReference.adding(days: reference.days(until: date))
                guard (1...9999).contains(moved.year) else { return nil }
                line.body.setField(field, moved.description, dialect: task.dialect)
            }
        }
        if dropsScheduled { line.body.removeField(.scheduled) }
        for field in [TaskField.done, .cancelled, .id, .dependsOn] { line.body.removeField(field) }
        if let link = line.body.trailing.blockLink, line.body.parsed.hasTrailingFields { line.body.bytes.removeSubrange(link) }
        switch createdDate {
        case .replacesOne: if fields.created != nil { line.body.setField(.created, completedOn.description, dialect: task.dialect) }
        case .always: line.body.setField(.created, completedOn.description, dialect: task.dialect)
        case .never: line.body.removeField(.created)
        }
        line.ending = document.dominantLineEnding
        return line
    }

    static func reopen(_ targets: [TodoTask], in edit: inout DocumentEdit) throws {
        for task in targets {
            guard task.status.isClosed else {
                edit.notes.append("line \(task.line) is not done")
                continue
            }
            let line = reopenedLine(task, in: edit.document)
            try edit.rewrite(task, as: line, status: line.checkboxStatus ?? .open)
        }
    }

    /// The task's line completed on `date` (see `TaskLine.complete(on:)`), refused when it would not read
    /// as the task completed (a text starting `(C)` would become its priority), or when `undo` could not
    /// give it back byte for byte (a `pri:` tag on a task without a priority would become one).
    static func completedLine(_ task: TodoTask, in document: Document, on date: CalendarDate) throws -> TaskLine {
        let original = TaskLine(task: task, in: document)
        if task.priority == nil, let kept = original.body.parsed.keptPriority {
            throw EditError.cannotComplete(line: task.line, reason: "it has a pri:\(kept) tag but no priority, and 'undo' would "
                + "make the tag its priority; remove the tag, or make it the priority with 'todofmt pri \(task.line) \(kept)'")
        }
        if task.checkboxScalar == " ", let box = original.recordedBox?.scalar {
            throw EditError.cannotComplete(line: task.line, reason: "it has a box:\(box) tag, and 'undo' would make it its "
                + "checkbox; remove or rename the tag")
        }
        var line = original
        line.complete(on: date)
        var expected = document.meaning(of: document.index(of: task))
        (expected.status, expected.unknownCheckbox, expected.priority, expected.completionDate) = (.done, nil, nil, date)
        let box = task.checkboxScalar.flatMap { $0 == " " ? nil : "box:\($0)" }
        let added = [task.priority.map { "pri:\($0)" }, box].compactMap { $0 }
        expected.description = Substring(([String(expected.description)].filter { !$0.isEmpty } + added).joined(separator: " "))
        var meaning = try line.meaning(in: document, at: task.line)
        (meaning.notes, meaning.depth, meaning.list) = (expected.notes, expected.depth, expected.list)
        if let priority = meaning.priority {
            throw EditError.cannotComplete(line: task.line, reason: "its text starts with (\(priority)), which a done task "
                + "would read as its priority")
        }
        if let difference = expected.differences(from: meaning).first {
            throw EditError.cannotComplete(line: task.line, reason: "written as done it would read differently (it \(difference))")
        }
        try line.checkReopens(as: document, line: task.line)
        return line
    }

    /// The task's line reopened (see `TaskLine.reopen()`).
    static func reopenedLine(_ task: TodoTask, in document: Document) -> TaskLine {
        var line = TaskLine(task: task, in: document)
        line.reopen()
        return line
    }

    /// The open copy of a recurring task: its line as it was before completion, with `due:` (keeping its time
    /// of day) and `t:` moved and a creation date of `completedOn` if it had one. Notes and subtasks stay with the completed task.
    static func nextOccurrenceLine(_ task: TodoTask, in document: Document, completedOn: CalendarDate) -> TaskLine? {
        guard let next = TodoTxtRecurrence.NextOccurrence(of: task.body, completedOn: completedOn) else { return nil }
        var line = TaskLine(task: task, in: document)
        line.setCheckbox(.open)
        if let due = next.due { line.body.setTag("due", Moment(due, at: task.body.dueTime).description) }
        if let threshold = next.threshold { line.body.setTag("t", threshold.description) }
        if task.body.creationDate != nil { line.body.setCreationDate(completedOn) }
        line.ending = document.dominantLineEnding
        return line
    }
}

extension TaskLine {
    /// Completes the line on `date`, so that `reopen()` gives it back byte for byte: in Markdown the checkbox
    /// becomes `[x]`; the date takes the place of `(X)` (todo.txt: `x DATE` does), or goes first with a space
    /// (todo.txt: `x DATE ` at the very start, also of an indented line); a task with only whitespace after
    /// its checkbox becomes `[x] DATE` followed by that whitespace. The priority is kept as `pri:X` and an
    /// in-progress or unknown checkbox as `box:c`, appended after the description in that order.
    mutating func complete(on date: CalendarDate) {
        let layout = body.layout, box = checkboxScalar
        let priority = body.parsed.priority
        if checkbox != nil {
            setCheckbox(.done)
            if let range = layout.priority {
                body.replace(range.lowerBound..<(range.lowerBound + 3), with: date.description)
            } else if layout.first < body.bytes.count {
                body.replace(layout.first..<layout.first, with: "\(date) ")
            } else {
                // Nothing but whitespace after the checkbox: a space and the date, then that whitespace.
                let close = checkbox!.upperBound
                let after = Array(prefix[(close + 1)...]) + body.bytes
                prefix.removeSubrange((close + 1)...)
                prefix.append(.space)
                body.bytes = Array(date.description.utf8) + after
            }
        } else if let range = layout.priority {
            body.replace(range.lowerBound..<(range.lowerBound + 3), with: "x \(date)")
        } else {
            body.replace(0..<0, with: "x \(date) ")
        }
        if let priority { body.appendTag("pri", priority.description) }
        if let box, box != " " { body.appendTag("box", String(box)) }
    }

    /// Refuses a completed line that `reopen()` would not give back as the document's line `line` is written, so
    /// that `undo` always can.
    func checkReopens(as document: Document, line: Int) throws {
        var back = self
        back.reopen()
        guard back.text.utf8.elementsEqual(document.lines.text(line - 1).utf8) else {
            throw EditError.cannotComplete(line: line, reason: "'undo' could not give it back as it is written")
        }
    }

    /// Reopens the line, undoing `complete(on:)`: a kept `box:c` becomes the checkbox again (else `[ ]`), a kept
    /// `pri:X` on a task without a priority takes the completion date's place as `(X)` (or goes first), the
    /// completion date goes with one whitespace character after it (before it, when nothing follows), and
    /// the todo.txt `x ` mark goes with the whitespace up to the next field (so an indented line completed
    /// keeps its indentation).
    mutating func reopen() {
        var box: Unicode.Scalar = " "
        if let recorded = recordedBox {
            body.removeWord(recorded.token.range)
            box = recorded.scalar
        }
        if checkbox != nil, let span = body.fieldSpan(.done) ?? body.fieldSpan(.cancelled) {
            // A Tasks or Dataview task: its done (or cancelled) date is a field of its own.
            body.removeWord(span.range)
            setCheckbox(scalar: box)
            body.isClosed = false
            return
        }
        var kept: Priority?
        let parsed = body.parsed
        if parsed.priority == nil, let token = parsed.lastTagToken("pri"),
           let priority = Priority(lenient: parsed.slice(token.valueRange)) {
            body.removeWord(token.range)
            kept = priority
        }
        let layout = body.layout
        if let range = layout.completion {
            let date = range.lowerBound..<(range.lowerBound + 10)
            if let priority = kept {
                body.replace(date, with: "(\(priority))")
                kept = nil
            } else if range.upperBound < body.bytes.count || checkbox == nil {
                body.bytes.removeSubrange(date.lowerBound..<min(date.upperBound + 1, range.upperBound))
            } else if date.lowerBound > 0 {
                body.bytes.removeSubrange((date.lowerBound - 1)..<date.upperBound)
            } else {
                body.bytes.removeSubrange(date)
                if let last = prefix.last, last == .space || last == .tab, prefix.count > checkbox!.upperBound + 1 {
                    prefix.removeLast()
                }
            }
        }
        // The mark as it was read: `x` and the whitespace up to the next field, which the changes above
        // (all after it) left in place.
        if let mark = layout.mark { body.bytes.removeSubrange(mark) }
        setCheckbox(scalar: box)
        body.isClosed = false
        if let kept {
            // The mark is gone: what is left is read as an open body, even when its text starts `x ` (as in
            // `(A) x 2026-01-01 …` once completed), so that the kept priority goes back in front.
            let allowsDoneMark = body.allowsDoneMark
            body.allowsDoneMark = false
            body.setPriority(kept)
            body.allowsDoneMark = allowsDoneMark
        }
    }

    /// The checkbox `complete(on:)` kept as the last `box:c` tag of a Markdown line: `c` one Unicode scalar
    /// that means in progress (`/`) or nothing known, and not whitespace.
    var recordedBox: (token: Token, scalar: Unicode.Scalar)? {
        guard checkbox != nil else { return nil }
        let parsed = body.parsed
        guard let token = parsed.lastTagToken("box") else { return nil }
        let value = parsed.slice(token.valueRange).unicodeScalars
        guard value.count == 1, let scalar = value.first, scalar != "]", !scalar.properties.isWhitespace,
              TaskStatus(checkboxScalar: scalar).map({ $0 == .inProgress }) ?? true else { return nil }
        return (token, scalar)
    }
}
