/// Counts of open, done, cancelled and overdue tasks per list, project and context; the estimated time of
/// what is open; and completions and creations per day over recent weeks.
public struct Statistics: Sendable {
    public struct Counts: Hashable, Sendable {
        public var open = 0
        public var done = 0
        public var cancelled = 0
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

    public struct Group: Hashable, Sendable {
        public var name: String
        public var counts: Counts
    }

    public struct DayActivity: Hashable, Sendable {
        public var date: CalendarDate
        /// Tasks done on this day (by completion date).
        public var completed: Int
        /// Tasks created on this day (by creation date).
        public var created: Int

        public init(date: CalendarDate, completed: Int, created: Int) {
            self.date = date
            self.completed = completed
            self.created = created
        }
    }

    public var total = Counts()
    /// Per list (heading path joined with ` / `; tasks outside any heading under `(no list)`), in file order.
    public var lists: [Group] = []
    public var projects: [Group] = []
    public var contexts: [Group] = []
    /// One entry per day, oldest first, ending today.
    public var activity: [DayActivity] = []

    /// Statistics of a todo file and, when there is one, its archive. Every task of the file counts; of
    /// the archive, its done and cancelled tasks, under the lists, projects and contexts they carry (a list
    /// the file no longer has comes after the file's lists). Activity comes from both.
    public init(current: Document, archives: [Document] = [], today: CalendarDate, weeks: Int) {
        var listOrder: [String] = [], listCounts: [String: Counts] = [:]
        var projectCounts: [String: Counts] = [:], contextCounts: [String: Counts] = [:]
        for (number, document) in ([current] + archives).enumerated() {
            for (index, task) in document.tasks.enumerated() where number == 0 || task.status.isClosed {
                total.add(task, today: today)
                let path = document.list(of: index)
                let list = path.isEmpty ? "(no list)" : path.joined(separator: " / ")
                if listCounts[list] == nil { listOrder.append(list) }
                listCounts[list, default: Counts()].add(task, today: today)
                for project in task.projects { projectCounts[project, default: Counts()].add(task, today: today) }
                for context in task.contexts { contextCounts[context, default: Counts()].add(task, today: today) }
            }
        }
        lists = listOrder.map { Group(name: $0, counts: listCounts[$0]!) }
        func sortedGroups(_ counts: [String: Counts]) -> [Group] {
            counts.map { Group(name: $0.key, counts: $0.value) }
                .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
        }
        projects = sortedGroups(projectCounts)
        contexts = sortedGroups(contextCounts)

        let dayCount = max(1, weeks) * 7
        let first = today.adding(days: -(dayCount - 1))
        var completed = [Int](repeating: 0, count: dayCount), created = [Int](repeating: 0, count: dayCount)
        for document in [current] + archives {
            for task in document.tasks {
                if task.status == .done, let date = task.completionDate {
                    let offset = first.days(until: date)
                    if offset >= 0, offset < dayCount { completed[offset] += 1 }
                }
                if let date = task.creationDate {
                    let offset = first.days(until: date)
                    if offset >= 0, offset < dayCount { created[offset] += 1 }
                }
            }
        }
        activity = (0..<dayCount).map { DayActivity(date: first.adding(days: $0), completed: completed[$0], created: created[$0]) }
    }
}
