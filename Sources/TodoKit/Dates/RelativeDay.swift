/// A date said from today's point of view: `today`, `in 3 days`, `2 days overdue`; and the short forms an
/// editor writes after a date (`in 3d`, `2d overdue`).
package enum RelativeDay {
    /// `today`, `tomorrow`, `yesterday`, `in 3 days`, `3 days ago`.
    package static func phrase(_ date: CalendarDate, today: CalendarDate) -> String {
        let days = today.days(until: date)
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(days) days"
        default: return "\(-days) days ago"
        }
    }

    /// For a due date: `due today`, `due tomorrow`, `due in 3 days`, `1 day overdue`, `3 days overdue`,
    /// `5 months overdue`.
    package static func duePhrase(_ date: CalendarDate, today: CalendarDate) -> String {
        let days = today.days(until: date)
        if days < 0 { return "\(spanInWords(since: date, today: today)) overdue" }
        return "due " + phrase(date, today: today)
    }

    /// How long ago a past date was, short, as a listing says it after `overdue`: days below 60 (`3d`), then
    /// calendar months (`5 months`), then years and months (`6 years 11 months`): `2523d` says little.
    package static func span(since date: CalendarDate, today: CalendarDate) -> String {
        let days = date.days(until: today)
        return days < 60 ? "\(days)d" : monthsAndYears(since: date, today: today)
    }

    /// How long ago a past date was, in words: `1 day`, `3 days`, then as `span(since:today:)`.
    static func spanInWords(since date: CalendarDate, today: CalendarDate) -> String {
        let days = date.days(until: today)
        return days < 60 ? count(days, "day") : monthsAndYears(since: date, today: today)
    }

    /// Whole calendar months from `date` to `today`: `5 months` below two years, else `6 years 11 months`.
    private static func monthsAndYears(since date: CalendarDate, today: CalendarDate) -> String {
        var months = (today.year - date.year) * 12 + today.month - date.month
        if today.day < date.day { months -= 1 }
        if months < 24 { return count(months, "month") }
        return count(months / 12, "year") + (months % 12 == 0 ? "" : " " + count(months % 12, "month"))
    }

    private static func count(_ number: Int, _ unit: String) -> String { "\(number) \(unit)\(number == 1 ? "" : "s")" }

    /// For a due date that may have a time of day, as of `now`: as `duePhrase(_:today:)` for a day without a
    /// time; with one, `due today at 14:30`, `due in 3 days at 14:30`, `overdue since 09:00` (today, the time
    /// passed), `2 days overdue (due at 09:00)`.
    package static func duePhrase(_ due: Moment, now: Moment) -> String {
        guard let time = due.time else { return duePhrase(due.date, today: now.date) }
        let days = now.date.days(until: due.date)
        if days < 0 { return "\(spanInWords(since: due.date, today: now.date)) overdue (due at \(time))" }
        if due < now { return "overdue since \(time)" }
        return "due \(phrase(due.date, today: now.date)) at \(time)"
    }

    /// The short form after a date: `today`, `in 3d`, and for a due date in the past `2d overdue` (another
    /// date in the past: `2d ago`).
    package static func short(_ date: CalendarDate, today: CalendarDate, isDue: Bool) -> String {
        let days = today.days(until: date)
        if days == 0 { return "today" }
        if days > 0 { return "in \(days)d" }
        return isDue ? "\(-days)d overdue" : "\(-days)d ago"
    }
}
