/// A stable multi-key order of tasks, for listings.
///
/// Missing values sort last whatever the direction; ties keep the given order.
enum ListingOrder {
    static func order(_ tasks: [Task], by keys: [SortKey]) -> [Task] {
        let decorated = tasks.enumerated().map { offset, task in (offset, keys.map { value(of: $0.field, in: task) }) }
        let sorted = decorated.sorted { a, b in
            for (index, key) in keys.enumerated() {
                let x = a.1[index], y = b.1[index]
                if x == y { continue }
                guard let x else { return false }
                guard let y else { return true }
                return key.isDescending ? y < x : x < y
            }
            return a.0 < b.0
        }
        return sorted.map { tasks[$0.0] }
    }

    enum Value: Comparable {
        case number(Int)
        case text(String)
    }

    static func value(of field: SortKey.Field, in task: Task) -> Value? {
        switch field {
        case .status: return .number(task.isOpen ? 0 : 1)
        case .priority: return FilterTerm.priority(of: task).map { .number($0.rank) }
        case .due: return task.due.map { .number($0.dayNumber) }
        case .threshold: return task.threshold.map { .number($0.dayNumber) }
        case .created: return task.creationDate.map { .number($0.dayNumber) }
        case .completed: return task.completionDate.map { .number($0.dayNumber) }
        case .text: return .text(task.title.lowercased())
        case .project: return task.projects.first.map { .text($0.lowercased()) }
        case .context: return task.contexts.first.map { .text($0.lowercased()) }
        case .tag(let key):
            let key = key.lowercased()
            return task.tags.first { $0.key.lowercased() == key }.map { .text($0.value.lowercased()) }
        }
    }
}
