/// Merges the three versions of one task field by field.
///
/// A side whose lines are unchanged takes the other side's lines as they are. Otherwise each field is
/// merged on its own ("a side that left it as it was takes the other's change"): the marker and
/// indentation (which place the task under its parent), the checkbox (status), the todo.txt head (done
/// mark, priority, completion and creation dates), the description word by word with each `key:value`
/// tag as a field of its own, and the notes line by line. So one side may tick the box while the other
/// rewords the task, changes its due date or adds a note. Both sides changing the same field differently
/// is a conflict over the task alone, except that both sides completing it on different days keeps the
/// earlier date.
enum TaskMerge {
    enum Outcome: Equatable {
        case merged([Line])
        /// Both sides changed the same field: the fields named, and each side's lines as written.
        case conflict(fields: [String], ours: [Line], theirs: [Line])
    }

    /// A description merged word by word (its words joined by single spaces) with the fields of a Tasks or
    /// Dataview task in canonical form, as the sides wrote them (two spaces before a Dataview field).
    static func canonicalFields(_ description: String) -> String {
        var ignored: [Diagnostic] = []
        let body = TaskBodyParser(allowsDoneMark: false, isClosed: false, line: 1, column: 1)
            .parse(Substring(description), diagnostics: &ignored)
        guard let fields = body.canonicalFieldsDescription else { return description }
        return String(decoding: Array(description.utf8.prefix(body.descriptionStart)) + fields, as: UTF8.self)
    }

    static func merge(base: TaskVersion, ours: TaskVersion, theirs: TaskVersion, format: FileFormat) -> Outcome {
        if ours.lines == theirs.lines || theirs.lines == base.lines { return .merged(ours.lines) }
        if ours.lines == base.lines { return .merged(theirs.lines) }

        var conflicts: [String] = []
        func field<Value: Equatable>(_ name: String, _ path: KeyPath<TaskVersion, Value>) -> Value {
            if let value = FieldMerge.merge(base[keyPath: path], ours[keyPath: path], theirs[keyPath: path]) { return value }
            conflicts.append(name)
            return ours[keyPath: path]
        }
        let marker = field("indentation", \.marker)
        let checkbox = field("status", \.checkbox)
        let separator = FieldMerge.merge(base.separator, ours.separator, theirs.separator) ?? ours.separator
        let doneMark = field("status", \.head.doneMark)
        // The priority is one field whatever its form (`TaskVersion.priority`); its todo.txt forms are written
        // below, once the status is known.
        let priority = field("priority", \.priority)
        // Both sides ticked the same task on different days: it was done when it was first ticked.
        let completion = FieldMerge.merge(base.head.completion, ours.head.completion, theirs.head.completion)
            ?? ours.head.completion.flatMap { mine in theirs.head.completion.map { min(mine, $0) } }
            ?? field("completion date", \.head.completion)
        let creation = field("creation date", \.head.creation)
        var description: DescriptionWords?
        do throws(DescriptionWords.Conflict) {
            description = try DescriptionWords.merge(base: base.description, ours: ours.description, theirs: theirs.description)
        } catch {
            conflicts.append(error.field)
        }
        let notes = LineMerge.mergeCleanly(base: base.notes, ours: ours.notes, theirs: theirs.notes)
        if notes == nil { conflicts.append("notes") }
        guard conflicts.isEmpty, let description, let notes else {
            var unique: [String] = []
            for name in conflicts where !unique.contains(name) { unique.append(name) }
            return .conflict(fields: unique, ours: ours.lines, theirs: theirs.lines)
        }

        let isClosed = format == .markdown ? checkbox.flatMap { TaskStatus(checkbox: $0)?.isClosed } ?? false : doneMark
        guard var (headPriority, words) = writing(priority, in: description, headPriority: FieldMerge.merge(
            base.head.priority, ours.head.priority, theirs.head.priority) ?? ours.head.priority, isClosed: isClosed) else {
            return .conflict(fields: ["priority"], ours: ours.lines, theirs: theirs.lines)
        }
        // A priority no side wrote beside the completion (one side completed the task, the other gave it a
        // priority) is kept as `done` keeps it: `pri:A`.
        if isClosed, let kept = headPriority, ![ours, theirs, base].contains(where: { !$0.isOpen && $0.head.priority == kept }) {
            headPriority = nil
            words = DescriptionWords(words: words.words + [DescriptionWords.Word(key: "pri", value: String(describing: kept))])
        }
        let head = TaskHead(doneMark: doneMark, priority: headPriority, completion: completion, creation: creation)
        let headText = [ours, theirs, base].first { $0.head == head }?.headText ?? head.canonicalText
        let body = headText + (format == .markdown ? canonicalFields(words.text) : words.text)
        var text: String
        if format == .markdown, let checkbox {
            text = marker + "[" + String(checkbox) + "]"
            if !body.isEmpty { text += separator.isEmpty ? " " : separator }
            text += body
        } else {
            text = body
        }
        var ending = ours.taskLine.ending
        if ending == .none, !notes.isEmpty { ending = theirs.taskLine.ending == .none ? .lf : theirs.taskLine.ending }
        return .merged([Line(text, ending: ending)] + notes)
    }

    /// The head's priority and the description that write `priority` once, from the head's merged priority and
    /// the merged description: as they are when they say it once; otherwise in todo.txt's forms, `(A)` on an
    /// open task and `pri:A` on a closed one, as `done` and `undo` write it. Nil when a Tasks or Dataview
    /// priority field is written beside another form, or says another priority.
    private static func writing(_ priority: Priority?, in description: DescriptionWords, headPriority: Priority?,
                                isClosed: Bool) -> (Priority?, DescriptionWords)? {
        let fieldKey = DescriptionWords.Word.fieldKey + TaskField.priority.description
        let kept = isClosed ? description.words.filter { $0.tagKey == "pri" } : []
        let fields = description.words.filter { $0.tagKey == fieldKey }
        let keptPriority = kept.last.flatMap { $0.tagValue.flatMap { Priority(lenient: Substring($0)) } }
        let forms = (headPriority == nil ? 0 : 1) + kept.count + fields.count
        if fields.isEmpty, forms <= 1, (headPriority ?? keptPriority) == priority { return (headPriority, description) }
        // A field's value is checked where the merged task is read back; here it may not stand beside another form.
        if !fields.isEmpty { return forms == 1 ? (headPriority, description) : nil }
        var words = description.words.filter { !(isClosed && $0.tagKey == "pri") }
        guard let priority else { return (nil, DescriptionWords(words: words)) }
        if !isClosed { return (priority, DescriptionWords(words: words)) }
        words.append(DescriptionWords.Word(key: "pri", value: String(describing: priority)))
        return (nil, DescriptionWords(words: words))
    }
}
