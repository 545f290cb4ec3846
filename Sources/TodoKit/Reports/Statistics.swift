/// Counts of open, done, cancelled and overdue tasks per list, project and context; the estimated time of
/// what is open; and completions and creations per day over recent weeks.
public struct Statistics: Sendable {
    /// Counts of tasks by state.
    public struct Counts: Hashable, Sendable {
        /// Open tasks.
        public var open = 0
        /// Done tasks.
        public var done = 0
        /// Cancelled tasks.
        public var cancelled = 0
        /// Open tasks due before today.
        public var overdue = 0
        /// Sum of the `est:` estimates of open tasks, in minutes.
        public var openEstimateMinutes = 0

        mutating func add(_ task: TodoTask, today: CalendarDate) {
            switch task.status {
            case .open, .inProgress:
                open += 1
                if let due = task.due, due < today { overdue += 1 }
                openEstimateMinutes += task.body.estimate?.minutes ?? 0
            case .done: done += 1
            case .cancelled: cancelled += 1
            }
        }
    }

    /// The counts of one project, context or list.
    public struct Group: Hashable, Sendable {
        /// The context, project or list the group counts.
        public var name: String
        /// The group's counts.
        public var counts: Counts
    }

    /// What was completed and created on one day.
    public struct DayActivity: Hashable, Sendable {
        /// The day.
        public var date: CalendarDate
        /// Tasks done on this day (by completion date).
        public var completed: Int
        /// Tasks created on this day (by creation date).
        public var created: Int

        /// The tasks completed and created on `date`.
        public init(date: CalendarDate, completed: Int, created: Int) {
            self.date = date
            self.completed = completed
            self.created = created
        }
    }

    /// Counts of every task.
    public var total = Counts()
    /// Per list (heading path joined with ` / `; tasks outside any heading under `(no list)`), in file order.
    public var lists: [Group] = []
    /// Counts per project (`+house`), by name.
    public var projects: [Group] = []
    /// Counts per context (`@phone`), by name.
    public var contexts: [Group] = []
    /// One entry per day, oldest first, ending today.
    public var activity: [DayActivity] = []

    /// Statistics of a todo file and, when there is one, its archive. Every task of the file counts; of
    /// the archive, its done and cancelled tasks, under the lists, projects and contexts they carry (a list
    /// the file no longer has comes after the file's lists). Activity comes from both.
    public init(current: Document, archives: [Document] = [], today: CalendarDate, weeks: Int) {
        self.init(today: today, weeks: weeks)
        add(current)
        for archive in archives { add(archive, isArchive: true) }
    }

    /// Statistics of no tasks yet, for the `weeks` weeks up to `today`: `add` counts a file's tasks in.
    public init(today: CalendarDate, weeks: Int) {
        self.today = today
        let dayCount = max(1, weeks) * 7
        let first = today.adding(days: -(dayCount - 1))
        activity = (0..<dayCount).map { DayActivity(date: first.adding(days: $0), completed: 0, created: 0) }
    }

    private var today: CalendarDate
    private var listSlots: [String: Int] = [:]
    private var projectSlots: [String: Int] = [:]
    private var contextSlots: [String: Int] = [:]

    /// Counts in the tasks of `document`: every task of a todo file; of an archive, its done and cancelled
    /// tasks. `file`: the folder's file the document is, whose path goes before its lists (`Notes/a.md#Work`).
    public mutating func add(_ document: Document, isArchive: Bool = false, file: String? = nil) {
        let first = activity.first!.date
        for (index, task) in document.tasks.enumerated() {
            if !isArchive || task.status.isClosed {
                total.add(task, today: today)
                let path = document.list(of: index)
                let name = path.isEmpty ? "(no list)" : path.joined(separator: " / ")
                let list = file.map { path.isEmpty ? $0 : $0 + "#" + name } ?? name
                Statistics.count(task, in: list, &lists, &listSlots, today: today)
                for project in task.projects { Statistics.count(task, in: project, &projects, &projectSlots, today: today) }
                for context in task.contexts { Statistics.count(task, in: context, &contexts, &contextSlots, today: today) }
            }
            if task.status == .done, let date = task.completionDate {
                let offset = first.days(until: date)
                if offset >= 0, offset < activity.count { activity[offset].completed += 1 }
            }
            if let date = task.creationDate {
                let offset = first.days(until: date)
                if offset >= 0, offset < activity.count { activity[offset].created += 1 }
            }
        }
        func sorted(_ groups: inout [Group], _ slots: inout [String: Int]) {
            groups.sort { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
            slots = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($1.name, $0) })
        }
        sorted(&projects, &projectSlots)
        sorted(&contexts, &contextSlots)
    }

    /// Counts `task` in the group `name` of `groups` (a new one, last, when there is none yet).
    private static func count(_ task: TodoTask, in name: String, _ groups: inout [Group], _ slots: inout [String: Int],
                              today: CalendarDate) {
        if let slot = slots[name] {
            groups[slot].counts.add(task, today: today)
        } else {
            slots[name] = groups.count
            var counts = Counts()
            counts.add(task, today: today)
            groups.append(Group(name: name, counts: counts))
        }
    }
}
