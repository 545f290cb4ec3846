/// A topydo-style recurrence, `rec:[+]N[dwmyb]`: `1w` counts from the completion date, `+1w` strictly from
/// the due date.
package struct TodoTxtRecurrence: Hashable, Sendable, CustomStringConvertible {
    /// The unit a recurrence counts in.
    package enum Unit: Character, Hashable, Sendable {
        case day = "d", week = "w", month = "m", year = "y", businessDay = "b"
    }

    package var isStrict: Bool
    package var count: Int
    package var unit: Unit

    /// Every `count` units, from the completion date or, when strict, from the due date.
    package init(isStrict: Bool, count: Int, unit: Unit) {
        self.isStrict = isStrict
        self.count = count
        self.unit = unit
    }

    /// Reads `[+]N[dwmyb]`; `N` may be left out and means 1 (`rec:w`), as topydo allows.
    package init?(_ text: some StringProtocol) {
        guard let recurrence = TodoTxtRecurrence(utf8: Array(text.utf8)) else { return nil }
        self = recurrence
    }

    /// `init(_:)` on UTF-8 bytes; the unit may be written in either case.
    init?(utf8 b: [UInt8]) {
        var i = 0, end = b.count
        isStrict = end > 0 && b[0] == UInt8(ascii: "+")
        if isStrict { i = 1 }
        guard end > i else { return nil }
        // `| 0x20` lowercases an ASCII letter; only the unit letters in either case give one of these (and
        // lowercasing no other character does).
        switch b[end - 1] | 0x20 {
        case UInt8(ascii: "d"): unit = .day
        case UInt8(ascii: "w"): unit = .week
        case UInt8(ascii: "m"): unit = .month
        case UInt8(ascii: "y"): unit = .year
        case UInt8(ascii: "b"): unit = .businessDay
        default: return nil
        }
        end -= 1
        if i == end {
            count = 1
        } else {
            var n = 0
            while i < end {
                let digit = Int(b[i]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                n = n * 10 + digit
                guard n < 100_000 else { return nil }
                i += 1
            }
            guard n > 0 else { return nil }
            count = n
        }
    }

    /// The date one recurrence after `date`; nil past 9999-12-31.
    package func next(after date: CalendarDate) -> CalendarDate? {
        Period(count: count, unit: unit).added(to: date)
    }

    package var description: String { "\(isStrict ? "+" : "")\(count)\(unit.rawValue)" }
}

extension TodoTxtRecurrence {
    /// The `RRULE` that repeats a task due (or starting) on `anchor` exactly as todofmt does, or nil where no rule
    /// agrees with todofmt. The calendar repeats from `DTSTART`, else (as Thunderbird, Apple's and Android's
    /// clients do) from `DUE`: both must agree.
    ///
    /// A calendar computes every occurrence from the first (`DTSTART`), so only a strict recurrence
    /// (`rec:+1w`, counted from the due date) can agree with it: `rec:1w` counts from the day the task is done,
    /// which no calendar knows in advance, and gets no rule. Of the strict ones:
    /// - days and weeks always agree: `FREQ=DAILY` / `FREQ=WEEKLY` with the interval;
    /// - months and years agree while the day exists in every month (year) the rule reaches: from the 29th,
    ///   30th or 31st (from 29 February) todofmt falls back to the month's last day and keeps that day
    ///   afterwards, while the calendar skips the months without it; such tasks get no rule;
    /// - working days: `+1b` is every weekday (`FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR`) and `+5b`, `+10b`, … from a
    ///   weekday are every week or every N weeks on that weekday; any other count (`+2b`) steps through the
    ///   weekdays in a pattern that `BYDAY` cannot say (its interval counts calendar days or weeks), so no rule.
    package func calendarRule(anchor: CalendarDate) -> String? {
        guard isStrict else { return nil }
        let interval = count == 1 ? "" : ";INTERVAL=\(count)"
        switch unit {
        case .day: return "FREQ=DAILY" + interval
        case .week: return "FREQ=WEEKLY" + interval
        case .month: return anchor.day <= 28 ? "FREQ=MONTHLY" + interval : nil
        case .year: return anchor.month == 2 && anchor.day == 29 ? nil : "FREQ=YEARLY" + interval
        case .businessDay:
            if count == 1 { return "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR" }
            guard count % 5 == 0, anchor.weekday <= 5 else { return nil }
            let weeks = count / 5
            return "FREQ=WEEKLY" + (weeks == 1 ? "" : ";INTERVAL=\(weeks)")
        }
    }
}

extension TodoTxtRecurrence {
    /// The dates of a recurring task's next occurrence, as topydo computes them.
    ///
    /// `rec:1w` counts from the completion date; `rec:+1w` strictly from the old due date (else the threshold
    /// date, else the completion date). `t:` moves with `due:`, keeping their distance; a task with only `t:`
    /// recurs on `t:` and gets no `due:`; a task with neither gets `due:`.
    package struct NextOccurrence: Hashable, Sendable {
        package var due: CalendarDate?
        package var threshold: CalendarDate?

        /// Nil when the body has no well-formed `rec:`, or the next date would fall after 9999-12-31. `strict` counts from the due date even for `rec:1w`
        /// (topydo's `do --strict`).
        package init?(of body: TaskBody, completedOn: CalendarDate, strict: Bool = false) {
            guard let recurrence = body.recurrence else { return nil }
            let oldDue = body.due, oldThreshold = body.threshold
            let from = recurrence.isStrict || strict ? (oldDue ?? oldThreshold ?? completedOn) : completedOn
            guard let newDue = recurrence.next(after: from), newDue > from else { return nil }
            let length = oldDue.flatMap { due in oldThreshold.map { $0.days(until: due) } } ?? 0
            due = (oldDue != nil || oldThreshold == nil) ? newDue : nil
            threshold = oldThreshold != nil ? newDue.adding(days: -length) : nil
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
