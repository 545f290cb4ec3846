/// What `todofmt show` prints about one task: everything the task says, for a person to read, dates in
/// words (`overdue 2d`, `due in 3 days`), the next date of a recurring task, its notes and subtasks, and the
/// line as it is in the file.
public enum TaskDetail {
    /// The task at index `task` of `document`, as lines of `label  value`; `file` names the file in the last line.
    public static func render(_ task: Int, in document: Document, today: CalendarDate, file: String) -> String {
        let item = document.tasks[task]
        var rows: [(String, [String])] = []
        func row(_ label: String, _ values: [String]) { if !values.isEmpty { rows.append((label, values)) } }
        func row(_ label: String, _ value: String?) { if let value { rows.append((label, [value])) } }

        let list = document.list(of: task)
        if document.format == .markdown { row("list", list.isEmpty ? "(none: before the first heading)" : list.joined(separator: " / ")) }
        row("status", item.status.rawValue + (item.checkbox.map { TaskStatus(checkbox: $0) == nil ? " (checkbox [\($0)])" : "" } ?? ""))
        row("priority", FilterTerm.priority(of: item).map { item.priority == nil ? "\($0) (kept as pri:\($0))" : $0.description })
        if let due = item.due {
            var words = "\(due), \(dueWords(due, today: today))"
            if item.status.isClosed { words = "\(due)" }
            row("due", words)
        } else if let written = item.body.tag("due") {
            row("due", "\(written) (not a date, so the task has no due date)")
        }
        if let start = item.threshold {
            row("starts", "\(start), \(start <= today ? "started " : "starts ")\(relativeWords(start, today: today))")
        }
        row("created", item.creationDate.map { "\($0), \(relativeWords($0, today: today))" })
        row("completed", item.completionDate.map { "\($0), \(relativeWords($0, today: today))" })
        if let recurrence = item.body.recurrence {
            var text = "\(recurrenceWords(recurrence)) (rec:\(item.body.tag("rec")!))"
            if let next = NextOccurrence(of: item.body, completedOn: today) {
                let dates = [next.due.map { "due \($0)" }, next.threshold.map { "starting \($0)" }].compactMap { $0 }
                text += "; done today, it comes back " + dates.joined(separator: ", ")
            }
            row("recurs", text)
        }
        row("estimate", item.body.estimate?.description)
        for value in item.body.tagTokens("remind").map({ String(item.body.slice($0.valueRange)) }) {
            switch Reminder(value) {
            case .date(let date)?: row("remind", "\(date), \(relativeWords(date, today: today))")
            case .relative(let days)?:
                let when = days == 0 ? "on the due date" : "\(abs(days)) day\(abs(days) == 1 ? "" : "s") \(days < 0 ? "before" : "after") it is due"
                row("remind", (Reminder(value)?.date(due: item.due).map { "\($0), " } ?? "") + when)
            case nil: row("remind", "\(value) (not a date or a period)")
            }
        }
        row("projects", item.projects.map { "+" + $0 })
        row("contexts", item.contexts.map { "@" + $0 })
        let shown: Set<String> = ["due", "t", "rec", "est", "remind"]
        row("tags", item.tags.filter { !shown.contains($0.key) && !($0.key == "pri" && item.status.isClosed) }.map { "\($0.key):\($0.value)" })
        row("notes", document.notes(of: task))
        row("subtasks", document.subtasks(of: task).map { index in
            let sub = document.tasks[index]
            return "\(sub.line) " + (sub.checkbox.map { "[\($0)] " } ?? (sub.status.isClosed ? "x " : "")) + sub.text
        })
        row("line", "\(file):\(item.line): \(document.lines.text(item.line - 1))")

        let width = rows.map(\.0.count).max() ?? 0
        var out = "\(item.line): \(item.title.isEmpty ? item.text : item.title)\n"
        for (label, values) in rows {
            for (k, value) in values.enumerated() {
                let head = k == 0 ? label : ""
                out += "  " + head + String(repeating: " ", count: width - head.count + 2) + value + "\n"
            }
        }
        return out
    }

    /// `due today`, `due tomorrow`, `due in 3 days`, `overdue 2d` (as `ls` says it).
    static func dueWords(_ due: CalendarDate, today: CalendarDate) -> String {
        let days = today.days(until: due)
        switch days {
        case 0: return "due today"
        case 1: return "due tomorrow"
        case 2...: return "due in \(days) days"
        default: return "overdue \(-days)d"
        }
    }

    /// `today`, `tomorrow`, `yesterday`, `in 3 days`, `3 days ago`.
    static func relativeWords(_ date: CalendarDate, today: CalendarDate) -> String {
        let days = today.days(until: date)
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(days) days"
        default: return "\(-days) days ago"
        }
    }

    /// `every week, counted from the day it is done`, `every 2 months from the due date`.
    static func recurrenceWords(_ recurrence: Recurrence) -> String {
        let names: [Recurrence.Unit: String] = [.day: "day", .week: "week", .month: "month", .year: "year", .businessDay: "working day"]
        let unit = names[recurrence.unit]!
        let every = recurrence.count == 1 ? "every \(unit)" : "every \(recurrence.count) \(unit)s"
        return every + (recurrence.isStrict ? " from the due date" : ", counted from the day it is done")
    }
}
