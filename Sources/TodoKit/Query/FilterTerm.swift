/// One condition of a filter: a word to find, a project, a context, a list, a status, a priority, or a
/// test of a tag or date (docs/FORMAT.md, "Filters").
public enum FilterTerm: Hashable, Sendable {
    /// Text the description contains, case-insensitively (a bare word, or a quoted phrase).
    case text(String)
    /// `+name`: the task names this project (case-insensitively).
    case project(String)
    /// `@name`: the task names this context (case-insensitively).
    case context(String)
    /// `list:Work/Q4`: the task's heading path holds these titles as consecutive headings, anywhere in it
    /// (under a title heading too, as `add --list` finds them); a single title may be any heading of the
    /// path. An empty path is `list:none`.
    case list([String])
    /// `list:any`: the task is under some heading.
    case anyList
    /// `status:open`, `status:closed`, …
    case status(Set<TaskStatus>)
    /// `pri:A`, `pri:A-C`.
    case priority(ClosedRange<Priority>)
    /// `is:overdue`: the task is open and its due moment has passed as of this moment (a due date without a
    /// time at the end of its day): what `ls` marks `(overdue …)` and `agenda` lists as overdue.
    case overdue(Moment)
    /// `priority:high`, `priority:>medium`: the task's priority level (none is `normal`, between medium and
    /// low, as the Obsidian Tasks plugin ranks it) in this range.
    case priorityLevel(ClosedRange<PriorityLevel>)
    /// `path:Projects` (or `in:Projects`): the path of the task's file, relative to the folder of notes (with
    /// its extension), holds this text, case-insensitively, as the Tasks plugin's `path includes` finds it.
    /// A task does not know its file: `FilterExpression.resolvingPaths(for:)` answers the term for a file's
    /// tasks before they are matched; unanswered, it matches nothing.
    case path(String)
    /// `is:blocked`: the task is open and waits for an open task (`Dependencies`).
    case blocked
    /// `is:blocking`: the task is open and an open task waits for it.
    case blocking
    /// A test of a field: a tag by its key, or one of the keys with a meaning of their own (`due`, `t`,
    /// `created`, `completed`, `est`, `pri`).
    case field(String, FieldTest)

    /// Keys whose values are dates: the tags `due:` and `t:`, and the positional creation and completion dates.
    public static let dateKeys: Set<String> = ["due", "t", "start", "scheduled", "created", "completed", "cancelled"]
    /// Keys whose values are durations.
    public static let durationKeys: Set<String> = ["est"]

    /// Whether `task`, in list `list` (heading titles from the outermost down), satisfies the term.
    public func matches(_ task: TodoTask, list: [String], blocked: Bool = false, blocking: Bool = false) -> Bool {
        switch self {
        case .priorityLevel(let range):
            return range.contains(PriorityLevel(FilterTerm.priority(of: task)))
        case .path:
            return false
        case .blocked:
            return blocked
        case .blocking:
            return blocking
        case .text(let needle):
            return task.text.lowercased().contains(needle.lowercased())
        case .project(let name):
            let name = name.lowercased()
            return task.projects.contains { $0.lowercased() == name }
        case .context(let name):
            let name = name.lowercased()
            return task.contexts.contains { $0.lowercased() == name }
        case .list(let path):
            return path.isEmpty ? list.isEmpty : ListPath.holds(list, path)
        case .anyList:
            return !list.isEmpty
        case .status(let statuses):
            return statuses.contains(task.status)
        case .priority(let range):
            return FilterTerm.priority(of: task).map(range.contains) ?? false
        case .overdue(let now):
            return TaskListing.isOverdue(task, now: now)
        case .field(let key, let test):
            let values = FilterTerm.values(of: key, in: task)
            switch test {
            case .present: return !values.isEmpty
            case .absent: return values.isEmpty
            case .compare(let comparison): return values.contains { comparison.holds(for: $0) }
            }
        }
    }

    /// The priority a filter sees: the `(A)` priority, or, on a closed task without one, the `pri:A` tag
    /// that completion kept.
    public static func priority(of task: TodoTask) -> Priority? {
        if let priority = task.priority { return priority }
        return task.status.isClosed ? task.body.keptPriority : nil
    }

    /// A task's values for a key, as written: tag values (keys compared exactly, as everywhere), the ISO text
    /// of the positional dates for `created` and `completed`, the priority letter for `pri`.
    static func values(of key: String, in task: TodoTask) -> [String] {
        switch key {
        case "created": return task.creationDate.map { [$0.description] } ?? []
        case "completed": return task.completionDate.map { [$0.description] } ?? []
        case "pri": return priority(of: task).map { [$0.description] } ?? []
        // The first due date and start date count, as everywhere (a second `due:` is warned about); a `due:` tag is
        // text where todo.txt's fields are not read (a vault's task format).
        case "due":
            if task.body.hasTrailingFields || !task.body.fieldReading.contains(.todotxt) {
                return task.dueMoment.map { [$0.description] } ?? []
            }
            return task.body.tag("due").map { [$0] } ?? []
        case "t", "start":
            if task.body.hasTrailingFields || !task.body.fieldReading.contains(.todotxt) {
                return task.threshold.map { [$0.description] } ?? []
            }
            return task.body.tag("t").map { [$0] } ?? []
        case "scheduled": return task.body.scheduled.map { [$0.description] } ?? []
        case "cancelled": return task.body.cancelled.map { [$0.description] } ?? []
        default: return task.tags.compactMap { $0.key == key ? $0.value : nil }
        }
    }
}

/// What a `key:value` term asks of a field.
public enum FieldTest: Hashable, Sendable {
    /// `key:any`: the task has the field.
    case present
    /// `key:none`: the task lacks the field.
    case absent
    /// `key:<value` and friends: one of the task's values for the key satisfies the comparison.
    case compare(Comparison)
}
