/// What needs doing soon: overdue tasks, then each day of a window with the tasks due on it and the tasks
/// whose threshold (`t:`) arrives on it. Only open and in-progress tasks are on an agenda.
public struct Agenda: Sendable {
    /// One task on an agenda day, with the reason it is there.
    public struct Entry: Sendable {
        /// Why a task is on a day: it is due, or it starts.
        public enum Reason: String, Sendable {
            /// `due:` falls on this day (or before today, for overdue entries).
            case due
            /// `t:` falls on this day: the task starts.
            case starts
        }

        /// The task, as its document read it.
        public var task: TodoTask
        /// The task's title as shown (`Document.shownTitle(of:)`).
        public var title: String
        /// The task's list (`Document.list(of:)`).
        public var list: [String]
        /// Whether the task is in the agenda for its due date or its start date.
        public var reason: Reason
        /// The day the task is due or starts.
        public var date: CalendarDate
        /// The due date's time of day, when it has one.
        public var time: TimeOfDay?
        /// The file the task is in, for an agenda of a folder's notes (nil for one file's).
        public var file: String?
        /// Where the task came in: files in the order added, then tasks in file order (the last tie-break).
        var order: Int

        /// When the entry is: its day, and the due time for a timed due date.
        public var moment: Moment { Moment(date, at: time) }

        /// The task's priority as the agenda shows it: a todo.txt letter as written, `(A)`; a level of the Tasks
        /// or Dataview dialect by its name, `(high)`, the same in both (`⏫` and `[priority:: high]`).
        var priorityLabel: String? {
            guard let priority = task.priority else { return nil }
            return task.body.priority == nil ? "(\(PriorityLevel(priority)))" : "(\(priority))"
        }
    }

    /// One day of the agenda and its entries.
    public struct Day: Sendable {
        /// The day.
        public var date: CalendarDate
        /// The tasks due or starting on the day, in the agenda's order.
        public var entries: [Entry]
    }

    /// The moment the agenda is made at: what is overdue and due today counts from it.
    public var now: Moment
    /// The day of `now`.
    public var today: CalendarDate { now.date }
    /// How many days the agenda covers, today first.
    public var dayCount: Int
    /// The entries as they came in, unordered.
    private var collected: [Entry] = []

    /// Open tasks whose due moment has passed (a day without a time passes at its end), most overdue first.
    public var overdue: [Entry] {
        collected.filter { $0.moment < now && $0.reason == .due }.sorted(by: Agenda.precedes)
    }

    /// The days from today on that have entries, in order.
    public var days: [Day] {
        var byDay: [CalendarDate: [Entry]] = [:]
        for entry in collected where !(entry.moment < now && entry.reason == .due) { byDay[entry.date, default: []].append(entry) }
        return byDay.keys.sorted().map { date in
            Day(date: date, entries: byDay[date]!.sorted { a, b in
                if a.reason != b.reason { return a.reason == .due }
                return Agenda.precedes(a, b)
            })
        }
    }

    /// The agenda of `document`'s open tasks for `days` days starting today, as of the start of today.
    public init(document: Document, today: CalendarDate, days: Int) {
        self.init(document: document, now: Moment(today, at: TimeOfDay(minutes: 0)), days: days)
    }

    /// The agenda of `document`'s open tasks for `days` days starting on the day of `now`.
    public init(document: Document, now: Moment, days: Int) {
        self.init(now: now, days: days)
        add(document)
    }

    /// An agenda of no tasks yet for `days` days starting on the day of `now`: `add` gives it a file's.
    public init(now: Moment, days: Int) {
        self.now = now
        dayCount = max(1, days)
    }

    /// How many entries the agenda has.
    public var count: Int { collected.count }

    /// Adds the open tasks of `document` (the folder's file `file`, for an agenda of many files), those of
    /// `only` alone when given (the tasks a filter selects); returns the indexes of the tasks that are on the
    /// agenda.
    @discardableResult
    public mutating func add(_ document: Document, file: String? = nil, only: Set<Int>? = nil) -> [Int] {
        let (entries, tasks) = entries(of: document, file: file, only: only)
        add(entries)
        return tasks
    }

    /// What `add(_:file:only:)` adds of `document`, made apart from the agenda (where a folder's note was read,
    /// on every core) and added later in order by `add(_:)`: the entries, and the indexes of their tasks.
    package func entries(of document: Document, file: String? = nil, only: Set<Int>? = nil) -> (entries: [Entry], tasks: [Int]) {
        var entries: [Entry] = []
        let today = now.date
        let end = today.adding(days: dayCount)
        for (index, task) in document.tasks.enumerated() where task.isOpen && !task.isHidden && only?.contains(index) != false {
            func entry(_ reason: Entry.Reason, _ date: CalendarDate, _ time: TimeOfDay? = nil) -> Entry {
                // The entry holds its task's line alone: an agenda of a folder keeps no note's text.
                Entry(task: task.detached(), title: document.shownTitle(of: index), list: document.list(of: index), reason: reason, date: date, time: time,
                      file: file, order: entries.count)
            }
            if let due = task.dueMoment, due < now || due.date < end {
                entries.append(entry(.due, due.date, due.time))
            }
            // A task that starts on the day it is due is shown once, as due.
            if let start = task.threshold, start >= today, start < end, start != task.due {
                entries.append(entry(.starts, start))
            }
        }
        var added: [Int] = []
        for entry in entries where added.last != entry.task.line { added.append(entry.task.line) }
        return (entries, added.compactMap(document.task(atLine:)))
    }

    /// Adds entries `entries(of:file:only:)` made, after those added before.
    package mutating func add(_ entries: [Entry]) {
        let before = collected.count
        collected += entries.map { entry in
            var entry = entry
            entry.order += before
            return entry
        }
    }

    /// By moment (a day's timed tasks in the order of their times, then its untimed ones), then priority, then
    /// where the task came in.
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.moment != b.moment { return a.moment < b.moment }
        return (a.task.priority?.rank ?? 26, a.order) < (b.task.priority?.rank ?? 26, b.order)
    }

    /// Every entry in display order: overdue first, then day by day.
    public var entries: [Entry] { overdue + days.flatMap(\.entries) }

    /// What a part of the rendered agenda stands out as, for a frontend that colours it as `ls` does.
    public enum Emphasis: Sendable, Equatable {
        /// A section's title: `Overdue`, `Today, Saturday 2026-11-21`.
        case heading
        /// A task of the overdue section.
        case overdue
        /// A task due today.
        case dueToday
        /// A task of priority A.
        case important
    }

    /// The agenda as plain text that reads well without colour. Each task shows its address (`address`: its
    /// line, or in a folder the number its listing gave it) and its list (in a folder, after its file).
    /// `emphasize` may wrap each section title and each task's text (after its address) in what its emphases
    /// call for; by default nothing does.
    public func rendered(address: (Entry) -> Int = { $0.task.line },
                         emphasizing emphasize: ([Emphasis], String) -> String = { $1 }) -> String {
        let overdue = self.overdue, days = self.days
        let all = overdue + days.flatMap(\.entries)
        guard !all.isEmpty else {
            return "Nothing overdue, due or starting in the next \(dayCount) day\(dayCount == 1 ? "" : "s").\n"
        }
        let width = String(all.map(address).max() ?? 0).count
        var out = ""
        func line(_ entry: Entry, note: String, _ emphases: [Emphasis]) {
            let number = String(address(entry))
            out += String(repeating: " ", count: width - number.count + 2) + number + "  "
            var text = entry.priorityLabel.map { $0 + " " } ?? ""
            text += entry.title
            let place = (entry.file.map { [$0] } ?? []) + (entry.list.isEmpty ? [] : [entry.list.joined(separator: " / ")])
            if !place.isEmpty { text += "  [\(place.joined(separator: ": "))]" }
            text += "  " + note
            let important: [Emphasis] = entry.task.priority?.letter == "A" ? [.important] : []
            out += emphasize(important + emphases, text) + "\n"
        }
        if !overdue.isEmpty {
            out += emphasize([.heading], "Overdue") + "\n"
            for entry in overdue {
                let days = entry.date.days(until: today)
                let at = entry.time.map { " at \($0)" } ?? ""
                line(entry, note: days == 0 ? "due today\(at), overdue"
                     : "due \(entry.date)\(at), \(RelativeDay.spanInWords(since: entry.date, today: today)) overdue", [.overdue])
            }
        }
        for day in days {
            if !out.isEmpty { out += "\n" }
            let name = day.date.weekdayName
            let offset = today.days(until: day.date)
            switch offset {
            case 0: out += emphasize([.heading], "Today, \(name) \(day.date)") + "\n"
            case 1: out += emphasize([.heading], "Tomorrow, \(name) \(day.date)") + "\n"
            default: out += emphasize([.heading], "\(name) \(day.date)") + "\n"
            }
            for entry in day.entries {
                let at = entry.time.map { " at \($0)" } ?? ""
                let dueToday = entry.reason == .due && offset == 0
                line(entry, note: entry.reason == .due ? (offset == 0 ? "due today" : "due") + at : "starts", dueToday ? [.dueToday] : [])
            }
        }
        // A task listed twice (starting one day, due another) counts once.
        var counted = Set<String>()
        let minutes = all.filter { counted.insert("\($0.file ?? "")\u{0}\($0.task.line)").inserted }.compactMap { $0.task.body.estimate?.minutes }.reduce(0, +)
        if minutes > 0 { out += "\nEstimated: \(Duration(minutes: minutes)) for the tasks listed\n" }
        return out
    }
}
