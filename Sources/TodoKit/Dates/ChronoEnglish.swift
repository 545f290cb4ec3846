/// The English date words of the chrono library, as the copy of it inside the Obsidian Tasks plugin reads them,
/// for query dates (`DatePhrase`): it finds dates anywhere in a text, passing over words it does not know, and
/// resolves each against `today` (the plugin's parsers take the current time; only whole days matter here).
///
/// Each parser reads at the start of a word; where several match, the longest wins, and the search goes on
/// after it, as chrono keeps the longer of overlapping results.
enum ChronoEnglish {
    /// The first `limit` dates in `text`, in the order they are written.
    static func dates(in text: String, today: CalendarDate, limit: Int) -> [CalendarDate] {
        let characters = Array(text.lowercased())
        var found: [CalendarDate] = []
        var index = 0
        while index < characters.count, found.count < limit {
            let atWordStart = index == 0 || !characters[index - 1].isLetterOrDigit
            if atWordStart, let (end, date) = longestMatch(characters, at: index, today: today) {
                if let date { found.append(date) }
                index = end
                // `X to Y` (`-`, `until`, `through`) is one result to chrono, of which the plugin takes X.
                var cursor = Cursor(text: characters, at: end)
                cursor.spaces()
                if cursor.read(anyOf: ["to", "-", "–", "until", "till", "through"]) != nil {
                    cursor.spaces()
                    if let (secondEnd, _) = longestMatch(characters, at: cursor.at, today: today) { index = secondEnd }
                }
            } else {
                index += 1
            }
        }
        return found
    }

    /// A parser: given the text and a start, the end of what it read and the date (nil for a date the calendar
    /// lacks, which chrono drops).
    private typealias Parser = @Sendable ([Character], Int, CalendarDate) -> (end: Int, date: CalendarDate?)?

    private static let parsers: [Parser] = [iso, yearMonthDay, slashed, casual, weekday, dayMonth, monthDay, monthAlone,
                                            timeUnitAgoOrLater, timeUnitWithin, casualRelative]

    private static func longestMatch(_ text: [Character], at start: Int, today: CalendarDate) -> (Int, CalendarDate?)? {
        var best: (Int, CalendarDate?)?
        for parser in parsers {
            guard let (end, date) = parser(text, start, today), endsWord(text, end) else { continue }
            if best == nil || end > best!.0 { best = (end, date) }
        }
        return best
    }

    private static func endsWord(_ text: [Character], _ end: Int) -> Bool {
        end >= text.count || !text[end].isLetterOrDigit
    }

    // MARK: Reading

    /// A cursor for one parser's attempt.
    private struct Cursor {
        let text: [Character]
        var at: Int

        var isAtEnd: Bool { at >= text.count }

        @discardableResult
        mutating func spaces(atMost: Int = .max) -> Int {
            var count = 0
            while at < text.count, text[at].isWhitespace, count < atMost {
                at += 1
                count += 1
            }
            return count
        }

        /// Reads `word` (which must end a word).
        mutating func read(_ word: String) -> Bool {
            let letters = Array(word)
            guard text[at...].starts(with: letters), ChronoEnglish.endsWord(text, at + letters.count) || !(letters.last!.isLetter)
            else { return false }
            at += letters.count
            return true
        }

        /// Reads the longest of `words` that comes next as a whole word.
        mutating func read(anyOf words: [String]) -> String? {
            for word in words.sorted(by: { $0.count > $1.count }) where read(word) { return word }
            return nil
        }

        mutating func digits(_ range: ClosedRange<Int>) -> Int? {
            var end = at
            while end < text.count, text[end].isASCIIDigit { end += 1 }
            guard range.contains(end - at), let value = Int(String(text[at..<end])) else { return nil }
            at = end
            return value
        }

        mutating func character(in set: String) -> Bool {
            guard at < text.count, set.contains(text[at]) else { return false }
            at += 1
            return true
        }
    }

    // MARK: Parsers

    /// `2026-12-01` (ISO 8601, with or without a time after it).
    private static func iso(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        guard let year = cursor.digits(4...4), cursor.character(in: "-"), let month = cursor.digits(1...2), cursor.character(in: "-"),
              let day = cursor.digits(1...2) else { return nil }
        return (cursor.at, CalendarDate(year: year, month: month, day: day))
    }

    /// `2026/12/01`, `2026.12.01`, `2026/Dec/01`.
    private static func yearMonthDay(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        guard let year = cursor.digits(4...4), cursor.character(in: "/.") else { return nil }
        let month = cursor.digits(1...2) ?? cursor.read(anyOf: monthWords.map(\.0)).flatMap(monthNumber)
        guard let month, cursor.character(in: "/."), let day = cursor.digits(1...2) else { return nil }
        return (cursor.at, CalendarDate(year: year, month: month, day: day))
    }

    /// `12/25`, `12/25/2026`, `12/25/26`: month first, as chrono reads English.
    private static func slashed(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        guard let month = cursor.digits(1...2), cursor.character(in: "/"), let day = cursor.digits(1...2) else { return nil }
        var probe = cursor
        if probe.character(in: "/"), let year = probe.digits(2...4), probe.at - cursor.at != 4 {
            let full = year < 100 ? (year < 50 ? 2000 + year : 1900 + year) : year
            return (probe.at, CalendarDate(year: full, month: month, day: day))
        }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        return (cursor.at, nearestYear(month: month, day: day, today: today))
    }

    /// `now`, `today`, `tonight`, `tomorrow`, `tmr`, `yesterday`, `last night`, `this morning` and the like.
    private static func casual(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        let words: [(String, Int)] = [("now", 0), ("today", 0), ("tonight", 0), ("tomorrow", 1), ("tmr", 1), ("tmrw", 1),
                                      ("yesterday", -1), ("last night", -1), ("this morning", 0), ("this afternoon", 0),
                                      ("this evening", 0), ("midnight", 0), ("noon", 0)]
        for (word, days) in words.sorted(by: { $0.0.count > $1.0.count }) {
            var probe = cursor
            let parts = word.split(separator: " ")
            var matched = true
            for (index, part) in parts.enumerated() {
                if index > 0, probe.spaces() == 0 { matched = false; break }
                if !probe.read(String(part)) { matched = false; break }
            }
            if matched {
                cursor = probe
                return (cursor.at, today.adding(days: days))
            }
        }
        return nil
    }

    /// `friday`, `fri`, `this friday`, `next friday`, `last friday`, `past friday`, `friday next week`, `on friday`.
    ///
    /// The plugin's chrono counts weeks from Sunday: `this friday` is the Friday of the week (Sunday to Saturday)
    /// holding today, `next` and `last` a week after and before it; a bare weekday is the nearest.
    private static func weekday(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        if cursor.read("on") { cursor.spaces() }
        var modifier: String?
        var probe = cursor
        if let word = probe.read(anyOf: ["this", "last", "past", "next"]), probe.spaces() > 0 {
            modifier = word
            cursor = probe
        }
        guard let name = cursor.read(anyOf: weekdayWords.map(\.0)), let weekday = weekdayWords.first(where: { $0.0 == name })?.1
        else { return nil }
        probe = cursor
        if probe.spaces() > 0, let word = probe.read(anyOf: ["this", "last", "past", "next"]), probe.spaces() > 0, probe.read("week") {
            modifier = word
            cursor = probe
        }
        // Days from today's weekday (Sunday 0) to the weekday in the same Sunday-to-Saturday week.
        let reference = today.weekday % 7
        let inWeek = weekday - reference
        let days: Int
        switch modifier {
        case "this"?: days = inWeek
        case "next"?: days = inWeek + 7
        case "last"?, "past"?: days = inWeek - 7
        default:
            // The nearest of the three: ties go to this week's.
            if abs(inWeek - 7) < abs(inWeek) { days = inWeek - 7 } else if abs(inWeek + 7) < abs(inWeek) { days = inWeek + 7 } else { days = inWeek }
        }
        return (cursor.at, today.adding(days: days))
    }

    /// `14 October`, `14th of October 2026`, `the 5th of May`.
    private static func dayMonth(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        guard let day = ordinal(&cursor) else { return nil }
        cursor.spaces()
        if cursor.read("of") { cursor.spaces() }
        guard let word = cursor.read(anyOf: monthWords.map(\.0)), let month = monthNumber(word) else { return nil }
        return withYear(&cursor, month: month, day: day, today: today)
    }

    /// `October 14`, `Oct 14th, 2026`.
    private static func monthDay(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        guard let word = cursor.read(anyOf: monthWords.map(\.0)), let month = monthNumber(word) else { return nil }
        cursor.spaces()
        guard let day = ordinal(&cursor) else { return nil }
        return withYear(&cursor, month: month, day: day, today: today)
    }

    /// `May`, `in May`, `May 2027`: the month's first day.
    private static func monthAlone(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        if cursor.read("in") { cursor.spaces() }
        guard let word = cursor.read(anyOf: monthWords.map(\.0)), let month = monthNumber(word) else { return nil }
        var probe = cursor
        probe.spaces()
        _ = probe.character(in: ",-")
        probe.spaces()
        if let year = probe.digits(4...4) { return (probe.at, CalendarDate(year: year, month: month, day: 1)) }
        return (cursor.at, nearestYear(month: month, day: 1, today: today))
    }

    /// `2 months ago`, `a week before`, `3 days later`, `3 days from now`, `two weeks after`.
    private static func timeUnitAgoOrLater(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        guard let period = timeUnits(&cursor) else { return nil }
        cursor.spaces()
        if cursor.read(anyOf: ["ago", "before", "earlier"]) != nil { return (cursor.at, period.negated.added(to: today)) }
        var probe = cursor
        if probe.read("from"), probe.spaces() > 0, probe.read("now") { return (probe.at, period.added(to: today)) }
        if cursor.read(anyOf: ["later", "after", "hence", "forward", "out"]) != nil { return (cursor.at, period.added(to: today)) }
        return nil
    }

    /// `in two weeks`, `within 3 days`.
    private static func timeUnitWithin(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        guard cursor.read(anyOf: ["in", "within", "for"]) != nil, cursor.spaces() > 0, let period = timeUnits(&cursor) else { return nil }
        return (cursor.at, period.added(to: today))
    }

    /// `next 7 days`, `past week`, `last month`, `this day`.
    private static func casualRelative(_ text: [Character], _ start: Int, _ today: CalendarDate) -> (end: Int, date: CalendarDate?)? {
        var cursor = Cursor(text: text, at: start)
        guard let word = cursor.read(anyOf: ["this", "next", "last", "past"]), cursor.spaces() > 0 else { return nil }
        var probe = cursor
        if let period = timeUnits(&probe) {
            switch word {
            case "this":
                // `this week` is its Sunday, `this month` its first day, `this year` its first day.
                switch period.unit {
                case .week: return (probe.at, today.adding(days: -(today.weekday % 7)))
                case .month: return (probe.at, CalendarDate(unchecked: today.year, today.month, 1))
                case .year: return (probe.at, CalendarDate(unchecked: today.year, 1, 1))
                default: return (probe.at, today)
                }
            case "next": return (probe.at, period.added(to: today))
            default: return (probe.at, period.negated.added(to: today))
            }
        }
        return nil
    }

    // MARK: Pieces

    private struct Span {
        var count: Int
        var unit: TodoTxtRecurrence.Unit
        var negated: Span { Span(count: -count, unit: unit) }

        func added(to date: CalendarDate) -> CalendarDate? {
            switch unit {
            case .day: return date.adding(days: count)
            case .week: return date.adding(days: 7 * count)
            case .month: return date.adding(months: count)
            case .year: return date.adding(years: count)
            default: return nil
            }
        }
    }

    /// `7 days`, `a week`, `two months`, `week` (one), `3 quarters`.
    private static func timeUnits(_ cursor: inout Cursor) -> Span? {
        var probe = cursor
        var count = 1
        if let value = probe.digits(1...6) {
            count = value
            probe.spaces()
        } else if let word = probe.read(anyOf: Array(numberWords.keys)) {
            count = numberWords[word]!
            guard probe.spaces() > 0 else { return nil }
        }
        guard let unitWord = probe.read(anyOf: unitWords.map(\.0)), let (unit, multiple) = unitWords.first(where: { $0.0 == unitWord })?.1
        else { return nil }
        cursor = probe
        return Span(count: count * multiple, unit: unit)
    }

    private static let numberWords = ["a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                                      "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12]

    private static let unitWords: [(String, (TodoTxtRecurrence.Unit, Int))] = [
        ("d", (.day, 1)), ("day", (.day, 1)), ("days", (.day, 1)),
        ("w", (.week, 1)), ("wk", (.week, 1)), ("wks", (.week, 1)), ("week", (.week, 1)), ("weeks", (.week, 1)),
        ("mo", (.month, 1)), ("mon", (.month, 1)), ("mos", (.month, 1)), ("month", (.month, 1)), ("months", (.month, 1)),
        ("qtr", (.month, 3)), ("quarter", (.month, 3)), ("quarters", (.month, 3)),
        ("y", (.year, 1)), ("yr", (.year, 1)), ("yrs", (.year, 1)), ("year", (.year, 1)), ("years", (.year, 1)),
    ]

    private static let weekdayWords: [(String, Int)] = [
        ("sunday", 0), ("sun", 0), ("monday", 1), ("mon", 1), ("tuesday", 2), ("tue", 2), ("tues", 2), ("wednesday", 3), ("wed", 3),
        ("thursday", 4), ("thu", 4), ("thur", 4), ("thurs", 4), ("friday", 5), ("fri", 5), ("saturday", 6), ("sat", 6),
    ]

    private static let monthWords: [(String, Int)] = [
        ("january", 1), ("jan", 1), ("february", 2), ("feb", 2), ("march", 3), ("mar", 3), ("april", 4), ("apr", 4), ("may", 5),
        ("june", 6), ("jun", 6), ("july", 7), ("jul", 7), ("august", 8), ("aug", 8), ("september", 9), ("sep", 9), ("sept", 9),
        ("october", 10), ("oct", 10), ("november", 11), ("nov", 11), ("december", 12), ("dec", 12),
    ]

    private static func monthNumber(_ word: String) -> Int? { monthWords.first { $0.0 == word }?.1 }

    /// `14`, `14th`, `1st`: a day of a month.
    private static func ordinal(_ cursor: inout Cursor) -> Int? {
        var probe = cursor
        guard let day = probe.digits(1...2), (1...31).contains(day) else { return nil }
        _ = probe.read(anyOf: ["st", "nd", "rd", "th"])
        cursor = probe
        return day
    }

    /// The day with the year written after it (`, 2026`), else the year nearest to today.
    private static func withYear(_ cursor: inout Cursor, month: Int, day: Int, today: CalendarDate) -> (end: Int, date: CalendarDate?) {
        var probe = cursor
        probe.spaces()
        _ = probe.character(in: ",")
        probe.spaces()
        if let year = probe.digits(4...4) { return (probe.at, CalendarDate(year: year, month: month, day: day)) }
        return (cursor.at, nearestYear(month: month, day: day, today: today))
    }

    /// The day in the year (this one, the one before or the one after) that puts it nearest to today.
    private static func nearestYear(month: Int, day: Int, today: CalendarDate) -> CalendarDate? {
        let candidates = [today.year - 1, today.year, today.year + 1].compactMap { CalendarDate(year: $0, month: month, day: day) }
        return candidates.min { abs(today.days(until: $0)) < abs(today.days(until: $1)) }
    }
}

extension Character {
    fileprivate var isLetterOrDigit: Bool { isLetter || isNumber }
}
