/// What `todofmt ls` shows: the tasks a filter selects, grouped by list (heading path), each followed by
/// its selected subtasks, with the parents of selected subtasks kept as context.
///
/// Pure: the caller passes the document, the filter and today; printing is the frontend's business.
package struct TaskListing: Hashable, Sendable {
    /// Which tasks a listing considers before the filter.
    package enum Scope: Hashable, Sendable {
        /// Open and in-progress tasks whose threshold `t:` is not after today and that are not hidden (`h:1`).
        /// A filter that tests `status:` or `completed:` lifts the first condition, one that tests `t:` the
        /// second, one that tests `h:` the third.
        case actionable
        /// Every task.
        case all
    }

    /// One printed task.
    package struct Row: Hashable, Sendable {
        /// Index into `Document.tasks`.
        package var task: Int
        /// False when the task is shown only because a subtask of it is selected.
        package var isMatch: Bool
        /// Indentation level: the number of enclosing tasks.
        package var depth: Int
    }

    /// The rows under one list.
    package struct Group: Hashable, Sendable {
        /// Heading titles from the outermost down; empty for tasks outside any heading (and in todo.txt).
        package var list: [String]
        package var rows: [Row]
    }

    package var groups: [Group]

    /// Indexes of the selected tasks, in listing order (context rows left out).
    package var matches: [Int] { groups.flatMap { $0.rows.filter(\.isMatch).map(\.task) } }

    /// Selects, groups and orders the tasks of `document`. With `sortKeys`, siblings are sorted by them
    /// (stable: ties keep the file's order); otherwise the file's order is kept.
    package init(document: Document, filter: FilterExpression, scope: Scope, today: CalendarDate,
                sortKeys: [SortKey]? = nil) {
        let tasks = document.tasks
        var selected = [Bool](repeating: false, count: tasks.count)
        var shown = [Bool](repeating: false, count: tasks.count)
        let checksStatus = !filter.mentionsStatus && !filter.mentions(key: "completed")
        let checksThreshold = !filter.mentions(key: "t") && !filter.mentions(key: "start")
        let checksHidden = !filter.mentions(key: "h")
        let dependencies = filter.mentionsDependencies ? Dependencies(document) : nil
        for (index, task) in tasks.enumerated() {
            if scope == .actionable {
                if checksStatus, !task.isOpen { continue }
                if checksThreshold, let threshold = task.threshold, threshold > today { continue }
                if checksHidden, task.isHidden { continue }
            }
            selected[index] = filter.matches(task, list: document.list(of: index), blocked: dependencies?.isBlocked(index) ?? false,
                                             blocking: dependencies?.isBlocking(index) ?? false)
        }
        // Parents come before their subtasks, so one backward pass marks every ancestor of a selected task.
        for index in tasks.indices.reversed() where selected[index] || shown[index] {
            shown[index] = true
            if let parent = tasks[index].parent { shown[parent] = true }
        }

        func ordered(_ indexes: [Int]) -> [Int] {
            guard let sortKeys, indexes.count > 1 else { return indexes }
            return Sorter.order(indexes.map { tasks[$0] }, by: sortKeys).map { indexes[$0] }
        }
        func appendRows(for index: Int, into rows: inout [Row]) {
            rows.append(Row(task: index, isMatch: selected[index], depth: tasks[index].depth))
            for child in ordered(document.subtasks(of: index).filter { shown[$0] }) { appendRows(for: child, into: &rows) }
        }

        var groups: [Group] = []
        var groupOfList: [[String]: Int] = [:]
        var topLevel: [[Int]] = []
        for index in tasks.indices where shown[index] && tasks[index].parent == nil {
            let list = document.list(of: index)
            if let group = groupOfList[list] {
                topLevel[group].append(index)
            } else {
                groupOfList[list] = groups.count
                groups.append(Group(list: list, rows: []))
                topLevel.append([index])
            }
        }
        for group in groups.indices {
            for index in ordered(topLevel[group]) { appendRows(for: index, into: &groups[group].rows) }
        }
        self.groups = groups
    }

    /// Whether an open task's due date has passed.
    package static func isOverdue(_ task: TodoTask, today: CalendarDate) -> Bool {
        guard task.isOpen, let due = task.due else { return false }
        return due < today
    }

    /// Whether an open task's due moment has passed as of `now`: its time of day, or, for a day without a
    /// time, the end of the day.
    package static func isOverdue(_ task: TodoTask, now: Moment) -> Bool {
        guard task.isOpen, let due = task.dueMoment else { return false }
        return due < now
    }

    /// Whether an open task is due today.
    package static func isDueToday(_ task: TodoTask, today: CalendarDate) -> Bool {
        task.isOpen && task.due == today
    }
}
