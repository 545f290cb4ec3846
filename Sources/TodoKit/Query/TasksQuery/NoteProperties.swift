/// A note's properties, as Obsidian reads them from its YAML front matter, for the queries that use them: the
/// Tasks plugin's Query File Defaults (`TQ_short_mode: true`, `TQ_extra_instructions: |` …) and the placeholders
/// `{{query.file.property('name')}}` and `{{query.file.hasProperty('name')}}`.
///
/// The YAML read is what properties hold: `key: value` (text, a number, `true`/`false`, `null` or nothing), a
/// list as `[a, b]` or as `- item` lines below its key, and a block of text after `|` or `>`. Keys are found
/// whatever their case, as the plugin finds them.
public struct NoteProperties: Hashable, Sendable {
    /// A property's value.
    public enum Value: Hashable, Sendable {
        case text(String)
        case number(String)
        case bool(Bool)
        case null
        case list([Value])

        /// The value as JavaScript writes it into a text (`${value}`): a list's items joined by `,`.
        var javaScriptText: String {
            switch self {
            case .text(let text), .number(let text): return text
            case .bool(let value): return value ? "true" : "false"
            case .null: return "null"
            case .list(let items): return items.filter { $0 != .null }.map(\.javaScriptText).joined(separator: ",")
            }
        }

        /// Whether JavaScript reads the value as true.
        var isTruthy: Bool {
            switch self {
            case .text(let text): return !text.isEmpty
            case .number(let text): return Double(text).map { $0 != 0 } ?? true
            case .bool(let value): return value
            case .null: return false
            case .list: return true
            }
        }
    }

    /// The properties in the order written.
    public private(set) var entries: [(key: String, value: Value)] = []

    public static func == (lhs: NoteProperties, rhs: NoteProperties) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }

    /// No properties.
    public init() {}

    /// The properties of `document`'s front matter; none when it has no front matter.
    public init(of document: Document) {
        guard document.format == .markdown, let end = MarkdownParser.frontMatterEnd(of: document.lines) else {
            self.init()
            return
        }
        self.init(yaml: (1..<end).map { String(document.lines.text($0)) })
    }

    /// The properties of the front matter's lines (without its `---` lines).
    init(yaml lines: [String]) {
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard let first = line.first, first != " ", first != "\t", first != "#", let colon = line.firstIndex(of: ":") else { continue }
            let key = Self.unquoted(line[..<colon].trimmingWhitespace())
            let rest = line[line.index(after: colon)...].trimmingWhitespace()
            // The lines below the key indented more than it, or list items: a block of text or a list.
            var below: [String] = []
            while index < lines.count, lines[index].first.map({ $0 == " " || $0 == "\t" || $0 == "-" }) ?? true {
                below.append(lines[index])
                index += 1
            }
            while below.last?.trimmingWhitespace().isEmpty == true { below.removeLast() }
            let value: Value
            if rest.hasPrefix("|") || rest.hasPrefix(">") {
                let indent = below.first { !$0.trimmingWhitespace().isEmpty }.map { $0.prefix { $0 == " " || $0 == "\t" }.count } ?? 0
                let texts = below.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " || $0 == "\t" }.count))) }
                value = .text(texts.joined(separator: rest.hasPrefix(">") ? " " : "\n") + (rest.hasSuffix("-") ? "" : "\n"))
            } else if rest.isEmpty, !below.isEmpty {
                value = .list(below.compactMap { item in
                    let text = item.trimmingWhitespace()
                    guard text.hasPrefix("-") else { return nil }
                    return Self.scalar(text.dropFirst().trimmingWhitespace())
                })
            } else if rest.hasPrefix("["), rest.hasSuffix("]") {
                value = .list(rest.dropFirst().dropLast().split(separator: ",").map { Self.scalar($0.trimmingWhitespace()) })
            } else {
                value = Self.scalar(rest)
            }
            entries.append((key, value))
        }
    }

    /// The value of the property named `key`, whatever its case; nil when the note has none.
    public func value(_ key: String) -> Value? {
        let key = key.lowercased()
        return entries.first { $0.key.lowercased() == key }?.value
    }

    /// Whether the note has the property `key` with a value, as the plugin's `hasProperty` says.
    func has(_ key: String) -> Bool {
        guard let value = value(key) else { return false }
        return value != .null
    }

    /// A value written on the key's line.
    private static func scalar(_ text: String) -> Value {
        switch text {
        case "", "null", "~": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default:
            if text.first == "\"" || text.first == "'" { return .text(unquoted(text)) }
            if Double(text) != nil { return .number(text) }
            // A comment after the value.
            if let hash = text.firstRange(of: " #") { return scalar(String(text[..<hash.lowerBound]).trimmingWhitespace()) }
            return .text(text)
        }
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// The instructions the Tasks plugin's Query File Defaults make of the properties, in its order: `TQ_explain`,
    /// `TQ_short_mode`, `TQ_show_…` (show or hide), then `TQ_extra_instructions` as written.
    package var queryFileDefaults: [String] {
        var instructions: [String] = []
        for (name, instruction) in Self.defaults {
            guard let value = value(name), value != .null else { continue }
            switch instruction {
            case .explain: if value.isTruthy { instructions.append("explain") }
            case .shortMode: instructions.append(value.isTruthy ? "short mode" : "full mode")
            case .show(let element): instructions.append((value.isTruthy ? "show " : "hide ") + element)
            case .extra: if case .text(let text) = value { instructions += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            }
        }
        return instructions
    }

    private enum DefaultInstruction {
        case explain, shortMode, extra
        case show(String)
    }

    /// The plugin's Query File Defaults properties, in the order it reads them.
    private static let defaults: [(String, DefaultInstruction)] = [
        ("TQ_show_toolbar", .show("toolbar")), ("TQ_explain", .explain), ("TQ_short_mode", .shortMode),
        ("TQ_show_tree", .show("tree")), ("TQ_show_tags", .show("tags")), ("TQ_show_id", .show("id")),
        ("TQ_show_depends_on", .show("depends on")), ("TQ_show_priority", .show("priority")),
        ("TQ_show_recurrence_rule", .show("recurrence rule")), ("TQ_show_on_completion", .show("on completion")),
        ("TQ_show_created_date", .show("created date")), ("TQ_show_start_date", .show("start date")),
        ("TQ_show_scheduled_date", .show("scheduled date")), ("TQ_show_due_date", .show("due date")),
        ("TQ_show_cancelled_date", .show("cancelled date")), ("TQ_show_done_date", .show("done date")),
        ("TQ_show_urgency", .show("urgency")), ("TQ_show_backlink", .show("backlink")),
        ("TQ_show_edit_button", .show("edit button")), ("TQ_show_postpone_button", .show("postpone button")),
        ("TQ_show_task_count", .show("task count")), ("TQ_extra_instructions", .extra),
    ]
}
