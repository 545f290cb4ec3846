/// A task explained for a person, one fact a line: its dates in words, its recurrence and next date, its
/// estimate. What an editor shows when the pointer rests on a task.
public enum TaskDetails {
    /// The lines about task `task` of `document` as of `today`; each a short sentence, most urgent first.
    public static func lines(of task: Int, in document: Document, today: CalendarDate) -> [String] {
        let task = document.tasks[task]
        let body = task.body
        var lines: [String] = []
        switch task.status {
        case .done: lines.append("Done" + (body.completionDate.map { " on \(dayName($0)) \($0)" } ?? ""))
        case .cancelled: lines.append("Cancelled" + (body.completionDate.map { " on \(dayName($0)) \($0)" } ?? ""))
        case .inProgress: lines.append("In progress")
        case .open: break
        }
        if let priority = body.priority ?? (task.isOpen ? nil : body.keptPriority) { lines.append("Priority \(priority)") }
        if let due = body.due {
            let words = task.isOpen ? RelativeDay.duePhrase(due, today: today) : RelativeDay.phrase(due, today: today)
            lines.append("Due \(dayName(due)) \(due): \(words)")
        }
        if let threshold = body.threshold {
            let started = threshold <= today
            lines.append("\(started ? "Started" : "Starts") \(dayName(threshold)) \(threshold): \(RelativeDay.phrase(threshold, today: today))")
        }
        if let recurrence = body.recurrence {
            var line = "Recurs every \(period(recurrence)), counted from the \(recurrence.isStrict ? "due date" : "completion date")"
            if task.isOpen, let next = NextOccurrence(of: body, completedOn: today) {
                if let due = next.due { line += "; done today, the next is due \(due)" }
                else if let start = next.threshold { line += "; done today, the next starts \(start)" }
            }
            lines.append(line)
        }
        if let estimate = body.estimate { lines.append("Estimate: \(estimate)") }
        if let created = body.creationDate { lines.append("Created \(dayName(created)) \(created): \(RelativeDay.phrase(created, today: today))") }
        return lines
    }

    /// `day`, `2 weeks`, `month`, `3 working days`.
    static func period(_ recurrence: Recurrence) -> String {
        let name: String
        switch recurrence.unit {
        case .day: name = "day"
        case .week: name = "week"
        case .month: name = "month"
        case .year: name = "year"
        case .businessDay: name = "working day"
        }
        return recurrence.count == 1 ? name : "\(recurrence.count) \(name)s"
    }

    static func dayName(_ date: CalendarDate) -> String { Agenda.weekdayNames[date.weekday - 1] }
}
