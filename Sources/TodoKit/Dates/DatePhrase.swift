/// The dates a query of the Obsidian Tasks plugin names in words (docs/FORMAT.md, "Query blocks"): `today`,
/// `next monday`, `14 days ago`, `in two weeks`, `14 October`, and the ranges `this week`, `next month`,
/// `2026-W14`, `2026-Q4`, `2026-12`, `2026`, or two dates.
///
/// The plugin reads these with the chrono library, whose rules differ from `DateExpression`'s in one place: a
/// bare weekday (`friday`) is the nearest one, past or coming (today's own weekday is today), where a filter of
/// `ls` means the next one after today. ISO dates, `today`, `tomorrow`, `yesterday` and offsets (`+3d`) are
/// read as `DateExpression` reads them.
package enum DatePhrase {
    /// The days `text` names: a range (`this week`, `2026-Q4`, two dates) or one day. Nil when it names none.
    package static func range(_ text: some StringProtocol, today: CalendarDate) -> DateRange? {
        let words = DatePhrase.words(text)
        guard !words.isEmpty else { return nil }
        if words.count == 2, let range = relativeRange(words[0], words[1], today: today) { return range }
        if words.count == 1, let range = numberedRange(words[0]) { return range }
        if let date = date(words: words, today: today) { return DateRange(day: date) }
        // Two dates, each of one or more words.
        for split in 1..<words.count {
            if let first = date(words: Array(words[..<split]), today: today),
               let second = date(words: Array(words[split...]), today: today) {
                return DateRange(first, second)
            }
        }
        return nil
    }

    /// The day `text` names; nil when it names none (or names a range, such as `next week`).
    package static func date(_ text: some StringProtocol, today: CalendarDate) -> CalendarDate? {
        date(words: words(text), today: today)
    }

    /// Lowercased words, commas dropped: `May 25, 2026` is `may 25 2026`.
    private static func words(_ text: some StringProtocol) -> [String] {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
    }

    private static func date(words: [String], today: CalendarDate) -> CalendarDate? {
        guard let first = words.first else { return nil }
        switch words.count {
        case 1:
            if first == "now" { return today }
            if let weekday = DateExpression.weekdayNumber(first) { return nearest(weekday, to: today) }
            if let month = monthNumber(first) { return CalendarDate(year: today.year, month: month, day: 1) }
            // ISO dates, today, tomorrow, yesterday, +3d; weekday names were read above, as the plugin reads them.
            return DateExpression.resolve(first, today: today)
        case 2:
            if let weekday = DateExpression.weekdayNumber(words[1]) {
                switch first {
                case "this": return nearest(weekday, to: today)
                case "last": return nearest(weekday, to: today).adding(days: -7)
                case "next": return nearest(weekday, to: today).adding(days: 7)
                default: return nil
                }
            }
        default:
            break
        }
        if let date = offset(words, today: today) { return date }
        return dayOfMonth(words, today: today)
    }

    /// The day of `weekday` nearest to `today`: from three days before to three days after.
    private static func nearest(_ weekday: Int, to today: CalendarDate) -> CalendarDate {
        var days = (weekday - today.weekday + 7) % 7
        if days > 3 { days -= 7 }
        return today.adding(days: days)
    }

    /// `in 3 days`, `2 weeks ago`, `a month from now`, `in two years`.
    private static func offset(_ words: [String], today: CalendarDate) -> CalendarDate? {
        var words = words[...]
        var sign = 1
        if words.first == "in" {
            words = words.dropFirst()
        } else if words.last == "ago" {
            sign = -1
            words = words.dropLast()
        } else if words.suffix(2) == ["from", "now"] {
            words = words.dropLast(2)
        } else if words.last == "later" {
            words = words.dropLast()
        } else {
            return nil
        }
        guard words.count == 2, let count = number(words.first!), let unit = unit(words.last!) else { return nil }
        return Period(count: sign * count, unit: unit).added(to: today)
    }

    /// `14 October`, `October 14th`, `25th May 2026`, `May 2026` (its first day), `May 25 2026`; without a
    /// year, this year's.
    private static func dayOfMonth(_ words: [String], today: CalendarDate) -> CalendarDate? {
        guard (2...3).contains(words.count) else { return nil }
        var year = today.year
        var rest = words[...]
        if rest.count == 3 || (rest.count == 2 && monthNumber(rest.first!) != nil && ordinal(rest.last!) == nil) {
            guard let last = rest.last, last.count == 4, let value = Int(last) else { return nil }
            year = value
            rest = rest.dropLast()
        }
        if rest.count == 1 {
            return monthNumber(rest.first!).flatMap { CalendarDate(year: year, month: $0, day: 1) }
        }
        let a = rest.first!, b = rest.last!
        if let month = monthNumber(a), let day = ordinal(b) { return CalendarDate(year: year, month: month, day: day) }
        if let month = monthNumber(b), let day = ordinal(a) { return CalendarDate(year: year, month: month, day: day) }
        return nil
    }

    /// `last|this|next week|month|quarter|year`.
    private static func relativeRange(_ which: String, _ unit: String, today: CalendarDate) -> DateRange? {
        let steps: Int
        switch which {
        case "last": steps = -1
        case "this": steps = 0
        case "next": steps = 1
        default: return nil
        }
        switch unit {
        case "week": return DateRange.week(of: today.adding(days: 7 * steps))
        case "month": return DateRange.month(of: today.adding(months: steps))
        case "quarter": return DateRange.quarter(of: today.adding(months: 3 * steps))
        case "year": return DateRange.year(of: today.adding(years: steps))
        default: return nil
        }
    }

    /// `2026` (a year), `2026-q4` (a quarter), `2026-12` (a month), `2026-w14` (an ISO week).
    private static func numberedRange(_ word: String) -> DateRange? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard let yearText = parts.first, yearText.count == 4, yearText.allSatisfy(\.isASCIIDigit),
              let year = Int(yearText), year >= 1 else { return nil }
        if parts.count == 1 { return DateRange.year(of: CalendarDate(unchecked: year, 1, 1)) }
        guard parts.count == 2 else { return nil }
        let part = parts[1]
        func digits(_ text: Substring, count: Int) -> Int? {
            text.count == count && text.allSatisfy(\.isASCIIDigit) ? Int(text) : nil
        }
        if part.first == "q", let quarter = digits(part.dropFirst(), count: 1), (1...4).contains(quarter) {
            return DateRange.quarter(of: CalendarDate(unchecked: year, quarter * 3, 1))
        }
        if part.first == "w", let week = digits(part.dropFirst(), count: 2) { return DateRange.isoWeek(week, of: year) }
        if let month = digits(part, count: 2), (1...12).contains(month) {
            return DateRange.month(of: CalendarDate(unchecked: year, month, 1))
        }
        return nil
    }

    static let numberWords = ["a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                              "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12]

    private static func number(_ word: String) -> Int? {
        if let value = numberWords[word] { return value }
        guard word.count <= 6, word.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(word)
    }

    private static func unit(_ word: String) -> Recurrence.Unit? {
        switch word {
        case "day", "days": return .day
        case "week", "weeks": return .week
        case "month", "months": return .month
        case "year", "years": return .year
        default: return nil
        }
    }

    /// `january` … `december`, or their first three letters (`sept` too).
    private static func monthNumber(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        for (index, name) in CalendarDate.monthNames.enumerated() {
            let name = name.lowercased()
            if word == name || word == name.prefix(3) || (index == 8 && word == "sept") { return index + 1 }
        }
        return nil
    }

    /// `14`, `14th`, `1st`, `2nd`, `3rd`: a day of a month.
    private static func ordinal(_ word: String) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(2)
            break
        }
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), let day = Int(digits), (1...31).contains(day)
        else { return nil }
        return day
    }
}
