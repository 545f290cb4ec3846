/// A date said from today's point of view: `today`, `in 3 days`, `2 days overdue`; and the short forms an
/// editor writes after a date (`in 3d`, `2d overdue`).
public enum RelativeDay {
    /// `today`, `tomorrow`, `yesterday`, `in 3 days`, `3 days ago`.
    public static func phrase(_ date: CalendarDate, today: CalendarDate) -> String {
        let days = today.days(until: date)
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(days) days"
        default: return "\(-days) days ago"
        }
    }

    /// For a due date: `due today`, `due tomorrow`, `due in 3 days`, `1 day overdue`, `3 days overdue`.
    public static func duePhrase(_ date: CalendarDate, today: CalendarDate) -> String {
        let days = today.days(until: date)
        if days < 0 { return "\(-days) day\(days == -1 ? "" : "s") overdue" }
        return "due " + phrase(date, today: today)
    }

    /// For a due date that may have a time of day, as of `now`: as `duePhrase(_:today:)` for a day without a
    /// time; with one, `due today at 14:30`, `due in 3 days at 14:30`, `overdue since 09:00` (today, the time
    /// passed), `2 days overdue (due at 09:00)`.
    public static func duePhrase(_ due: Moment, now: Moment) -> String {
        guard let time = due.time else { return duePhrase(due.date, today: now.date) }
        let days = now.date.days(until: due.date)
        if days < 0 { return "\(-days) day\(days == -1 ? "" : "s") overdue (due at \(time))" }
        if due < now { return "overdue since \(time)" }
        return "due \(phrase(due.date, today: now.date)) at \(time)"
    }

    /// The short form after a date: `today`, `in 3d`, and for a due date in the past `2d overdue` (another
    /// date in the past: `2d ago`).
    public static func short(_ date: CalendarDate, today: CalendarDate, isDue: Bool) -> String {
        let days = today.days(until: date)
        if days == 0 { return "today" }
        if days > 0 { return "in \(days)d" }
        return isDue ? "\(-days)d overdue" : "\(-days)d ago"
    }
}
