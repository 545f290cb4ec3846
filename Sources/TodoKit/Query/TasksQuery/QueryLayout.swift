/// What a query's results show: `hide due date`, `show urgency`, `hide backlink`, `short mode`, … (the
/// plugin's Layout instructions). Everything is shown but the tree, the urgency and the group counts.
package struct QueryLayout: Hashable, Sendable {
    /// The parts of a result that `hide` and `show` name.
    package enum Element: String, Hashable, Sendable, CaseIterable {
        // The task's fields.
        case id
        case dependsOn = "depends on"
        case priority
        case cancelledDate = "cancelled date"
        case createdDate = "created date"
        case startDate = "start date"
        case scheduledDate = "scheduled date"
        case dueDate = "due date"
        case doneDate = "done date"
        case recurrenceRule = "recurrence rule"
        case onCompletion = "on completion"
        case tags
        // The result's parts.
        case backlink
        case urgency
        case taskCount = "task count"
        case groupCount = "group count"
        case tree
        case nestedBacklink = "nested backlink"
        // Buttons and the toolbar, which a list in a terminal has none of.
        case editButton = "edit button"
        case postponeButton = "postpone button"
        case toolbar

        /// The words `hide` and `show` take for it (`backlinks` too).
        var words: [String] { self == .backlink ? ["backlinks", "backlink"] : [rawValue] }
    }

    /// `hide X`, `show X`, `short mode`, `full mode`: one layout instruction.
    enum Option: Hashable, Sendable {
        case hide(Element)
        case show(Element)
        case shortMode(Bool)
        /// `view list`: results as a list, which they always are.
        case list

        static func read(_ reader: inout QueryReader, warnings: inout [QueryError]) throws(QueryError) -> Option? {
            // The plugin reads any line starting `short` or `full` as the mode.
            for (word, isShort) in [("short", true), ("full", false)] where reader.read(word, wholeWord: false) {
                if !reader.read("mode") { _ = reader.read("mode", wholeWord: false) }
                reader.ignoreRest(after: "\(word) mode", warnings: &warnings)
                return .shortMode(isShort)
            }
            if reader.readWhole("view list") { return .list }
            var probe = reader
            guard let verb = probe.read(anyOf: ["hide", "show"]) else { return nil }
            let offset = probe.nextOffset
            let longestFirst = Element.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
            if let element = longestFirst.first(where: { element in element.words.contains { probe.readWhole($0) } }) {
                reader = probe
                return verb == "hide" ? .hide(element) : .show(element)
            }
            // The plugin takes any text that starts with an element's name (`hide task counts`), the rest ignored.
            guard let element = longestFirst.first(where: { probe.read($0.rawValue, wholeWord: false) }) else {
                let (rest, _) = probe.readRest()
                throw QueryError("cannot \(verb) '\(rest)' (use " + Element.allCases.map(\.rawValue).joined(separator: ", ") + ")",
                                 at: offset, length: rest.count)
            }
            probe.ignoreRest(after: "\(verb) \(element.rawValue)", warnings: &warnings)
            reader = probe
            return verb == "hide" ? .hide(element) : .show(element)
        }
    }

    /// What is hidden: at first the urgency, the group counts and the tree.
    package private(set) var hidden: Set<Element> = [.urgency, .groupCount, .tree]
    /// Fields show only their emoji (or their `key:`), and the backlink only `🔗`.
    package private(set) var isShortMode = false

    /// The layout of a query without layout instructions.
    package init() {}

    /// Whether a result shows `element`.
    package func shows(_ element: Element) -> Bool { !hidden.contains(element) }

    mutating func apply(_ option: Option) {
        switch option {
        case .hide(let element): hidden.insert(element)
        case .show(let element): hidden.remove(element)
        case .shortMode(let isShort): isShortMode = isShort
        case .list: break
        }
    }
}
