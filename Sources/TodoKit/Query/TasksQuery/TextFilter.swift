/// A search of one of a task's texts: `description includes milk`, `path does not include Archive`,
/// `tags include #home`, `heading regex matches /^Q4/i`.
///
/// `includes` finds the text anywhere, ignoring case (tags: in any one tag, `#` included, so `#home` does not
/// find `#area/home` while `home` does). `regex matches` takes a JavaScript-style `/pattern/flags`, as the
/// plugin does, read by Swift's regular expressions (flags `i`, `m` and `s` count; `g`, `u` and `y` change
/// nothing in a test). A task without the text (no heading, no recurrence) includes nothing, so `does not
/// include` and `regex does not match` match it.
struct TextFilter: Hashable, Sendable {
    enum Field: String, Hashable, Sendable, CaseIterable {
        case description, path, heading, filename, folder, root, recurrence, id
        case statusName = "status.name"
        case tags

        /// The words a filter may name the field by.
        var words: [String] { self == .tags ? ["tags", "tag"] : [rawValue] }

        func values(of task: QueryTask) -> [String] {
            switch self {
            case .description: return [task.descriptionWithoutGlobalFilter]
            case .path: return [task.path]
            case .heading: return task.heading.map { [$0] } ?? []
            case .filename: return [task.filename]
            case .folder: return [task.folder]
            case .root: return [task.root]
            case .recurrence: return task.recurrence.map { [$0] } ?? []
            case .id: return task.id.map { [$0] } ?? []
            case .statusName: return [task.status.name]
            case .tags: return task.tags
            }
        }
    }

    enum Matcher: Hashable, Sendable {
        /// Found anywhere, ignoring case; the needle is kept lowercased.
        case includes(String)
        /// A regular expression and its flags, as written between and after the slashes.
        case regex(pattern: String, flags: String)
    }

    var field: Field
    /// The word the instruction named the field by (`tag` or `tags`), for `explain`.
    var fieldWord: String
    /// The operator as the plugin spells it, for `explain`.
    var operation: String
    var matcher: Matcher
    var isNegated: Bool

    static func read(_ reader: inout QueryReader) throws(QueryError) -> TextFilter? {
        var probe = reader
        var found: (Field, String)?
        for field in Field.allCases {
            if let word = field.words.first(where: { probe.read($0) }) {
                found = (field, word)
                break
            }
        }
        guard let (field, word) = found else { return nil }
        let negatable = field == .tags ? ["includes", "include", "does not include", "do not include"]
            : ["includes", "does not include"]
        let operations = ["regex does not match", "regex matches"] + negatable.sorted { $0.count > $1.count }
        guard let operation = probe.read(anyOf: operations) else {
            // `tags` alone, `id` with an unknown operator: not a text search (`has tags` and the like are read
            // elsewhere), but a field word followed by something else is a mistake worth naming.
            guard let next = probe.nextWord else { return nil }
            throw QueryError("'\(word)' takes " + negatable.filter { !$0.hasPrefix("do ") && $0 != "include" }
                                .map { "'\($0)'" }.joined(separator: ", ") + ", 'regex matches' or 'regex does not match', not '\(next.text)'",
                             at: next.offset, length: next.text.count)
        }
        reader = probe
        let isNegated = operation.contains(" not ")
        let (text, offset) = operation.hasPrefix("regex") ? reader.readRest() : reader.readRestAfterSpace()
        guard !text.trimmingWhitespace().isEmpty else {
            throw QueryError("'\(word) \(operation)' needs \(operation.hasPrefix("regex") ? "a /pattern/" : "text to look for")", at: offset)
        }
        guard operation.hasPrefix("regex") else {
            return TextFilter(field: field, fieldWord: word, operation: operation, matcher: .includes(text.lowercased()),
                              isNegated: isNegated)
        }
        let (pattern, flags) = try regex(text, at: offset)
        return TextFilter(field: field, fieldWord: word, operation: operation,
                          matcher: .regex(pattern: pattern, flags: flags), isNegated: isNegated)
    }

    /// `/pattern/flags`: the pattern and its flags, checked to compile.
    private static func regex(_ text: String, at offset: Int) throws(QueryError) -> (String, String) {
        guard text.count >= 2, text.first == "/", let close = text.lastIndex(of: "/"), close != text.startIndex else {
            throw QueryError("a regular expression is written between slashes, as /pattern/ or /pattern/i", at: offset, length: text.count)
        }
        let pattern = String(text[text.index(after: text.startIndex)..<close])
        let flags = String(text[text.index(after: close)...])
        if let bad = flags.first(where: { !"dgimsuvy".contains($0) }) {
            throw QueryError("unknown regular expression flag '\(bad)' (use i, m or s)", at: offset + text.count - flags.count,
                             length: flags.count)
        }
        do { _ = try TextFilter.compile(pattern, flags: flags) } catch {
            throw QueryError("invalid regular expression /\(pattern)/: \(error)", at: offset, length: text.count)
        }
        return (pattern, flags)
    }

    static func compile(_ pattern: String, flags: String) throws -> Regex<AnyRegexOutput> {
        var regex = try Regex(pattern)
        if flags.contains("i") { regex = regex.ignoresCase() }
        if flags.contains("m") { regex = regex.anchorsMatchLineEndings() }
        if flags.contains("s") { regex = regex.dotMatchesNewlines() }
        return regex
    }

    /// A test of a task, with the regular expression compiled once.
    func test() -> (QueryTask) -> Bool {
        let found: (String) -> Bool
        switch matcher {
        case .includes(let needle):
            found = { $0.lowercased().contains(needle) }
        case .regex(let pattern, let flags):
            // Checked to compile when read.
            guard let regex = try? TextFilter.compile(pattern, flags: flags) else { return { _ in false } }
            found = { $0.contains(regex) }
        }
        let field = field, isNegated = isNegated
        return { task in field.values(of: task).contains(where: found) != isNegated }
    }

    /// What `explain` says beyond the instruction: for a regular expression, the pattern as it is used.
    var detail: [String]? {
        guard case .regex(let pattern, let flags) = matcher else { return nil }
        // The pattern lines up under the one written in the instruction, two columns to the right.
        let padding = String(repeating: " ", count: max(1, fieldWord.count + operation.count + 2 - 14))
        let sortedFlags = String(flags.sorted())
        let flagText = flags.isEmpty ? "with no flags" : "with flag\(flags.count > 1 ? "s" : "") '\(sortedFlags)'"
        return ["using regex:\(padding)'\(TextFilter.escapingSlashes(pattern))' \(flagText)"]
    }

    /// The pattern as JavaScript's `RegExp.source` gives it: each `/` not already escaped gets a `\`.
    static func escapingSlashes(_ pattern: String) -> String {
        var result = ""
        var escaped = false
        for character in pattern {
            if character == "/", !escaped { result.append("\\") }
            result.append(character)
            escaped = character == "\\" && !escaped
        }
        return result
    }
}
