/// The local time zone as the caller knows it (TodoKit reads no clock or environment): how far local
/// wall-clock time is from UTC, at a given moment.
public struct LocalTimeZone: Sendable {
    private let offsetAtUTC: @Sendable (Int) -> Int
    private let offsetAtLocal: @Sendable (Int) -> Int

    /// `offsetAtUTC(t)`: seconds east of UTC at the moment `t` (seconds since 1970 UTC); `offsetAtLocal(t)`:
    /// the same for the local wall-clock time `t` (seconds since 1970, counted as if local time were UTC).
    public init(offsetAtUTC: @escaping @Sendable (Int) -> Int, offsetAtLocal: @escaping @Sendable (Int) -> Int) {
        self.offsetAtUTC = offsetAtUTC
        self.offsetAtLocal = offsetAtLocal
    }

    /// A zone a fixed number of seconds east of UTC.
    public static func fixed(secondsEast: Int) -> LocalTimeZone {
        LocalTimeZone(offsetAtUTC: { _ in secondsEast }, offsetAtLocal: { _ in secondsEast })
    }

    public static let utc = LocalTimeZone.fixed(secondsEast: 0)

    /// The UTC moment (seconds since 1970) of a local date and time of day.
    public func utcSeconds(of date: CalendarDate, hour: Int, minute: Int) -> Int {
        let local = date.dayNumber * 86_400 + hour * 3600 + minute * 60
        return local - offsetAtLocal(local)
    }

    /// The local date and minutes past midnight of a UTC moment.
    public func local(utcSeconds: Int) -> (date: CalendarDate, minutes: Int) {
        let local = utcSeconds + offsetAtUTC(utcSeconds)
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (CalendarDate(dayNumber: day), (local - day * 86_400) / 60)
    }
}

/// A DATE or DATE-TIME value of iCalendar (RFC 5545 §3.3.4, §3.3.5), in local terms.
public struct CalendarMoment: Hashable, Sendable {
    public var date: CalendarDate
    /// Minutes past local midnight; nil for a DATE value (a whole day).
    public var minutes: Int?

    public init(date: CalendarDate, minutes: Int? = nil) {
        self.date = date
        self.minutes = minutes
    }

    /// Reads a property's value: `20261201` (a date), `20261201T143000` (floating local time, or the
    /// wall-clock time of its `TZID`, taken as local), `20261201T133000Z` (UTC, turned into local time).
    public init?(_ line: ContentLine, zone: LocalTimeZone) {
        let value = line.value.trimmingWhitespace()
        let bytes = Array(value.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var n = 0
            for b in bytes[range] {
                guard b >= 48, b <= 57 else { return nil }
                n = n * 10 + Int(b - 48)
            }
            return n
        }
        guard bytes.count >= 8, let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let date = CalendarDate(year: year, month: month, day: day) else { return nil }
        if bytes.count == 8 {
            self.init(date: date)
            return
        }
        guard bytes.count >= 15, bytes[8] == UInt8(ascii: "T"), let hour = number(9..<11), let minute = number(11..<13),
              number(13..<15) != nil, hour < 24, minute < 60 else { return nil }
        if bytes.count == 16, bytes[15] == UInt8(ascii: "Z") {
            let (localDate, minutes) = zone.local(utcSeconds: date.dayNumber * 86_400 + hour * 3600 + minute * 60)
            self.init(date: localDate, minutes: minutes)
        } else if bytes.count == 15 {
            self.init(date: date, minutes: hour * 60 + minute)
        } else {
            return nil
        }
    }

    /// `YYYYMMDDTHHMMSSZ` for a UTC moment in seconds since 1970.
    public static func utcStamp(_ seconds: Int) -> String {
        let (date, minutes) = LocalTimeZone.utc.local(utcSeconds: seconds)
        let second = ((seconds % 60) + 60) % 60
        return basic(date) + "T" + two(minutes / 60) + two(minutes % 60) + two(second) + "Z"
    }

    /// `YYYYMMDD`.
    public static func basic(_ date: CalendarDate) -> String {
        String(date.description.filter { $0 != "-" })
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
