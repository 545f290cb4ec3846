/// The todo.txt part of a task: optional priority and dates, then a description holding `+projects`,
/// `@contexts` and `key:value` tags anywhere.
///
/// The body keeps its text exactly as written; every parsed field points back into it, so an edit can
/// rewrite one field and leave the rest of the line byte for byte.
public struct TaskBody: Hashable, Sendable {
    /// The body as written (for Markdown, the text after the checkbox; for todo.txt, the whole line).
    public let text: String
    /// A todo.txt `x ` completion mark at the start.
    public internal(set) var hasDoneMark = false
    public internal(set) var priority: Priority?
    public internal(set) var completionDate: CalendarDate?
    public internal(set) var creationDate: CalendarDate?
    /// UTF-8 offset in `text` where the description starts (after the mark, priority and dates).
    public internal(set) var descriptionStart = 0
    /// UTF-8 offset of the `(X)` priority, if any.
    public internal(set) var priorityOffset: Int?
    public internal(set) var tokens: [Token] = []

    init(text: String) { self.text = text }

    func slice(_ range: Range<Int>) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(text[start..<end])
    }

    /// The description: the body after the mark, priority and leading dates, tags kept, as written.
    public var description: String {
        var end = text.utf8.count
        let bytes = Array(text.utf8)
        while end > descriptionStart, bytes[end - 1] == .space || bytes[end - 1] == .tab { end -= 1 }
        return slice(descriptionStart..<end)
    }

    /// The description without projects, contexts and tags, its spaces collapsed.
    public var title: String {
        tokens.filter { $0.kind == .word }.map { slice($0.range) }.joined(separator: " ")
    }

    public func text(of token: Token) -> String { slice(token.range) }

    /// Project names without the `+`, in order of first appearance, each once.
    public var projects: [String] { uniqueNames(of: .project) }
    /// Context names without the `@`, in order of first appearance, each once.
    public var contexts: [String] { uniqueNames(of: .context) }

    private func uniqueNames(of kind: Token.Kind) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for token in tokens where token.kind == kind {
            let name = slice(token.nameRange)
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// Every `key:value` tag in order, repeats kept.
    public var tags: [(key: String, value: String)] {
        tokens.filter { $0.kind == .tag }.map { (slice($0.nameRange), slice($0.valueRange)) }
    }

    /// The first value of a tag key, e.g. `tag("due")`.
    public func tag(_ key: String) -> String? {
        for token in tokens where token.kind == .tag && token.nameLength == key.utf8.count {
            if slice(token.nameRange) == key { return slice(token.valueRange) }
        }
        return nil
    }

    /// The tokens of a given tag key, in order.
    public func tagTokens(_ key: String) -> [Token] {
        tokens.filter { $0.kind == .tag && $0.nameLength == key.utf8.count && slice($0.nameRange) == key }
    }

    /// `due:` as a date, when it is a real one.
    public var due: CalendarDate? { tag("due").flatMap { CalendarDate(iso: $0) } }
    /// `t:` (threshold, or start date) as a date, when it is a real one.
    public var threshold: CalendarDate? { tag("t").flatMap { CalendarDate(iso: $0) } }
    /// `rec:` as a recurrence, when it is well formed.
    public var recurrence: Recurrence? { tag("rec").flatMap { Recurrence($0) } }
    /// `est:` as a duration, when it is well formed.
    public var estimate: Duration? { tag("est").flatMap { Duration(parsing: $0) } }
    /// `pri:` on a completed task, the priority it had.
    public var keptPriority: Priority? { tag("pri").flatMap { Priority(lenient: $0) } }
}
