/// Everything one task says, for a person to read: its list and status, its dates in words (`due in 3 days`,
/// `2 days overdue`), the next date of a recurring task, its estimate, reminders, names, notes and subtasks.
/// What `todofmt show` prints and what an editor shows when the pointer rests on a task.
package struct TaskDetail: Hashable, Sendable {
    /// One fact: a label and its values (a note or a subtask a value each).
    package struct Row: Hashable, Sendable {
        package var label: String
        package var values: [String]
        /// Whether the row says in words what the line only encodes (a date as `2 days overdue`, a
        /// recurrence, a status other than open), rather than repeating what can be read off the line.
        package var isInWords: Bool

        /// A row labelled `label` with its values; `isInWords` when they say in words what the line encodes.
        package init(label: String, values: [String], isInWords: Bool = false) {
            self.label = label
            self.values = values
            self.isInWords = isInWords
        }
    }

    /// The task's line number and its title.
    package var line: Int
    package var title: String
    package var rows: [Row]

    /// Task `task` of `document`, as of the start of `today`.
    package init(task index: Int, in document: Document, today: CalendarDate) {
        self.init(task: index, in: document, now: Moment(today, at: TimeOfDay(minutes: 0)))
    }

    /// Task `task` of `document`, as of `now`.
    package init(task index: Int, in document: Document, now: Moment) {
        let today = now.date
        let task = document.tasks[index]
        let body = task.body
        line = task.line
        title = document.shownTitle(of: index)
        var rows: [Row] = []
        func row(_ label: String, _ values: [String]) { if !values.isEmpty { rows.append(Row(label: label, values: values)) } }
        func row(_ label: String, _ value: String?, inWords: Bool = true) {
            if let value { rows.append(Row(label: label, values: [value], isInWords: inWords)) }
        }
        func day(_ date: CalendarDate) -> String { "\(date.weekdayName) \(date)" }

        if document.format == .markdown {
            let list = document.list(of: index)
            row("list", list.isEmpty ? "(none: before the first heading)" : list.joined(separator: " / "), inWords: false)
        }
        if let status = task.checkboxScalar.flatMap(document.reading.checkboxStatus) {
            // In a vault with the Tasks plugin: the vault's status, by its name, type and next symbol.
            row("status", "\(task.status.rawValue): \(status.summary)", inWords: !task.isOpen)
        } else {
            row("status", task.status.rawValue + (task.checkbox.map { TaskStatus(checkbox: $0) == nil ? " (checkbox [\($0)])" : "" } ?? ""),
                inWords: !task.isOpen)
        }
        if task.body.priority == nil, let priority = task.priority {
            // A level of the Tasks or Dataview dialect.
            row("priority", "\(PriorityLevel(priority))")
        } else {
            row("priority", FilterTerm.priority(of: task).map { task.priority == nil ? "\($0) (kept as pri:\($0))" : $0.description })
        }
        if let due = body.dueMoment {
            let time = due.time.map { " at \($0)" } ?? ""
            row("due", task.isOpen ? "\(day(due.date)), \(RelativeDay.duePhrase(due, now: now))" : day(due.date) + time)
        } else if body.fieldReading.contains(.todotxt), let written = body.tag("due") {
            row("due", "\(written) (not a date, so the task has no due date)")
        }
        if let start = body.threshold {
            row("starts", "\(day(start)), \(start <= today ? "started" : "starts") \(RelativeDay.phrase(start, today: today))")
        }
        row("scheduled", body.scheduled.map { "\(day($0)), \(RelativeDay.phrase($0, today: today))" })
        row("created", body.created.map { "\(day($0)), \(RelativeDay.phrase($0, today: today))" })
        row("completed", body.completed.map { "\(day($0)), \(RelativeDay.phrase($0, today: today))" })
        row("cancelled", body.cancelled.map { "\(day($0)), \(RelativeDay.phrase($0, today: today))" })
        let fields = body.dialect == .todotxt ? nil : task.fields
        if case .rule(let rule)? = fields?.recurrence {
            // The plugin's rule, from the due date, else the scheduled, else the start date (FORMAT.md 3.8); the
            // start date before the scheduled one where the vault removes the scheduled date on recurrence.
            var text = rule.description
            let reference = document.settings.plugin?.removesScheduledDateOnRecurrence == true
                ? fields?.due?.date ?? fields?.start ?? fields?.scheduled : fields?.due?.date ?? fields?.scheduled ?? fields?.start
            if task.isOpen, let next = rule.next(from: reference, completedOn: today) {
                text += "; done today, it comes back on \(day(next))"
            }
            row("recurs", text)
        }
        row("on completion", fields?.onCompletion.map { $0 == .delete ? "delete the done task" : "keep it" })
        row("id", fields?.id)
        // In words: the emoji or key that says it is a dependency.
        row("waits for", fields.flatMap { $0.dependsOn.isEmpty ? nil : $0.dependsOn.joined(separator: ", ") })
        if let recurrence = body.recurrence {
            var text = "\(Self.words(recurrence)) (rec:\(body.tag("rec")!))"
            if task.isOpen, let next = TodoTxtRecurrence.NextOccurrence(of: body, completedOn: today) {
                let dates = [next.due.map { "due \($0)" }, next.threshold.map { "starting \($0)" }].compactMap { $0 }
                text += "; done today, it comes back " + dates.joined(separator: ", ")
            }
            row("recurs", text)
        }
        row("estimate", body.estimate?.description)
        for value in body.tagTokens("remind").map({ String(body.slice($0.valueRange)) }) {
            guard let reminder = Reminder(value) else {
                row("remind", "\(value) (not a date, a time or a period)")
                continue
            }
            // The time shows where the task gives it (not the reminder hour, a setting of whoever reminds).
            let hasOwnTime: Bool
            switch reminder {
            case .date: hasOwnTime = false
            case .relative: hasOwnTime = body.dueTime != nil
            case .moment, .relativeTime: hasOwnTime = true
            }
            var text = reminder.moment(due: body.dueMoment, hour: TimeOfDay(minutes: 0)!).map {
                day($0.date) + (hasOwnTime ? " at \($0.time!)" : "") + ", "
            } ?? ""
            switch reminder {
            case .date(let date), .moment(let date, _): text += RelativeDay.phrase(date, today: today)
            case .relative(let days):
                text += days == 0 ? "on the due date"
                    : "\(abs(days)) day\(abs(days) == 1 ? "" : "s") \(days < 0 ? "before" : "after") it is due"
            case .relativeTime(let minutes):
                text += minutes == 0 ? "when it is due"
                    : "\(Reminder.words(minutes: abs(minutes))) \(minutes < 0 ? "before" : "after") it is due"
            }
            row("remind", text)
        }
        row("projects", task.projects.map { "+" + $0 })
        row("contexts", task.contexts.map { "@" + $0 })
        let shown: Set<String> = ["due", "t", "rec", "est", "remind"]
        row("tags", task.tags.filter { !shown.contains($0.key) && !($0.key == "pri" && task.status.isClosed) }.map { "\($0.key):\($0.value)" })
        row("notes", document.notes(of: index))
        row("subtasks", document.subtasks(of: index).map { index in
            let sub = document.tasks[index]
            return "\(sub.line) " + (sub.checkbox.map { "[\($0)] " } ?? (sub.status.isClosed ? "x " : "")) + sub.text
        })
        self.rows = rows
    }

    /// `12: title`, then one `label  value` line a value, labels in a column; `extra` rows go last (`show`
    /// adds the line as it is in the file).
    package func rendered(adding extra: [Row] = []) -> String {
        let all = rows + extra
        let width = all.map(\.label.count).max() ?? 0
        var out = "\(line): \(title)\n"
        for row in all {
            for (k, value) in row.values.enumerated() {
                let head = k == 0 ? row.label : ""
                // A blank note line prints as a blank line, with no spaces at its end.
                if value.isEmpty {
                    out += (head.isEmpty ? "" : "  " + head) + "\n"
                } else {
                    out += "  " + head + String(repeating: " ", count: width - head.count + 2) + value + "\n"
                }
            }
        }
        return out
    }

    /// `every week, counted from the day it is done`, `every 2 months from the due date`.
    static func words(_ recurrence: TodoTxtRecurrence) -> String {
        let names: [TodoTxtRecurrence.Unit: String] = [.day: "day", .week: "week", .month: "month", .year: "year", .businessDay: "working day"]
        let unit = names[recurrence.unit]!
        let every = recurrence.count == 1 ? "every \(unit)" : "every \(recurrence.count) \(unit)s"
        return every + (recurrence.isStrict ? " from the due date" : ", counted from the day it is done")
    }
}
