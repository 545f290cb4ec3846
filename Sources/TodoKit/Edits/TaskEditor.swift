/// What `rm` does with a task that open tasks wait for.
public enum DependentTaskPolicy: Sendable {
    /// Refuse, naming the tasks that wait for it.
    case refuse
    /// Remove it all the same (`--force`): they are left naming an id no task has.
    case keep
}

/// The edits that rewrite one task line in place (`pri`, `depri`, `append`, `prepend`; `tag`, `due`,
/// `postpone`, `replace` and `note` in `TaskEditor+Fields`) and `rm`.
///
/// Each takes the tasks' 1-based lines; an address that is not a task fails the whole edit, so nothing is
/// half done.
public enum TaskEditor {
    /// Gives each task the priority `(X)`. A task that has it already is left alone (with a note).
    public static func setPriority(_ priority: Priority, lines: [Int], in document: Document) throws -> EditResult {
        var edit = DocumentEdit(document)
        let fileDialect = Dialect.of(document)
        for task in try tasks(lines, in: document) {
            guard task.isOpen else { throw EditError.taskIsClosed(line: task.line, action: "prioritize") }
            // A task of the Tasks or Dataview dialect takes the letter's level (3.8): `(F)` to `(Z)` are lowest.
            let dialect = document.format == .markdown ? task.writingDialect(in: fileDialect) : .todotxt
            let wanted = dialect == .todotxt ? priority : PriorityLevel(priority).priority!
            if task.priority == wanted {
                edit.notes.append("line \(task.line) already has priority \(dialect == .todotxt ? priority.description : PriorityLevel(priority).description)")
                continue
            }
            var line = TaskLine(task: task, in: document)
            line.ensureSpaceBeforeBody()
            if dialect == .todotxt {
                line.body.setPriority(priority)
            } else {
                line.body.setField(.priority, PriorityLevel(priority).description, dialect: dialect)
            }
            // The field is new text of the description: everything else must read as it did.
            let written = try line.meaning(in: document, at: task.line)
            try edit.rewrite(task, as: line, meaning: {
                $0.priority = wanted
                if dialect != .todotxt { ($0.description, $0.fields.dialect) = (written.description, written.fields.dialect) }
            })
        }
        return try edit.finish()
    }

    /// Removes the priority: `(X)`, and from a closed task also the kept `pri:X`.
    public static func removePriority(lines: [Int], in document: Document) throws -> EditResult {
        var edit = DocumentEdit(document)
        for task in try tasks(lines, in: document) {
            var line = TaskLine(task: task, in: document)
            let kept = task.status.isClosed ? line.body.lastTag("pri") : nil
            if task.priority != nil || kept != nil {
                if let kept { line.body.removeWord(kept.range) }
                if task.body.priority != nil { line.body.removePriority() } else { line.body.removeField(.priority) }
            } else {
                edit.notes.append("line \(task.line) has no priority")
                continue
            }
            try edit.rewrite(task, as: line)
        }
        return try edit.finish()
    }

    /// Adds text at the end of each task's description (no space before `,.:;`, as todo.sh does). A tag of a
    /// single-valued key the task has (`due:`, `t:`, `rec:`, `pri:`, `est:`) replaces it rather than adding a
    /// second. The text is checked and its date words resolved as `TypedText` does; `checked: false` keeps
    /// values a known key cannot take as text.
    public static func append(_ text: String, lines: [Int], in document: Document, today: CalendarDate,
                              checked: Bool = true) throws -> EditResult {
        try addText(text, lines: lines, in: document, today: today, checked: checked) { $0.append($1) }
    }

    /// Puts text at the start of each task's description, after its priority and dates (as todo.sh does);
    /// tags of single-valued keys the task has replace them, as with `append`.
    public static func prepend(_ text: String, lines: [Int], in document: Document, today: CalendarDate,
                               checked: Bool = true) throws -> EditResult {
        try addText(text, lines: lines, in: document, today: today, checked: checked) { $0.prepend($1) }
    }

    private static func addText(_ text: String, lines: [Int], in document: Document, today: CalendarDate, checked: Bool,
                                _ add: (inout EditableBody, String) -> Void) throws -> EditResult {
        var edit = DocumentEdit(document)
        let fileDialect = Dialect.of(document)
        for task in try tasks(lines, in: document) {
            let prepared = try TypedText.prepared(text, today: today, checked: checked, startsTask: false,
                                                 taskDue: task.dueMoment)
            var line = TaskLine(task: task, in: document)
            line.ensureSpaceBeforeBody()
            var rest = line.body.replacingSingleValuedTags(from: prepared)
            let dialect = document.format == .markdown ? task.writingDialect(in: fileDialect) : .todotxt
            if dialect != .todotxt {
                // Fields typed in todo.txt's way become the task's own (FORMAT.md 8.10).
                let typed = try TypedFields(rest, today: today, checked: checked, readsPrefix: false)
                rest = typed.text
                for (field, value) in typed.fields { line.body.setField(field, value, dialect: dialect) }
            }
            if !rest.isEmpty { add(&line.body, rest) }
            try line.body.refuseFieldsReadFrom(rest, comparedWith: task.body)
            try edit.rewrite(task, as: line, status: task.status)
        }
        return try edit.finish()
    }

    /// Removes each task with its notes and subtasks. In Markdown, when the task stood between two blank
    /// lines, one of them goes too. In todo.txt the line is removed (todo.sh leaves it blank). A task that an
    /// open task staying in the file waits for (`⛔`, `[dependsOn:: ]`, topydo's `p:`) is refused, naming them,
    /// unless `dependents` is `.keep`, which leaves them naming an id no task has.
    public static func remove(lines: [Int], in document: Document, dependents: DependentTaskPolicy = .refuse) throws -> EditResult {
        var edit = DocumentEdit(document)
        let targets = try tasks(lines, in: document)
        if dependents == .refuse { try refuseRemovingWaitedFor(targets, in: document) }
        let blocks = targets.map { ($0.line - 1)..<$0.endLine }
        for range in BlockRanges.merged(blocks) {
            edit.removedLines.append(contentsOf: document.lines[range].map { String($0.text) })
        }
        for range in BlockRanges.removals(of: blocks, in: document) { edit.add(.delete(range)) }
        return try edit.finish()
    }

    /// Throws when an open task that stays waits for one of `targets` or a subtask of theirs (which go with them).
    private static func refuseRemovingWaitedFor(_ targets: [TodoTask], in document: Document) throws {
        let blocks = targets.map { document.index(of: $0) }.map { [$0] + Array(document.descendants(of: $0)) }
        let removed = Set(blocks.joined())
        // Most files have no dependencies: their tasks are read no further.
        guard removed.contains(where: { document.tasks[$0].hasDependencyWords }) else { return }
        let dependencies = Dependencies(document)
        for block in blocks {
            let waiting = Set(block.flatMap { dependencies.waitedOnBy[$0] }).filter { !removed.contains($0) && document.tasks[$0].isOpen }
            guard waiting.isEmpty else {
                throw EditError.waitedFor(line: document.tasks[block[0]].line,
                                          dependents: waiting.sorted().map { (document.tasks[$0].line, document.tasks[$0].title) })
            }
        }
    }

    /// The tasks at the given lines, in document order, each once.
    static func tasks(_ lines: [Int], in document: Document) throws -> [TodoTask] {
        var seen = Set<Int>()
        var result: [TodoTask] = []
        for line in lines where seen.insert(line).inserted {
            result.append(try document.requireTask(atLine: line))
        }
        return result.sorted { $0.line < $1.line }
    }
}

/// Line ranges of task blocks being removed or moved.
enum BlockRanges {
    /// Sorted ranges with nested and overlapping ones merged (a subtask removed with its parent).
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound < last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The ranges to delete for these blocks: merged, each with its separating blank line, never overlapping.
    static func removals(of blocks: [Range<Int>], in document: Document) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in merged(blocks) {
            var widened = withSeparatingBlank(range, in: document)
            if let last = result.last, widened.lowerBound < last.upperBound {
                widened = last.upperBound..<widened.upperBound
            }
            result.append(widened)
        }
        return result
    }

    /// In Markdown, a block between two blank lines (or between a blank line and the end of the file, or
    /// the start of the file and a blank line) takes one of them along, so removing it leaves no double gap.
    static func withSeparatingBlank(_ range: Range<Int>, in document: Document) -> Range<Int> {
        guard document.format == .markdown else { return range }
        let lines = document.lines
        let blankBefore = range.lowerBound == 0 || lines[range.lowerBound - 1].isBlank
        let blankAfter = range.upperBound < lines.count && lines[range.upperBound].isBlank
        if blankBefore && blankAfter { return range.lowerBound..<(range.upperBound + 1) }
        if range.upperBound == lines.count, range.lowerBound > 0, lines[range.lowerBound - 1].isBlank {
            return (range.lowerBound - 1)..<range.upperBound
        }
        return range
    }
}
