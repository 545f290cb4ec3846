/// A recurrence rule in words, as the Obsidian Tasks plugin reads it after `🔁` (and Dataview's `[repeat:: ]`):
/// `every week`, `every 2 days when done`, `every month on the last Friday`, `every January on the 15th`.
///
/// The words are those of the rrule library's English parser, which the plugin uses: `every`, an optional
/// count, then a unit (`day`, `week`, `month`, `year`, `weekday`), weekday names or month names, and
/// `on the …` parts naming days of the month (`1st`, `last`, `2nd last`) or weekdays (`Friday`, `last
/// Friday`). `when done` at the end counts from the day the task is done instead of from its dates.
package struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// How often a rule repeats.
    package enum Frequency: String, Hashable, Sendable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A weekday (1 = Monday … 7 = Sunday), and which one of the month or year when the rule names one
    /// (`2` for the second, `-1` for the last).
    package struct Weekday: Hashable, Sendable {
        package var day: Int
        package var nth: Int?
    }

    package var frequency: Frequency
    package var interval: Int
    package var weekdays: [Weekday]
    /// Days of the month: 1 … 31, or counted from the end (-1 the last).
    package var monthDays: [Int]
    /// Months, 1 … 12.
    package var months: [Int]
    /// `when done`: the next occurrence counts from the day the task is done.
    package var whenDone: Bool
    /// The rule as written, trimmed.
    package let text: String

    /// Reads a rule as the plugin does; nil for text it does not read (`every blue moon`) or reads as hours or
    /// minutes, which a task's dates cannot follow.
    package init?(_ text: some StringProtocol) {
        let written = String(text).trimmingWhitespace()
        self.text = written
        var words = written
        whenDone = false
        // The plugin takes ` when done` off the end (any letter case) before reading the rest.
        if written.count > 10, written.lowercased().hasSuffix(" when done") {
            words = String(written.dropLast(10))
            whenDone = true
        }
        guard !words.isEmpty,
              words.unicodeScalars.allSatisfy({ $0.isASCII && (RecurrenceRule.isRuleCharacter(UInt8($0.value))) }),
              let parsed = { var parser = RuleParser(words); return parser.parse() }() else { return nil }
        frequency = parsed.frequency
        interval = parsed.interval
        weekdays = parsed.weekdays
        monthDays = parsed.monthDays
        months = parsed.months
    }

    /// `[a-zA-Z0-9, !]`: what a rule may be written with.
    package static func isRuleCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "!"):
            return true
        default:
            return false
        }
    }

    package var description: String { text }

    // MARK: Occurrences

    /// The first day after `after` on which the rule falls, counting from `start` (the first day of the
    /// series: intervals count from it, and a day or month it does not name comes from it); nil past
    /// 9999-12-31.
    func firstOccurrence(after: CalendarDate, start: CalendarDate) -> CalendarDate? {
        var day = max(after.adding(days: 1), start)
        let last = CalendarDate(year: 9999, month: 12, day: 31)!
        // A rule that names days skips months (years) without them; five years hold every such day.
        let limit = day.adding(years: interval * 5 + 5)
        while day <= last, day <= limit {
            if falls(on: day, start: start) { return day }
            day = day.adding(days: 1)
        }
        return nil
    }

    /// Whether the rule falls on `day` in the series that starts on `start`, as RFC 5545 expands it (rrule's
    /// defaults: a weekly rule without weekdays falls on the start's weekday, a monthly one on its day of
    /// the month, a yearly one on its month and day).
    func falls(on day: CalendarDate, start: CalendarDate) -> Bool {
        switch frequency {
        case .daily:
            guard start.days(until: day) % interval == 0 else { return false }
            return matchesMonths(day) && matchesMonthDays(day, default: nil) && matchesPlainWeekdays(day)
        case .weekly:
            let weeks = (day.adding(days: 1 - day.weekday).dayNumber - start.adding(days: 1 - start.weekday).dayNumber) / 7
            guard weeks % interval == 0, matchesMonths(day) else { return false }
            if weekdays.isEmpty { return day.weekday == start.weekday }
            return weekdays.contains { $0.day == day.weekday }
        case .monthly:
            let monthsApart = (day.year - start.year) * 12 + day.month - start.month
            guard monthsApart % interval == 0, matchesMonths(day) else { return false }
            if weekdays.isEmpty, monthDays.isEmpty { return day.day == start.day }
            return matchesMonthDays(day, default: nil) && matchesWeekdays(day, inYear: false)
        case .yearly:
            guard (day.year - start.year) % interval == 0 else { return false }
            if weekdays.isEmpty, monthDays.isEmpty {
                return (months.isEmpty ? day.month == start.month : months.contains(day.month)) && day.day == start.day
            }
            guard matchesMonths(day) else { return false }
            return matchesMonthDays(day, default: nil) && matchesWeekdays(day, inYear: months.isEmpty)
        }
    }

    private func matchesMonths(_ day: CalendarDate) -> Bool { months.isEmpty || months.contains(day.month) }

    private func matchesMonthDays(_ day: CalendarDate, default: Int?) -> Bool {
        if monthDays.isEmpty { return true }
        let length = CalendarDate.daysIn(month: day.month, year: day.year)
        return monthDays.contains { $0 > 0 ? $0 == day.day : length + 1 + $0 == day.day }
    }

    private func matchesPlainWeekdays(_ day: CalendarDate) -> Bool {
        weekdays.isEmpty || weekdays.contains { $0.day == day.weekday }
    }

    /// Weekdays, the nth ones counted in the month (or in the year, for a yearly rule without months).
    private func matchesWeekdays(_ day: CalendarDate, inYear: Bool) -> Bool {
        if weekdays.isEmpty { return true }
        return weekdays.contains { weekday in
            guard weekday.day == day.weekday else { return false }
            guard let nth = weekday.nth else { return true }
            let first = inYear ? CalendarDate(year: day.year, month: 1, day: 1)! : CalendarDate(year: day.year, month: day.month, day: 1)!
            let end = inYear ? CalendarDate(year: day.year, month: 12, day: 31)!
                : CalendarDate(year: day.year, month: day.month, day: CalendarDate.daysIn(month: day.month, year: day.year))!
            return nth > 0 ? first.days(until: day) / 7 + 1 == nth : day.days(until: end) / 7 + 1 == -nth
        }
    }

    /// The next day the series falls on after `reference`, as the plugin computes it: counting from the
    /// reference day (from `completedOn` for `when done`), and, for `every N months` and `every N years` on no
    /// named day, moving a day that the target month lacks earlier (31 January + 1 month is 28 February, not
    /// 31 March) and keeping the earlier day from then on.
    package func next(from reference: CalendarDate?, completedOn: CalendarDate) -> CalendarDate? {
        var after = whenDone ? completedOn : (reference ?? completedOn)
        guard var next = firstOccurrence(after: after, start: after) else { return nil }
        let followsStart = monthDays.isEmpty && weekdays.isEmpty
        if frequency == .monthly, followsStart, months.isEmpty {
            while (next.year - after.year) * 12 + next.month - after.month > interval, after.year > 1 {
                after = after.adding(days: -1)
                guard let earlier = firstOccurrence(after: after, start: after) else { return nil }
                next = earlier
            }
        } else if frequency == .yearly, months.isEmpty {
            while next.year - after.year > interval, after.year > 1 {
                after = after.adding(days: -1)
                guard let earlier = firstOccurrence(after: after, start: after) else { return nil }
                next = earlier
            }
        }
        return next
    }

    /// The `RRULE` a calendar repeats this rule by from `anchor`, where its dates are exactly the plugin's:
    /// none for `when done` (it counts from a day no calendar knows), nor for a month's (year's) own day that
    /// some months (years) lack, where the plugin moves earlier and the calendar skips.
    package func calendarRule(anchor: CalendarDate) -> String? {
        guard !whenDone else { return nil }
        let followsStart = monthDays.isEmpty && weekdays.isEmpty
        if frequency == .monthly, followsStart, months.isEmpty, anchor.day > 28 { return nil }
        if frequency == .yearly, months.isEmpty, followsStart, anchor.month == 2, anchor.day == 29 { return nil }
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
        if !monthDays.isEmpty { parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ",")) }
        if !weekdays.isEmpty {
            let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            parts.append("BYDAY=" + weekdays.map { ($0.nth.map(String.init) ?? "") + names[$0.day - 1] }.joined(separator: ","))
        }
        if frequency == .yearly, !months.isEmpty, followsStart {
            // The plugin keeps the start's day of the month in the named months.
            parts.append("BYMONTHDAY=\(anchor.day)")
        }
        return parts.joined(separator: ";")
    }
}

/// rrule's English parser, for the frequencies a task's dates can follow.
private struct RuleParser {
    enum Symbol: Equatable {
        case number(Int), numberAsText, every, days, weekdays, weeks, hours, minutes, months, years
        case on, at, the, first, second, third, nth(Int), last, forWord, times, until
        case weekday(Int), month(Int), comma
    }

    struct Parsed {
        var frequency: RecurrenceRule.Frequency = .daily
        var interval = 1
        var weekdays: [RecurrenceRule.Weekday] = []
        var monthDays: [Int] = []
        var months: [Int] = []
    }

    struct Failure: Error {}

    var symbols: [Symbol] = []
    var position = 0
    var parsed = Parsed()

    init(_ text: String) {
        symbols = RuleParser.tokens(Array(text.lowercased().utf8))
    }

    /// Splits `b` into symbols as rrule does: at each place the longest token that matches (ties to the
    /// first in rrule's table), whitespace skipped; reading stops at the first text no token matches.
    static func tokens(_ b: [UInt8]) -> [Symbol] {
        var result: [Symbol] = []
        var i = 0
        while i < b.count {
            if b[i] == .space || b[i] == .tab { i += 1; continue }
            guard let (symbol, length) = longestToken(b, at: i) else { break }
            result.append(symbol)
            i += length
        }
        return result
    }

    static func longestToken(_ b: [UInt8], at i: Int) -> (Symbol, Int)? {
        var best: (Symbol, Int)?
        func consider(_ symbol: Symbol, _ length: Int) {
            if length > 0, length > (best?.1 ?? 0) { best = (symbol, length) }
        }
        func word(_ options: String...) -> Int {
            var longest = 0
            for option in options where b.count - i >= option.utf8.count && Array(b[i..<(i + option.utf8.count)]) == Array(option.utf8) {
                longest = max(longest, option.utf8.count)
            }
            return longest
        }
        var digits = i
        while digits < b.count, b[digits] >= 48, b[digits] <= 57 { digits += 1 }
        if digits > i, b[i] != UInt8(ascii: "0") {
            let value = Int(String(decoding: b[i..<digits], as: UTF8.self)) ?? Int.max
            consider(.number(value), digits - i)
            let suffix = b.count > digits ? (b[digits] == UInt8(ascii: ".") ? 1 : [("th"), ("nd"), ("rd"), ("st")].contains { b.count - digits >= 2 && Array(b[digits..<(digits + 2)]) == Array($0.utf8) } ? 2 : 0) : 0
            if suffix > 0 { consider(.nth(value), digits - i + suffix) }
        }
        consider(.numberAsText, word("one", "two", "three"))
        consider(.every, word("every"))
        consider(.days, word("day", "days"))
        consider(.weekdays, word("weekday", "weekdays"))
        consider(.weeks, word("week", "weeks"))
        consider(.hours, word("hour", "hours"))
        consider(.minutes, word("minute", "minutes"))
        consider(.months, word("month", "months"))
        consider(.years, word("year", "years"))
        consider(.on, word("on", "in"))
        consider(.at, word("at"))
        consider(.the, word("the"))
        consider(.first, word("first"))
        consider(.second, word("second"))
        consider(.third, word("third"))
        consider(.last, word("last"))
        consider(.forWord, word("for"))
        consider(.times, word("time", "times"))
        consider(.until, word("til", "until"))
        consider(.weekday(1), word("mo", "mon", "monday"))
        consider(.weekday(2), word("tu", "tue", "tues", "tuesday"))
        consider(.weekday(3), word("we", "wed", "wedn", "wednesday"))
        consider(.weekday(4), word("th", "thu", "thur", "thursday"))
        consider(.weekday(5), word("fr", "fri", "friday"))
        consider(.weekday(6), word("sa", "sat", "saturday"))
        consider(.weekday(7), word("su", "sun", "sunday"))
        let monthWords = [["jan", "january"], ["feb", "february"], ["mar", "march"], ["apr", "april"], ["may"],
                          ["jun", "june"], ["jul", "july"], ["aug", "august"], ["sep", "sept", "september"],
                          ["oct", "october"], ["nov", "november"], ["dec", "december"]]
        for (index, options) in monthWords.enumerated() {
            var longest = 0
            for option in options where b.count - i >= option.utf8.count && Array(b[i..<(i + option.utf8.count)]) == Array(option.utf8) {
                longest = max(longest, option.utf8.count)
            }
            consider(.month(index + 1), longest)
        }
        // `(,\s*|(and|or)\s*)+`
        var j = i
        while j < b.count {
            if b[j] == UInt8(ascii: ",") { j += 1 }
            else if b.count - j >= 3, Array(b[j..<(j + 3)]) == Array("and".utf8) { j += 3 }
            else if b.count - j >= 2, Array(b[j..<(j + 2)]) == Array("or".utf8) { j += 2 }
            else { break }
            while j < b.count, b[j] == .space || b[j] == .tab { j += 1 }
        }
        consider(.comma, j - i)
        return best
    }

    var symbol: Symbol? { position < symbols.count ? symbols[position] : nil }

    mutating func advance() { position += 1 }

    mutating func accept(_ wanted: Symbol) -> Bool {
        guard symbol == wanted else { return false }
        advance()
        return true
    }

    mutating func parse() -> Parsed? {
        guard !symbols.isEmpty else { return nil }
        do {
            try rule()
            return parsed
        } catch {
            return nil
        }
    }

    mutating func rule() throws {
        guard accept(.every) else { throw Failure() }
        if case .number(let n)? = symbol {
            parsed.interval = n
            advance()
        }
        switch symbol {
        case .days?:
            parsed.frequency = .daily
            advance()
            try at()
        case .weekdays?:
            parsed.frequency = .weekly
            parsed.weekdays = (1...5).map { RecurrenceRule.Weekday(day: $0) }
            advance()
            try at()
        case .weeks?:
            parsed.frequency = .weekly
            advance()
            try on()
            try at()
        case .months?:
            parsed.frequency = .monthly
            advance()
            try on()
        case .years?:
            parsed.frequency = .yearly
            advance()
            try on()
        case .weekday(let day)?:
            parsed.frequency = .weekly
            parsed.weekdays = [RecurrenceRule.Weekday(day: day)]
            advance()
            while accept(.comma) {
                guard case .weekday(let next)? = symbol else { throw Failure() }
                parsed.weekdays.append(RecurrenceRule.Weekday(day: next))
                advance()
            }
            try at()
            try monthDaysOnly()
        case .month(let month)?:
            parsed.frequency = .yearly
            parsed.months = [month]
            advance()
            while accept(.comma) {
                guard case .month(let next)? = symbol else { throw Failure() }
                parsed.months.append(next)
                advance()
            }
            try on()
        default:
            // Hours and minutes are rules the plugin reads, but a task's dates cannot follow them.
            throw Failure()
        }
        if parsed.interval > 100_000 { throw Failure() }
    }

    /// `on the 1st, last Friday, Monday, January, …`
    mutating func on() throws {
        let sawOn = accept(.on)
        let sawThe = accept(.the)
        guard sawOn || sawThe else { return }
        repeat {
            let nth = try ordinal()
            if case .weekday(let day)? = symbol {
                advance()
                parsed.weekdays.append(RecurrenceRule.Weekday(day: day, nth: nth))
            } else if let nth {
                guard (-31...31).contains(nth) else { throw Failure() }
                parsed.monthDays.append(nth)
                _ = accept(.days)
            } else if symbol == .weekdays {
                advance()
                if parsed.weekdays.isEmpty { parsed.weekdays = (1...5).map { RecurrenceRule.Weekday(day: $0) } }
            } else if symbol == .weeks {
                // Week numbers of the year: the plugin reads them, todofmt does not compute them.
                throw Failure()
            } else if case .month(let month)? = symbol {
                advance()
                parsed.months.append(month)
            } else {
                return
            }
        } while accept(.comma) || accept(.the) || accept(.on)
    }

    /// `1st`, `last`, `2nd last`, `first`: a count from the start (positive) or the end (negative), or nil.
    mutating func ordinal() throws -> Int? {
        switch symbol {
        case .last?: advance(); return -1
        case .first?: advance(); return 1
        case .second?: advance(); return accept(.last) ? -2 : 2
        case .third?: advance(); return accept(.last) ? -3 : 3
        case .nth(let n)?:
            guard n <= 366 else { throw Failure() }
            advance()
            return accept(.last) ? -n : n
        default: return nil
        }
    }

    /// `at 9, 17`: hours, which a task's dates ignore.
    mutating func at() throws {
        guard accept(.at) else { return }
        repeat {
            guard case .number? = symbol else { throw Failure() }
            advance()
            while accept(.comma) {
                guard case .number? = symbol else { throw Failure() }
                advance()
            }
        } while accept(.comma) || accept(.at)
    }

    /// After weekday names: `on the 1st, 15th`.
    mutating func monthDaysOnly() throws {
        _ = accept(.on)
        _ = accept(.the)
        guard let first = try ordinal() else { return }
        parsed.monthDays = [first]
        while accept(.comma) {
            guard let next = try ordinal() else { throw Failure() }
            parsed.monthDays.append(next)
        }
    }
}
