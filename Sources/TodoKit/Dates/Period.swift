/// A length of time counted in calendar units: `3d`, `1w`, `2m`, `1y`, or `5b` working days (Monday to
/// Friday), as `postpone` takes it, as a recurrence steps, and as a date word counts from today (`-1w`).
public struct Period: Hashable, Sendable, CustomStringConvertible {
    /// How many units; negative for a period back in time.
    public var count: Int
    package var unit: TodoTxtRecurrence.Unit

    /// `count` units of time.
    package init(count: Int, unit: TodoTxtRecurrence.Unit) {
        self.count = count
        self.unit = unit
    }

    /// One day.
    public static let day = Period(count: 1, unit: .day)
    /// One week.
    public static let week = Period(count: 1, unit: .week)

    /// Reads a period to move a date later by, `[+]N[dwmyb]` in either case (`N` at least 1), as `postpone`
    /// takes it.
    public init?(parsing text: some StringProtocol) {
        guard let period = Period(signed: text), period.count > 0 else { return nil }
        self = period
    }

    /// Reads `[+|-]N[dwmyb]` in either case, `N` of at most six digits.
    init?(signed text: some StringProtocol) {
        var rest = Substring(text)
        var sign = 1
        if rest.first == "+" { rest = rest.dropFirst() } else if rest.first == "-" { sign = -1; rest = rest.dropFirst() }
        guard let last = rest.last, let unit = TodoTxtRecurrence.Unit(rawValue: Character(last.lowercased())) else { return nil }
        let digits = rest.dropLast()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCIIDigit), let n = Int(digits) else { return nil }
        self.init(count: sign * n, unit: unit)
    }

    /// The date one period after `date` (months clamp to a shorter month's last day); nil when it falls
    /// outside the years 1 to 9999.
    public func added(to date: CalendarDate) -> CalendarDate? {
        let result: CalendarDate
        switch unit {
        case .day: result = date.adding(days: count)
        case .week: result = date.adding(days: 7 * count)
        case .month, .year:
            let months = unit == .month ? count : 12 * count
            guard (12..<120_000).contains(date.year * 12 + (date.month - 1) + months) else { return nil }
            result = date.adding(months: months)
        case .businessDay: result = date.adding(businessDays: count)
        }
        return (1...9999).contains(result.year) ? result : nil
    }

    public var description: String { "\(count)\(unit.rawValue)" }
}
