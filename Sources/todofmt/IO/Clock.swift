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
