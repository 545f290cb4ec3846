/// A run of days, its first and last included: one day, a week, a month, a quarter, a year, or the days
/// between two dates.
package struct DateRange: Hashable, Sendable, CustomStringConvertible {
    package let start: CalendarDate
    package let end: CalendarDate

    /// The days from the earlier of the two dates to the later.
    package init(_ first: CalendarDate, _ second: CalendarDate) {
        start = min(first, second)
        end = max(first, second)
    }

    /// One day.
    package init(day: CalendarDate) {
        self.init(day, day)
    }

    /// Whether the range is one day.
    package var isOneDay: Bool { start == end }

    package func contains(_ date: CalendarDate) -> Bool { start <= date && date <= end }

    /// The ISO week (Monday to Sunday) holding `date`.
    package static func week(of date: CalendarDate) -> DateRange {
        let monday = date.adding(days: 1 - date.weekday)
        return DateRange(monday, monday.adding(days: 6))
    }

    /// The calendar month holding `date`.
    package static func month(of date: CalendarDate) -> DateRange {
        DateRange(CalendarDate(unchecked: date.year, date.month, 1),
                  CalendarDate(unchecked: date.year, date.month, CalendarDate.daysIn(month: date.month, year: date.year)))
    }

    /// The quarter (January to March, April to June, …) holding `date`.
    package static func quarter(of date: CalendarDate) -> DateRange {
        let first = (date.month - 1) / 3 * 3 + 1
        return DateRange(CalendarDate(unchecked: date.year, first, 1),
                         CalendarDate(unchecked: date.year, first + 2, CalendarDate.daysIn(month: first + 2, year: date.year)))
    }

    /// The calendar year holding `date`.
    package static func year(of date: CalendarDate) -> DateRange {
        DateRange(CalendarDate(unchecked: date.year, 1, 1), CalendarDate(unchecked: date.year, 12, 31))
    }

    /// ISO week `week` of `year` (`2026-W14`): the weeks run Monday to Sunday, and week 1 holds January 4th.
    /// Nil for a week the year lacks (week 53 of a year of 52 weeks, week 0).
    package static func isoWeek(_ week: Int, of year: Int) -> DateRange? {
        guard week >= 1, let january4 = CalendarDate(year: year, month: 1, day: 4) else { return nil }
        let monday = DateRange.week(of: january4).start.adding(days: 7 * (week - 1))
        let range = DateRange(monday, monday.adding(days: 6))
        // The week's Thursday decides which year it belongs to.
        guard range.start.adding(days: 3).year == year else { return nil }
        return range
    }

    /// `2026-12-01` for one day, `2026-12-01..2026-12-07` for more.
    package var description: String { isOneDay ? start.description : "\(start)..\(end)" }
}
