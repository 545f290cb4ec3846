import TodoKit

/// The one place the executable reads the clock: the local date and time, unless `--today` says otherwise.
enum Clock {
    /// The local date and time of day, to the minute.
    static func localNow() -> Moment {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let date = CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
        return Moment(date, at: TimeOfDay(hour: Int(parts.tm_hour), minute: Int(parts.tm_min)))
    }

    /// Seconds on a clock that only goes forward, for measuring a wait.
    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Now, as `now(from:)` gives it; a `--today` that is no date is a usage error.
    static func now(_ invocation: Invocation) throws(CommandFailure) -> Moment {
        do { return try now(from: invocation) } catch { throw CommandFailure(error, file: "todofmt") }
    }

    /// Today, as `now(_:)` gives it.
    static func today(_ invocation: Invocation) throws(CommandFailure) -> CalendarDate { try now(invocation).date }

    /// Now: the local date and time, or `--today`: a date means the start of that day (so that output is
    /// the same whenever it runs), and a date with a time (`2026-11-21 14:30`, `2026-11-21T14:30`) that moment.
    private static func now(from invocation: Invocation) throws(UsageError) -> Moment {
        let real = localNow()
        guard let given = invocation[.today] else { return real }
        guard let moment = DateExpression.resolveMoment(given, today: real.date) else {
            throw UsageError("--today takes a date such as 2026-11-21 (or a date and time, 2026-11-21T14:30), not '\(given)'")
        }
        return Moment(moment.date, at: moment.time ?? TimeOfDay(minutes: 0))
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

    /// How calendar times are written here: the local zone, and the reminder hour of `todofmt remind`
    /// (`$TODOFMT_REMIND_AT`, default 09:00) as the time an alarm on a day without a time rings at.
    static func calendarSettings(_ invocation: Invocation) throws -> CalendarSettings {
        CalendarSettings(zone: localZone(), reminderTime: try RemindCommand.hourOption(invocation) ?? CalendarSettings().reminderTime)
    }
}
