/// A task as a query block reads it: the task, the note it is in and the heading above it, with the values the
/// instructions test, sort and group by, read once.
package struct QueryTask: Sendable {
    package private(set) var task: TodoTask
    /// The note's path relative to the folder the query runs over, `/` between names: `Daily/2026-11-28.md`.
    package let path: String
    /// The nearest heading above the task, whatever its level; nil when there is none.
    package let heading: String?
    /// The task is open and waits for an open task (`Dependencies`).
    package private(set) var isBlocked: Bool
    /// The task is open and an open task waits for it.
    package private(set) var isBlocking: Bool
    /// The task's list item is nested in another list item (`exclude sub-items` leaves it out).
    package let isSubItem: Bool

    let status: QueryStatus
    let dates: QueryDates
    let priority: PriorityLevel
    /// The recurrence rule as written, when the task has one.
    let recurrence: String?
    /// `#tags`, each with its `#`, in order.
    let tags: [String]
    let id: String?
    let dependsOn: [String]
    /// The properties of the task's note (`task.file.property('name')`).
    let properties: NoteProperties
    /// The global filter the task was found with, which sorting by description passes over; nil for none.
    let globalFilter: String?

    /// The task in the note at `path`, under `heading`. `hasInvalidDate`: whether reading the task found a date
    /// the calendar lacks (a diagnostic of its line says so), which only then is looked for field by field.
    /// `statuses`: the vault's Tasks plugin statuses, which name and type the task's checkbox; nil outside such a
    /// vault (the built-in meanings).
    package init(task: TodoTask, path: String, heading: String?, isBlocked: Bool = false, isBlocking: Bool = false,
                isSubItem: Bool = false, hasInvalidDate: Bool = false, statuses: StatusRegistry? = nil,
                properties: NoteProperties = NoteProperties(), globalFilter: String? = nil) {
        self.task = task
        self.path = path
        self.heading = heading
        self.isBlocked = isBlocked
        self.isBlocking = isBlocking
        self.isSubItem = isSubItem
        status = QueryStatus(task, statuses: statuses)
        self.properties = properties
        let body = task.body
        let fields = task.fields
        var dates = QueryDates()
        dates[.due] = fields.due.map { .valid($0.date) }
        dates[.scheduled] = fields.scheduled.map(QueryDate.valid)
        dates[.start] = fields.start.map(QueryDate.valid)
        dates[.done] = fields.done.map(QueryDate.valid)
        dates[.created] = fields.created.map(QueryDate.valid)
        dates[.cancelled] = fields.cancelled.map(QueryDate.valid)
        if hasInvalidDate {
            for field in QueryTask.invalidDates(of: body) where dates[field] == nil { dates[field] = .invalid }
        }
        self.dates = dates
        priority = fields.priorityLevel
        recurrence = fields.recurrenceText
        id = fields.id
        dependsOn = fields.dependsOn
        // The plugin leaves the global filter out of a task's tags.
        tags = fields.hashtags.map { "#" + $0 }.filter { $0 != globalFilter }
        self.globalFilter = globalFilter
    }

    /// The description as the plugin searches it: without the metadata fields, trimmed. Read when asked for:
    /// most queries never look at it.
    var description: String {
        let body = task.body
        return body.hasTrailingFields || body.hasBlockLink ? QueryTask.withoutFields(body) : body.description
    }

    /// The tasks of `document`, in the note at `path`, with their dependencies among them.
    package static func tasks(of document: Document, path: String) -> [QueryTask] {
        tasks(of: [(path, document)])
    }

    /// The tasks of notes, each given by its path (relative to the folder the query runs over) and document, in
    /// that order; a task may depend on a task of another note, as in a vault.
    package static func tasks(of notes: [(path: String, document: Document)]) -> [QueryTask] {
        tasks(of: notes.map { ($0.path, NoteTasks($0.document)) })
    }

    /// The tasks of notes as a workspace holds them (`NoteTasks`), each given by its path, in that order.
    package static func tasks(of notes: [(path: String, note: NoteTasks)]) -> [QueryTask] {
        var found: [QueryTask] = []
        forEachTask(of: notes) { found.append($0) }
        return found
    }

    /// Calls `visit` with each task of `notes` (`tasks(of:)`), in order, one at a time: a run that keeps only
    /// what matches need not hold them all.
    ///
    /// Only a task with an id, a `depends on` or a `p:` can block or be blocked (`hasDependencyWords`): the
    /// dependencies are read among those few tasks alone, which gives each of them what reading them among all
    /// the tasks gives.
    package static func forEachTask(of notes: [(path: String, note: NoteTasks)], _ visit: (QueryTask) -> Void) {
        let waiting = notes.flatMap { $0.note.tasks.filter(\.hasDependencyWords) }
        let dependencies = Dependencies(waiting)
        var index = 0
        for (path, note) in notes {
            let globalFilter = note.settings.globalFilter?.text
            func queryTask(_ task: TodoTask, isSubItem: Bool, hasInvalidDate: Bool, isBlocked: Bool = false, isBlocking: Bool = false) -> QueryTask {
                QueryTask(task: task, path: path, heading: task.heading.map { note.headings[$0].title },
                          isBlocked: isBlocked, isBlocking: isBlocking, isSubItem: isSubItem, hasInvalidDate: hasInvalidDate,
                          statuses: note.statuses, properties: note.properties, globalFilter: globalFilter)
            }
            // The plugin lists a NON_TASK item as a task (a done one, never blocked or blocking), in line order.
            var nonTasks = note.nonTasks[...]
            for (k, task) in note.tasks.enumerated() {
                while let nonTask = nonTasks.first, nonTask.task.line < task.line {
                    visit(queryTask(nonTask.task, isSubItem: nonTask.isSubItem, hasInvalidDate: false))
                    nonTasks.removeFirst()
                }
                var isBlocked = false, isBlocking = false
                if task.hasDependencyWords {
                    (isBlocked, isBlocking) = (dependencies.isBlocked(index), dependencies.isBlocking(index))
                    index += 1
                }
                visit(queryTask(task, isSubItem: note.isSubItem[k], hasInvalidDate: note.hasInvalidDate[k],
                                isBlocked: isBlocked, isBlocking: isBlocking))
            }
            for nonTask in nonTasks { visit(queryTask(nonTask.task, isSubItem: nonTask.isSubItem, hasInvalidDate: false)) }
        }
    }

    /// The lines of `document` where reading found a date the calendar lacks.
    static func linesWithInvalidDates(in document: Document) -> Set<Int> {
        Set(document.diagnostics.filter { $0.code == .impossibleDate || $0.code == .malformedDate }.map(\.line))
    }

    /// The task holding its own line alone, not its note's text.
    func detached() -> QueryTask {
        var task = self
        task.task = self.task.detached()
        return task
    }

    /// The task, blocked and blocking as given.
    func with(isBlocked: Bool, isBlocking: Bool) -> QueryTask {
        var task = self
        task.isBlocked = isBlocked
        task.isBlocking = isBlocking
        return task
    }

    /// The date fields `body` writes with a value that is not a real date: a `due:` or `t:` tag, or a field of
    /// the Tasks or Dataview dialect; the first of each counts, as everywhere.
    static func invalidDates(of body: TaskBody) -> Set<QueryDateField> {
        var invalid: Set<QueryDateField> = []
        var seen: Set<QueryDateField> = []
        body.forEachTag(nil) { token, _ in
            guard body.fieldReading.contains(.todotxt) else { return false }
            let value = body.value(of: token)
            switch body.name(of: token) {
            case "due" where seen.insert(.due).inserted: if Moment(iso: value) == nil { invalid.insert(.due) }
            case "t" where seen.insert(.start).inserted: if CalendarDate(iso: value) == nil { invalid.insert(.start) }
            default: break
            }
            return true
        }
        guard body.hasTrailingFields else { return invalid }
        let bytes = Array(body.text.utf8)
        for span in body.trailingFields(bytes).spans {
            guard let field = span.field, field.isDate, let dateField = QueryDateField(field), seen.insert(dateField).inserted,
                  CalendarDate(iso: String(decoding: bytes[span.value], as: UTF8.self)) == nil else { continue }
            invalid.insert(dateField)
        }
        return invalid
    }

    /// The description as the plugin searches it: the text without the fields of the Tasks or Dataview dialect
    /// (their `#tags` kept) and without a block link, spaces run together.
    static func withoutFields(_ body: TaskBody) -> String {
        let bytes = Array(body.text.utf8)
        var kept: [UInt8] = []
        var at = body.descriptionStart
        let trailing = body.trailingFields(bytes)
        // A block link at the end is no part of the description.
        let end = min(body.descriptionEnd, trailing.blockLink?.lowerBound ?? .max)
        for span in trailing.spans where span.field != nil && span.range.upperBound <= end {
            kept += bytes[at..<span.range.lowerBound]
            at = span.range.upperBound
        }
        kept += bytes[at..<max(at, end)]
        return String(decoding: kept, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
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

    /// Whether the task writes a start, scheduled or due date, valid or not.
    var hasHappensDate: Bool { [QueryDateField.start, .scheduled, .due].contains { dates[$0] != nil } }

    /// The earliest of the start, scheduled and due dates.
    var happens: CalendarDate? { happensDates.min() }

    var isRecurring: Bool { recurrence != nil }

    /// The description without the global filter (its first occurrence), trimmed: what the plugin's description
    /// filters search and its description sort compares.
    var descriptionWithoutGlobalFilter: String {
        guard let globalFilter, !globalFilter.isEmpty, let range = description.firstRange(of: globalFilter) else { return description }
        return (String(description[..<range.lowerBound]) + description[range.upperBound...]).trimmingWhitespace()
    }

    /// The file name with its extension: `2026-11-28.md`.
    var filename: String { path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path }

    /// The folder, ending in `/`; `/` for a note at the top of the folder.
    var folder: String { path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/" }

    /// The top-level folder, ending in `/`; `/` for a note at the top of the folder.
    var root: String { path.firstIndex(of: "/").map { String(path[...$0]) } ?? "/" }
}

/// The date fields a query tests; `happens` is the earliest of start, scheduled and due.
enum QueryDateField: String, Hashable, Sendable, CaseIterable {
    case due, scheduled, start, done, created, cancelled, happens

    /// The query's name for a date field of the model.
    init?(_ field: TaskField) {
        switch field {
        case .due: self = .due
        case .scheduled: self = .scheduled
        case .start: self = .start
        case .done: self = .done
        case .created: self = .created
        case .cancelled: self = .cancelled
        default: return nil
        }
    }
}

/// The values of a task's date fields (`happens` aside), each in a place of its own: a task holds them without
/// a table of its own to allocate.
struct QueryDates: Sendable {
    private var due, scheduled, start, done, created, cancelled: QueryDate?

    subscript(field: QueryDateField) -> QueryDate? {
        get {
            switch field {
            case .due: due
            case .scheduled: scheduled
            case .start: start
            case .done: done
            case .created: created
            case .cancelled: cancelled
            case .happens: nil
            }
        }
        set {
            switch field {
            case .due: due = newValue
            case .scheduled: scheduled = newValue
            case .start: start = newValue
            case .done: done = newValue
            case .created: created = newValue
            case .cancelled: cancelled = newValue
            case .happens: break
            }
        }
    }
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
    /// `Todo`, `Done`, `In Progress`, `Cancelled`, a custom status's name, or `Unknown` for a checkbox without a
    /// meaning.
    var name: String
    /// The character in the checkbox (`x` for a todo.txt task done, a space for one open).
    var symbol: String
    /// The character toggling the task writes; empty when its status names none.
    var nextSymbol: String

    /// The status of `task`: with a vault's `statuses`, the one they give its checkbox (an unknown one, of type
    /// `TODO`, for a character they do not name), as the plugin reads it; without, the built-in meaning.
    init(_ task: TodoTask, statuses: StatusRegistry? = nil) {
        let scalar = task.checkboxScalar ?? task.status.checkbox.unicodeScalars.first!
        symbol = String(scalar)
        if let statuses {
            let status = statuses.statusOrUnknown(scalar)
            kind = Kind(status.type)
            name = status.name
            nextSymbol = status.nextSymbol.map(String.init) ?? ""
            return
        }
        switch task.status {
        case .open:
            kind = .todo
            name = task.checkbox.map { $0 == " " } ?? true ? "Todo" : "Unknown"
            nextSymbol = "x"
        case .inProgress: kind = .inProgress; name = "In Progress"; nextSymbol = "x"
        case .done: kind = .done; name = "Done"; nextSymbol = " "
        case .cancelled: kind = .cancelled; name = "Cancelled"; nextSymbol = " "
        }
    }
}

extension QueryStatus.Kind {
    /// The query's name for a status type of the vault's settings.
    init(_ type: CheckboxStatus.Kind) {
        switch type {
        case .todo: self = .todo
        case .inProgress: self = .inProgress
        case .onHold: self = .onHold
        case .done: self = .done
        case .cancelled: self = .cancelled
        case .nonTask: self = .nonTask
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
            // ASCII text, a character a byte, is run together byte by byte.
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
                return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            }
            var words: [UInt8] = []
            words.reserveCapacity(text.utf8.count)
            var spaced = false
            for byte in text.utf8 {
                if byte == .space || byte == .tab {
                    spaced = !words.isEmpty
                    continue
                }
                if spaced { words.append(.space) }
                spaced = false
                words.append(byte)
            }
            return String(decoding: words, as: UTF8.self)
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
        // The fields of the Tasks and Dataview dialects (their #tags are words, below); short, each keeps its emoji
        // or key.
        if body.hasTrailingFields {
            for span in body.trailingFields(text).spans {
                guard let element = span.field.map(QueryTask.element) else { continue }
                field(element, span.range, key: span.value.lowerBound - span.range.lowerBound)
            }
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

    /// The element of a result that shows a field of the model.
    static func element(_ field: TaskField) -> QueryLayout.Element {
        switch field {
        case .id: return .id
        case .dependsOn: return .dependsOn
        case .priority: return .priority
        case .recurrence: return .recurrenceRule
        case .onCompletion: return .onCompletion
        case .created: return .createdDate
        case .start: return .startDate
        case .scheduled: return .scheduledDate
        case .due: return .dueDate
        case .cancelled: return .cancelledDate
        case .done: return .doneDate
        }
    }

    /// The todo.txt tags that hold a field `hide` can name.
    static let tagElements: [String: QueryLayout.Element] = [
        "due": .dueDate, "t": .startDate, "rec": .recurrenceRule, "id": .id, "pri": .priority,
    ]

    /// The fields short mode shortens to their emoji (or key).
    static let shortened: Set<QueryLayout.Element> = [.dueDate, .startDate, .scheduledDate, .createdDate, .doneDate,
                                                      .cancelledDate, .recurrenceRule]
}
