/// A day in the proleptic Gregorian calendar, without time or time zone.
///
/// Todo files name days, not instants, so every date in TodoKit is one of these. "Today" is always passed in
/// by the caller; nothing here reads a clock.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `year * 512 + month * 32 + day`: one integer that orders as the dates do (years up to 9999 fit in 32 bits,
    /// so a task's two dates take little room).
    private let packed: Int32

    /// The year of the proleptic Gregorian calendar.
    public var year: Int { Int(packed >> 9) }
    /// The month, 1 (January) to 12.
    public var month: Int { Int((packed >> 5) & 15) }
    /// The day of the month, 1 to 31.
    public var day: Int { Int(packed & 31) }

    /// A real calendar day, or nil (`2026-02-30` is not one).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDate.daysIn(month: month, year: year) else { return nil }
        self.init(unchecked: year, month, day)
    }

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        packed = Int32(year << 9 | month << 5 | day)
    }

    /// Reads exactly `YYYY-MM-DD`; anything else, or a day the calendar lacks, is nil.
    public init?<S: StringProtocol>(iso text: S) {
        guard let (y, m, d) = CalendarDate.isoFields(text.utf8) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Whether `text` has the shape `DDDD-DD-DD`, whether or not it names a real day.
    public static func hasISOShape<S: StringProtocol>(_ text: S) -> Bool {
        isoFields(text.utf8) != nil
    }

    /// The fields of `YYYY-MM-DD` at `offset` in `b` (10 bytes), whether or not they name a real day.
    static func isoFields(_ b: Span<UInt8>, at offset: Int) -> (Int, Int, Int)? {
        guard offset + 10 <= b.count, b[offset + 4] == UInt8(ascii: "-"), b[offset + 7] == UInt8(ascii: "-") else { return nil }
        func digit(_ i: Int) -> Int? {
            let c = b[offset + i]
            return c >= 48 && c <= 57 ? Int(c - 48) : nil
        }
        guard let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3),
              let m0 = digit(5), let m1 = digit(6), let d0 = digit(8), let d1 = digit(9) else { return nil }
        return (y0 * 1000 + y1 * 100 + y2 * 10 + y3, m0 * 10 + m1, d0 * 10 + d1)
    }

    static func isoFields<C: Collection>(_ bytes: C) -> (Int, Int, Int)? where C.Element == UInt8 {
        guard bytes.count == 10 else { return nil }
        var fields = (0, 0, 0)
        for (offset, byte) in bytes.enumerated() {
            switch offset {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return nil }
            default:
                guard byte >= 48, byte <= 57 else { return nil }
                let digit = Int(byte - 48)
                if offset < 4 { fields.0 = fields.0 * 10 + digit }
                else if offset < 7 { fields.1 = fields.1 * 10 + digit }
                else { fields.2 = fields.2 * 10 + digit }
            }
        }
        return fields
    }

    /// Why a word of date shape names no day (`February 2026 has 28 days`, `there is no month 13`); nil for
    /// a real date or a word of another shape.
    public static func whyNotReal(_ text: some StringProtocol) -> String? {
        guard let (y, m, d) = isoFields(text.utf8), CalendarDate(year: y, month: m, day: d) == nil else { return nil }
        if y == 0 { return "there is no year 0" }
        if !(1...12).contains(m) { return "there is no month \(m)" }
        if d == 0 { return "there is no day 0" }
        return "\(monthNames[m - 1]) \(y) has \(daysIn(month: m, year: y)) days"
    }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { lhs.packed < rhs.packed }

    /// Whether `year` has a 29 February.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` (1–12) of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension CalendarDate {
    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.init(unchecked: y, m, d)
    }

    /// The English names of the months, January first.
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]
    /// The English names of the weekdays, Monday first (as `weekday` counts).
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The weekday's English name: `Monday`.
    public var weekdayName: String { CalendarDate.weekdayNames[weekday - 1] }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday
        return (w < 0 ? w + 7 : w) + 1
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    /// Adds calendar months, clamping to the last day of a shorter month (Jan 31 + 1 month = Feb 28/29).
    public func adding(months: Int) -> CalendarDate {
        let total = (year * 12 + (month - 1)) + months
        let y = total / 12, m = total % 12 + 1
        let d = min(day, CalendarDate.daysIn(month: m, year: y))
        return CalendarDate(year: y, month: m, day: d) ?? self
    }

    /// The same day `years` years later, 29 February becoming 28 February in a common year.
    public func adding(years: Int) -> CalendarDate { adding(months: years * 12) }

    /// Adds working days (Monday to Friday), as topydo's `b` unit does.
    public func adding(businessDays: Int) -> CalendarDate {
        var date = self
        var left = abs(businessDays)
        let step = businessDays >= 0 ? 1 : -1
        while left > 0 {
            date = date.adding(days: step)
            if date.weekday <= 5 { left -= 1 }
        }
        return date
    }

    /// The number of days from this date to `other`, negative when `other` is earlier.
    public func days(until other: CalendarDate) -> Int { other.dayNumber - dayNumber }
}
