/// A yes-or-no property of a task: `is recurring`, `is blocked`, `is blocking` (each also with `not`),
/// `has tags`, `no tags`, `has id`, `no id`, `has depends on`, `no depends on`, `exclude sub-items`.
struct PropertyFilter: Hashable, Sendable {
    enum Property: String, Hashable, Sendable, CaseIterable {
        case recurring, blocked, blocking, tags, id
        case dependsOn = "depends on"
        /// Not nested in another list item (`exclude sub-items`).
        case topLevel
    }

    var property: Property
    var isNegated: Bool

    static func read(_ reader: inout QueryReader) -> PropertyFilter? {
        for property in [Property.recurring, .blocked, .blocking] {
            if reader.readWhole("is \(property.rawValue)") { return PropertyFilter(property: property, isNegated: false) }
            if reader.readWhole("is not \(property.rawValue)") { return PropertyFilter(property: property, isNegated: true) }
        }
        for (words, property) in [(["tags", "tag"], Property.tags), (["id"], .id), (["depends on"], .dependsOn)] {
            for word in words {
                if reader.readWhole("has \(word)") { return PropertyFilter(property: property, isNegated: false) }
                if reader.readWhole("no \(word)") { return PropertyFilter(property: property, isNegated: true) }
            }
        }
        if reader.readWhole("exclude sub-items") { return PropertyFilter(property: .topLevel, isNegated: false) }
        return nil
    }

    func matches(_ task: QueryTask) -> Bool {
        let holds: Bool
        switch property {
        case .recurring: holds = task.isRecurring
        case .blocked: holds = task.isBlocked
        case .blocking: holds = task.isBlocking
        case .tags: holds = !task.tags.isEmpty
        case .id: holds = task.id != nil
        case .dependsOn: holds = !task.dependsOn.isEmpty
        case .topLevel: holds = !task.isSubItem
        }
        return holds != isNegated
    }
}
