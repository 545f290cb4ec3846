/// `group by due`, `group by tags reverse`: one level of headings over a query's results, named as the plugin
/// names them.
///
/// Groups come in the order of their names (`NaturalText`); a name may start with a hidden `%%N%%` that puts it
/// in place (`%%1%%High priority`), which the heading does not show. `reverse` turns the order of the groups
/// round; `group by urgency` puts the most urgent first unless reversed. A task with several tags is in the
/// group of each.
struct QueryGrouping: Hashable, Sendable, CustomStringConvertible {
    enum Field: String, Hashable, Sendable, CaseIterable {
        case status
        case statusType = "status.type"
        case statusName = "status.name"
        case due, done, scheduled, start, created, cancelled, happens, priority, urgency, recurring, recurrence, tags
        case path, root, folder, filename, backlink, heading, id
        /// `group by function EXPRESSION`.
        case function
    }

    var field: Field
    var isReversed = false
    /// The expression of `group by function`.
    var expression: QueryExpression?

    /// Reads `group by FIELD [reverse]`.
    /// `file` is the query's note, for `query.file.…` in a function.
    static func read(_ reader: inout QueryReader, file: String? = nil) throws(QueryError) -> QueryGrouping? {
        guard reader.read("group by") else { return nil }
        var probe = reader
        if probe.read("function") {
            var grouping = QueryGrouping(field: .function)
            grouping.isReversed = probe.read("reverse")
            let (text, offset) = probe.readRest()
            grouping.expression = try QueryExpression(text, queryFile: file, offset: offset)
            reader = probe
            return grouping
        }
        let field = try reader.read(Field.self, after: "group by")
        var grouping = QueryGrouping(field: field)
        grouping.isReversed = reader.read("reverse")
        try reader.requireEnd(after: grouping)
        return grouping
    }

    /// `group by due reverse`.
    var description: String { "group by \(field.rawValue)" + (isReversed ? " reverse" : "") }

    /// Whether the groups' names run the other way round: reversed, or urgency (most urgent first) unless reversed.
    var runsBackwards: Bool { isReversed != (field == .urgency) }

    /// The names of the groups `task` is in (one, or one per tag); an empty name has no heading.
    func names(of task: QueryTask, today: CalendarDate) -> [String] {
        switch field {
        case .status: return [task.status.kind.isDone ? "Done" : "Todo"]
        case .statusType: return ["%%\(task.status.kind.rawValue + 1)%%\(task.status.kind)"]
        case .statusName: return [task.status.name]
        case .due, .done, .scheduled, .start, .created, .cancelled, .happens:
            let dateField = QueryDateField(rawValue: field.rawValue)!
            switch task.date(dateField) {
            case .valid(let day)?: return ["\(day) \(day.weekdayName)"]
            case .invalid?: return ["%%0%% Invalid \(field.rawValue) date"]
            case nil: return ["No \(field.rawValue) date"]
            }
        case .priority:
            let name = task.priority.description
            return ["%%\(task.priority.rawValue)%%\(name.prefix(1).uppercased() + name.dropFirst()) priority"]
        case .urgency: return [Urgency(task, today: today).description]
        case .recurring: return [task.isRecurring ? "Recurring" : "Not Recurring"]
        case .recurrence: return [task.recurrence ?? "None"]
        case .tags: return task.tags.isEmpty ? ["(No tags)"] : task.tags
        // The plugin names these as Markdown: file names as links, `\` and `_` escaped in paths.
        case .path: return [QueryGrouping.escaped(task.path.firstRange(of: ".md").map { String(task.path[..<$0.lowerBound] + task.path[$0.upperBound...]) } ?? task.path)]
        case .root: return [QueryGrouping.escaped(task.root)]
        case .folder: return [QueryGrouping.escaped(task.folder)]
        case .filename: return ["[[\(QueryGrouping.withoutExtension(task.filename))]]"]
        case .backlink:
            let file = QueryGrouping.withoutExtension(task.filename)
            return [task.heading.map { "[[\(file)#\($0)|\(file) > \($0)]]" } ?? "[[\(file)]]"]
        case .heading: return [task.heading.flatMap { $0.isEmpty ? nil : $0 } ?? "(No heading)"]
        case .id: return [task.id ?? ""]
        case .function:
            // As the plugin: a list is a group for each of its values, null no name (the group without a
            // heading), a number with a fraction five decimals.
            switch expression?.value(for: task) ?? .null {
            case .null: return []
            case .array(let values): return values.map(\.text)
            case .number(let number) where number != number.rounded(): return [QueryGrouping.fixed5(number)]
            case let value: return [value.text]
            }
        }
    }

    /// The name as its heading shows it: without the hidden `%%…%%` parts.
    static func shown(_ name: String) -> String {
        var result = ""
        var rest = Substring(name)
        while let open = rest.firstRange(of: "%%") {
            guard let close = rest[open.upperBound...].firstRange(of: "%%") else { break }
            result += rest[..<open.lowerBound]
            rest = rest[close.upperBound...]
        }
        return (result + rest).droppingIndentation(columns: .max)
    }

    /// `number` with five decimals, as JavaScript's `toFixed(5)` writes it.
    static func fixed5(_ number: Double) -> String {
        let scaled = Int((abs(number) * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        return (number < 0 ? "-" : "") + "\(scaled / 100_000)." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }

    /// `\` and `_` escaped, as the plugin writes a path in a group's name.
    private static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("_", with: "\\_")
    }

    private static func withoutExtension(_ name: String) -> String {
        name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }
}
