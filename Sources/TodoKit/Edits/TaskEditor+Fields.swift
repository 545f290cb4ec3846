/// The edits that change one field of a task: a tag (`tag`, `due`), the due and start dates together
/// (`postpone`), the description (`replace`), and the notes (`note`).
extension TaskEditor {
    /// Sets tag `key` to `value` on each task, or, with no value, removes every `key:` tag. The first `key:`
    /// tag gets the value (a single-valued key such as `due` loses any other), else `key:value` is appended.
    /// The value is checked and its date words resolved as text typed for a task is (`TypedText`).
    public static func setTag(_ key: String, to value: String?, lines: [Int], in document: Document, today: CalendarDate,
                              checked: Bool = true) throws -> EditResult {
        guard TaskBodyParser.isTagKey(key) else {
            throw TypedTextError("'\(key)' is not a tag key (letters, digits, '_', '-' or '.')", column: 1, text: key, canForce: false)
        }
        var edit = DocumentEdit(document)
        let fileDialect = Dialect.of(document)
        for task in try tasks(lines, in: document) {
            var line = TaskLine(task: task, in: document)
            let dialect = document.format == .markdown ? task.writingDialect(in: fileDialect) : .todotxt
            if dialect != .todotxt, let field = TypedFields.field(forKey: key) {
                // The Tasks and Dataview dialects write these as fields of their own (FORMAT.md 3.8).
                try setPluginField(field, key: key, to: value, task: task, line: &line, dialect: dialect, today: today, edit: &edit)
                continue
            }
            if dialect != .todotxt, !TaskEditor.todofmtKeys.contains(key) {
                // Any other key: a Dataview inline field, which Dataview reads as the task's; the plugin's emoji
                // format has no field for it.
                guard dialect == .dataview else {
                    throw TypedTextError("the Tasks plugin's format has no field for '\(key)' (it has due, start, scheduled, created "
                                        + "and rec); put it in the task's text, e.g. as a #tag", column: 1, text: key, canForce: false)
                }
                guard line.body.setInlineField(key, to: value) else {
                    edit.notes.append(value.map { "line \(task.line) already has \(key):: \($0)" } ?? "line \(task.line) has no \(key):: field")
                    continue
                }
                try edit.rewrite(task, as: line, status: task.status)
                continue
            }
            if let value {
                let word = try tagWord(key, value, today: today, checked: checked, taskDue: task.dueMoment)
                let existing = task.body.tagTokens(key).map { task.body.text(of: $0) }
                if existing == [word] {
                    edit.notes.append("line \(task.line) already has \(word)")
                    continue
                }
                line.ensureSpaceBeforeBody()
                let resolved = String(word.dropFirst(key.utf8.count + 1))
                if KnownTag.singleValued.contains(key) { line.body.setSingleTag(key, resolved) } else { line.body.setTag(key, resolved) }
            } else {
                guard line.body.tagToken(key) != nil else {
                    edit.notes.append("line \(task.line) has no \(key): tag")
                    continue
                }
                line.body.removeTags(key)
            }
            try edit.rewrite(task, as: line, status: task.status)
        }
        return try edit.finish()
    }

    /// The keys todofmt reads in every dialect (FORMAT.md 3.5), which `tag` writes as `key:value` on a task of
    /// any dialect: the plugin and Dataview have no field for them.
    static let todofmtKeys: Set<String> = KnownTag.keys.union(["h", "uid"])

    /// Sets or removes a field of a Tasks or Dataview task for `tag KEY VALUE` / `due`: a date (`due`, `t` or
    /// `start`, `scheduled`, `created`) is resolved as a field typed in todo.txt's way is, and must be a day (the
    /// plugin's dates have no time of day); a rule must be one the plugin reads.
    static func setPluginField(_ field: TaskField, key: String, to value: String?, task: TodoTask, line: inout TaskLine,
                               dialect: Dialect, today: CalendarDate, edit: inout DocumentEdit) throws {
        guard let value else {
            guard line.body.fieldSpan(field) != nil || line.body.tagToken(key) != nil else {
                edit.notes.append("line \(task.line) has no \(field)\(field.isDate ? " date" : "")")
                return
            }
            line.body.removeField(field)
            line.body.removeTags(key)
            try edit.rewrite(task, as: line, status: task.status)
            return
        }
        var written = value
        if field == .recurrence {
            guard RecurrenceRule(value) != nil else {
                throw TypedTextError("'\(value)' is not a rule the Tasks plugin reads (e.g. every week, every 2 days, every month on the 15th)",
                                    column: 1, text: value, canForce: false)
            }
        } else {
            do {
                written = try TypedFields.value(of: field, key: key, value, today: today)
            } catch var error as TypedTextError {
                // A field holds a date or nothing: --force cannot write other text into it.
                error.canForce = false
                throw error
            }
        }
        if let span = line.body.fieldSpan(field), String(decoding: line.body.bytes[span.value], as: UTF8.self) == written {
            edit.notes.append("line \(task.line) already has \(field) \(written)")
            return
        }
        line.ensureSpaceBeforeBody()
        line.body.setField(field, written, dialect: dialect)
        try edit.rewrite(task, as: line, status: task.status)
    }

    /// `key:value` as it will be written: one tag word, checked, its date words resolved.
    static func tagWord(_ key: String, _ value: String, today: CalendarDate, checked: Bool, taskDue: Moment?) throws -> String {
        let typed = "\(key):\(value)"
        let word = try TypedText.prepared(typed, today: today, checked: checked, startsTask: false, taskDue: taskDue)
        let tokens = EditableBody(word, allowsDoneMark: false, isClosed: false).parsed.tokens
        guard tokens.count == 1, tokens[0].kind == .tag, tokens[0].range == 0..<word.utf8.count,
              tokens[0].nameLength == key.utf8.count else {
            throw TypedTextError("'\(typed)' is not a tag: a key of letters, digits, '_', '-' or '.', a colon, "
                                + "and a value without spaces", column: 1, text: typed, canForce: false)
        }
        return word
    }

    /// Where `postpone` counts from.
    public enum PostponeOrigin: Sendable, Equatable {
        /// The due date, even one that has passed.
        case dueDate
        /// The due date, or this day (today) when the due date is before it: an overdue task is postponed
        /// from today, as topydo does.
        case dueDateOrToday(CalendarDate)
    }

    /// Moves each task's due date `period` later (`3d`, `1w`, `2m`, `1b` working days) than `origin` says,
    /// keeping its time of day, and its threshold `t:` with it, keeping their distance, as topydo's
    /// `postpone -s` does. A task of the Tasks or Dataview dialect without a due date has its scheduled date
    /// moved, else its start date, as the plugin postpones it; in a vault with the plugin, the one date it moves
    /// is the only one that moves. A task without such a date, or a closed one, fails the whole edit.
    public static func postpone(lines: [Int], by period: Period, from origin: PostponeOrigin = .dueDate,
                                in document: Document) throws -> EditResult {
        var edit = DocumentEdit(document)
        for task in try tasks(lines, in: document) {
            guard task.isOpen else { throw EditError.taskIsClosed(line: task.line, action: "postpone") }
            var line = TaskLine(task: task, in: document)
            // The plugin's choice of date (its `getDateFieldToPostpone`): due, else scheduled, else start.
            if let (field, date) = [(TaskField.due, task.fields.due?.date), (.scheduled, task.fields.scheduled), (.start, task.fields.start)]
                .first(where: { $0.1 != nil && line.body.fieldSpan($0.0) != nil }).map({ ($0.0, $0.1!) }),
               field != .due || document.settings.plugin != nil {
                var start = date
                if case .dueDateOrToday(let today) = origin, today > date { start = today }
                guard let moved = period.added(to: start), moved > start, moved.year <= 9999 else { throw EditError.dateOutOfRange(line: task.line) }
                line.body.setField(field, moved.description, dialect: task.dialect)
                try edit.rewrite(task, as: line, status: task.status)
                continue
            }
            guard let dueMoment = task.dueMoment else { throw EditError.noDueDate(line: task.line) }
            let due = dueMoment.date
            var start = due
            if case .dueDateOrToday(let today) = origin, today > due { start = today }
            guard let newDue = period.added(to: start), newDue > start else { throw EditError.dateOutOfRange(line: task.line) }
            if line.body.fieldSpan(.due) != nil {
                // A Tasks or Dataview task: its start and scheduled dates keep their distance to the due date.
                line.body.setField(.due, newDue.description, dialect: task.dialect)
                for (field, date) in [(TaskField.start, task.fields.start), (.scheduled, task.fields.scheduled)] {
                    guard let date, line.body.fieldSpan(field) != nil else { continue }
                    let moved = newDue.adding(days: -date.days(until: due))
                    guard (1...9999).contains(moved.year) else { throw EditError.dateOutOfRange(line: task.line) }
                    line.body.setField(field, moved.description, dialect: task.dialect)
                }
                try edit.rewrite(task, as: line, status: task.status)
                continue
            }
            line.body.setTag("due", Moment(newDue, at: dueMoment.time).description)
            if let start = task.threshold {
                let newStart = newDue.adding(days: -start.days(until: due))
                guard (1...9999).contains(newStart.year) else { throw EditError.dateOutOfRange(line: task.line) }
                line.body.setTag("t", newStart.description)
            }
            try edit.rewrite(task, as: line, status: task.status)
        }
        return try edit.finish()
    }

    /// Gives a task a new description, as todo.sh's `replace` does: its status, completion date, priority and
    /// creation date stay unless `text` starts with a priority or a creation date of its own. The text is
    /// checked and its date words resolved (`TypedText`). `keepingTags`: the task's projects, contexts, tags and
    /// (in a Markdown file) `#tags` stay too, after the new text (one the text gives again, or a single-valued
    /// key it gives, is not repeated): a new title for the task. A task of the Tasks or Dataview dialect
    /// (FORMAT.md 8.11) gets the fields typed in todo.txt's way as its own, and keeps its priority, created, done
    /// and cancelled dates and block link unless the text gives them (`keepingTags`: every field it has); the
    /// file's global filter stays in the description.
    public static func replace(line number: Int, with text: String, in document: Document, today: CalendarDate,
                               checked: Bool = true, keepingTags: Bool = false) throws -> EditResult {
        let task = try document.requireTask(atLine: number)
        let typed = try TypedText.prepared(TypedText.flattened(text).trimmingWhitespace(), today: today, checked: checked,
                                          startsTask: true)
        let given = EditableBody(typed, allowsDoneMark: false, isClosed: false)
        let givenBody = given.parsed
        var description = String(decoding: given.bytes[givenBody.descriptionStart...], as: UTF8.self)
        // A Markdown task's `#tags` are tags (Obsidian's); in a todo.txt file `#` starts a word like any other.
        let hashtags = keepingTags && document.format == .markdown ? document.hashtags(of: document.index(of: task)) : []
        if keepingTags {
            let kept = keptTags(of: task.body, hashtags: hashtags,
                                besides: EditableBody(description, allowsDoneMark: false, isClosed: false).parsed)
            if !kept.isEmpty { description += (description.isEmpty ? "" : " ") + kept.joined(separator: " ") }
        }
        var line = TaskLine(task: task, in: document)
        line.ensureSpaceBeforeBody()
        let layout = line.body.layout
        let dialect = document.format == .todotxt ? .todotxt
            : givenBody.dialect != .todotxt ? givenBody.dialect : task.writingDialect(in: Dialect.of(document))
        if dialect == .todotxt {
            line.body.replace(layout.descriptionStart..<layout.contentEnd, with: description)
            if let priority = givenBody.priority {
                if task.isOpen || layout.priority != nil { line.body.setPriority(priority) } else { line.body.setSingleTag("pri", priority.description) }
            } else if task.status.isClosed, let kept = task.body.keptPriority, task.priority == nil, line.body.tagToken("pri") == nil {
                line.body.setTag("pri", kept.description)
            }
            if let created = givenBody.creationDate { line.body.setCreationDate(created) }
            // A closed task's first date is its completion date: one without a completion date cannot take a
            // creation date.
            if let date = line.body.parsed.completionDate, date != task.completionDate {
                throw TypedTextError("\(date) would be read as the task's completion date: a closed task takes a creation date "
                                    + "only after its completion date", column: typed.column(of: date.description), text: typed,
                                    canForce: false)
            }
        } else {
            let old = line.body
            let oldTrailing = old.parsed.hasTrailingFields ? old.trailing : nil
            let given = try TypedFields(typed, today: today, checked: checked)
            var text = EditableBody(given.text, allowsDoneMark: false, isClosed: false)
            let typedFields = given.fields.map(\.field) + (text.parsed.hasTrailingFields ? text.trailing.spans.compactMap(\.field) : [])
            var fields = given.fields
            // What replace keeps of a task, in its fields: its priority and its created, done and cancelled dates;
            // keeping tags, every field.
            let keptFields = keepingTags ? TaskField.allCases : [.priority, .created, .done, .cancelled]
            for kept in keptFields where !typedFields.contains(kept) {
                guard let span = oldTrailing?.spans.first(where: { $0.field == kept }) else { continue }
                let value = kept == .priority ? TaskBody.level(of: old.bytes[span.value], dialect: span.dialect).description
                    : String(decoding: old.bytes[span.value], as: UTF8.self)
                fields.append((kept, value))
            }
            if keepingTags {
                // Kept tags end the new description, before any fields the text gives.
                let kept = keptTags(of: task.body, hashtags: hashtags, besides: text.parsed).joined(separator: " ")
                if !kept.isEmpty {
                    let end = text.descriptionEnd
                    text.replace(end..<end, with: end > 0 ? " " + kept : kept + (text.bytes.isEmpty ? "" : " "))
                }
            }
            line.body.replace(layout.descriptionStart..<layout.contentEnd, with: text.text)
            for (field, value) in fields {
                if field == .priority, line.body.layout.priority != nil, let priority = PriorityLevel(name: value)?.priority {
                    line.body.setPriority(priority)
                } else {
                    let spanDialect = oldTrailing?.spans.first { $0.field == field }?.dialect ?? dialect
                    line.body.setField(field, value, dialect: givenBody.dialect != .todotxt ? givenBody.dialect : spanDialect)
                }
            }
            // The block link others link to stays, unless the text gives one.
            if let link = oldTrailing?.blockLink, !line.body.parsed.hasTrailingFields || line.body.trailing.blockLink == nil {
                let end = line.body.layout.contentEnd
                line.body.replace(end..<end, with: " " + String(decoding: old.bytes[TrailingFields.trimmedStart(old.bytes, link)..<link.upperBound], as: UTF8.self))
            }
        }
        if document.format == .markdown, let filter = document.settings.globalFilter { line.body.ensureGlobalFilter(filter) }
        var edit = DocumentEdit(document)
        try edit.rewrite(task, as: line, status: task.status)
        return try edit.finish()
    }

    /// The projects, contexts, tags and `#tags` (those of `hashtags`, without the `#`) of `body`'s description,
    /// as written and in order, that `given` (a new description) does not give: neither the same word nor, for a
    /// single-valued key (`due:`), another value of the key. The fields of the Tasks and Dataview dialects at
    /// its end are no tags; `#tags` among them are.
    static func keptTags(of body: TaskBody, hashtags: [String], besides given: TaskBody) -> [String] {
        let givenWords = Set(given.tokens.map { given.text(of: $0) })
        let givenKeys = Set(given.tokens.filter { $0.kind == .tag }.map { String(given.slice($0.nameRange)) })
        return body.tokens.filter { token in
            let word = body.slice(token.range)
            if word.first == "#" { return token.kind == .word && hashtags.contains(String(word.dropFirst())) }
            guard token.range.lowerBound < body.fieldsStart else { return false }
            switch token.kind {
            case .word: return false
            case .project, .context: return true
            case .tag:
                let key = String(body.slice(token.nameRange))
                return !(KnownTag.singleValued.contains(key) && givenKeys.contains(key))
            }
        }.map { body.text(of: $0) }.filter { !givenWords.contains($0) }
    }

    /// Adds `text` as a note of a Markdown task, one note line for each line of the text, after the task's
    /// notes and subtasks, at its content column. A blank line goes first when the block ends inside a
    /// subtask, so the note cannot continue the subtask's text. Notes that would not read as notes (a
    /// `- [ ]` line would be a subtask) are refused.
    public static func addNote(_ text: String, line number: Int, in document: Document) throws -> EditResult {
        guard document.format == .markdown else { throw EditError.noNotesInTodoTxt }
        let task = try document.requireTask(atLine: number)
        let index = document.index(of: task)
        let noteLines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !noteLines.isEmpty else { throw EditError.emptyText }
        // What the lines mean as notes, read on their own under a task.
        let alone = Document(parsing: "- [ ] x\n" + noteLines.map { "  \($0)\n" }.joined(), format: .markdown)
        guard alone.tasks.count == 1, alone.meaning(of: 0).notes.count == noteLines.count else {
            throw EditError.noteIsNotText(noteLines.joined(separator: " / "))
        }
        let indent = String(repeating: " ", count: task.item.map { document.items[$0].contentColumn } ?? 2)
        var lines = noteLines.map { Line(indent + $0) }
        if document.roles[task.endLine - 1].item != task.item { lines.insert(Line(""), at: 0) }
        var edit = DocumentEdit(document)
        edit.insert(lines, at: task.endLine)
        var meaning = document.meaning(of: index)
        meaning.notes += alone.meaning(of: 0).notes
        edit.expect(task: index, toMean: meaning)
        return try edit.finish()
    }
}

extension TaskEditor {
    /// Gives a Markdown task exactly these notes (one line each; an empty string is a blank line): its note
    /// lines go, and the new ones come right after its line, at its content column, before its subtasks.
    /// Notes that would not read back as these notes (a `- [ ]` line would be a subtask) are refused.
    public static func setNotes(_ notes: [String], line number: Int, in document: Document) throws -> EditResult {
        guard document.format == .markdown else { throw EditError.noNotesInTodoTxt }
        let task = try document.requireTask(atLine: number)
        let index = document.index(of: task)
        var lines = notes.map { $0.trimmingTrailingWhitespace() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        let alone = Document(parsing: "- [ ] x\n" + lines.map { $0.isEmpty ? "\n" : "  \($0)\n" }.joined(), format: .markdown)
        guard alone.tasks.count == 1, alone.notes(of: 0) == lines else {
            throw EditError.noteIsNotText(lines.joined(separator: " / "))
        }
        var edit = DocumentEdit(document)
        var start: Int?
        var previous = -1
        for note in document.noteLines(of: index).map({ $0 - 1 }) {
            if note != previous + 1, let first = start {
                edit.add(.delete(first..<(previous + 1)))
                start = nil
            }
            if start == nil { start = note }
            previous = note
        }
        if let first = start { edit.add(.delete(first..<(previous + 1))) }
        let indent = String(repeating: " ", count: task.item.map { document.items[$0].contentColumn } ?? 2)
        if !lines.isEmpty { edit.insert(lines.map { Line($0.isEmpty ? "" : indent + $0) }, at: task.line) }
        var meaning = document.meaning(of: index)
        meaning.notes = alone.meaning(of: 0).notes
        edit.expect(task: index, toMean: meaning)
        return try edit.finish()
    }
}
