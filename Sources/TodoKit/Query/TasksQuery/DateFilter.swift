/// A test of one of a task's dates: `due before tomorrow`, `starts in next week`, `happens on 2026-12-01`,
/// `has due date`, `no scheduled date`, `done date is invalid`.
///
/// As in the plugin: `before` a range is before its first day, `after` it after its last, `on`/`in` (or
/// nothing) within it; a task without the date never matches, except for `starts`, which a task without a
/// start date always matches; `happens` matches when any of the start, scheduled and due dates does.
struct DateFilter: Hashable, Sendable {
    enum Relation: String, Hashable, Sendable {
        case before, after
        case onOrBefore = "on or before"
        case onOrAfter = "on or after"
        /// `on`, `in` or nothing: within the range.
        case within = "on"
    }

    enum Test: Hashable, Sendable {
        case has
        case lacks
        case invalid
        case compare(Relation, DateRange)
    }

    var field: QueryDateField
    var test: Test

    /// The words a filter names each field by: `starts` for the start date.
    static let filterWords: [(String, QueryDateField)] = [
        ("due", .due), ("scheduled", .scheduled), ("starts", .start), ("done", .done), ("created", .created),
        ("cancelled", .cancelled), ("happens", .happens),
    ]

    static func read(_ reader: inout QueryReader, today: CalendarDate) throws(QueryError) -> DateFilter? {
        for (word, test) in [("has", Test.has), ("no", .lacks)] {
            var probe = reader
            guard probe.read(word), let field = QueryDateField.allCases.first(where: { probe.readWhole("\($0.rawValue) date") })
            else { continue }
            reader = probe
            return DateFilter(field: field, test: test)
        }
        for field in QueryDateField.allCases where field != .happens && reader.readWhole("\(field.rawValue) date is invalid") {
            return DateFilter(field: field, test: .invalid)
        }
        var probe = reader
        guard let (word, field) = filterWords.first(where: { probe.read($0.0) }) else { return nil }
        // `done` alone is the status filter.
        if field == .done, probe.isAtEnd { return nil }
        reader = probe
        let keyword = reader.read(anyOf: ["on or before", "on or after", "in or before", "in or after", "before", "after", "on", "in"])
        let (text, offset) = reader.readRest()
        guard !text.isEmpty else {
            throw QueryError("'\(word)\(keyword.map { " " + $0 } ?? "")' needs a date, such as today, next week or 2026-12-01",
                             at: offset)
        }
        var range = DatePhrase.range(text, today: today)
        // `in two weeks` is a date, not `in` followed by one.
        if range == nil, let keyword, let date = DatePhrase.date(keyword + " " + text, today: today) {
            range = DateRange(day: date)
        }
        guard let range else {
            throw QueryError("do not understand the date '\(text)' (use a date such as 2026-12-01, today, tomorrow, "
                             + "next monday, in two weeks, 14 days ago, or a range such as next week, 2026-W49, 2026-12)",
                             at: offset, length: text.count)
        }
        let relation: Relation
        switch keyword {
        case "before": relation = .before
        case "after": relation = .after
        case "on or before", "in or before": relation = .onOrBefore
        case "on or after", "in or after": relation = .onOrAfter
        default: relation = .within
        }
        return DateFilter(field: field, test: .compare(relation, range))
    }

    func matches(_ task: QueryTask) -> Bool {
        switch test {
        // As in the plugin, a date written that the calendar lacks counts as one here (`happens` too), though no
        // date test holds for it and `happens` sorts and groups by the valid ones alone.
        case .has:
            return field == .happens ? task.hasHappensDate : task.date(field) != nil
        case .lacks:
            return field == .happens ? !task.hasHappensDate : task.date(field) == nil
        case .invalid:
            return task.date(field) == .invalid
        case .compare(let relation, let range):
            func holds(_ date: CalendarDate) -> Bool {
                switch relation {
                case .before: return date < range.start
                case .after: return date > range.end
                case .onOrBefore: return date <= range.end
                case .onOrAfter: return date >= range.start
                case .within: return range.contains(date)
                }
            }
            if field == .happens { return task.happensDates.contains(where: holds) }
            switch task.date(field) {
            case .valid(let date)?: return holds(date)
            case .invalid?: return false
            case nil: return field == .start
            }
        }
    }

    /// What `explain` says the filter does, one entry per line (indented by two spaces for each level), or nil
    /// when the instruction says it all.
    var detail: [String]? {
        guard case .compare(let relation, let range) = test else { return nil }
        let name = field == .happens ? "due, start or scheduled" : field.rawValue
        let orMissing = field == .start ? " OR no \(name) date" : ""
        switch relation {
        case .before: return ["\(name) date is before \(DateFilter.explained(range.start))\(orMissing)"]
        case .after: return ["\(name) date is after \(DateFilter.explained(range.end))\(orMissing)"]
        case .onOrBefore: return ["\(name) date is on or before \(DateFilter.explained(range.end))\(orMissing)"]
        case .onOrAfter: return ["\(name) date is on or after \(DateFilter.explained(range.start))\(orMissing)"]
        case .within:
            if range.isOneDay { return ["\(name) date is on \(DateFilter.explained(range.start))\(orMissing)"] }
            return ["\(name) date is between:", "  \(DateFilter.explained(range.start)) and",
                    "  \(DateFilter.explained(range.end)) inclusive"] + (orMissing.isEmpty ? [] : ["  OR no \(name) date"])
        }
    }

    /// `2026-12-01 (Tuesday 1st December 2026)`.
    static func explained(_ date: CalendarDate) -> String {
        let day = date.day
        let suffix: String
        switch (day % 10, day / 10) {
        case (_, 1): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(date) (\(date.weekdayName) \(day)\(suffix) \(CalendarDate.monthNames[date.month - 1]) \(date.year))"
    }
}
