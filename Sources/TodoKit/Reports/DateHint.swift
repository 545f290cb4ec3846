/// What an editor writes after a date of an open task, in any dialect (an inlay hint): how far a due date is
/// (`in 3d`, `today`, `2d overdue`), the same for a start or scheduled date, and after a recurrence the date the
/// next occurrence would get if the task were done today (`next 2026-01-12`).
package struct DateHint: Hashable, Sendable {
    /// 1-based line.
    package var line: Int
    /// 1-based UTF-8 column just after the date or rule the hint follows.
    package var column: Int
    package var label: String

    /// The hints of the open tasks on lines `lines` (every task when nil), in order of line and column.
    package static func all(in document: Document, lines: ClosedRange<Int>? = nil, today: CalendarDate) -> [DateHint] {
        var hints: [DateHint] = []
        let first = lines.map { document.firstTask(fromLine: $0.lowerBound) } ?? 0
        for index in first..<document.tasks.count {
            let task = document.tasks[index]
            if let lines, task.line > lines.upperBound { break }
            guard task.isOpen else { continue }
            Highlight.highlights(of: task, today: today) { highlight in
                let end = highlight.column + highlight.length
                switch (highlight.kind, highlight.tag) {
                case (.date, "due"?), (.date, "t"?), (.date, "start"?), (.date, "scheduled"?):
                    let value = task.body.slice((highlight.column - task.bodyColumn)..<(end - task.bodyColumn))
                    guard let date = CalendarDate(iso: value) else { return }
                    hints.append(DateHint(line: task.line, column: end,
                                          label: RelativeDay.short(date, today: today, isDue: highlight.tag == "due")))
                case (.tagValue, "rec"?), (.tagValue, "repeat"?):
                    guard let next = nextDate(of: task, today: today) else { return }
                    hints.append(DateHint(line: task.line, column: end, label: "next \(next)"))
                default:
                    break
                }
            }
        }
        return hints
    }

    /// The date the next occurrence of a recurring task would get if it were done today: its due date, else its
    /// start date (todo.txt's `rec:`), or the rule's next date from the due, scheduled or start date (the Tasks
    /// plugin's).
    static func nextDate(of task: TodoTask, today: CalendarDate) -> CalendarDate? {
        let fields = task.fields
        switch fields.recurrence {
        case .todotxt?:
            let next = TodoTxtRecurrence.NextOccurrence(of: task.body, completedOn: today)
            return next?.due ?? next?.threshold
        case .rule(let rule)?:
            return rule.next(from: fields.due?.date ?? fields.scheduled ?? fields.start, completedOn: today)
        case nil:
            return nil
        }
    }
}
