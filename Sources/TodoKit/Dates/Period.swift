/// A length of time counted in calendar units: `3d`, `1w`, `2m`, `1y`, or `5b` working days (Monday to
/// Friday), as `postpone` takes it and as a recurrence steps.
public struct Period: Hashable, Sendable, CustomStringConvertible {
    public var count: Int
    public var unit: Recurrence.Unit

    public init(count: Int, unit: Recurrence.Unit) {
        self.count = count
        self.unit = unit
    }

    public static let day = Period(count: 1, unit: .day)
    public static let week = Period(count: 1, unit: .week)

    /// Reads `N[dwmyb]` (`N` at least 1).
    public init?(parsing text: some StringProtocol) {
        guard text.first != "+", let recurrence = Recurrence(text) else { return nil }
        self.init(count: recurrence.count, unit: recurrence.unit)
    }

    /// The date one period after `date` (months clamp to a shorter month's last day).
    public func added(to date: CalendarDate) -> CalendarDate {
        switch unit {
        case .day: return date.adding(days: count)
        case .week: return date.adding(days: 7 * count)
        case .month: return date.adding(months: count)
        case .year: return date.adding(years: count)
        case .businessDay: return date.adding(businessDays: count)
        }
    }

    public var description: String { "\(count)\(unit.rawValue)" }
}
