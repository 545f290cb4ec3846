/// The dates a query of the Obsidian Tasks plugin names in words (docs/FORMAT.md, "Query blocks"), read as the
/// plugin reads them: first `last|this|next week|month|quarter|year` anywhere in the text (in lowercase, as the
/// plugin's pattern is written), then `2026`, `2026-Q4`, `2026-12`, `2026-W49` as the whole text, then the
/// first two dates the chrono library finds in the text (a range from the one to the other, or one day).
///
/// Chrono's English, as the plugin's copy of it reads it (`ChronoEnglish`): `today`, `tomorrow`, `yesterday`,
/// `now`, `tonight`, `this morning`, `last night`; weekdays (`friday` is the nearest Friday, from three days
/// before today to three after; `this friday` is this week's, Sunday to Saturday, `next friday` and `last
/// friday` a week after and before it, `friday next week` too); `in two weeks`, `3 days from now`, `3 days
/// later`, `2 months ago`, `next 7 days`, `past week`; `14 October`, `October 14th`, `the 5th of May`,
/// `May 2027`, `May` (its first day): without a year, the year that puts the day nearest to today; ISO dates,
/// `2026/12/01`, `12/01/2026` and `12/25` (month first). Words it does not know are passed over, so `due on
/// this day` is today and `end of this month` is this month.
package enum DatePhrase {
    /// The days `text` names: a range (`this week`, `2026-Q4`, two dates) or one day. Nil when it names none.
    package static func range(_ text: some StringProtocol, today: CalendarDate) -> DateRange? {
        let text = String(text)
        if let range = relativeRange(text, today: today) { return range }
        if let range = numberedRange(text.trimmingWhitespace()) { return range }
        let dates = ChronoEnglish.dates(in: text, today: today, limit: 2)
        guard let first = dates.first else { return nil }
        return DateRange(first, dates.count > 1 ? dates[1] : first)
    }

    /// The first day `text` names, as chrono finds it; nil when it names none.
    package static func date(_ text: some StringProtocol, today: CalendarDate) -> CalendarDate? {
        ChronoEnglish.dates(in: String(text), today: today, limit: 1).first
    }

    /// `last|this|next week|month|quarter|year` anywhere in the text, as the plugin searches for it (so
    /// `this weekend` is this week, and `Next Week` is left to chrono).
    private static func relativeRange(_ text: String, today: CalendarDate) -> DateRange? {
        let characters = Array(text)
        for start in characters.indices {
            for (which, steps) in [("last ", -1), ("this ", 0), ("next ", 1)] where characters[start...].starts(with: which) {
                let rest = characters[(start + which.count)...]
                if rest.starts(with: "week") { return DateRange.week(of: today.adding(days: 7 * steps)) }
                if rest.starts(with: "month") { return DateRange.month(of: today.adding(months: steps)) }
                if rest.starts(with: "quarter") { return DateRange.quarter(of: today.adding(months: 3 * steps)) }
                if rest.starts(with: "year") { return DateRange.year(of: today.adding(years: steps)) }
            }
        }
        return nil
    }

    /// `2026` (a year), `2026-Q4` (a quarter), `2026-12` (a month), `2026-W14` (an ISO week), as the whole text.
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
        if part.first == "Q", let quarter = digits(part.dropFirst(), count: 1), (1...4).contains(quarter) {
            return DateRange.quarter(of: CalendarDate(unchecked: year, quarter * 3, 1))
        }
        if part.first == "W", let week = digits(part.dropFirst(), count: 2) { return DateRange.isoWeek(week, of: year) }
        if let month = digits(part, count: 2), (1...12).contains(month) {
            return DateRange.month(of: CalendarDate(unchecked: year, month, 1))
        }
        return nil
    }
}
