/// A parsed filter: terms combined with AND (juxtaposition), `OR`, negation and parentheses.
///
/// Read one with `FilterParser.parse(_:now:)`; relative dates in it are already resolved, so matching
/// needs nothing but the task and its list.
public indirect enum FilterExpression: Hashable, Sendable, CustomStringConvertible {
    /// The empty filter: every task matches.
    case all
    case term(FilterTerm)
    case not(FilterExpression)
    case and([FilterExpression])
    case or([FilterExpression])

    /// Whether `task`, in list `list` (heading titles from the outermost down: `Document.list(of:)`), matches.
    /// `blocked` and `blocking` say what `Dependencies` says of the task, for `is:blocked` and `is:blocking`.
    public func matches(_ task: TodoTask, list: [String], blocked: Bool = false, blocking: Bool = false) -> Bool {
        switch self {
        case .all: return true
        case .term(let term): return term.matches(task, list: list, blocked: blocked, blocking: blocking)
        case .not(let inner): return !inner.matches(task, list: list, blocked: blocked, blocking: blocking)
        case .and(let parts): return parts.allSatisfy { $0.matches(task, list: list, blocked: blocked, blocking: blocking) }
        case .or(let parts): return parts.contains { $0.matches(task, list: list, blocked: blocked, blocking: blocking) }
        }
    }

    /// Whether the filter asks whether tasks are blocked or blocking.
    package var mentionsDependencies: Bool {
        contains { $0 == .blocked || $0 == .blocking }
    }

    /// Whether any term of the filter tests the task's status (`status:…`).
    package var mentionsStatus: Bool {
        contains { if case .status = $0 { return true } else { return false } }
    }

    /// Whether any term of the filter tests a key (e.g. `t` for the threshold).
    package func mentions(key: String) -> Bool {
        contains { if case .field(let k, _) = $0 { return k == key } else { return false } }
    }

    /// The filter for the tasks of the file at `path` (relative to the folder of notes, as a listing names it):
    /// each `path:` term answered, as every task of the file answers it alike.
    package func resolvingPaths(for path: String) -> FilterExpression {
        switch self {
        case .all: return .all
        case .term(.path(let text)):
            return path.lowercased().contains(text.lowercased()) ? .all : .not(.all)
        case .term: return self
        case .not(let inner): return .not(inner.resolvingPaths(for: path))
        case .and(let parts): return .and(parts.map { $0.resolvingPaths(for: path) })
        case .or(let parts): return .or(parts.map { $0.resolvingPaths(for: path) })
        }
    }

    /// The keys of the filter's `key:value`, `key:any` and `key:OPvalue` terms that are tags (not a date, the
    /// priority or another field of every dialect): a key no task has makes its term match nothing.
    package var tagKeys: Set<String> {
        var keys = Set<String>()
        _ = contains { term in
            if case .field(let key, let test) = term, test != .absent, !FilterTerm.dateKeys.contains(key), key != "pri" { keys.insert(key) }
            return false
        }
        return keys
    }

    /// Which of `keys` a task of `document` has as a tag.
    package static func tagKeys(_ keys: Set<String>, heldIn document: Document) -> Set<String> {
        guard !keys.isEmpty else { return [] }
        var held = Set<String>()
        for task in document.tasks {
            for tag in task.tags where keys.contains(tag.key) { held.insert(tag.key) }
            if held.count == keys.count { break }
        }
        return held
    }

    /// The `list:` paths of the filter that name no list of `document` (no heading path holds them as a
    /// `list:` term looks for them): a mistyped name, which would match nothing without a word.
    package func unknownLists(in document: Document) -> [[String]] {
        var paths: [[String]] = []
        _ = contains { term in
            if case .list(let path) = term, !path.isEmpty { paths.append(path) }
            return false
        }
        return paths.filter { path in !document.headings.contains { ListPath.holds($0.path, path) } }
    }

    private func contains(where predicate: (FilterTerm) -> Bool) -> Bool {
        switch self {
        case .all: return false
        case .term(let term): return predicate(term)
        case .not(let inner): return inner.contains(where: predicate)
        case .and(let parts), .or(let parts): return parts.contains { $0.contains(where: predicate) }
        }
    }

    /// A Lisp-like dump, for tests and debugging: `(and (text "a") (not (project "b")))`.
    public var description: String {
        switch self {
        case .all: return "(all)"
        case .term(let term): return FilterExpression.describe(term)
        case .not(let inner): return "(not \(inner))"
        case .and(let parts): return "(and " + parts.map(\.description).joined(separator: " ") + ")"
        case .or(let parts): return "(or " + parts.map(\.description).joined(separator: " ") + ")"
        }
    }

    static func describe(_ term: FilterTerm) -> String {
        switch term {
        case .text(let text): return "(text \"\(text)\")"
        case .project(let name): return "(project \"\(name)\")"
        case .context(let name): return "(context \"\(name)\")"
        case .list(let path): return "(list" + path.map { " \"\($0)\"" }.joined() + ")"
        case .anyList: return "(list any)"
        case .overdue(let now): return "(overdue \(now))"
        case .status(let statuses):
            return "(status" + TaskStatus.allCases.filter(statuses.contains).map { " \($0.rawValue)" }.joined() + ")"
        case .priority(let range):
            return range.lowerBound == range.upperBound ? "(pri \(range.lowerBound))" : "(pri \(range.lowerBound)-\(range.upperBound))"
        case .priorityLevel(let range):
            return range.lowerBound == range.upperBound ? "(priority \(range.lowerBound))" : "(priority \(range.lowerBound)-\(range.upperBound))"
        case .path(let text): return "(path \"\(text)\")"
        case .blocked: return "(is blocked)"
        case .blocking: return "(is blocking)"
        case .field(let key, .present): return "(\(key) any)"
        case .field(let key, .absent): return "(\(key) none)"
        case .field(let key, .compare(let comparison)):
            var text = "(\(key) \(comparison.op.rawValue) "
            if let moment = comparison.moment { text += moment.description }
            else if let date = comparison.date { text += date.description }
            else if let number = comparison.number {
                text += number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            }
            else if let duration = comparison.duration { text += duration.description }
            else { text += "\"\(comparison.written)\"" }
            return text + ")"
        }
    }
}
