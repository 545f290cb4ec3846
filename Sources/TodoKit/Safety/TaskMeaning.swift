/// What a task says, however it is written: the one definition of a task's meaning, which the formatter's
/// safe mode, every edit, the merge driver, archive and review compare.
///
/// Two tasks mean the same when they agree on status (and, for a checkbox character without a defined
/// meaning, that character), every field in every dialect, description (trimmed, its fields in canonical order),
/// what its words are read as (the title, projects, contexts and every tag's key and value, read from the task's
/// own text), notes (each line trimmed, blank lines left out, a plain list item's marker read canonically), depth
/// and list. Text is compared byte for byte.
package struct TaskMeaning: Hashable, Sendable {
    package var status: TaskStatus
    /// The checkbox character when it says more than the status (`MarkdownReading.distinctCheckbox`: `[?]`, a
    /// vault's custom `[D]`, `[X]` in a vault with the Tasks plugin); nil for `[ ]`, `[x]`, `[X]`, `[/]`, `[-]`
    /// read as themselves and for todo.txt tasks.
    package var unknownCheckbox: Character?
    /// The task's metadata, whatever dialect writes it: dates, priority, recurrence, on completion, id and
    /// dependencies (`TaskFields`). Two tasks that say the same in two dialects have equal fields.
    package var fields: TaskFields
    /// The priority, in every dialect (see `TaskFields.priority`).
    package var priority: Priority? {
        get { fields.priority }
        set { fields.priority = newValue }
    }
    /// The completion date, in every dialect.
    package var completionDate: CalendarDate? {
        get { fields.done }
        set { fields.done = newValue }
    }
    /// The creation date, in every dialect.
    package var creationDate: CalendarDate? {
        get { fields.created }
        set { fields.created = newValue }
    }
    /// The description, trimmed, tags kept. Setting it reads its words anew.
    package var description: Substring {
        get { descriptionText.substring }
        set {
            descriptionText = TextSlice(newValue)
            words = Words(TaskBody(descriptionOnly: descriptionText, reading: reading))
        }
    }
    /// The non-blank note lines, trimmed.
    package var notes: [Substring] {
        get { noteTexts.map(\.substring) }
        set { noteTexts = newValue.map(TextSlice.init) }
    }
    var descriptionText: TextSlice
    /// What the description's words are read as, in the task's own text: the same description may read as other
    /// words where a field is glued to a word, so they are compared too.
    var words: Words
    /// The dialects the task's fields were read in, in which a new description's words are read.
    var reading: FieldReading
    var noteTexts: [TextSlice]
    /// Number of enclosing tasks.
    package var depth: Int
    /// Heading titles from the outermost down; empty outside any heading.
    package var list: [String]

    /// The meaning of a task whose prefix (todo.txt's priority and dates) says `priority`, `completionDate` and
    /// `creationDate`, and whose description (read as a Markdown task's) says the rest.
    package init(status: TaskStatus, unknownCheckbox: Character? = nil, priority: Priority? = nil,
                completionDate: CalendarDate? = nil, creationDate: CalendarDate? = nil, description: Substring,
                notes: [Substring] = [], depth: Int = 0, list: [String] = []) {
        var body = TaskBody(descriptionOnly: TextSlice(description), reading: .every)
        body.priority = priority
        body.completionDate = completionDate
        body.creationDate = creationDate
        let text = body.fieldsAreCanonical ? TextSlice(description) : body.canonicalDescription
        self.init(status: status, unknownCheckbox: unknownCheckbox, body: body, descriptionText: text,
                  noteTexts: notes.map(TextSlice.init), depth: depth, list: list)
    }

    /// The meaning of a task whose body is `body` (its description, in canonical form, `descriptionText`).
    init(status: TaskStatus, unknownCheckbox: Character?, body: TaskBody, descriptionText: TextSlice,
         noteTexts: [TextSlice], depth: Int, list: [String]) {
        self.status = status
        self.unknownCheckbox = unknownCheckbox
        self.fields = body.fields
        self.descriptionText = descriptionText
        self.words = Words(body)
        self.reading = body.fieldReading
        self.noteTexts = noteTexts
        self.depth = depth
        self.list = list
    }

    /// The title: the description's plain words, its fields left out, joined by single spaces.
    package var title: String { words.title }
    /// Project names without the `+`, in order of first appearance, each once.
    package var projects: [String] { words.projects }
    /// Context names without the `@`, in order of first appearance, each once.
    package var contexts: [String] { words.contexts }
    /// Every `key:value` tag in order, repeats kept.
    package var tags: [(key: String, value: String)] {
        words.tags.map { tag in
            let colon = tag.firstIndex(of: ":")!
            return (String(tag[..<colon]), String(tag[tag.index(after: colon)...]))
        }
    }

    /// What the words of a description are read as: its title, projects, contexts and tags.
    struct Words: Hashable, Sendable {
        var title: String
        var projects: [String]
        var contexts: [String]
        /// Each tag as written, `key:value` (a key holds no colon).
        var tags: [String]

        /// The words of `body`, read in one pass (as `TaskBody.title`, `projects`, `contexts` and `tags` read them).
        init(_ body: TaskBody) {
            var title: [Substring] = [], projects: [String] = [], contexts: [String] = [], tags: [String] = []
            body.forEachToken { token in
                switch token.kind {
                case .word: if body.isTitleWord(token) { title.append(body.slice(token.range)) }
                case .project: if case let name = body.name(of: token), !projects.contains(name) { projects.append(name) }
                case .context: if case let name = body.name(of: token), !contexts.contains(name) { contexts.append(name) }
                case .tag: tags.append(body.text(of: token))
                }
                return true
            }
            // Built by hand: joining substrings goes through a generic path many times slower.
            var joined = ""
            for (k, word) in title.enumerated() {
                if k > 0 { joined.append(" ") }
                joined.append(contentsOf: word)
            }
            self.title = joined
            (self.projects, self.contexts, self.tags) = (projects, contexts, tags)
        }
    }

    package static func == (lhs: TaskMeaning, rhs: TaskMeaning) -> Bool {
        lhs.status == rhs.status && lhs.unknownCheckbox == rhs.unknownCheckbox && lhs.fields == rhs.fields
            && lhs.depth == rhs.depth && lhs.descriptionText.hasSameBytes(as: rhs.descriptionText) && lhs.words == rhs.words
            && lhs.noteTexts.count == rhs.noteTexts.count
            && zip(lhs.noteTexts, rhs.noteTexts).allSatisfy { $0.hasSameBytes(as: $1) }
            && lhs.list == rhs.list
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(priority)
        hasher.combine(completionDate)
        hasher.combine(creationDate)
        descriptionText.withBytes { b in for i in b.indices { hasher.combine(b[i]) } }
        hasher.combine(noteTexts.count)
        hasher.combine(depth)
        hasher.combine(list)
    }

    /// How `other` says something else than this task: short phrases such as `changed from open to done` or
    /// `lost its note "washer size 1/2"`, the first difference first; empty when they mean the same.
    package func differences(from other: TaskMeaning) -> [String] {
        var found: [String] = []
        if status != other.status || unknownCheckbox != other.unknownCheckbox {
            found.append("changed from \(statusName) to \(other.statusName)")
        }
        if priority != other.priority {
            func show(_ p: Priority?) -> String { p.map { "(\($0))" } ?? "none" }
            found.append("changed priority from \(show(priority)) to \(show(other.priority))")
        }
        if completionDate != other.completionDate { found.append("changed its completion date") }
        if creationDate != other.creationDate { found.append("changed its creation date") }
        let dates: [(String, CalendarDate?, CalendarDate?)] = [
            ("due date", fields.due?.date, other.fields.due?.date), ("start date", fields.start, other.fields.start),
            ("scheduled date", fields.scheduled, other.fields.scheduled),
            ("cancelled date", fields.cancelled, other.fields.cancelled)]
        for (name, mine, theirs) in dates where mine != theirs { found.append("changed its \(name)") }
        if fields.due?.time != other.fields.due?.time, fields.due?.date == other.fields.due?.date {
            found.append("changed its due time")
        }
        if fields.recurrenceText != other.fields.recurrenceText { found.append("changed its recurrence") }
        if fields.onCompletion != other.fields.onCompletion { found.append("changed what happens on completion") }
        if fields.id != other.fields.id || fields.dependsOn != other.fields.dependsOn || fields.partOf != other.fields.partOf {
            found.append("changed its dependencies")
        }
        if !descriptionText.hasSameBytes(as: other.descriptionText) {
            found.append("changed its text from \(quoted(description)) to \(quoted(other.description))")
        } else if words != other.words {
            found.append(contentsOf: wordDifferences(from: other))
        }
        let notes = self.notes, otherNotes = other.notes
        for k in 0..<max(notes.count, otherNotes.count) {
            if k >= otherNotes.count {
                found.append("lost its note \(quoted(notes[k]))")
            } else if k >= notes.count {
                found.append("gained a note \(quoted(otherNotes[k]))")
            } else if !noteTexts[k].hasSameBytes(as: other.noteTexts[k]) {
                found.append("changed its note \(quoted(notes[k])) to \(quoted(other.notes[k]))")
            } else {
                continue
            }
            break
        }
        if depth != other.depth { found.append("changed its nesting from \(depth) to \(other.depth) levels deep") }
        if list != other.list { found.append("moved from list \(listName(list)) to \(listName(other.list))") }
        return found
    }

    /// How the same description reads as other words in `other` (a field glued to a word read as part of it in
    /// one and not in the other): its tags, title, projects or contexts.
    private func wordDifferences(from other: TaskMeaning) -> [String] {
        var found: [String] = []
        if words.tags != other.words.tags {
            found.append("changed its tags from \(listed(words.tags)) to \(listed(other.words.tags))")
        }
        if words.title != other.words.title {
            found.append("changed its title from \(quoted(words.title)) to \(quoted(other.words.title))")
        }
        if words.projects != other.words.projects {
            found.append("changed its projects from \(listed(words.projects.map { "+" + $0 })) to \(listed(other.words.projects.map { "+" + $0 }))")
        }
        if words.contexts != other.words.contexts {
            found.append("changed its contexts from \(listed(words.contexts.map { "@" + $0 })) to \(listed(other.words.contexts.map { "@" + $0 }))")
        }
        return found
    }

    /// `open`, `done`…, or the unknown checkbox as written: `[?]`.
    var statusName: String { unknownCheckbox.map { "[\($0)]" } ?? status.rawValue }
}

extension Document {
    /// Whether task `task` means what task `other` of `document` means: `meaning(of: task) ==
    /// document.meaning(of: other)`, answered without making either meaning where the two tasks are written
    /// alike (most of a file that a command changed in one place).
    ///
    /// Two tasks of the same status, checkbox and depth, whose bodies are the same bytes read in the same dialects
    /// (so the same priority, dates and description, read the same way), under the same list and with the same
    /// notes (as their meanings hold them), mean the same.
    package func hasSameMeaning(_ task: Int, as other: Int, in document: Document) -> Bool {
        // Read in place: a copy of a task would retain and release its references.
        if tasks[task].status == document.tasks[other].status,
           tasks[task].checkboxScalar == document.tasks[other].checkboxScalar,
           tasks[task].depth == document.tasks[other].depth, format == document.format,
           tasks[task].body.fieldReading == document.tasks[other].body.fieldReading,
           tasks[task].body.source.hasSameBytes(as: document.tasks[other].body.source),
           tasks[task].heading == nil && document.tasks[other].heading == nil || list(of: task) == document.list(of: other) {
            guard tasks[task].mayHaveNoteLines || document.tasks[other].mayHaveNoteLines else { return true }
            let notes = meaningfulNotes(of: task), others = document.meaningfulNotes(of: other)
            return notes.count == others.count && zip(notes, others).allSatisfy { $0.hasSameBytes(as: $1) }
        }
        return meaning(of: task) == document.meaning(of: other)
    }

    /// What task `task` means (see `TaskMeaning`).
    package func meaning(of task: Int) -> TaskMeaning {
        // Read in place: a copy of the task would retain and release its references.
        let box = tasks[task].checkboxScalar.flatMap { reading.distinctCheckbox($0, status: tasks[task].status) }
        return TaskMeaning(status: tasks[task].status, unknownCheckbox: box, body: tasks[task].body,
                           descriptionText: tasks[task].body.canonicalDescription, noteTexts: meaningfulNotes(of: task),
                           depth: tasks[task].depth, list: list(of: task))
    }

    /// Task `task`'s note lines as its meaning holds them: trimmed, blank ones left out, a list item's marker
    /// written canonically (`* a` and `-   a` as `- a`, `3.  a` as `3. a`).
    private func meaningfulNotes(of task: Int) -> [TextSlice] {
        guard tasks[task].mayHaveNoteLines else { return [] }
        return noteLines(of: task).compactMap { number in
            let note = TextSlice(lines.text, lines.range(number - 1)).trimmed
            if note.isEmpty { return nil }
            return roles[number - 1].kind == .itemStart ? Self.canonicalMarker(note) : note
        }
    }

    private static func canonicalMarker(_ note: TextSlice) -> TextSlice {
        let bytes = note.withBytes { $0.array(0..<$0.count) }
        var i = 0
        var marker: [UInt8]
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "*") || bytes[0] == UInt8(ascii: "+") {
            marker = [UInt8(ascii: "-")]
            i = 1
        } else {
            while i < bytes.count, BlockStart.isDigit(bytes[i]) { i += 1 }
            guard i > 0, i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ")") else { return note }
            i += 1
            marker = Array(bytes[0..<i])
        }
        guard i == bytes.count || bytes[i] == .space || bytes[i] == .tab else { return note }
        while i < bytes.count, bytes[i] == .space || bytes[i] == .tab { i += 1 }
        if i < bytes.count {
            marker.append(.space)
            marker.append(contentsOf: bytes[i...])
        }
        return TextSlice(String(decoding: marker, as: UTF8.self))
    }
}

extension Substring {
    /// The slice without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring { trimmingLeadingSpaces.trimmingTrailingSpaces }

    var trimmingLeadingSpaces: Substring {
        var start = utf8.startIndex
        while start < utf8.endIndex, utf8[start] == .space || utf8[start] == .tab { start = utf8.index(after: start) }
        return self[start...]
    }

    var trimmingTrailingSpaces: Substring {
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] == .space || utf8[before] == .tab else { break }
            end = before
        }
        return self[..<end]
    }
}

/// Words quoted and listed, `"a", "b"`, or `none`.
func listed(_ words: [String]) -> String {
    words.isEmpty ? "none" : words.map(quoted).joined(separator: ", ")
}

/// `"text"`, shortened to 40 characters.
func quoted(_ text: some StringProtocol) -> String {
    let limit = 40
    if text.count <= limit { return "\"\(text)\"" }
    return "\"\(text.prefix(limit - 1))…\""
}

func listName(_ path: [String]) -> String {
    path.isEmpty ? "(none)" : quoted(path.joined(separator: " > "))
}
