/// What todofmt says about a task in a `VTODO`: the properties it owns, as values.
///
/// Made from a task (`init(task:…)`) to write, and read from any client's `VTODO` (`init(component:…)`) to
/// see what that client changed. The two agree on everything todofmt writes, so a task read back from its
/// own `VTODO` is equal to it.
package struct CalendarTodo: Hashable, Sendable {
    /// The task's state as RFC 5545's STATUS says it.
    package enum Status: String, Hashable, Sendable {
        case needsAction = "NEEDS-ACTION", inProcess = "IN-PROCESS", completed = "COMPLETED", cancelled = "CANCELLED"
    }

    package var summary: String
    /// The notes, one line each; empty when there are none.
    package var notes: [String]
    package var status: Status
    /// The local day it was completed on.
    package var completed: CalendarDate?
    package var due: Moment?
    package var start: Moment?
    /// 0 (none) or 1–9.
    package var priority: Int
    /// The task's list (its heading path, `Work/Q4`), then its projects (`+budget`) and contexts (`@phone`).
    package var categories: [String]
    package var rule: String?
    /// The UID of the task it is a subtask of.
    package var parent: String?
    /// The alarms todofmt sets, as `TRIGGER` lines.
    package var alarms: [ContentLine]

    /// The properties todofmt owns in a `VTODO`: rewritten from the task each time it writes one; every other
    /// property (another client's `X-…`, `SEQUENCE`, `CREATED`, alarms it added) is kept as it is.
    package static let ownedProperties: Set<String> = [
        "SUMMARY", "DESCRIPTION", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "DUE", "DURATION", "DTSTART", "PRIORITY",
        "CATEGORIES", "RRULE", "RELATED-TO", "DTSTAMP", "LAST-MODIFIED",
    ]

    /// Marks the alarms todofmt writes, so that it replaces its own and leaves the others alone.
    static let alarmMarker = ContentLine("X-TODOFMT-ALARM", value: "remind")

    /// The fields a change in the calendar carries back to the file: summary, status (completed, cancelled
    /// or open), completion date, due date, priority and notes. Other fields are the file's to say.
    package struct Returned: Hashable, Sendable {
        package var summary: String
        package var isCompleted: Bool
        package var isCancelled: Bool
        package var completed: CalendarDate?
        package var due: Moment?
        package var priority: Priority?
        package var notes: [String]
    }

    /// Whether `other` says the same, categories and alarms in any order (clients reorder them).
    package func saysSame(as other: CalendarTodo) -> Bool {
        var mine = self, theirs = other
        mine.categories.sort()
        theirs.categories.sort()
        mine.alarms.sort { $0.raw < $1.raw }
        theirs.alarms.sort { $0.raw < $1.raw }
        return mine == theirs
    }

    /// The fields read back for a task of `dialect`, whose priority the number gives (`CalendarPriority`).
    package func returned(for dialect: Dialect) -> Returned {
        Returned(summary: summary, isCompleted: status == .completed, isCancelled: status == .cancelled, completed: status == .completed ? completed : nil,
                 due: due, priority: CalendarPriority.priority(for: priority, dialect: dialect), notes: notes)
    }
}

/// How a task's moments become calendar times: the local time zone, and the time of day an alarm on a
/// date without a time rings at (the reminder hour of `todofmt remind`).
public struct CalendarSettings: Sendable {
    /// The time zone a task's date and time are in.
    public var zone: LocalTimeZone
    /// 09:00 unless configured.
    public var reminderTime: TimeOfDay

    /// Settings for a calendar in `zone`, whose reminders without a time fire at `reminderTime`.
    public init(zone: LocalTimeZone = .utc, reminderTime: TimeOfDay = TimeOfDay(hour: 9, minute: 0)!) {
        self.zone = zone
        self.reminderTime = reminderTime
    }
}

extension CalendarTodo {
    /// The calendar's view of task `index` of `document`.
    package init(task index: Int, in document: Document, parent: String?, settings: CalendarSettings) {
        let task = document.tasks[index]
        summary = task.title.isEmpty ? task.text : task.title
        notes = CalendarTodo.trimmedNotes(document.notes(of: index))
        switch task.status {
        case .open: status = .needsAction
        case .inProgress: status = .inProcess
        case .done: status = .completed
        case .cancelled: status = .cancelled
        }
        completed = task.status == .done ? task.completionDate : nil
        due = task.body.dueMoment
        // DUE must be later than DTSTART, and of the same type (RFC 5545 §3.8.2.3): a start on the due day is
        // left out, and before a due time the start is that day's midnight.
        let threshold = task.threshold.flatMap { start in task.due.map { start < $0 } ?? true ? start : nil }
        if case .rule(let repeatRule)? = task.fields.recurrence {
            // The Obsidian Tasks plugin's rule from the due date; with a start date too the calendar would expand
            // the rule from the start, which names other days.
            rule = threshold == nil ? task.due.flatMap { repeatRule.calendarRule(anchor: $0) } : nil
        } else {
            rule = task.due.flatMap { due in
                task.body.recurrence?.calendarRule(anchor: due).flatMap { rule in
                    threshold.map { task.body.recurrence?.calendarRule(anchor: $0) == nil } ?? false ? nil : rule
                }
            }
        }
        let timed = task.body.dueMoment?.time != nil
        start = threshold.map { Moment($0, at: timed ? TimeOfDay(minutes: 0) : nil) }
        if let written = task.priority {
            priority = CalendarPriority.number(for: written, dialect: task.priorityDialect(in: task.dialect))
        } else {
            priority = CalendarPriority.number(for: task.status.isClosed ? task.body.keptPriority : nil, dialect: .todotxt)
        }
        let list = document.list(of: index)
        categories = (list.isEmpty ? [] : [list.joined(separator: "/")]) + task.projects.map { "+" + $0 }
            + task.contexts.map { "@" + $0 }
        self.parent = parent
        alarms = []
        // Every remind: tag is an alarm; two at the same moment are one, as `todofmt remind` sends them.
        var moments = Set<Moment>()
        for token in task.body.tagTokens("remind") {
            guard let reminder = Reminder(task.body.slice(token.valueRange)),
                  let moment = reminder.moment(due: due, hour: settings.reminderTime), moments.insert(moment).inserted else { continue }
            if let due, due.time != nil, reminder.isRelative {
                // Before a due time: relative to DUE, so the alarm moves with it in the calendar too.
                alarms.append(ContentLine("TRIGGER", parameters: [("RELATED", "END")],
                                          value: ICalendarTime.duration(minutes: due.minutes(until: moment))))
            } else {
                // A day without a time: at the reminder hour, as a UTC moment (an alarm relative to a DUE that
                // is a date rings at midnight).
                let seconds = settings.zone.utcSeconds(of: moment.date, hour: moment.time!.hour, minute: moment.time!.minute)
                alarms.append(ContentLine("TRIGGER", parameters: [("VALUE", "DATE-TIME")], value: ICalendarTime.utcStamp(seconds)))
            }
        }
    }

    /// What a client's `VTODO` says, read as todofmt reads its own.
    package init(component: CalendarComponent, settings: CalendarSettings) {
        summary = component.property("SUMMARY")?.text ?? ""
        notes = CalendarTodo.trimmedNotes((component.property("DESCRIPTION")?.text ?? "")
            .unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0.filter { $0 != "\r" })) })
        status = component.property("STATUS").flatMap { Status(rawValue: $0.value.trimmingWhitespace().uppercased()) }
            ?? (component.property("COMPLETED") != nil ? .completed : .needsAction)
        completed = status == .completed
            ? component.property("COMPLETED").flatMap { ICalendarTime.moment($0, zone: settings.zone)?.date } : nil
        due = component.property("DUE").flatMap { ICalendarTime.moment($0, zone: settings.zone) }
        start = component.property("DTSTART").flatMap { ICalendarTime.moment($0, zone: settings.zone) }
        priority = component.property("PRIORITY").flatMap { Int($0.value.trimmingWhitespace()) } ?? 0
        categories = component.properties("CATEGORIES").flatMap { ICalendarText.splitValues(Substring($0.value)) }
        rule = component.property("RRULE")?.value
        parent = component.property("RELATED-TO").map(\.text)
        alarms = component.components.filter { $0.name == "VALARM" && $0.properties.contains(CalendarTodo.alarmMarker) }
            .compactMap { $0.property("TRIGGER") }
    }

    /// Notes as the calendar compares them: trailing whitespace and blank lines at either end gone.
    static func trimmedNotes(_ lines: [String]) -> [String] {
        var notes = lines.map { $0.trimmingTrailingWhitespace() }
        while notes.last?.isEmpty == true { notes.removeLast() }
        while notes.first?.isEmpty == true { notes.removeFirst() }
        return notes
    }

    /// The owned properties, in the order todofmt writes them (after `UID`).
    func properties(stamp: String, settings: CalendarSettings) -> [ContentLine] {
        var lines = [ContentLine("DTSTAMP", value: stamp), ContentLine("SUMMARY", value: ICalendarText.escape(summary))]
        if let start { lines.append(ICalendarTime.property("DTSTART", start)) }
        if let due { lines.append(ICalendarTime.property("DUE", due)) }
        if priority != 0 { lines.append(ContentLine("PRIORITY", value: "\(priority)")) }
        lines.append(ContentLine("STATUS", value: status.rawValue))
        if status == .completed {
            if let completed {
                // COMPLETED is a UTC time: noon of the local day, which reads back as that day in any zone.
                let noon = settings.zone.utcSeconds(of: completed, hour: 12, minute: 0)
                lines.append(ContentLine("COMPLETED", value: ICalendarTime.utcStamp(noon)))
            }
            lines.append(ContentLine("PERCENT-COMPLETE", value: "100"))
        }
        if !categories.isEmpty {
            lines.append(ContentLine("CATEGORIES", value: categories.map(ICalendarText.escape).joined(separator: ",")))
        }
        if !notes.isEmpty { lines.append(ContentLine("DESCRIPTION", value: ICalendarText.escape(notes.joined(separator: "\n")))) }
        if let rule { lines.append(ContentLine("RRULE", value: rule)) }
        if let parent { lines.append(ContentLine("RELATED-TO", parameters: [("RELTYPE", "PARENT")], value: ICalendarText.escape(parent))) }
        lines.append(ContentLine("LAST-MODIFIED", value: stamp))
        return lines
    }

    /// The alarm components todofmt writes.
    var alarmComponents: [CalendarComponent] {
        alarms.map { trigger in
            CalendarComponent(name: "VALARM", properties: [
                ContentLine("ACTION", value: "DISPLAY"), ContentLine("DESCRIPTION", value: ICalendarText.escape(summary)),
                trigger, CalendarTodo.alarmMarker,
            ])
        }
    }
}
