/// A time estimate such as `est:30m`, `1h30m`, `2h` or `1d`, held in minutes.
///
/// A day is 8 working hours, a week 5 working days, as estimates count effort rather than elapsed time.
public struct Duration: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var minutes: Int

    public init(minutes: Int) { self.minutes = minutes }

    static let minutesPerUnit: [Character: Int] = ["m": 1, "h": 60, "d": 8 * 60, "w": 5 * 8 * 60]

    /// Reads one or more `<number><unit>` parts with units `w`, `d`, `h`, `m`; a bare number means minutes.
    public init?(parsing text: some StringProtocol) {
        var total = 0
        var number = 0
        var sawDigit = false
        var sawPart = false
        for character in text.lowercased() {
            if let digit = character.wholeNumberValue, character.isASCIIDigit {
                number = number * 10 + digit
                sawDigit = true
                guard number < 10_000_000 else { return nil }
            } else if let factor = Duration.minutesPerUnit[character], sawDigit {
                total += number * factor
                number = 0
                sawDigit = false
                sawPart = true
            } else {
                return nil
            }
        }
        if sawDigit {
            guard !sawPart else { return nil }
            total += number
        } else if !sawPart {
            return nil
        }
        minutes = total
    }

    public static func < (lhs: Duration, rhs: Duration) -> Bool { lhs.minutes < rhs.minutes }

    /// The shortest form: `1h30m`, `2h`, `45m`, `0m`.
    public var description: String {
        if minutes == 0 { return "0m" }
        let hours = minutes / 60, rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return "\(rest)m"
        case (_, 0): return "\(hours)h"
        default: return "\(hours)h\(rest)m"
        }
    }
}
