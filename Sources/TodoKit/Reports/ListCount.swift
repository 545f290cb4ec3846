/// A list (heading path) and how many tasks sit directly under it (`todofmt lslists`).
package struct ListCount: Hashable, Sendable {
    /// Heading titles from the outermost down.
    package var list: [String]
    package var count: Int

    /// `count` tasks in the list at `list`.
    package init(list: [String], count: Int) {
        self.list = list
        self.count = count
    }

    /// The path as `list:` and `add --list` take it: `Work/Q4`.
    package var path: String { list.joined(separator: "/") }

    /// The lists of `document`'s tasks at `tasks` (tasks outside any heading left out), sorted
    /// case-insensitively title by title, so a list comes just before its sub-lists. With `includingEmpty`,
    /// every list of the file is there, those without tasks at 0.
    package static func lists(of tasks: [Int], in document: Document, includingEmpty: Bool = false) -> [ListCount] {
        var counts: [ListCount] = []
        var slot: [[String]: Int] = [:]
        if includingEmpty {
            for heading in document.headings where !heading.title.isEmpty && slot[heading.path] == nil {
                slot[heading.path] = counts.count
                counts.append(ListCount(list: heading.path, count: 0))
            }
        }
        for task in tasks {
            let list = document.list(of: task)
            guard !list.isEmpty else { continue }
            if let index = slot[list] {
                counts[index].count += 1
            } else {
                slot[list] = counts.count
                counts.append(ListCount(list: list, count: 1))
            }
        }
        return counts.sorted { a, b in
            let x = a.list.map { $0.lowercased() }, y = b.list.map { $0.lowercased() }
            if x != y { return x.lexicographicallyPrecedes(y) }
            return a.list.lexicographicallyPrecedes(b.list)
        }
    }
}
