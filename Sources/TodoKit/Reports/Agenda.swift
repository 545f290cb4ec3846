/// What needs doing soon: overdue tasks, then each day of a window with the tasks due on it and the tasks
/// whose threshold (`t:`) arrives on it. Only open and in-progress tasks are on an agenda.
public struct Agenda: Sendable {
    public struct Entry: Sendable {
        public enum Reason: String, Sendable {
            /// `due:` falls on this day (or before today, for overdue entries).
            case due
            /// `t:` falls on this day: the task starts.
            case starts
        }

        public var task: TodoTask
        /// The task's list (`Document.list(of:)`).
        public var list: [String]
        public var reason: Reason
        public var date: CalendarDate
        /// The due date's time of day, when it has one.
        public var time: TimeOfDay?

        /// When the entry is: its day, and the due time for a timed due date.
        public var moment: Moment { Moment(date, at: time) }
    }

    public struct Day: Sendable {
        public var date: CalendarDate
        public var entries: [Entry]
    }

    public var now: Moment
    public var today: CalendarDate { now.date }
    public var dayCount: Int
    /// Open tasks whose due moment has passed (a day without a time passes at its end), most overdue first.
    public var overdue: [Entry]
    /// The days from today on that have entries, in order.
    public var days: [Day]

    /// The agenda of `document`'s open tasks for `days` days starting today, as of the start of today.
    public init(document: Document, today: CalendarDate, days: Int) {
        self.init(document: document, now: Moment(today, at: TimeOfDay(minutes: 0)), days: days)
    }

    /// The agenda of `document`'s open tasks for `days` days starting on the day of `now`.
    public init(document: Document, now: Moment, days: Int) {
        self.now = now
        let today = now.date
        self.dayCount = max(1, days)
        let end = today.adding(days: dayCount)
        var overdue: [Entry] = []
        var byDay: [CalendarDate: [Entry]] = [:]
        for (index, task) in document.tasks.enumerated() where task.isOpen {
            func entry(_ reason: Entry.Reason, _ date: CalendarDate, _ time: TimeOfDay? = nil) -> Entry {
                Entry(task: task, list: document.list(of: index), reason: reason, date: date, time: time)
            }
            if let due = task.dueMoment {
                if due < now {
                    overdue.append(entry(.due, due.date, due.time))
                } else if due.date < end {
                    byDay[due.date, default: []].append(entry(.due, due.date, due.time))
                }
            }
            // A task that starts on the day it is due is shown once, as due.
            if let start = task.threshold, start >= today, start < end, start != task.due {
                byDay[start, default: []].append(entry(.starts, start))
            }
        }
        func rank(_ entry: Entry) -> (Int, Int) { (entry.task.priority?.rank ?? 26, entry.task.line) }
        // By moment (a day's timed tasks in the order of their times, then its untimed ones), then priority.
        func precedes(_ a: Entry, _ b: Entry) -> Bool {
            if a.moment != b.moment { return a.moment < b.moment }
            return rank(a) < rank(b)
        }
        self.overdue = overdue.sorted(by: precedes)
        self.days = byDay.keys.sorted().map { date in
            Day(date: date, entries: byDay[date]!.sorted { a, b in
                if a.reason != b.reason { return a.reason == .due }
                return precedes(a, b)
            })
        }
    }

    /// Every entry in display order: overdue first, then day by day.
    public var entries: [Entry] { overdue + days.flatMap(\.entries) }

    /// The agenda as plain text that reads well without colour.
    public func rendered() -> String {
        let all = entries
        guard !all.isEmpty else {
            return "Nothing overdue, due or starting in the next \(dayCount) day\(dayCount == 1 ? "" : "s").\n"
        }
        let width = String(all.map(\.task.line).max() ?? 0).count
        var out = ""
        func line(_ entry: Entry, note: String) {
            let number = String(entry.task.line)
            out += String(repeating: " ", count: width - number.count + 2) + number + "  "
            if let priority = entry.task.priority { out += "(\(priority)) " }
            out += entry.task.title.isEmpty ? entry.task.text : entry.task.title
            if !entry.list.isEmpty { out += "  [\(entry.list.joined(separator: " / "))]" }
            out += "  " + note + "\n"
        }
        if !overdue.isEmpty {
            out += "Overdue\n"
            for entry in overdue {
                let days = entry.date.days(until: today)
                let at = entry.time.map { " at \($0)" } ?? ""
                line(entry, note: days == 0 ? "due today\(at), overdue"
                     : "due \(entry.date)\(at), \(days) day\(days == 1 ? "" : "s") overdue")
            }
        }
        for day in days {
            if !out.isEmpty { out += "\n" }
            let name = day.date.weekdayName
            let offset = today.days(until: day.date)
            switch offset {
            case 0: out += "Today, \(name) \(day.date)\n"
            case 1: out += "Tomorrow, \(name) \(day.date)\n"
            default: out += "\(name) \(day.date)\n"
            }
            for entry in day.entries {
                let at = entry.time.map { " at \($0)" } ?? ""
                line(entry, note: entry.reason == .due ? (offset == 0 ? "due today" : "due") + at : "starts")
            }
        }
        // A task listed twice (starting one day, due another) counts once.
        var counted = Set<Int>()
        let minutes = all.filter { counted.insert($0.task.line).inserted }.compactMap { $0.task.body.estimate?.minutes }.reduce(0, +)
        if minutes > 0 { out += "\nEstimated: \(Duration(minutes: minutes)) for the tasks listed\n" }
        return out
    }
}
