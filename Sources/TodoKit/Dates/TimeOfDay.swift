/// A local wall-clock time of day, to the minute: `14:30`. No time zone: it is the time on the clocks of
/// wherever the reader is, as a paper diary's times are.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0 to 1439.
    public let minutes: Int

    /// The hour, 0 to 23.
    public var hour: Int { minutes / 60 }
    /// The minute, 0 to 59.
    public var minute: Int { minutes % 60 }

    /// A time on the 24-hour clock, or nil (`24:00` and `12:60` are none).
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// The time `minutes` after midnight, or nil outside one day.
    public init?(minutes: Int) {
        guard (0..<TimeOfDay.minutesPerDay).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    static let minutesPerDay = 1440

    /// Reads exactly `HH:MM` on the 24-hour clock, as a file holds it; anything else is nil.
    public init?(iso text: some StringProtocol) {
        guard let (hour, minute) = TimeOfDay.isoFields(Array(text.utf8)[...]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// The fields of `HH:MM` (5 bytes), whether or not they name a time.
    static func isoFields(_ bytes: ArraySlice<UInt8>) -> (Int, Int)? {
        guard bytes.count == 5 else { return nil }
        let b = Array(bytes)
        guard b[2] == UInt8(ascii: ":"), [b[0], b[1], b[3], b[4]].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return (Int(b[0] - 48) * 10 + Int(b[1] - 48), Int(b[3] - 48) * 10 + Int(b[4] - 48))
    }

    /// Reads a time as people type it: `14:30`, `9:05`, `9am`, `2pm`, `2:30pm`, `12am` (midnight), `12pm`
    /// (noon), either case.
    public init?(typed text: some StringProtocol) {
        var word = Substring(text.lowercased())
        var offset: Int?
        if word.hasSuffix("am") || word.hasSuffix("pm") {
            offset = word.hasSuffix("pm") ? 12 : 0
            word = word.dropLast(2)
        }
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...2).contains(parts[0].count), parts[0].allSatisfy(\.isASCIIDigit),
              var hour = Int(parts[0]) else { return nil }
        var minute = 0
        if parts.count == 2 {
            guard parts[1].count == 2, parts[1].allSatisfy(\.isASCIIDigit), let m = Int(parts[1]) else { return nil }
            minute = m
        } else if offset == nil {
            return nil  // a bare number is no time: `14` could be anything
        }
        if let offset {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + offset
        }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}
