/// Reads the dates people type in filters and new tasks: `today`, `tomorrow`, `yesterday`, weekday names
/// (`fr`, `fri`, `friday`: the next one after today), offsets (`+3d`, `2w`, `-1m`, `1y`, `5b` working days) and ISO
/// dates (`2026-12-24`).
package enum DateExpression {
    /// The date `text` names, counted from `today`; nil when it names none.
    package static func resolve(_ text: some StringProtocol, today: CalendarDate) -> CalendarDate? {
        // Nothing past the calendar's ends (9999-12-31 and `tomorrow`): a five-digit year is no date.
        guard let date = resolveUnchecked(text, today: today), (1...9999).contains(date.year) else { return nil }
        return date
    }

    private static func resolveUnchecked(_ text: some StringProtocol, today: CalendarDate) -> CalendarDate? {
        let word = text.lowercased()
        if let date = CalendarDate(iso: word) { return date }
        switch word {
        case "today", "tod": return today
        case "tomorrow", "tom": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let weekday = weekdayNumber(word) {
            var days = (weekday - today.weekday + 7) % 7
            if days == 0 { days = 7 }
            return today.adding(days: days)
        }
        return Period(signed: word).flatMap { $0.added(to: today) }
    }

    /// The moment `text` names: a date as `resolve` reads it, optionally with a time of day after a `T` or a
    /// space (`2026-12-01T14:30`, `friT14:30`, `fri 14:30`, `tomorrow 9am`), a time alone (today at it:
    /// `14:30`), or, when `now` is given, `now`. A date without a time is a moment without one.
    package static func resolveMoment(_ text: some StringProtocol, today: CalendarDate, now: Moment? = nil) -> Moment? {
        let word = Substring(text).trimmingWhitespace()
        if let now, word.lowercased() == "now" { return now }
        if let date = resolve(word, today: today) { return Moment(date) }
        if let time = TimeOfDay(typed: word) { return Moment(today, at: time) }
        // The date and the time, split at the last space or `T` after which a time follows.
        var index = word.endIndex
        while index > word.startIndex {
            index = word.index(before: index)
            guard word[index] == " " || word[index] == "T" || word[index] == "t",
                  let time = TimeOfDay(typed: word[word.index(after: index)...]) else { continue }
            let day = word[..<index].trimmingWhitespace()
            return resolve(day, today: today).map { Moment($0, at: time) }
        }
        return nil
    }

    /// Whether `text` is a relative word or offset rather than an ISO date, so that a tool writing it into
    /// a file knows to replace it with the date it names.
    package static func isRelative(_ text: some StringProtocol) -> Bool {
        let word = text.lowercased()
        return CalendarDate(iso: word) == nil && resolve(word, today: CalendarDate(year: 2000, month: 1, day: 1)!) != nil
    }

    /// Words completion offers after `due:` and `t:`.
    package static let words = ["today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday", "thursday",
                               "friday", "saturday", "sunday"]

    static let weekdayNames: [(short: String, long: String)] = [
        ("mon", "monday"), ("tue", "tuesday"), ("wed", "wednesday"), ("thu", "thursday"),
        ("fri", "friday"), ("sat", "saturday"), ("sun", "sunday"),
    ]

    /// 1 = Monday … 7 = Sunday, for `mo`, `mon`, `monday`, `tues`, etc.: two letters or more of the name (two
    /// tell every weekday apart; topydo reads `mo` … `su` too).
    static func weekdayNumber(_ word: String) -> Int? {
        guard word.count >= 2 else { return nil }
        for (index, name) in weekdayNames.enumerated() where name.long.hasPrefix(word) || word == name.short {
            return index + 1
        }
        return nil
    }
}
