/// Writes tasks as an iCalendar (RFC 5545) file: a `VTODO` for each task, as `todofmt sync` writes it into a
/// vdir (`CalendarTodo` says what goes in), and with `events`, a `VEVENT` for each open task with a due
/// date, for calendars that show no `VTODO`.
public struct ICalendarExport: Sendable {
    /// The version written in the calendar's `PRODID`.
    public var productVersion: String
    /// Stamps `DTSTAMP`; the caller passes the moment of export (or a fixed one for reproducible output).
    public var timestamp: String
    /// The time zone and reminder time the tasks are exported with.
    public var settings: CalendarSettings
    /// Whether each open task with a due date is also written as an event (`VEVENT`), for calendars that show no to-dos.
    public var events: Bool

    /// `timestamp` is `YYYYMMDDTHHMMSSZ` (UTC).
    public init(productVersion: String, timestamp: String, settings: CalendarSettings = CalendarSettings(),
                events: Bool = false) {
        self.productVersion = productVersion
        self.timestamp = timestamp
        self.settings = settings
        self.events = events
    }

    /// The calendar of `document`'s tasks at `tasks` (indexes into `document.tasks`), each with its UID from
    /// `uids` (see `TaskUIDs`); a task missing from `uids` gets `identifier(for:list:)`.
    public func render(_ tasks: [Int], in document: Document, uids: [Int: String] = [:]) -> String {
        let (todos, events) = components(tasks, in: document, uids: uids)
        return render(todos: todos, events: events)
    }

    /// The calendar of the `VTODO`s and `VEVENT`s `components(_:in:uids:)` made of one or more files' tasks.
    package func render(todos: [CalendarComponent], events: [CalendarComponent]) -> String {
        var calendar = VTodoWriter.calendar(productVersion: productVersion, components: todos + events)
        calendar.properties.append(ContentLine("CALSCALE", value: "GREGORIAN"))
        return calendar.text
    }

    /// The `VTODO` of each task at `tasks` and, with `events`, the `VEVENT` of each open one with a due date.
    package func components(_ tasks: [Int], in document: Document, uids: [Int: String]) -> (todos: [CalendarComponent], events: [CalendarComponent]) {
        var components: [CalendarComponent] = []
        var eventComponents: [CalendarComponent] = []
        func uid(_ index: Int) -> String { uids[index] ?? ICalendarExport.identifier(for: document.tasks[index], list: document.list(of: index)) }
        let exported = Set(tasks)
        for index in tasks {
            let parent = document.tasks[index].parent.flatMap { exported.contains($0) ? uid($0) : nil }
            let todo = CalendarTodo(task: index, in: document, parent: parent, settings: settings)
            components.append(VTodoWriter.component(uid: uid(index), todo: todo, created: document.tasks[index].creationDate,
                                                    stamp: timestamp, settings: settings))
            if events, document.tasks[index].isOpen, let due = todo.due {
                eventComponents.append(event(for: todo, due: due, uid: ICalendarExport.eventIdentifier(uid(index))))
            }
        }
        return (components, eventComponents)
    }

    /// An all-day event on the due date (or, for a due time, a half-hour event then) with the task's summary,
    /// notes, categories and alarms.
    func event(for todo: CalendarTodo, due: Moment, uid: String) -> CalendarComponent {
        var properties = [ContentLine("UID", value: ICalendarText.escape(uid)), ContentLine("DTSTAMP", value: timestamp),
                          ContentLine("SUMMARY", value: ICalendarText.escape(todo.summary)), ICalendarTime.property("DTSTART", due)]
        if due.time == nil {
            properties.append(ICalendarTime.property("DTEND", Moment(due.date.adding(days: 1))))
        } else {
            properties.append(ContentLine("DURATION", value: "PT30M"))
        }
        properties.append(ContentLine("TRANSP", value: "TRANSPARENT"))
        if !todo.categories.isEmpty {
            properties.append(ContentLine("CATEGORIES", value: todo.categories.map(ICalendarText.escape).joined(separator: ",")))
        }
        if !todo.notes.isEmpty {
            properties.append(ContentLine("DESCRIPTION", value: ICalendarText.escape(todo.notes.joined(separator: "\n"))))
        }
        if let rule = todo.rule { properties.append(ContentLine("RRULE", value: rule)) }
        return CalendarComponent(name: "VEVENT", properties: properties, components: todo.alarmComponents)
    }

    /// The event's UID beside its task's: `-event` before the `@`.
    package static func eventIdentifier(_ uid: String) -> String {
        uid.contains("@") ? uid.replacingFirst("@", with: "-event@") : uid + "-event"
    }

    /// A UID made from a task's list path, title and creation date (FNV-1a, 64-bit), for a task seen for the
    /// first time: two runs (or machines) that meet the same new task give it the same UID.
    public static func identifier(for task: TodoTask, list: [String]) -> String {
        let key = list.joined(separator: "/") + "\u{1F}" + task.title.lowercased() + "\u{1F}"
            + (task.creationDate?.description ?? "")
        return FNV1a.hex(key.utf8) + "@todofmt"
    }

    /// Folds a content line to 75 octets a line, never inside a UTF-8 sequence (RFC 5545 §3.1).
    package static func fold(_ line: String) -> String { ICalendarText.fold(line) }
}
