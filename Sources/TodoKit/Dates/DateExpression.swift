/// Reads the dates people type in filters and new tasks: `today`, `tomorrow`, `yesterday`, weekday names
/// (`fri`, `friday`: the next one after today), offsets (`+3d`, `2w`, `-1m`, `1y`, `5b` working days) and ISO
/// dates (`2026-12-24`).
public enum DateExpression {
    /// The date `text` names, counted from `today`; nil when it names none.
    public static func resolve(_ text: some StringProtocol, today: CalendarDate) -> CalendarDate? {
        // Nothing past the calendar's ends (9999-12-31 and `tomorrow`): a five-digit year is no date.
        guard let date = resolveUnchecked(text, today: today), (1...9999).contains(date.year) else { return nil }
        return date
    }

    private static func resolveUnchecked(_ text: some StringProtocol, today: CalendarDate) -> CalendarDate? {
        let word = text.lowercased()
        if let date = CalendarDate(iso: word) { return date }
        switch word {
        case "today", "tod": return today
        case "tomorrow", "tom": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let weekday = weekdayNumber(word) {
            var days = (weekday - today.weekday + 7) % 7
            if days == 0 { days = 7 }
            return today.adding(days: days)
        }
        return offset(word).flatMap { $0.apply(to: today) }
    }

    /// Whether `text` is a relative word or offset rather than an ISO date, so that a tool writing it into
    /// a file knows to replace it with the date it names.
    public static func isRelative(_ text: some StringProtocol) -> Bool {
        let word = text.lowercased()
        return CalendarDate(iso: word) == nil && resolve(word, today: CalendarDate(year: 2000, month: 1, day: 1)!) != nil
    }

    /// Words completion offers after `due:` and `t:`.
    public static let words = ["today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday", "thursday",
                               "friday", "saturday", "sunday"]

    static let weekdayNames: [(short: String, long: String)] = [
        ("mon", "monday"), ("tue", "tuesday"), ("wed", "wednesday"), ("thu", "thursday"),
        ("fri", "friday"), ("sat", "saturday"), ("sun", "sunday"),
    ]

    /// 1 = Monday … 7 = Sunday, for `mon`, `monday`, `tues`, etc.
    static func weekdayNumber(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        for (index, name) in weekdayNames.enumerated() where name.long.hasPrefix(word) || word == name.short {
            return index + 1
        }
        return nil
    }

    /// A number of days (`d`), weeks (`w`), months (`m`), years (`y`) or working days (`b`), negative for
    /// earlier dates.
    public struct Offset: Hashable, Sendable, CustomStringConvertible {
        public var count: Int
        public var unit: Character

        init(count: Int, unit: Character) {
            self.count = count
            self.unit = unit
        }

        /// Reads a period to move a date later by: `3d`, `+1w`, `2m`, `1y`, `5b`; nil for anything else
        /// (no sign but `+`, at least 1 of the unit).
        public init?(period text: some StringProtocol) {
            let word = text.lowercased()
            guard !word.hasPrefix("-"), let offset = DateExpression.offset(word), offset.count > 0 else { return nil }
            self = offset
        }

        public var description: String { "\(count)\(unit)" }

        /// The date `count` units after `date`; nil when it falls outside the years 1 to 9999.
        public func apply(to date: CalendarDate) -> CalendarDate? {
            let result: CalendarDate
            switch unit {
            case "d": result = date.adding(days: count)
            case "w": result = date.adding(days: 7 * count)
            case "m", "y":
                let months = unit == "m" ? count : 12 * count
                let total = date.year * 12 + (date.month - 1) + months
                guard (12..<120_000).contains(total) else { return nil }
                result = date.adding(months: months)
            default: result = date.adding(businessDays: count)
            }
            return (1...9999).contains(result.year) ? result : nil
        }
    }

    /// `[+|-]N[dwmyb]`.
    static func offset(_ word: String) -> Offset? {
        var rest = Substring(word)
        var sign = 1
        if rest.first == "+" { rest = rest.dropFirst() } else if rest.first == "-" { sign = -1; rest = rest.dropFirst() }
        guard let unit = rest.last, "dwmyb".contains(unit) else { return nil }
        let digits = rest.dropLast()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCIIDigit), let n = Int(digits) else { return nil }
        return Offset(count: sign * n, unit: unit)
    }
}
