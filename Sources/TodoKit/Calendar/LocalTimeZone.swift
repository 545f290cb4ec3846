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

    /// Coordinated Universal Time.
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

/// iCalendar's DATE and DATE-TIME values (RFC 5545 §3.3.4, §3.3.5) as todofmt's moments: local
/// wall-clock time.
package enum ICalendarTime {
    /// Reads a property's value: `20261201` (a day), `20261201T143000` (floating local time, or the
    /// wall-clock time of its `TZID`, taken as local), `20261201T133000Z` (UTC, turned into local time).
    package static func moment(_ line: ContentLine, zone: LocalTimeZone) -> Moment? {
        let bytes = Array(line.value.trimmingWhitespace().utf8)
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
        if bytes.count == 8 { return Moment(date) }
        guard bytes.count >= 15, bytes[8] == UInt8(ascii: "T"), let hour = number(9..<11), let minute = number(11..<13),
              number(13..<15) != nil, let time = TimeOfDay(hour: hour, minute: minute) else { return nil }
        if bytes.count == 16, bytes[15] == UInt8(ascii: "Z") {
            let (localDate, minutes) = zone.local(utcSeconds: date.dayNumber * 86_400 + time.minutes * 60)
            return Moment(localDate, at: TimeOfDay(minutes: minutes))
        }
        return bytes.count == 15 ? Moment(date, at: time) : nil
    }

    /// The property `name` for a moment: `NAME;VALUE=DATE:20261201`, or floating local time
    /// `NAME:20261201T143000`.
    package static func property(_ name: String, _ moment: Moment) -> ContentLine {
        guard let time = moment.time else {
            return ContentLine(name, parameters: [("VALUE", "DATE")], value: basic(moment.date))
        }
        return ContentLine(name, value: basic(moment.date) + "T" + two(time.hour) + two(time.minute) + "00")
    }

    /// `YYYYMMDDTHHMMSSZ` for a UTC moment in seconds since 1970.
    package static func utcStamp(_ seconds: Int) -> String {
        let (date, minutes) = LocalTimeZone.utc.local(utcSeconds: seconds)
        let second = ((seconds % 60) + 60) % 60
        return basic(date) + "T" + two(minutes / 60) + two(minutes % 60) + two(second) + "Z"
    }

    /// `YYYYMMDD`.
    package static func basic(_ date: CalendarDate) -> String {
        String(date.description.filter { $0 != "-" })
    }

    /// A length of time as a DURATION value, signed: `-PT2H`, `-P3D`, `P1DT30M`.
    package static func duration(minutes: Int) -> String {
        var rest = abs(minutes)
        let days = rest / 1440
        rest %= 1440
        var text = (minutes < 0 ? "-" : "") + "P"
        if days > 0 { text += "\(days)D" }
        if rest > 0 || days == 0 {
            text += "T"
            if rest / 60 > 0 { text += "\(rest / 60)H" }
            if rest % 60 > 0 || rest == 0 { text += "\(rest % 60)M" }
        }
        return text
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
