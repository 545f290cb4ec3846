/// A day, and a time of day on it when one is given: what a `due:` or `remind:` value names (`2026-12-01`,
/// `2026-12-01T14:30`), and "now". Local wall-clock time, without a time zone.
///
/// Moments order by day, then by time, and a day without a time comes after every time of that day: a task
/// due on a day, at no particular time, is due by the end of it.
public struct Moment: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The day.
    public var date: CalendarDate
    /// The time of day, when one is given.
    public var time: TimeOfDay?

    /// The day `date`, at `time` when it has one.
    public init(_ date: CalendarDate, at time: TimeOfDay? = nil) {
        self.date = date
        self.time = time
    }

    /// Reads exactly `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (24-hour clock, capital `T`); anything else, or a
    /// day or time that does not exist, is nil.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard let moment = Moment.read(bytes.span, 0..<bytes.count) else { return nil }
        self = moment
    }

    /// The moment written at `range` of `b`, as `init(iso:)` reads it.
    static func read(_ b: Span<UInt8>, _ range: Range<Int>) -> Moment? {
        guard range.count == 10 || range.count == 16,
              let (y, m, d) = CalendarDate.isoFields(b, at: range.lowerBound),
              let date = CalendarDate(year: y, month: m, day: d) else { return nil }
        guard range.count == 16 else { return Moment(date) }
        let at = range.lowerBound + 10
        guard b[at] == UInt8(ascii: "T") else { return nil }
        var clock: [UInt8] = []
        for i in (at + 1)..<(at + 6) { clock.append(b[i]) }
        guard let (hour, minute) = TimeOfDay.isoFields(clock[...]), let time = TimeOfDay(hour: hour, minute: minute) else { return nil }
        return Moment(date, at: time)
    }

    /// Why a value that starts with a real `YYYY-MM-DD` and goes on with `T` names no moment
    /// (`2026-12-01T25:00`, `2026-12-01T9:30`); nil for a moment or a value of another shape.
    public static func whyNoTime(_ text: some StringProtocol) -> String? {
        let value = Substring(text)
        guard value.utf8.count > 10, CalendarDate(iso: value.prefix(10)) != nil, value.dropFirst(10).first == "T",
              Moment(iso: value) == nil else { return nil }
        let clock = value.dropFirst(11)
        if let (hour, minute) = TimeOfDay.isoFields(Array(clock.utf8)[...]) {
            return hour > 23 ? "there is no hour \(hour)" : "there is no minute \(minute)"
        }
        return "a time is written HH:MM, from 00:00 to 23:59"
    }

    /// `2026-12-01`, or `2026-12-01T14:30` with a time.
    public var description: String {
        time.map { "\(date)T\($0)" } ?? date.description
    }

    /// `2026-12-01`, or `2026-12-01 14:30`: for a person to read.
    public var spaced: String {
        time.map { "\(date) \($0)" } ?? date.description
    }

    /// Minutes since 1970-01-01 00:00 of the same clock; a moment without a time counts as the end of its day.
    var minuteNumber: Int {
        date.dayNumber * TimeOfDay.minutesPerDay + (time?.minutes ?? TimeOfDay.minutesPerDay)
    }

    /// The moment `minutes` later (earlier when negative), across days; a moment without a time counts from
    /// the end of its day and gets one.
    public func adding(minutes: Int) -> Moment {
        let total = minuteNumber + minutes
        let day = total >= 0 ? total / TimeOfDay.minutesPerDay : (total - TimeOfDay.minutesPerDay + 1) / TimeOfDay.minutesPerDay
        return Moment(CalendarDate(dayNumber: day), at: TimeOfDay(minutes: total - day * TimeOfDay.minutesPerDay))
    }

    /// Minutes from this moment until `other` (negative when `other` is earlier); a moment without a time
    /// counts as the end of its day.
    public func minutes(until other: Moment) -> Int { other.minuteNumber - minuteNumber }

    public static func < (lhs: Moment, rhs: Moment) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        switch (lhs.time, rhs.time) {
        case let (l?, r?): return l < r
        case (_?, nil): return true
        default: return false
        }
    }
}
