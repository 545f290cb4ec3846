/// A recurring task a side completed as `done` completes one: the base's open task, the side's completed copy
/// of it (its dates as they were), and the next occurrence, word for word as `done` makes it for the day the copy
/// was completed.
///
/// The next occurrence is then no task the side wrote but one its completion made: the merge reads the
/// completed copy as the task (however the side reworded it) and, when both sides completed the task, reads
/// the two next occurrences as one, the one the earlier completion made.
struct RecurringCompletion: Equatable {
    /// The base's open recurring task, by index.
    var base: Int
    /// The side's completed copy of it, by index.
    var done: Int
    /// The side's next occurrence, by index.
    var next: Int
    /// The day the side completed it.
    var date: CalendarDate

    /// The completions of the base's recurring tasks that the side holds: only where a base task's completion
    /// is found once, and each side task is part of one at most.
    static func find(base: MergeVersion, side: MergeVersion) -> [RecurringCompletion] {
        let recurring = base.tasks.indices.filter { base.tasks[$0].isOpen && base.tasks[$0].recurrence != nil }
        guard !recurring.isEmpty else { return [] }
        // Completed copies: closed, with a completion date, and not a base task left as it was (an older copy).
        let baseLines = Set(base.tasks.map(\.lines))
        let copies = side.tasks.indices.filter { j in
            !side.tasks[j].isOpen && side.document.tasks[j].fields.done != nil && side.tasks[j].recurrence != nil
                && !baseLines.contains(side.tasks[j].lines)
        }
        guard !copies.isEmpty else { return [] }
        var openByLine: [String: [Int]] = [:]
        for (j, task) in side.tasks.enumerated() where task.isOpen && task.recurrence != nil {
            openByLine[task.taskLine.text.droppingIndentation(columns: .max), default: []].append(j)
        }
        var found: [RecurringCompletion] = []
        for b in recurring {
            var matches: [RecurringCompletion] = []
            // A completed copy keeps the task's dates: one with others is no copy of it.
            let dates = { (task: TodoTask) in [task.fields.due?.date, task.fields.start, task.fields.scheduled] }
            for c in copies where side.tasks[c].recurrence == base.tasks[b].recurrence
                && dates(side.document.tasks[c]) == dates(base.document.tasks[b]) {
                let date = side.document.tasks[c].fields.done!
                guard let next = nextOccurrence(of: b, in: base.document, completedOn: date),
                      let candidates = openByLine[next.droppingIndentation(columns: .max)] else { continue }
                matches += candidates.map { RecurringCompletion(base: b, done: c, next: $0, date: date) }
            }
            // Another new completed copy of its text and recurrence (its next occurrence completed too, say): which
            // open task is this completion's next occurrence cannot be told.
            let others = copies.filter { c in
                side.tasks[c].matchText == base.tasks[b].matchText && side.tasks[c].recurrence == base.tasks[b].recurrence
                    && !matches.contains { $0.done == c }
            }
            // More than one open task of its text and recurrence that the side added (a next occurrence made by an
            // earlier completion it undid, say): which of them this completion made cannot be told either.
            let added = side.tasks.indices.filter { j in
                side.tasks[j].isOpen && side.tasks[j].matchText == base.tasks[b].matchText
                    && side.tasks[j].recurrence == base.tasks[b].recurrence && !baseLines.contains(side.tasks[j].lines)
            }
            if matches.count == 1, others.isEmpty, added.count == 1 { found.append(matches[0]) }
        }
        // A side task in two completions tells nothing.
        let used = found.flatMap { [$0.done, $0.next] }
        return found.filter { completion in used.filter { $0 == completion.done || $0 == completion.next }.count == 2 }
    }

    /// The line of the next occurrence that completing task `index` of `document` on `date` adds, as `done`
    /// writes it; nil when it adds none.
    static func nextOccurrence(of index: Int, in document: Document, completedOn date: CalendarDate) -> String? {
        let task = document.tasks[index]
        let dialect = task.writingDialect(in: Dialect.of(document))
        if dialect != .todotxt, document.format == .markdown {
            guard case .rule(let rule)? = task.fields.recurrence else { return nil }
            var ignored: [String] = []
            return (try? StatusChange.nextPluginOccurrence(task, rule: rule, in: document, completedOn: date, notes: &ignored))??.text
        }
        return StatusChange.nextOccurrenceLine(task, in: document, completedOn: date)?.text
    }
}
