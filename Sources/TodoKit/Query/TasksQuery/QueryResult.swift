/// What a query lists, in the plugin's order of work: the tasks its filters select, sorted, cut to `limit`,
/// grouped under headings, each group cut to `limit groups`.
package struct QueryResult: Sendable {
    /// The tasks under one combination of group headings.
    package struct Group: Sendable {
        /// One name per `group by`, hidden `%%…%%` parts and all; empty without `group by`.
        package var names: [String]
        package var tasks: [QueryTask]
        /// How many tasks the group held before `limit groups`.
        package var countBeforeLimit: Int
    }

    /// The groups in order; one without names when the query does not group.
    package let groups: [Group]
    /// Every task the groups show, in order, once each (a task with two tags may be in two groups).
    package let tasks: [QueryTask]
    /// How many tasks the filters selected, before `limit`.
    package let matchCount: Int
    /// What the result shows.
    package let layout: QueryLayout
    /// The query's explanation, when it asks for one (`explain`).
    package let explanation: String?
    let today: CalendarDate
    /// The file names only one note of those the query ran over has: a backlink names such a note by its name.
    let uniqueFilenames: Set<String>

    init(groups: [Group], matchCount: Int, layout: QueryLayout, explanation: String?, today: CalendarDate,
         uniqueFilenames: Set<String>) {
        self.groups = groups
        var seen = Set<String>()
        tasks = groups.flatMap(\.tasks).filter { seen.insert("\($0.path):\($0.task.line)").inserted }
        self.matchCount = matchCount
        self.layout = layout
        self.explanation = explanation
        self.today = today
        self.uniqueFilenames = uniqueFilenames
    }

    /// `3 tasks`, or `3 of 12 tasks` when a limit left some out.
    package var countText: String { QueryResult.count(tasks.count, of: matchCount) }

    private static func count(_ shown: Int, of total: Int) -> String {
        let noun = "task\(total == 1 ? "" : "s")"
        return shown == total ? "\(shown) \(noun)" : "\(shown) of \(total) \(noun)"
    }

    /// The result as Obsidian lists it, in Markdown: the explanation, each group's headings (`####` for the
    /// first `group by`, then `#####`, then `######`), each task as its line with its note and heading
    /// (`- [ ] Pay rent 📅 2026-12-01 (Bills > December)`), and the count. `hide` and `show` decide what shows.
    /// With `maximumTasks`, only the first so many task lines are listed, and `…` stands for the rest.
    package func rendered(maximumTasks: Int? = nil) -> String {
        // Blocks with a blank line between them: the explanation, each heading, each group's tasks, the count.
        var blocks: [String] = []
        if let explanation { blocks.append(String(explanation.dropLast())) }
        var previous: [String]?
        var left = maximumTasks ?? .max
        for group in groups {
            guard left > 0 else {
                if blocks.last?.hasSuffix("…") != true { blocks.append("…") }
                break
            }
            let firstChanged = previous.map { old in old.indices.first { old[$0] != group.names[$0] } ?? group.names.count } ?? 0
            for level in firstChanged..<group.names.count {
                let name = QueryGrouping.shown(group.names[level])
                guard !name.isEmpty else { continue }
                let isLast = level == group.names.count - 1
                let count = isLast && layout.shows(.groupCount) ? " (\(QueryResult.count(group.tasks.count, of: group.countBeforeLimit)))" : ""
                blocks.append(String(repeating: "#", count: min(4 + level, 6)) + " " + name + count)
            }
            previous = group.names
            if !group.tasks.isEmpty {
                let listed = group.tasks.prefix(left)
                left -= listed.count
                blocks.append(listed.map { line(of: $0) }.joined(separator: "\n")
                              + (listed.count < group.tasks.count ? "\n…" : ""))
            }
        }
        if layout.shows(.taskCount) { blocks.append(countText) }
        return blocks.isEmpty ? "" : blocks.joined(separator: "\n\n") + "\n"
    }

    /// A task as Obsidian lists it: its checkbox, its text without the fields `hide` hides, its urgency when
    /// shown, and its backlink: the note (its path when another note has the same name) and the heading.
    private func line(of task: QueryTask) -> String {
        var text = "- [\(task.task.checkbox ?? task.task.status.checkbox)] " + task.shownText(layout)
        if layout.shows(.urgency) { text += " " + Urgency(task, today: today).shortDescription }
        if layout.shows(.backlink) {
            if layout.isShortMode {
                text += " 🔗"
            } else {
                let name = task.filename
                let filename = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
                var link = uniqueFilenames.contains(name) ? filename : "/" + task.path
                if let heading = task.heading, heading != link { link += " > " + heading }
                text += " (\(link))"
            }
        }
        return text
    }

    /// The file names that only one note of `tasks` has.
    static func uniqueFilenames(_ tasks: [QueryTask]) -> Set<String> {
        var pathsByName: [String: Set<String>] = [:]
        for task in tasks { pathsByName[task.filename, default: []].insert(task.path) }
        return Set(pathsByName.filter { $0.value.count == 1 }.keys)
    }
}

extension TasksQuery {
    /// Runs the query over `tasks` (in the order they were read, which breaks the last ties); nil when the
    /// query has diagnostics.
    package func run(on tasks: [QueryTask]) -> QueryResult? {
        guard isValid else { return nil }
        let tests = filters.map { $0.test() }
        return result(of: tasks.filter { task in tests.allSatisfy { $0(task) } },
                      uniqueFilenames: QueryResult.uniqueFilenames(tasks))
    }

    /// Runs the query over the tasks of notes as a workspace holds them (`QueryTask.tasks(of:)`), testing each
    /// task as it is made and keeping only the matches: what `run(on:)` gives over all those tasks, without
    /// holding them all. Nil when the query has diagnostics.
    package func run(onNotes notes: [(path: String, note: NoteTasks)]) -> QueryResult? {
        guard isValid else { return nil }
        let tests = filters.map { $0.test() }
        var matches: [QueryTask] = []
        var pathsByName: [String: Set<String>] = [:]
        var lastPath: String?
        QueryTask.forEachTask(of: notes) { task in
            if task.path != lastPath {
                lastPath = task.path
                pathsByName[task.filename, default: []].insert(task.path)
            }
            if tests.allSatisfy({ $0(task) }) { matches.append(task) }
        }
        return result(of: matches, uniqueFilenames: Set(pathsByName.filter { $0.value.count == 1 }.keys))
    }

    /// What the query lists of `matches`, the tasks its filters selected in the order they were read, among
    /// tasks whose notes' `uniqueFilenames` only one note has.
    func result(of matches: [QueryTask], uniqueFilenames: Set<String>) -> QueryResult {
        let sorts = self.sorts
        let ordering = TaskOrdering(count: matches.count, keyCount: sorts.count) { sorts[$0].values(matches, today: today) }
        var sorted = ordering.order(Array(matches.indices)).map { matches[$0] }
        let (limit, groupLimit) = limits
        if let limit { sorted = Array(sorted.prefix(limit.count)) }
        return QueryResult(groups: grouped(sorted, perGroup: groupLimit?.count), matchCount: matches.count, layout: layout,
                           explanation: explains ? explanation : nil, today: today,
                           uniqueFilenames: uniqueFilenames)
    }

    /// The tasks in groups, in the order of their names; each group keeps the tasks' order.
    private func grouped(_ tasks: [QueryTask], perGroup: Int?) -> [QueryResult.Group] {
        let groupings = self.groupings
        guard !groupings.isEmpty else {
            return tasks.isEmpty ? [] : [QueryResult.Group(names: [], tasks: tasks, countBeforeLimit: tasks.count)]
        }
        var order: [[String]] = []
        var members: [[String]: [QueryTask]] = [:]
        for task in tasks {
            // One group for each combination of the task's names (a task with two tags is in two groups).
            var combinations: [[String]] = [[]]
            for grouping in groupings {
                // A task a grouping gives no name is in the group without a name, as the plugin files it.
                let found = grouping.names(of: task, today: today), names = found.isEmpty ? [""] : found
                combinations = combinations.flatMap { prefix in names.map { prefix + [$0] } }
            }
            for names in combinations {
                if members[names] == nil { order.append(names) }
                members[names, default: []].append(task)
            }
        }
        order.sort { a, b in
            for (level, grouping) in groupings.enumerated() where a[level] != b[level] {
                let ascending = NaturalText(a[level]) < NaturalText(b[level])
                return grouping.runsBackwards ? !ascending : ascending
            }
            return false
        }
        return order.map { names in
            let all = members[names]!
            return QueryResult.Group(names: names, tasks: perGroup.map { Array(all.prefix($0)) } ?? all, countBeforeLimit: all.count)
        }
    }
}
