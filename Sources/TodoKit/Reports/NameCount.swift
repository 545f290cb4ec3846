/// A project or context name and how many tasks name it (`todofmt lsprj`, `lscon`).
package struct NameCount: Hashable, Sendable {
    /// The name without its sigil, spelled as it first appears.
    package var name: String
    package var count: Int

    /// `count` uses of `name`.
    package init(name: String, count: Int) {
        self.name = name
        self.count = count
    }

    /// The projects of `tasks` with the number of tasks naming each. Names that differ only in case are
    /// one project, as filters treat them; sorted case-insensitively.
    package static func projects(of tasks: [TodoTask]) -> [NameCount] { tally(tasks.map(\.projects)) }

    /// The contexts of `tasks`, counted and sorted as `projects(of:)` does.
    package static func contexts(of tasks: [TodoTask]) -> [NameCount] { tally(tasks.map(\.contexts)) }

    /// The names of many tasks (`namesPerTask`: each task's names), counted and sorted as `projects(of:)` does.
    package static func tally(_ namesPerTask: [[String]]) -> [NameCount] {
        var counts: [NameCount] = []
        var slot: [String: Int] = [:]
        for names in namesPerTask {
            var seen = Set<String>()
            for name in names {
                let key = name.lowercased()
                guard seen.insert(key).inserted else { continue }
                if let index = slot[key] {
                    counts[index].count += 1
                } else {
                    slot[key] = counts.count
                    counts.append(NameCount(name: name, count: 1))
                }
            }
        }
        return counts.sorted { a, b in
            let x = a.name.lowercased(), y = b.name.lowercased()
            return x != y ? x < y : a.name < b.name
        }
    }
}
