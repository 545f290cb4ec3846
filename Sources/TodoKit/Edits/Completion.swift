/// What `done` does with a task whose subtasks are still open.
public enum OpenSubtaskPolicy: Sendable {
    /// Refuse, naming the open subtasks.
    case refuse
    /// Complete only the task itself (`--force`).
    case force
    /// Complete the open subtasks too (`--recursive`).
    case recursive
}

/// `done`, `undo` and `toggle`: completion state and date, the kept priority, and recurrence.
///
/// Markdown: `- [ ] (A) 2026-11-01 Call Mom` becomes `- [x] 2026-11-21 2026-11-01 Call Mom pri:A`.
/// todo.txt: `(A) 2026-11-01 Call Mom` becomes `x 2026-11-21 2026-11-01 Call Mom pri:A`.
/// `undo` reverses both exactly.
public enum Completion {
    /// Completes the tasks on `lines` as of `today`; a task with `rec:` gets its next occurrence.
    public static func complete(lines: [Int], in document: Document, today: CalendarDate,
                                subtasks policy: OpenSubtaskPolicy = .refuse) throws -> EditResult {
        var edit = DocumentEdit(document)
        try complete(try TaskEditor.tasks(lines, in: document), in: &edit, today: today, subtasks: policy)
        return try edit.finish()
    }

    /// Reopens the tasks on `lines`: removes the completion mark and date and gives back a kept `pri:X`.
    public static func reopen(lines: [Int], in document: Document) throws -> EditResult {
        var edit = DocumentEdit(document)
        try reopen(try TaskEditor.tasks(lines, in: document), in: &edit)
        return try edit.finish()
    }

    /// Completes the open tasks on `lines` and reopens the closed ones, in one edit.
    public static func toggle(lines: [Int], in document: Document, today: CalendarDate,
                              subtasks policy: OpenSubtaskPolicy = .refuse) throws -> EditResult {
        let targets = try TaskEditor.tasks(lines, in: document)
        var edit = DocumentEdit(document)
        try complete(targets.filter(\.isOpen), in: &edit, today: today, subtasks: policy)
        try reopen(targets.filter { !$0.isOpen }, in: &edit)
        return try edit.finish()
    }

    static func complete(_ targets: [TodoTask], in edit: inout DocumentEdit, today: CalendarDate,
                         subtasks policy: OpenSubtaskPolicy) throws {
        let document = edit.document
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
            try edit.rewrite(task, as: completedLine(task, in: document, on: today), status: .done)
            if task.body.recurrence != nil, NextOccurrence(of: task.body, completedOn: today) == nil {
                edit.notes.append("line \(task.line) recurs, but its next date would fall after 9999-12-31; no next occurrence was added")
            }
            if let next = nextOccurrenceLine(task, in: document, completedOn: today) {
                let at = document.format == .todotxt ? document.lines.count : task.endLine
                let patch = edit.insert([next.line], at: at)
                var meaning = try next.meaning(format: document.format, at: at + 1)
                let original = document.meaning(of: document.index(of: task))
                (meaning.depth, meaning.list) = (original.depth, original.list)
                edit.expect(patch: patch, offset: 0, meaning, parent: task.parent.map { .original($0) } ?? .none)
            }
        }
    }

    static func reopen(_ targets: [TodoTask], in edit: inout DocumentEdit) throws {
        for task in targets {
            guard task.status.isClosed else {
                edit.notes.append("line \(task.line) is not done")
                continue
            }
            try edit.rewrite(task, as: reopenedLine(task, in: edit.document), status: .open)
        }
    }

    /// The task's line completed on `date`: `(X)` moves to `pri:X`, the date goes before the creation date.
    static func completedLine(_ task: TodoTask, in document: Document, on date: CalendarDate) -> TaskLine {
        var line = TaskLine(task: task, in: document)
        line.ensureSpaceBeforeBody()
        let priority = line.body.removePriority()
        if document.format == .markdown {
            line.setCheckbox(.done)
            line.body.insertFirst(date.description)
        } else {
            line.body.insertFirst("x \(date)")
        }
        if let priority { line.body.setTag("pri", priority.description) }
        return line
    }

    /// The task's line reopened: no mark or completion date, and `pri:X` back as `(X)`.
    static func reopenedLine(_ task: TodoTask, in document: Document) -> TaskLine {
        var line = TaskLine(task: task, in: document)
        line.body.removeCompletionDate()
        line.body.removeDoneMark()
        line.setCheckbox(.open)
        line.body.isClosed = false
        // The mark is gone: what is left is read as an open body, even when its text starts `x ` (as in
        // `(A) x 2026-01-01 …` once completed), so that the kept priority goes back in front.
        let allowsDoneMark = line.body.allowsDoneMark
        line.body.allowsDoneMark = false
        let body = line.body.parsed
        if body.priority == nil, let kept = body.keptPriority {
            line.body.removeTag("pri")
            line.body.setPriority(kept)
        }
        line.body.allowsDoneMark = allowsDoneMark
        return line
    }

    /// The open copy of a recurring task: its line as it was before completion, with `due:` (keeping its time
    /// of day) and `t:` moved and a creation date of `completedOn` if it had one. Notes and subtasks stay with the completed task.
    static func nextOccurrenceLine(_ task: TodoTask, in document: Document, completedOn: CalendarDate) -> TaskLine? {
        guard let next = NextOccurrence(of: task.body, completedOn: completedOn) else { return nil }
        var line = TaskLine(task: task, in: document)
        line.setCheckbox(.open)
        if let due = next.due { line.body.setTag("due", Moment(due, at: task.body.dueTime).description) }
        if let threshold = next.threshold { line.body.setTag("t", threshold.description) }
        if task.body.creationDate != nil { line.body.setCreationDate(completedOn) }
        line.ending = document.dominantLineEnding
        return line
    }
}

/// The dates of a recurring task's next occurrence, as topydo computes them.
///
/// `rec:1w` counts from the completion date; `rec:+1w` strictly from the old due date (else the threshold
/// date, else the completion date). `t:` moves with `due:`, keeping their distance; a task with only `t:`
/// recurs on `t:` and gets no `due:`; a task with neither gets `due:`.
public struct NextOccurrence: Hashable, Sendable {
    public var due: CalendarDate?
    public var threshold: CalendarDate?

    /// Nil when the body has no well-formed `rec:`, or the next date would fall after 9999-12-31. `strict` counts from the due date even for `rec:1w`
    /// (topydo's `do --strict`).
    public init?(of body: TaskBody, completedOn: CalendarDate, strict: Bool = false) {
        guard let recurrence = body.recurrence else { return nil }
        let oldDue = body.due, oldThreshold = body.threshold
        let from = recurrence.isStrict || strict ? (oldDue ?? oldThreshold ?? completedOn) : completedOn
        guard let newDue = recurrence.next(after: from), newDue > from else { return nil }
        let length = oldDue.flatMap { due in oldThreshold.map { $0.days(until: due) } } ?? 0
        due = (oldDue != nil || oldThreshold == nil) ? newDue : nil
        threshold = oldThreshold != nil ? newDue.adding(days: -length) : nil
    }
}
