#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// The one place the executable reads the clock: today's local date, unless `--today` says otherwise.
enum Clock {
    static func localToday() -> CalendarDate {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

    /// `--today` (any date expression, resolved against the real today), or the local date.
    static func today(from invocation: Invocation) throws -> CalendarDate {
        let real = localToday()
        guard let given = invocation.value("today") else { return real }
        guard let date = DateExpression.resolve(given, today: real) else {
            throw UsageError("--today takes a date such as 2026-11-21, not '\(given)'")
        }
        return date
    }
}

extension Clock {
    /// Now, in UTC, as iCalendar writes it: `20261121T093000Z`.
    static func utcStamp() -> String { ICalendarTime.utcStamp(Int(time(nil))) }

    /// The local time zone, from the C library (`TZ`, else the system's zone).
    static func localZone() -> LocalTimeZone {
        @Sendable func offset(atUTC seconds: Int) -> Int {
            var moment = time_t(seconds)
            var parts = tm()
            localtime_r(&moment, &parts)
            return Int(parts.tm_gmtoff)
        }
        // A local wall-clock time: the offset at the UTC moment it names, found in two steps (the offset
        // may differ across a change of daylight saving time).
        return LocalTimeZone(offsetAtUTC: offset(atUTC:), offsetAtLocal: { local in
            let first = offset(atUTC: local)
            return offset(atUTC: local - first)
        })
    }

    /// How calendar times are written here: the local zone, and `$TODOFMT_REMIND_HOUR` (0–23, default 9) as
    /// the hour an alarm on a day without a time rings at.
    static func calendarSettings(_ invocation: Invocation) throws -> CalendarSettings {
        var hour = 9
        if let text = invocation.environment["TODOFMT_REMIND_HOUR"], !text.isEmpty {
            guard let value = Int(text), (0...23).contains(value) else {
                throw CommandFailure("todofmt: error: TODOFMT_REMIND_HOUR takes an hour from 0 to 23, not '\(text)'", code: .usage)
            }
            hour = value
        }
        return CalendarSettings(zone: localZone(), reminderHour: hour)
    }
}
