/// A time estimate such as `est:30m`, `1h30m`, `2h` or `1d`, held in minutes.
///
/// A day is 8 working hours, a week 5 working days, as estimates count effort rather than elapsed time.
public struct Duration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in minutes.
    public var minutes: Int

    /// A duration of `minutes` minutes.
    public init(minutes: Int) { self.minutes = minutes }

    /// Reads one or more `<number><unit>` parts with units `w`, `d`, `h`, `m`; a bare number means minutes.
    public init?(parsing text: some StringProtocol) {
        guard let duration = Duration(utf8: Array(text.utf8)) else { return nil }
        self = duration
    }

    /// `init(parsing:)` on UTF-8 bytes; units may be written in either case.
    init?(utf8 b: [UInt8]) {
        var total = 0
        var number = 0
        var sawDigit = false
        var sawPart = false
        for byte in b {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
                sawDigit = true
                guard number < 10_000_000 else { return nil }
                continue
            }
            // `byte | 0x20` is the lowercase of an ASCII letter; only `M`, `H`, `D`, `W` and themselves map to
            // these (and lowercasing no other character gives one of them).
            let factor: Int
            switch byte | 0x20 {
            case UInt8(ascii: "m"): factor = 1
            case UInt8(ascii: "h"): factor = 60
            case UInt8(ascii: "d"): factor = 8 * 60
            case UInt8(ascii: "w"): factor = 5 * 8 * 60
            default: return nil
            }
            guard sawDigit else { return nil }
            total += number * factor
            number = 0
            sawDigit = false
            sawPart = true
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
