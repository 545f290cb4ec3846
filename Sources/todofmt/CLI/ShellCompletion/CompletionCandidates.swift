import TodoKit

/// The values a shell offers for one word, read from the todo file in effect: what `todofmt __complete`
/// prints for the completion scripts.
///
/// Every kind filters its candidates by the word typed so far (`prefix`), ignoring case, and leaves the final
/// matching to the shell. A candidate is the whole word the shell should insert: `due:tomorrow` for the prefix
/// `due:to`, `list:Work/Q4` for `list:W`.
enum CompletionCandidates {
    /// What to complete.
    enum Kind: String, CaseIterable, Sendable {
        /// `+project` names used in the file.
        case projects
        /// `@context` names used in the file.
        case contexts
        /// Heading paths (`Work/Q4`) and heading titles (`Q4`): the lists of a Markdown file.
        case lists
        /// `key:` for the tag keys used in the file and the ones todofmt knows (`due:`, `t:`, `rec:`, `est:`).
        case tags
        /// The tag keys of `tags` without their colon (what `todofmt tag ADDR KEY` takes).
        case tagKeys = "tag-keys"
        /// A comma list of sort keys: the named keys and the file's tag keys, after the last comma (a `-`
        /// kept), leaving out the keys the list has already.
        case sortKeys = "sort-keys"
        /// The date words `DateExpression` reads: `today`, `tomorrow`, weekdays.
        case dates
        /// The line number of every task, described by the task's text.
        case addresses
        /// The same, for open and in-progress tasks only.
        case openAddresses = "open-addresses"
        /// The same, for done and cancelled tasks only.
        case closedAddresses = "closed-addresses"

        /// Whether the candidates are task line numbers.
        var isAddress: Bool { self == .addresses || self == .openAddresses || self == .closedAddresses }
        /// A word of a filter or a new task's text: `+project`, `@context`, `list:NAME`, `key:` or, after
        /// `due:` or `t:`, a date word; chosen by what the word starts with. A leading `-` (negation) or
        /// `(` (grouping) is kept.
        case terms
    }

    /// One value to offer, with what the shell may show beside it.
    struct Candidate: Equatable, Sendable {
        var value: String
        var description: String?

        init(_ value: String, _ description: String? = nil) {
            self.value = value
            self.description = description
        }

        /// `value<TAB>description`, or the value alone: the line `todofmt __complete` prints.
        var line: String {
            guard let description, !description.isEmpty else { return value }
            return value + "\t" + description
        }
    }

    /// Tag keys whose values are dates: after them, `terms` offers date words.
    static let dateKeys = ["due", "t"]
    /// Tag keys offered whether or not the file uses them, with what they mean.
    static let knownTags: [(key: String, meaning: String)] = [
        ("due", "due date"), ("t", "threshold: hidden until this date"), ("rec", "recurrence, e.g. 1w or +1m"),
        ("est", "estimate, e.g. 30m or 2h"),
    ]
    /// Descriptions longer than this are cut, so a listing stays one line a task.
    static let descriptionLimit = 72

    /// The candidates of `kind` that start with `prefix`. `document` is asked for only when the kind needs
    /// the file; nil (no file, or one that cannot be read) gives only what needs no file.
    static func candidates(_ kind: Kind, prefix: String, document: () -> Document?) -> [Candidate] {
        switch kind {
        case .projects: return document().map { projects(in: $0, prefix: prefix) } ?? []
        case .contexts: return document().map { contexts(in: $0, prefix: prefix) } ?? []
        case .lists: return document().map { lists(in: $0, prefix: prefix) } ?? []
        case .tags: return tags(in: document(), prefix: prefix)
        case .tagKeys:
            return tags(in: document(), prefix: prefix).map { Candidate(String($0.value.dropLast()), $0.description) }
        case .sortKeys: return sortKeys(prefix: prefix, document: document)
        case .dates: return dates(prefix: prefix)
        case .addresses: return document().map { addresses(in: $0, prefix: prefix) } ?? []
        case .openAddresses: return document().map { addresses(in: $0, prefix: prefix) { $0.isOpen } } ?? []
        case .closedAddresses: return document().map { addresses(in: $0, prefix: prefix) { !$0.isOpen } } ?? []
        case .terms: return terms(prefix: prefix, document: document)
        }
    }

    static func projects(in document: Document, prefix: String) -> [Candidate] {
        names(.project, in: document, sigil: "+", prefix: prefix)
    }

    static func contexts(in document: Document, prefix: String) -> [Candidate] {
        names(.context, in: document, sigil: "@", prefix: prefix)
    }

    private static func names(_ kind: Token.Kind, in document: Document, sigil: String, prefix: String) -> [Candidate] {
        names(NameUsage.names(kind, in: document), kind, prefix: prefix)
    }

    /// `+name` (or `@name`, for `kind` `.context`) for each name, in order of first use, described by how many
    /// open tasks carry it.
    static func names(_ names: [(name: String, openTasks: Int)], _ kind: Token.Kind, prefix: String) -> [Candidate] {
        let sigil = kind == .project ? "+" : "@"
        return names.map { Candidate(sigil + $0.name, countPhrase($0.openTasks, "open task")) }.filter { startsWith($0.value, prefix) }
    }

    /// Each list's path and title, described by how many open tasks it holds itself (its sub-lists' aside),
    /// as `lslists` counts them.
    static func lists(in document: Document, prefix: String) -> [Candidate] {
        let open = document.tasks.indices.filter { document.tasks[$0].isOpen }
        var counts: [String: Int] = [:]
        for list in ListCount.lists(of: open, in: document) { counts[list.path, default: 0] += list.count }
        var seen = Set<String>()
        var result: [Candidate] = []
        for heading in document.headings where !heading.title.isEmpty {
            let path = heading.path.joined(separator: "/")
            let description = countPhrase(counts[path] ?? 0, "open task")
            for value in [path, heading.title] where seen.insert(value).inserted && startsWith(value, prefix) {
                result.append(Candidate(value, description))
            }
        }
        return result
    }

    static func tags(in document: Document?, prefix: String) -> [Candidate] {
        tags(keys: tags(of: document?.tasks ?? []).map(\.key), prefix: prefix)
    }

    /// The tag keys with a meaning, then `keys` (those a file uses, in order), each once, as `key:`.
    static func tags(keys: [String], prefix: String) -> [Candidate] {
        var result: [Candidate] = []
        var seen = Set<String>()
        for (key, meaning) in knownTags {
            seen.insert(key)
            result.append(Candidate(key + ":", meaning))
        }
        for key in keys where seen.insert(key).inserted {
            result.append(Candidate(key + ":", "tag"))
        }
        return result.filter { startsWith($0.value, prefix) }
    }

    /// What each named sort key orders by.
    static let sortKeyMeanings = [
        "status": "open before done", "priority": "(A) first", "due": "earliest due date first",
        "t": "earliest start date first", "created": "oldest first", "completed": "earliest completion first",
        "text": "by description", "project": "by first project", "context": "by first context",
    ]

    static func sortKeys(prefix: String, document: () -> Document?) -> [Candidate] {
        let last = prefix.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        var head = String(prefix.dropLast(last.count))
        let given = Set(((try? SortKey.parseOrder(String(head.dropLast()))) ?? []).map(\.field))
        var typed = Substring(last)
        if typed.first == "-" || typed.first == "+" {
            head += String(typed.first!)
            typed = typed.dropFirst()
        }
        var result: [Candidate] = []
        var offered = given
        var keys = SortKey.fieldNames.map { ($0, sortKeyMeanings[$0] ?? "") }
        for task in document()?.tasks ?? [] { keys += task.tags.map { ($0.key, "tag") } }
        for (key, meaning) in keys {
            guard let field = (try? SortKey.parseOrder(key))?.first?.field, offered.insert(field).inserted,
                  startsWith(key, String(typed)) else { continue }
            result.append(Candidate(head + key, meaning))
        }
        return result
    }

    /// The words `status:` takes.
    static let statusWords = ["open", "in-progress", "done", "cancelled", "closed"]

    static func dates(prefix: String) -> [Candidate] {
        DateExpression.words.filter { startsWith($0, prefix) }.map { Candidate($0) }
    }

    static func addresses(in document: Document, prefix: String, where wanted: (TodoTask) -> Bool = { _ in true }) -> [Candidate] {
        document.tasks.compactMap { task in
            let number = String(task.line)
            guard number.hasPrefix(prefix), wanted(task) else { return nil }
            var text = task.text
            if let priority = task.priority { text = "(\(priority)) " + text }
            if task.status != .open { text = "(\(task.status.rawValue)) " + text }
            return Candidate(number, shortened(text))
        }
    }

    static func terms(prefix: String, document: () -> Document?) -> [Candidate] {
        // A negated or grouped term, `-@waiting` or `(+house`: the term after the `-` or `(`, which stays.
        if let first = prefix.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "(") {
            let rest = String(prefix.dropFirst())
            if first == UInt8(ascii: "-"), rest.isEmpty || rest.hasPrefix("-") { return [] }
            return terms(prefix: rest, document: document).map { Candidate(String(prefix.prefix(1)) + $0.value, $0.description) }
        }
        if prefix.hasPrefix("+") { return candidates(.projects, prefix: prefix, document: document) }
        if prefix.hasPrefix("@") { return candidates(.contexts, prefix: prefix, document: document) }
        if let colon = prefix.firstIndex(of: ":") {
            let key = String(prefix[..<colon])
            var value = prefix[prefix.index(after: colon)...]
            if key == "list" {
                return candidates(.lists, prefix: String(value), document: document)
                    .map { Candidate("list:" + $0.value, $0.description) }
            }
            // A filter may compare: `due:<today`, `t:>=monday`, `status:!done`.
            let comparison = value.prefix { "<>=!".contains($0) }
            value = value.dropFirst(comparison.count)
            let head = key + ":" + comparison
            if dateKeys.contains(key) {
                return dates(prefix: String(value)).map { Candidate(head + $0.value) }
            }
            if key == "status" {
                return statusWords.filter { startsWith($0, String(value)) }.map { Candidate(head + $0) }
            }
            if key == "is" {
                return ["overdue"].filter { startsWith($0, String(value)) }.map { Candidate(head + $0) }
            }
            if key == "pri" {
                return (CompletionModel.priorityLetters + ["none", "any"]).filter { startsWith($0, String(value)) }.map { Candidate(head + $0) }
            }
            return values(of: key, in: document(), prefix: String(value)).map { Candidate(head + $0) }
        }
        var result: [Candidate] = []
        if prefix.isEmpty, let document = document() {
            result += projects(in: document, prefix: "")
            result += contexts(in: document, prefix: "")
        }
        result += tags(in: document(), prefix: prefix)
        if startsWith("list:", prefix) { result.append(Candidate("list:", "tasks under a heading")) }
        if !prefix.isEmpty, startsWith("path:", prefix) { result.append(Candidate("path:", "tasks of the notes whose path holds a text")) }
        if !prefix.isEmpty, startsWith("is:overdue", prefix) { result.append(Candidate("is:overdue", "open tasks whose due date or time has passed")) }
        return result
    }

    /// The values a tag key has in the file, each once, in order of first use.
    static func values(of key: String, in document: Document?, prefix: String) -> [String] {
        tags(of: document?.tasks ?? []).first { $0.key == key }?.values.filter { startsWith($0, prefix) } ?? []
    }

    /// The todo.txt tags of `tasks`: each key once, in order of first use, with its values each once, in order.
    static func tags(of tasks: [TodoTask]) -> [(key: String, values: [String])] {
        var result: [(key: String, values: [String])] = []
        var slot: [String: Int] = [:]
        var seen = Set<[String]>()
        for task in tasks {
            for tag in task.tags {
                let k = slot[tag.key] ?? {
                    slot[tag.key] = result.count
                    result.append((tag.key, []))
                    return result.count - 1
                }()
                if seen.insert([tag.key, tag.value]).inserted { result[k].values.append(tag.value) }
            }
        }
        return result
    }

    /// Whether `text` starts with `prefix`, ignoring ASCII case.
    static func startsWith(_ text: String, _ prefix: String) -> Bool {
        var textBytes = text.utf8.makeIterator()
        for p in prefix.utf8 {
            guard let t = textBytes.next(), lowercasedASCII(t) == lowercasedASCII(p) else { return false }
        }
        return true
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    private static func countPhrase(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// One line of text: tabs and line breaks become spaces, and a long text is cut with `…`.
    static func shortened(_ text: String) -> String {
        if text.utf8.count <= descriptionLimit, !text.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 13 }) {
            return text
        }
        var result = ""
        var count = 0
        for character in text {
            if count == descriptionLimit {
                result.append("…")
                break
            }
            result.append(character == "\t" || character.isNewline ? " " : character)
            count += 1
        }
        return result
    }
}
