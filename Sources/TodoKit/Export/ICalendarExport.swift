/// Writes open tasks that have a due date as an iCalendar (RFC 5545) file of `VTODO` components.
///
/// - `DUE` from `due:` (a date, or a local date and time for a due time), `DTSTART` from `t:` when it is before the due date (RFC 5545 wants DUE later).
/// - `PRIORITY` 1, 5 and 9 for `(A)`, `(B)` and `(C)`; lower priorities are left out.
/// - `STATUS` `NEEDS-ACTION`, or `IN-PROCESS` for `[/]` tasks.
/// - `SUMMARY` the title; `DESCRIPTION` the notes; `CATEGORIES` the projects and contexts.
/// - `VALARM` on the date of a `remind:` tag (a date, or a period from the due date: `remind:-3d`), else on
///   the `t:` date when it is before the due date.
/// - `RRULE` from `rec:` (`d`, `w`, `m`, `y`; `b` only as every working day).
/// - `UID` from a `uid:` tag when the task has one, else derived from the task's list, title and creation
///   date, so it stays the same across runs and across edits of the due date, tags or status.
public struct ICalendarExport: Sendable {
    public var productVersion: String
    /// Stamps `DTSTAMP`; the caller passes the moment of export (or a fixed one for reproducible output).
    public var timestamp: String

    /// `timestamp` is `YYYYMMDDTHHMMSSZ` (UTC).
    public init(productVersion: String, timestamp: String) {
        self.productVersion = productVersion
        self.timestamp = timestamp
    }

    /// The tasks that go into the calendar: open, with a real due date.
    public static func exportable(_ task: TodoTask) -> Bool { task.isOpen && task.due != nil }

    /// The calendar of the exportable ones among `document`'s tasks at `tasks` (indexes into `document.tasks`).
    public func render(_ tasks: [Int], in document: Document) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//todofmt//todofmt \(productVersion)//EN",
            "CALSCALE:GREGORIAN",
        ]
        var usedIdentifiers = Set<String>()
        for index in tasks where ICalendarExport.exportable(document.tasks[index]) {
            lines += component(for: document.tasks[index], list: document.list(of: index), notes: document.notes(of: index),
                               usedIdentifiers: &usedIdentifiers)
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarExport.fold).joined(separator: "\r\n") + "\r\n"
    }

    func component(for task: TodoTask, list: [String], notes: [String], usedIdentifiers: inout Set<String>) -> [String] {
        let due = task.due!
        var identifier = task.body.tag("uid") ?? ICalendarExport.identifier(for: task, list: list)
        var suffix = 2
        let base = identifier
        while !usedIdentifiers.insert(identifier).inserted {
            identifier = "\(base)-\(suffix)"
            suffix += 1
        }
        var lines = ["BEGIN:VTODO", "UID:\(ICalendarExport.escape(identifier))", "DTSTAMP:\(timestamp)"]
        let summary = task.title.isEmpty ? task.text : task.title
        lines.append("SUMMARY:\(ICalendarExport.escape(summary))")
        if let created = task.creationDate { lines.append("CREATED:\(ICalendarExport.basic(created))T000000Z") }
        // A due time is local time (a floating DATE-TIME); DTSTART then takes the same value type.
        let dueTime = task.dueMoment?.time
        if let start = task.threshold, start < due {
            lines.append(dueTime == nil ? "DTSTART;VALUE=DATE:\(ICalendarExport.basic(start))" : "DTSTART:\(ICalendarExport.basic(start))T000000")
        }
        if let dueTime {
            lines.append("DUE:\(ICalendarExport.basic(due))T\(dueTime.description.filter { $0 != ":" })00")
        } else {
            lines.append("DUE;VALUE=DATE:\(ICalendarExport.basic(due))")
        }
        if let priority = task.priority, priority.rank < 3 {
            lines.append("PRIORITY:\([1, 5, 9][priority.rank])")
        }
        lines.append("STATUS:\(task.status == .inProgress ? "IN-PROCESS" : "NEEDS-ACTION")")
        let categories = task.projects + task.contexts
        if !categories.isEmpty {
            lines.append("CATEGORIES:" + categories.map(ICalendarExport.escape).joined(separator: ","))
        }
        if !notes.isEmpty {
            lines.append("DESCRIPTION:\(ICalendarExport.escape(notes.joined(separator: "\n")))")
        }
        if let rule = ICalendarExport.rule(for: task.body.recurrence) { lines.append("RRULE:\(rule)") }
        var trigger: String?
        if case .relativeTime(let minutes)? = task.body.tag("remind").flatMap({ Reminder($0) }) {
            // Hours or minutes before a due time.
            trigger = dueTime == nil ? nil : "\(minutes <= 0 ? "-" : "")PT\(abs(minutes))M"
        } else if let remind = reminderDate(of: task, due: due) {
            let days = remind.days(until: due)
            trigger = "\(days >= 0 ? "-" : "")P\(abs(days))D"
        }
        if let trigger {
            lines += [
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                "DESCRIPTION:\(ICalendarExport.escape(summary))",
                "TRIGGER;RELATED=END:\(trigger)",
                "END:VALARM",
            ]
        }
        lines.append("END:VTODO")
        return lines
    }

    func reminderDate(of task: TodoTask, due: CalendarDate) -> CalendarDate? {
        if let remind = task.body.tag("remind").flatMap({ Reminder($0) })?.date(due: due) { return remind }
        if let start = task.threshold, start < due { return start }
        return nil
    }

    static func rule(for recurrence: Recurrence?) -> String? {
        guard let recurrence else { return nil }
        switch recurrence.unit {
        case .day: return "FREQ=DAILY;INTERVAL=\(recurrence.count)"
        case .week: return "FREQ=WEEKLY;INTERVAL=\(recurrence.count)"
        case .month: return "FREQ=MONTHLY;INTERVAL=\(recurrence.count)"
        case .year: return "FREQ=YEARLY;INTERVAL=\(recurrence.count)"
        case .businessDay: return recurrence.count == 1 ? "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR" : nil
        }
    }

    /// A stable identifier: FNV-1a (64-bit) of the list path, the title and the creation date.
    public static func identifier(for task: TodoTask, list: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let key = list.joined(separator: "/") + "\u{1F}" + task.title.lowercased() + "\u{1F}"
            + (task.creationDate?.description ?? "")
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "@todofmt"
    }

    static func basic(_ date: CalendarDate) -> String {
        date.description.replacingDashes()
    }

    /// TEXT escaping: backslash, semicolon, comma and newline; other control characters but tab are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\t": out += "\t"
            // TEXT may hold no other control character (RFC 5545 §3.3.11): a stray one is dropped.
            case "\u{00}"..."\u{1F}", "\u{7F}": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Folds a content line to 75 octets a line, never inside a UTF-8 sequence (RFC 5545 §3.1).
    public static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var out = ""
        var count = 0
        for scalar in line.unicodeScalars {
            let width = String(scalar).utf8.count
            if count + width > 75 {
                out += "\r\n "
                count = 1
            }
            out.unicodeScalars.append(scalar)
            count += width
        }
        return out
    }
}

extension String {
    func replacingDashes() -> String { String(filter { $0 != "-" }) }
}
