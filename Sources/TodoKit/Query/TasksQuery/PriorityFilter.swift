/// `priority is high`, `priority is above none`, `priority is below medium`, `priority is not none`, and the
/// short `priority high`: a test of the task's priority level, none (`normal`) ranking between medium and low.
struct PriorityFilter: Hashable, Sendable {
    enum Comparison: String, Hashable, Sendable {
        case equal = "is"
        case notEqual = "is not"
        case above = "is above"
        case below = "is below"
    }

    var comparison: Comparison
    var level: PriorityLevel

    static func read(_ reader: inout QueryReader) throws(QueryError) -> PriorityFilter? {
        var probe = reader
        guard probe.read("priority") else { return nil }
        reader = probe
        let comparison: Comparison
        switch reader.read(anyOf: ["is above", "is below", "is not", "is"]) {
        case "is above": comparison = .above
        case "is below": comparison = .below
        case "is not": comparison = .notEqual
        default: comparison = .equal
        }
        let (name, offset) = reader.readRest()
        guard let level = PriorityLevel(name: name) else {
            throw QueryError(name.isEmpty ? "'priority' needs a level: highest, high, medium, none, low or lowest"
                             : "unknown priority '\(name)' (use highest, high, medium, none, low or lowest)",
                             at: offset, length: name.count)
        }
        return PriorityFilter(comparison: comparison, level: level)
    }

    func matches(_ task: QueryTask) -> Bool {
        switch comparison {
        case .equal: return task.priority == level
        case .notEqual: return task.priority != level
        case .above: return task.priority < level
        case .below: return task.priority > level
        }
    }

    /// `priority is medium`: the instruction as the plugin prints it, `none` for the normal level.
    var description: String { "priority \(comparison.rawValue) \(level == .normal ? "none" : level.description)" }
}
