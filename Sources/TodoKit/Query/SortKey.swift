/// One key of a task sort, e.g. `priority` or `-created` (descending).
public struct SortKey: Hashable, Sendable, CustomStringConvertible {
    /// What a sort key orders by.
    public enum Field: Hashable, Sendable {
        case status, priority, due, threshold, created, completed, text, project, context
        case tag(String)
    }

    /// What the key sorts by.
    public var field: Field
    /// Whether the key sorts from the largest value down.
    public var isDescending: Bool

    /// A key ordering by `field`, ascending unless `descending`.
    public init(_ field: Field, descending: Bool = false) {
        self.field = field
        self.isDescending = descending
    }

    /// `--sort`: open before closed, then priority, then due date; ties keep the order as written.
    public static let defaultOrder: [SortKey] = [SortKey(.status), SortKey(.priority), SortKey(.due)]

    /// Whether the key is a tag key (`size`, `est`), whose values are compared by what they all are.
    package var isTagKey: Bool {
        if case .tag = field { return true }
        return false
    }

    public var description: String {
        let name: String
        switch field {
        case .status: name = "status"
        case .priority: name = "priority"
        case .due: name = "due"
        case .threshold: name = "t"
        case .created: name = "created"
        case .completed: name = "completed"
        case .text: name = "text"
        case .project: name = "project"
        case .context: name = "context"
        case .tag(let key): name = key
        }
        return (isDescending ? "-" : "") + name
    }

    /// Reads a comma list such as `status,-created,due`.
    public static func parseOrder(_ text: String) throws(SortKeyError) -> [SortKey] {
        var keys: [SortKey] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            var name = Substring(part)
            let descending = name.first == "-"
            if descending || name.first == "+" { name = name.dropFirst() }
            // A second sign (`--due`) is a typo, not a tag key.
            guard !name.isEmpty, name.first != "-", name.first != "+", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else {
                throw SortKeyError(key: String(part))
            }
            let field: Field
            // Names are exact, as tag keys are everywhere: `DUE` is the tag `DUE:`, not the due date.
            switch name {
            case "status": field = .status
            case "priority", "pri": field = .priority
            case "due": field = .due
            case "t", "threshold": field = .threshold
            case "created", "creation": field = .created
            case "completed", "completion": field = .completed
            case "text": field = .text
            case "project": field = .project
            case "context": field = .context
            default: field = .tag(String(name))
            }
            keys.append(SortKey(field, descending: descending))
        }
        return keys
    }

    /// The tag keys among `keys` that no task of `document` has. Such a key changes nothing, and is often a
    /// misspelt field name (`priorty`). Empty when every tag key is used, or the document has no tasks.
    package static func unusedTagKeys(_ keys: [SortKey], in document: Document) -> [String] {
        guard !document.tasks.isEmpty else { return [] }
        var unused: [String] = []
        for key in keys {
            guard case .tag(let name) = key.field, !unused.contains(name) else { continue }
            if !document.tasks.contains(where: { $0.body.tag(name) != nil }) { unused.append(name) }
        }
        return unused
    }

    /// The named keys, for help and completion.
    package static let fieldNames = ["status", "priority", "due", "t", "created", "completed", "text", "project", "context"]
}

/// A sort key list that could not be read.
public struct SortKeyError: Error, Sendable, CustomStringConvertible {
    /// The sort key that is not one.
    public var key: String
    public var description: String { "invalid sort key '\(key)'" }
}
