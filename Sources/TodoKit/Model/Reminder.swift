/// A `remind:` value: when to be reminded of a task.
///
/// - a day (`remind:2026-11-27`), at the hour the reader reminds at (a setting of `todofmt remind`);
/// - a day and a time (`remind:2026-11-30T09:00`);
/// - days or weeks from the due date (`remind:-3d` three days before it, `remind:-1w`, `remind:+1d` a day
///   after), at the due time of a timed due date, else at the reminder hour;
/// - hours or minutes before (or after) a due date that has a time of day (`remind:-2h`, `remind:-30m`).
package enum Reminder: Hashable, Sendable {
    /// A day, at the reader's reminder hour.
    case date(CalendarDate)
    /// A day and a time of day.
    case moment(CalendarDate, TimeOfDay)
    /// Days from the due date; negative before it.
    case relative(days: Int)
    /// Minutes from the due date's time of day; negative before it. Needs a due date with a time.
    case relativeTime(minutes: Int)

    /// Reads an ISO date, an ISO date and time (`2026-11-30T09:00`), or a signed period: days (`d`) or weeks
    /// (`w`), hours (`h`) or minutes (`m`): `-3d`, `-2w`, `+1d`, `-2h`, `-30m`. The sign is required, so
    /// that a period is never taken for a date; as in `est:`, `m` is minutes.
    package init?(_ text: some StringProtocol) {
        if let moment = Moment(iso: text) {
            self = moment.time.map { .moment(moment.date, $0) } ?? .date(moment.date)
            return
        }
        guard let (minutes, unitIsDays) = Reminder.signedPeriod(text) else { return nil }
        self = unitIsDays ? .relative(days: minutes / TimeOfDay.minutesPerDay) : .relativeTime(minutes: minutes)
    }

    /// `[+-]N` and a unit `d`, `w`, `h` or `m` (either case, N of at most 5 digits): the length in minutes, and
    /// whether it counts whole days.
    static func signedPeriod(_ text: some StringProtocol) -> (minutes: Int, days: Bool)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") else { return nil }
        let digits = bytes[1..<(bytes.count - 1)]
        guard digits.count <= 5, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let count = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        let perUnit: Int, days: Bool
        switch bytes[bytes.count - 1] | 0x20 {
        case UInt8(ascii: "d"): (perUnit, days) = (TimeOfDay.minutesPerDay, true)
        case UInt8(ascii: "w"): (perUnit, days) = (7 * TimeOfDay.minutesPerDay, true)
        case UInt8(ascii: "h"): (perUnit, days) = (60, false)
        case UInt8(ascii: "m"): (perUnit, days) = (1, false)
        default: return nil
        }
        return ((bytes[0] == UInt8(ascii: "-") ? -count : count) * perUnit, days)
    }

    /// When the reminder is due, for a task due at `due`: always with a time of day, `hour` standing in for
    /// the time a day has none of (the reminder hour). Nil for a relative reminder without a due date, and
    /// for one in hours or minutes when the due date has no time of day.
    package func moment(due: Moment?, hour: TimeOfDay) -> Moment? {
        switch self {
        case .date(let date): return Moment(date, at: hour)
        case .moment(let date, let time): return Moment(date, at: time)
        case .relative(let days):
            guard let due else { return nil }
            return Moment(due.date.adding(days: days), at: due.time ?? hour)
        case .relativeTime(let minutes):
            guard let due, due.time != nil else { return nil }
            return due.adding(minutes: minutes)
        }
    }

    /// The day to be reminded on, for a task due at `due` (a relative reminder needs one; one in hours or
    /// minutes needs its time of day).
    package func date(due: Moment?) -> CalendarDate? {
        switch self {
        case .date(let date), .moment(let date, _): return date
        case .relative(let days): return due.map { $0.date.adding(days: days) }
        case .relativeTime: return moment(due: due, hour: TimeOfDay(minutes: 0)!)?.date
        }
    }

    /// The day to be reminded on, for a task due on `due` (a relative reminder needs one).
    package func date(due: CalendarDate?) -> CalendarDate? {
        date(due: due.map { Moment($0) })
    }

    /// `2 hours`, `30 minutes`, `1 hour 30 minutes`.
    static func words(minutes: Int) -> String {
        func count(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        let hours = minutes / 60, rest = minutes % 60
        if hours == 0 { return count(rest, "minute") }
        return rest == 0 ? count(hours, "hour") : count(hours, "hour") + " " + count(rest, "minute")
    }

    /// Whether the reminder counts from the due date.
    package var isRelative: Bool {
        switch self {
        case .relative, .relativeTime: return true
        case .date, .moment: return false
        }
    }

    /// Whether the reminder counts from the due date's time of day (hours or minutes before it).
    package var needsDueTime: Bool {
        if case .relativeTime = self { return true }
        return false
    }
}
