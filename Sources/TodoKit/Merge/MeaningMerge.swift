/// A task's meaning merged part by part: what a task both sides kept must mean after a clean merge, worked out
/// from what the three versions mean (`TaskMeaning`), not from how they are written. `TaskMerge` combines the
/// sides' lines word by word; the task it writes is explained only when what those lines mean is what this
/// gives, part by part. Where the two disagree, or this finds both sides changing one part differently, the
/// task is a conflict: the merge writes no task it cannot explain.
enum MeaningMerge {
    /// A task's meaning in the parts a three-way merge combines.
    struct Parts: Equatable {
        var status: TaskStatus
        var unknownCheckbox: Character?
        /// The priority however it is written (`TaskVersion.priority`).
        var priority: Priority?
        /// Its dates, recurrence and the rest of its fields, without the priority and `#tags` (words, here) and
        /// without the dialect (how, not what).
        var fields: TaskFields
        /// The words of the description, without `key:value` tags and without the Tasks or Dataview fields.
        var words: [String]
        /// Each tag's first value, by key (a completed task's `pri:` is its priority, not a tag).
        var tags: [String: String]
        var notes: [String]
        /// How many times the priority is written: `(A)`, a field, a completed task's `pri:` each count.
        var priorityForms: Int

        /// Task `index` of `document`.
        init(_ index: Int, in document: Document) {
            let meaning = document.meaning(of: index)
            let body = document.tasks[index].body
            status = meaning.status
            unknownCheckbox = meaning.unknownCheckbox
            let isClosed = meaning.status.isClosed
            priority = body.anyPriority ?? (isClosed ? body.keptPriority : nil)
            fields = meaning.fields
            (fields.priority, fields.hashtags, fields.dialect) = (nil, [], .todotxt)
            let fieldsStart = body.fieldsStart
            var words: [String] = [], tags: [String: String] = [:]
            var kept = 0
            for token in body.tokens where token.range.lowerBound < fieldsStart || body.text(of: token).hasPrefix("#") {
                guard token.kind == .tag else {
                    words.append(body.text(of: token))
                    continue
                }
                let key = String(body.slice(token.nameRange))
                if isClosed, key == "pri" {
                    kept += 1
                    continue
                }
                if tags[key] == nil { tags[key] = String(body.slice(token.valueRange)) }
            }
            self.words = words
            self.tags = tags
            notes = meaning.notes.map(String.init)
            let fieldForms = body.trailingSpanTexts.filter { $0.field == .priority }.count
            priorityForms = (body.priority == nil ? 0 : 1) + fieldForms + kept
        }

        init(status: TaskStatus, unknownCheckbox: Character?, priority: Priority?, fields: TaskFields, words: [String],
             tags: [String: String], notes: [String]) {
            (self.status, self.unknownCheckbox, self.priority, self.fields) = (status, unknownCheckbox, priority, fields)
            (self.words, self.tags, self.notes, priorityForms) = (words, tags, notes, priority == nil ? 0 : 1)
        }

        /// The parts in which `expected` says otherwise, named as a conflict names them.
        func differences(from expected: Parts) -> [String] {
            var names: [String] = []
            if status != expected.status || unknownCheckbox != expected.unknownCheckbox { names.append("status") }
            if priority != expected.priority || priorityForms > 1 { names.append("priority") }
            if fields != expected.fields { names.append("fields") }
            if words != expected.words || tags != expected.tags { names.append("description") }
            if notes != expected.notes { names.append("notes") }
            return names
        }

        /// Whether a task that means `self` is explained by `expected`: every part the same, the priority
        /// written at most once.
        func isExplained(by expected: Parts) -> Bool {
            var mine = self
            mine.priorityForms = expected.priorityForms
            return mine == expected && priorityForms <= 1
        }
    }

    /// The parts both sides changed differently.
    struct Conflict: Error, Equatable {
        var parts: [String]
    }

    /// The meaning of a task both sides kept: each part as the side that changed it left it (a side that left
    /// a part as it was takes the other's change; both completing the task keeps the earlier date); the words
    /// and the notes merged as sequences, each tag by its key.
    static func merge(base: Parts, ours: Parts, theirs: Parts) throws(Conflict) -> Parts {
        var conflicts: [String] = []
        // A recurring task one side completed while the other moved its dates: which occurrence was completed
        // cannot be told (the other side may have completed it too, its next occurrence left and its done copy
        // deleted), and the done copy would hold dates nobody completed.
        if base.status.isOpen, base.fields.recurrenceText != nil {
            for (done, other) in [(ours, theirs), (theirs, ours)] where done.status.isClosed && other.status.isOpen {
                if (other.fields.due, other.fields.start, other.fields.scheduled) != (base.fields.due, base.fields.start, base.fields.scheduled) {
                    conflicts.append("due date")
                }
            }
        }
        func part<Value: Equatable>(_ name: String, _ value: (Parts) -> Value) -> Value {
            if let merged = FieldMerge.merge(value(base), value(ours), value(theirs)) { return merged }
            conflicts.append(name)
            return value(ours)
        }
        let status = part("status") { $0.status }
        let unknownCheckbox = part("status") { $0.unknownCheckbox }
        let priority = part("priority") { $0.priority }
        var fields = TaskFields()
        fields.created = part("creation date") { $0.fields.created }
        fields.start = part("start date") { $0.fields.start }
        fields.scheduled = part("scheduled date") { $0.fields.scheduled }
        fields.due = part("due date") { $0.fields.due }
        fields.cancelled = part("cancelled date") { $0.fields.cancelled }
        fields.done = FieldMerge.merge(base.fields.done, ours.fields.done, theirs.fields.done)
            ?? ours.fields.done.flatMap { mine in theirs.fields.done.map { min(mine, $0) } }
            ?? part("completion date") { $0.fields.done }
        fields.recurrenceText = part("recurrence") { $0.fields.recurrenceText }
        fields.recurrence = [ours, theirs, base].first { $0.fields.recurrenceText == fields.recurrenceText }?.fields.recurrence
        fields.onCompletion = part("on completion") { $0.fields.onCompletion }
        fields.id = part("id") { $0.fields.id }
        fields.dependsOn = part("dependencies") { $0.fields.dependsOn }
        fields.partOf = part("dependencies") { $0.fields.partOf }
        fields.blockLink = part("block link") { $0.fields.blockLink }
        let words = sequence(base.words, ours.words, theirs.words)
        if words == nil { conflicts.append("description") }
        var tags: [String: String] = [:]
        for key in Set(base.tags.keys).union(ours.tags.keys).union(theirs.tags.keys) {
            guard let value = FieldMerge.merge(base.tags[key], ours.tags[key], theirs.tags[key]) else {
                conflicts.append("\(key): tag")
                continue
            }
            tags[key] = value
        }
        let notes = sequence(base.notes, ours.notes, theirs.notes)
        if notes == nil { conflicts.append("notes") }
        guard conflicts.isEmpty, let words, let notes else {
            var unique: [String] = []
            for name in conflicts where !unique.contains(name) { unique.append(name) }
            throw Conflict(parts: unique)
        }
        return Parts(status: status, unknownCheckbox: unknownCheckbox, priority: priority,
                     fields: fields, words: words, tags: tags, notes: notes)
    }

    /// A three-way merge of sequences: where only one side changed a run, that side's run; nil where both
    /// changed one differently.
    static func sequence<Element: Hashable>(_ base: [Element], _ ours: [Element], _ theirs: [Element]) -> [Element]? {
        if let same = FieldMerge.merge(base, ours, theirs) { return same }
        var merged: [Element] = []
        for chunk in Diff3.chunks(base: base, ours: ours, theirs: theirs) {
            switch chunk {
            case .stable(_, let o, _):
                merged += ours[o]
            case .changed(let b, let o, let t):
                guard let run = FieldMerge.merge(Array(base[b]), Array(ours[o]), Array(theirs[t])) else { return nil }
                merged += run
            }
        }
        return merged
    }
}
