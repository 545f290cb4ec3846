/// A task to add, as `todofmt add` describes it.
public struct NewTask: Sendable {
    /// The task's text (todo.txt grammar: it may start with a priority and a date, and hold tags).
    public var text: String
    /// The list (heading path) to add to; nil for the file's first list.
    public var list: ListPath?
    /// The due date, with its time of day when it has one.
    public var due: Moment?
    /// The priority to give the task, when it has none in its text.
    public var priority: Priority?
    /// Write today's date as the creation date.
    public var addsCreationDate: Bool
    /// Refuse a value a known key cannot take (`due:2026-02-30`); false keeps it as text (`--force`).
    public var checksValues: Bool

    /// A task to add: its text, the list it goes to, and the fields given beside the text.
    public init(text: String, list: ListPath? = nil, due: Moment? = nil, priority: Priority? = nil,
                addsCreationDate: Bool = false, checksValues: Bool = true) {
        self.text = text
        self.list = list
        self.due = due
        self.priority = priority
        self.addsCreationDate = addsCreationDate
        self.checksValues = checksValues
    }
}

/// `add`: a new task at the end of a list, written the way the list's tasks are written.
public enum TaskInsertion {
    /// Adds the task. Markdown: after the last top-level task of the list (created if missing), with its
    /// marker and indentation. todo.txt: a new last line (the last line gets its missing newline first).
    public static func add(_ newTask: NewTask, to document: Document, today: CalendarDate) throws -> EditResult {
        let body = try self.body(of: newTask, in: document, today: today)
        var edit = DocumentEdit(document)
        switch document.format {
        case .todotxt:
            guard newTask.list == nil else { throw EditError.noListsInTodoTxt }
            guard !body.hasPrefix("x ") else { throw EditError.textReadsAsDone }
            let patch = edit.insert([Line(body)], at: document.lines.count)
            edit.expect(patch: patch, offset: 0, try TaskLine.meaning(ofLine: body, in: document))
        case .markdown:
            let placement = ListPlacement(newTask.list.map { .path($0) } ?? .first, in: document)
            let line = ListPlacement.taskPrefix(reference: placement.reference, in: document) + body
            let patch = edit.insert((placement.before + [line] + placement.after).map { Line($0) }, at: placement.index)
            var meaning = try TaskLine.meaning(ofLine: line, in: document)
            meaning.list = placement.list
            edit.expect(patch: patch, offset: placement.before.count, meaning)
        }
        return try edit.finish()
    }

    /// Adds the task to a new note made from `template` (a daily note's template, filled in), where the file is
    /// still empty (`document`): one change that writes the template's text as it is with the task where `add`
    /// puts it in that text (after the list's tasks, else after its heading's content), each of the template's
    /// tasks new and meaning what it means there.
    public static func add(_ newTask: NewTask, toNewNote template: String, in document: Document, today: CalendarDate) throws -> EditResult {
        guard document.lines.isEmpty else { return try add(newTask, to: document, today: today) }
        let note = Document(parsing: template, like: document)
        var edit = DocumentEdit(document)
        edit.keepsLayout = true
        let patch = edit.add(.insert(Array(note.lines), at: 0))
        for (index, task) in note.tasks.enumerated() {
            edit.expect(patch: patch, offset: task.line - 1, note.meaning(of: index),
                        parent: task.parent.map { .expected($0) } ?? .none, report: false)
        }
        let made = try edit.finish()
        return made.then(try add(newTask, to: made.document, today: today))
    }

    /// The new task's body: line breaks flattened, surrounding whitespace dropped, `(b)` read as `(B)` (as
    /// todo.sh does), the text checked and its date words resolved (`TypedText`), then the priority, due date
    /// and creation date applied, all in the task's dialect: the one its text writes fields in, else the file's;
    /// and the file's global filter put first in its description when the text lacks it.
    static func body(of newTask: NewTask, in document: Document, today: CalendarDate) throws -> String {
        var bytes = Array(TypedText.flattened(newTask.text).trimmingWhitespace().utf8)
        if bytes.count >= 4, bytes[0] == UInt8(ascii: "("), bytes[2] == UInt8(ascii: ")"), bytes[3] == .space,
           bytes[1] >= UInt8(ascii: "a"), bytes[1] <= UInt8(ascii: "z") {
            bytes[1] -= 32
        }
        let text = try TypedText.prepared(String(decoding: bytes, as: UTF8.self), today: today,
                                         checked: newTask.checksValues, startsTask: true, taskDue: newTask.due)
        var body = EditableBody(text, allowsDoneMark: false, isClosed: false)
        let dialect = document.format == .todotxt ? .todotxt : body.parsed.dialect != .todotxt ? body.parsed.dialect : Dialect.of(document)
        if dialect == .todotxt {
            if let priority = newTask.priority { body.setPriority(priority) }
            if let due = newTask.due { body.setTag("due", due.description) }
            if newTask.addsCreationDate, body.parsed.creationDate == nil { body.setCreationDate(today) }
        } else {
            let typed = try TypedFields(text, today: today, checked: newTask.checksValues)
            body = EditableBody(typed.text, allowsDoneMark: false, isClosed: false)
            var fields = typed.fields
            if let priority = newTask.priority { fields.append((.priority, PriorityLevel(priority).description)) }
            if let due = newTask.due {
                guard due.time == nil else {
                    throw TypedTextError("--due \(due.spaced): due dates of the Tasks and Dataview dialects are days without a time",
                                        column: 1, text: newTask.text, canForce: false)
                }
                fields.append((.due, due.date.description))
            }
            // A vault whose Tasks plugin sets created dates has one on every task it makes.
            let dated = newTask.addsCreationDate || document.settings.plugin?.setsCreatedDate == true
            if dated, body.fieldSpan(.created) == nil, !fields.contains(where: { $0.field == .created }) {
                fields.append((.created, today.description))
            }
            for (field, value) in fields { body.setField(field, value, dialect: dialect) }
        }
        if document.format == .markdown, let filter = document.settings.globalFilter { body.ensureGlobalFilter(filter) }
        return body.text
    }
}
