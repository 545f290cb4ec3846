/// A task as a query block reads it: the task, the note it is in and the heading above it, with the values the
/// instructions test, sort and group by, read once.
public struct QueryTask: Sendable {
    public let task: TodoTask
    /// The note's path relative to the folder the query runs over, `/` between names: `Daily/2026-11-28.md`.
    public let path: String
    /// The nearest heading above the task, whatever its level; nil when there is none.
    public let heading: String?
    /// The task is open and waits for an open task (`Dependencies`).
    public let isBlocked: Bool
    /// The task is open and an open task waits for it.
    public let isBlocking: Bool
    /// The task's list item is nested in another list item (`exclude sub-items` leaves it out).
    public let isSubItem: Bool

    let status: QueryStatus
    let dates: [QueryDateField: QueryDate]
    let priority: PriorityLevel
    /// The recurrence rule as written, when the task has one.
    let recurrence: String?
    /// `#tags`, each with its `#`, in order.
    let tags: [String]
    let id: String?
    let dependsOn: [String]
    /// The description as the plugin searches it: without the metadata fields, trimmed.
    let description: String

    public init(task: TodoTask, path: String, heading: String?, isBlocked: Bool = false, isBlocking: Bool = false,
                isSubItem: Bool = false) {
        self.task = task
        self.path = path
        self.heading = heading
        self.isBlocked = isBlocked
        self.isBlocking = isBlocking
        self.isSubItem = isSubItem
        status = QueryStatus(task)
        let body = task.body
        var dates: [QueryDateField: QueryDate] = [:]
        if let done = task.completionDate { dates[.done] = .valid(done) }
        if let created = task.creationDate { dates[.created] = .valid(created) }
        var recurrence: String?, id: String?
        // One pass over the tags: the first of each key counts, as everywhere.
        body.forEachTag(nil) { token, bytes in
            let key = token.nameRange
            func keyIs(_ name: StaticString) -> Bool { key.count == name.utf8CodeUnitCount && bytes.hasPrefix(name, at: key.lowerBound) }
            // As the task reads them: `due:` a date with or without a time of day, `t:` a date.
            func date(_ read: (String) -> CalendarDate?) -> QueryDate { read(body.value(of: token)).map(QueryDate.valid) ?? .invalid }
            if keyIs("due"), dates[.due] == nil {
                dates[.due] = date { Moment(iso: $0)?.date }
            } else if keyIs("t"), dates[.start] == nil {
                dates[.start] = date { CalendarDate(iso: $0) }
            } else if keyIs("rec"), recurrence == nil {
                recurrence = body.value(of: token)
            } else if keyIs("id"), id == nil {
                id = body.value(of: token)
            }
            return true
        }
        self.dates = dates
        self.recurrence = recurrence
        self.id = id
        priority = PriorityLevel(task.priority)
        description = body.description
        tags = description.utf8.contains(UInt8(ascii: "#")) ? QueryTask.hashtags(in: description) : []
        dependsOn = []
    }

    /// The tasks of `document`, in the note at `path`.
    public static func tasks(of document: Document, path: String) -> [QueryTask] {
        document.tasks.indices.map { index in
            let task = document.tasks[index]
            let isSubItem = task.item.map { document.items[$0].parent != nil } ?? false
            return QueryTask(task: task, path: path, heading: task.heading.map { document.headings[$0].title },
                             isSubItem: isSubItem)
        }
    }

    /// The value of a date field: a day, or `invalid` for a date written that the calendar lacks; nil when the
    /// task has none.
    func date(_ field: QueryDateField) -> QueryDate? {
        guard field == .happens else { return dates[field] }
        return happens.map(QueryDate.valid)
    }

    /// The valid dates a `happens` filter tests: start, scheduled and due.
    var happensDates: [CalendarDate] {
        [QueryDateField.start, .scheduled, .due].compactMap { dates[$0]?.day }
    }

    /// The earliest of the start, scheduled and due dates.
    var happens: CalendarDate? { happensDates.min() }

    var isRecurring: Bool { recurrence != nil }

    /// The file name with its extension: `2026-11-28.md`.
    var filename: String { path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path }

    /// The folder, ending in `/`; `/` for a note at the top of the folder.
    var folder: String { path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/" }

    /// The top-level folder, ending in `/`; `/` for a note at the top of the folder.
    var root: String { path.firstIndex(of: "/").map { String(path[...$0]) } ?? "/" }

    /// `#tags` of a description as the plugin finds them: `#` at the start or after a space, then anything but
    /// spaces and `!@#$%^&*(),.?":{}|<>`.
    /// The bytes that end a tag, by value.
    private static let endsTag: [Bool] = (0...255).map { "!@#$%^&*(),.?\":{}|<> \t".utf8.contains(UInt8($0)) }

    static func hashtags(in text: String) -> [String] {
        var tags: [String] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "#"), index == 0 || bytes[index - 1] == .space || bytes[index - 1] == .tab else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, !QueryTask.endsTag[Int(bytes[end])] { end += 1 }
            if end > index + 1 { tags.append(String(decoding: bytes[index..<end], as: UTF8.self)) }
            index = end
        }
        return tags
    }
}

/// The date fields a query tests; `happens` is the earliest of start, scheduled and due.
enum QueryDateField: String, Hashable, Sendable, CaseIterable {
    case due, scheduled, start, done, created, cancelled, happens
}

/// A date field's value: a day, or a date written that the calendar lacks (`📅 2026-02-30`).
enum QueryDate: Hashable, Sendable {
    case valid(CalendarDate)
    case invalid

    var day: CalendarDate? {
        if case .valid(let day) = self { return day }
        return nil
    }
}

/// A task's status as the plugin names and types it: the type decides `done`/`not done`, and sorting and
/// grouping by status.
struct QueryStatus: Hashable, Sendable {
    /// The plugin's status types, in the order `sort by status.type` puts them.
    enum Kind: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case inProgress, todo, onHold, done, cancelled, nonTask

        var description: String {
            switch self {
            case .inProgress: return "IN_PROGRESS"
            case .todo: return "TODO"
            case .onHold: return "ON_HOLD"
            case .done: return "DONE"
            case .cancelled: return "CANCELLED"
            case .nonTask: return "NON_TASK"
            }
        }

        /// `TODO`, `in_progress`, `In-Progress`: the type's name in any case, `-` for `_`.
        init?(name: String) {
            let name = name.uppercased().replacing("-", with: "_")
            guard let kind = Kind.allCases.first(where: { $0.description == name }) else { return nil }
            self = kind
        }

        /// `DONE`, `CANCELLED` and `NON_TASK` count as done.
        var isDone: Bool { self == .done || self == .cancelled || self == .nonTask }
    }

    var kind: Kind
    /// `Todo`, `Done`, `In Progress`, `Cancelled`, or `Unknown` for a checkbox without a meaning.
    var name: String

    init(_ task: TodoTask) {
        switch task.status {
        case .open:
            kind = .todo
            name = task.checkbox.map { $0 == " " } ?? true ? "Todo" : "Unknown"
        case .inProgress: kind = .inProgress; name = "In Progress"
        case .done: kind = .done; name = "Done"
        case .cancelled: kind = .cancelled; name = "Cancelled"
        }
    }
}

extension QueryTask {
    /// The task's text as a result lists it: as written, without a todo.txt `x ` mark (the checkbox shows it),
    /// without the fields `layout` hides, and in short mode with each date and recurrence field's value left out.
    func shownText(_ layout: QueryLayout) -> String {
        let body = task.body
        // Nothing to take out but a todo.txt done mark: the text as written, spaces run together.
        if !layout.isShortMode, QueryTask.fields.allSatisfy(layout.shows) {
            let text = body.hasDoneMark ? body.text.dropFirst(2) : body.text
            return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        }
        let text = Array(body.text.utf8)
        // UTF-8 ranges of the body to drop, or to shorten to their first `keep` bytes.
        var cuts: [(range: Range<Int>, keep: Int)] = []
        func field(_ element: QueryLayout.Element, _ range: Range<Int>, key: Int) {
            if !layout.shows(element) {
                cuts.append((range, 0))
            } else if layout.isShortMode, QueryTask.shortened.contains(element) {
                cuts.append((range, key))
            }
        }
        // The todo.txt prefix: the done mark, the priority, the completion and creation dates.
        var dates = task.status.isClosed && body.completionDate != nil ? [QueryLayout.Element.doneDate, .createdDate] : [.createdDate]
        var start = 0
        while start < body.descriptionStart {
            var end = start
            while end < body.descriptionStart, text[end] != .space, text[end] != .tab { end += 1 }
            if end > start {
                let word = text[start..<end]
                if start == 0, body.hasDoneMark, word.elementsEqual("x".utf8) {
                    cuts.append((start..<end, 0))
                } else if word.first == UInt8(ascii: "(") {
                    field(.priority, start..<end, key: 0)
                } else if CalendarDate.hasISOShape(String(decoding: word, as: UTF8.self)), !dates.isEmpty {
                    field(dates.removeFirst(), start..<end, key: 0)
                }
            }
            start = end + 1
        }
        body.forEachToken { token in
            switch token.kind {
            case .tag:
                let key = body.name(of: token)
                if let element = QueryTask.tagElements[key] { field(element, token.range, key: token.nameRange.count + 1) }
            case .word where text[token.range.lowerBound] == UInt8(ascii: "#") && token.range.count > 1:
                field(.tags, token.range, key: 0)
            default:
                break
            }
            return true
        }
        var shown: [UInt8] = []
        var at = 0
        for cut in cuts.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where cut.range.lowerBound >= at {
            shown += text[at..<cut.range.lowerBound]
            shown += text[cut.range.lowerBound..<(cut.range.lowerBound + cut.keep)]
            at = cut.range.upperBound
        }
        shown += text[at...]
        // Spaces run together as Obsidian shows them (and where a field went).
        let words = String(decoding: shown, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.joined(separator: " ")
    }

    /// The elements of a result that are fields of a task.
    static let fields: [QueryLayout.Element] = [.id, .dependsOn, .priority, .cancelledDate, .createdDate, .startDate,
                                                .scheduledDate, .dueDate, .doneDate, .recurrenceRule, .onCompletion, .tags]

    /// The todo.txt tags that hold a field `hide` can name.
    static let tagElements: [String: QueryLayout.Element] = [
        "due": .dueDate, "t": .startDate, "rec": .recurrenceRule, "id": .id, "pri": .priority,
    ]

    /// The fields short mode shortens to their emoji (or key).
    static let shortened: Set<QueryLayout.Element> = [.dueDate, .startDate, .scheduledDate, .createdDate, .doneDate,
                                                      .cancelledDate, .recurrenceRule]
}
