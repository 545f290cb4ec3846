/// A topydo-style recurrence, `rec:[+]N[dwmyb]`: `1w` counts from the completion date, `+1w` strictly from
/// the due date.
public struct Recurrence: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: Character, Hashable, Sendable {
        case day = "d", week = "w", month = "m", year = "y", businessDay = "b"
    }

    public var isStrict: Bool
    public var count: Int
    public var unit: Unit

    public init(isStrict: Bool, count: Int, unit: Unit) {
        self.isStrict = isStrict
        self.count = count
        self.unit = unit
    }

    /// Reads `[+]N[dwmyb]`; `N` may be left out and means 1 (`rec:w`), as topydo allows.
    public init?(_ text: some StringProtocol) {
        var rest = Substring(text)
        isStrict = rest.first == "+"
        if isStrict { rest = rest.dropFirst() }
        guard let last = rest.last, let unit = Unit(rawValue: Character(last.lowercased())) else { return nil }
        let digits = rest.dropLast()
        if digits.isEmpty {
            count = 1
        } else {
            guard digits.allSatisfy(\.isASCIIDigit), let n = Int(digits), n > 0, n < 100_000 else { return nil }
            count = n
        }
        self.unit = unit
    }

    /// The date one recurrence after `date`.
    public func next(after date: CalendarDate) -> CalendarDate {
        switch unit {
        case .day: return date.adding(days: count)
        case .week: return date.adding(days: 7 * count)
        case .month: return date.adding(months: count)
        case .year: return date.adding(years: count)
        case .businessDay: return date.adding(businessDays: count)
        }
    }

    public var description: String { "\(isStrict ? "+" : "")\(count)\(unit.rawValue)" }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
