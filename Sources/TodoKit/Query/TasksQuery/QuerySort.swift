/// `sort by due`, `sort by priority reverse`, `sort by tag 2`: one key of a query's order, as the plugin sorts.
///
/// Dates sort invalid dates first, then by day, then tasks without the date; `reverse` turns the whole order
/// round (tasks without the date first), as in the plugin. Texts sort as `NaturalText` does. After the query's
/// own keys come the plugin's defaults (`status.type`, `urgency`, `due`, `priority`, `path`), then the order
/// the tasks were read in.
struct QuerySort: Hashable, Sendable, CustomStringConvertible {
    enum Field: String, Hashable, Sendable, CaseIterable {
        case status
        case statusType = "status.type"
        case statusName = "status.name"
        case urgency, due, done, scheduled, start, created, cancelled, happens, description, priority, recurring
        case tag, path, filename, heading, id, random
    }

    var field: Field
    /// For `sort by tag N`: which tag, from 1.
    var tagNumber = 1
    var isReversed = false

    /// The order the plugin appends to every query's own.
    static let defaults: [QuerySort] = [QuerySort(field: .statusType), QuerySort(field: .urgency), QuerySort(field: .due),
                                        QuerySort(field: .priority), QuerySort(field: .path)]

    /// Reads `sort by FIELD [reverse]` (and `sort by tag [reverse] [N]`) as the plugin does: the field's name
    /// may start a longer word and what follows the instruction is ignored (`sort by due date` sorts by due,
    /// `sort by priority sort by due` by priority alone), each with a warning.
    static func read(_ reader: inout QueryReader, warnings: inout [QueryError]) throws(QueryError) -> QuerySort? {
        guard reader.read("sort by") else { return nil }
        try reader.refuseFunction(after: "sort by", advice: "sort by a field instead")
        let field = try reader.read(Field.self, after: "sort by", wholeWord: false)
        var sort = QuerySort(field: field)
        sort.isReversed = reader.read("reverse", wholeWord: false)
        if field == .tag, let (word, offset) = reader.nextWord, let digits = Optional(word.prefix { $0.isASCIIDigit }), !digits.isEmpty {
            guard let number = Int(digits), number >= 1, number <= 1000 else {
                throw QueryError("'sort by tag' takes a tag number from 1", at: offset, length: word.count)
            }
            sort.tagNumber = number
            _ = reader.read(String(digits), wholeWord: false)
        }
        reader.ignoreRest(after: sort, warnings: &warnings)
        return sort
    }

    /// `sort by tag reverse 2`.
    var description: String {
        "sort by \(field.rawValue)" + (isReversed ? " reverse" : "") + (field == .tag && tagNumber != 1 ? " \(tagNumber)" : "")
    }

    /// The key's value for each task: a smaller value sorts first.
    func values(_ tasks: [QueryTask], today: CalendarDate) -> [Int] {
        var values: [Int]
        switch field {
        case .status: values = tasks.map { $0.status.kind.isDone ? 1 : 0 }
        case .statusType: values = tasks.map(\.status.kind.rawValue)
        case .statusName: values = QuerySort.naturalRanks(tasks.map { $0.status.name })
        case .urgency: values = tasks.map { -Urgency($0, today: today).units }
        case .due, .done, .scheduled, .start, .created, .cancelled:
            let field = QueryDateField(rawValue: self.field.rawValue)!
            values = SortColumn.ranks(tasks.map { DateKey($0.date(field)) })
        case .happens: values = SortColumn.ranks(tasks.map { DateKey($0.happens.map(QueryDate.valid)) })
        case .description: values = SortColumn.ranks(tasks.map { NaturalText(QuerySort.visibleDescription($0.descriptionWithoutGlobalFilter)) })
        case .priority: values = tasks.map(\.priority.rawValue)
        case .recurring: values = tasks.map { $0.isRecurring ? 0 : 1 }
        case .tag:
            // Tasks without the tag come after those with it.
            let tags = SortColumn.ranks(tasks.map { task in
                task.tags.count >= tagNumber ? NaturalText(task.tags[tagNumber - 1]) : nil
            })
            let last = (tags.filter { $0 != SortColumn.missing }.max() ?? -1) + 1
            values = tags.map { $0 == SortColumn.missing ? last : $0 }
        case .path: values = QuerySort.naturalRanks(tasks.map(\.path))
        case .filename: values = QuerySort.naturalRanks(tasks.map(\.filename))
        case .heading: values = QuerySort.naturalRanks(tasks.map { $0.heading ?? "" })
        case .id: values = SortColumn.ranks(tasks.map { NaturalText($0.id ?? "") })
        case .random: values = tasks.map { QuerySort.randomKey($0.description, today: today) }
        }
        if isReversed { values = values.map { -$0 } }
        return values
    }

    /// The ranks of `texts` in the plugin's order (`SortColumn.ranks` of their `NaturalText`s), each text made a
    /// `NaturalText` and sorted once however many tasks share it: a note's tasks share its path, file name and
    /// headings. Texts are the same when their bytes are: canonically equivalent texts may collate apart.
    private static func naturalRanks(_ texts: [String]) -> [Int] {
        var distinct: [[UInt8]: Int] = [:]
        var keys: [NaturalText?] = []
        let indexes = texts.map { text in
            let bytes = Array(text.utf8)
            if let known = distinct[bytes] { return known }
            distinct[bytes] = keys.count
            keys.append(NaturalText(text))
            return keys.count - 1
        }
        let ranks = SortColumn.ranks(keys)
        return indexes.map { ranks[$0] }
    }

    /// A date field's value in sort order: invalid dates first, then by day, then no date.
    private struct DateKey: Comparable {
        let rank: Int

        init(_ date: QueryDate?) {
            switch date {
            case .invalid?: rank = Int.min
            case .valid(let day)?: rank = day.dayNumber
            case nil: rank = Int.max
            }
        }

        static func < (lhs: DateKey, rhs: DateKey) -> Bool { lhs.rank < rhs.rank }
    }

    /// The description as Obsidian shows it, for sorting: a leading link's shown text (`[[page|shown]]`) and
    /// the text inside leading `**`, `*`, `==`, `__` or `_` marks.
    static func visibleDescription(_ description: String) -> String {
        var text = Substring(description)
        if text.hasPrefix("[") {
            let isWiki = text.hasPrefix("[[")
            let inner = text.dropFirst(isWiki ? 2 : 1)
            if let close = inner.firstIndex(of: "]") {
                let link = inner[..<close]
                let shown = link.lastIndex(of: "|").map { link[link.index(after: $0)...] } ?? link
                var rest = inner[inner.index(after: close)...]
                if isWiki, rest.hasPrefix("]") { rest = rest.dropFirst() }
                text = Substring(String(shown) + rest)
            }
        }
        for mark in ["**", "*", "==", "__", "_"] where text.hasPrefix(mark) {
            let inner = text.dropFirst(mark.count)
            guard let end = inner.firstRange(of: mark), end.lowerBound != inner.startIndex else { continue }
            text = Substring(String(inner[..<end.lowerBound]) + inner[end.upperBound...])
            break
        }
        return String(text)
    }

    /// The plugin's random order: a small hash of the day and the description, the same all day.
    static func randomKey(_ description: String, today: CalendarDate) -> Int {
        var hash: Int32 = 9
        for unit in "\(today) \(description)".utf16 {
            hash = (hash ^ Int32(unit)) &* 387_420_489
        }
        return Int(hash ^ Int32(bitPattern: UInt32(bitPattern: hash) >> 9))
    }
}
