import TodoKit

/// What a code action does, in a form that travels in the action's `data` until the client resolves it.
enum TaskAction {
    case complete(lines: [Int], subtasks: OpenSubtaskPolicy)
    case reopen(lines: [Int])
    /// Nil removes the priority.
    case priority(Priority?, lines: [Int])
    case postpone(Period, lines: [Int])
    case move(lines: [Int], list: [String])
    /// Writes `date` over the date at `line`/`column`, or removes it.
    case replaceDate(line: Int, column: Int, date: CalendarDate?)
    case sort
    case archive

    var json: JSONValue {
        switch self {
        case .complete(let lines, let policy):
            let name: String
            switch policy {
            case .refuse: name = "refuse"
            case .force: name = "force"
            case .recursive: name = "recursive"
            }
            return .object([("action", .string("complete")), ("lines", Self.json(lines)), ("subtasks", .string(name))])
        case .reopen(let lines):
            return .object([("action", .string("reopen")), ("lines", Self.json(lines))])
        case .priority(let priority, let lines):
            return .object([("action", .string("priority")), ("lines", Self.json(lines)),
                            ("priority", .optional(priority?.description))])
        case .postpone(let period, let lines):
            return .object([("action", .string("postpone")), ("lines", Self.json(lines)), ("period", .string(period.description))])
        case .move(let lines, let list):
            return .object([("action", .string("move")), ("lines", Self.json(lines)), ("list", .strings(list))])
        case .replaceDate(let line, let column, let date):
            return .object([("action", .string("replaceDate")), ("line", .int(line)), ("column", .int(column)),
                            ("date", .optional(date?.description))])
        case .sort:
            return .object([("action", .string("sort"))])
        case .archive:
            return .object([("action", .string("archive"))])
        }
    }

    private static func json(_ lines: [Int]) -> JSONValue { .array(lines.map { .int($0) }) }

    init(_ json: JSONValue) throws(ResponseError) {
        let invalid = ResponseError.invalidParams("the code action's data is not one this server made")
        let lines = json["lines"]?.array?.compactMap(\.int) ?? []
        switch json["action"]?.string {
        case "complete":
            switch json["subtasks"]?.string {
            case "force": self = .complete(lines: lines, subtasks: .force)
            case "recursive": self = .complete(lines: lines, subtasks: .recursive)
            default: self = .complete(lines: lines, subtasks: .refuse)
            }
        case "reopen": self = .reopen(lines: lines)
        case "priority": self = .priority(json["priority"]?.string.flatMap { Priority(lenient: $0) }, lines: lines)
        case "postpone":
            guard let period = json["period"]?.string.flatMap({ Period(parsing: $0) }) else { throw invalid }
            self = .postpone(period, lines: lines)
        case "move": self = .move(lines: lines, list: json["list"]?.array?.compactMap(\.string) ?? [])
        case "replaceDate":
            guard let line = json["line"]?.int, let column = json["column"]?.int else { throw invalid }
            self = .replaceDate(line: line, column: column, date: json["date"]?.string.flatMap { CalendarDate(iso: $0) })
        case "sort": self = .sort
        case "archive": self = .archive
        default: throw invalid
        }
    }
}
