/// The `RRULE` that repeats a task exactly as todofmt does, where there is one.
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
package enum RecurrenceRule {
    /// The rule for a task due (or starting) on `anchor`, or nil when no rule agrees with todofmt. The calendar
    /// repeats from `DTSTART`, else (as Thunderbird, Apple's and Android's clients do) from `DUE`: both must agree.
    package static func rule(for recurrence: Recurrence?, anchor: CalendarDate) -> String? {
        guard let recurrence, recurrence.isStrict else { return nil }
        let interval = recurrence.count == 1 ? "" : ";INTERVAL=\(recurrence.count)"
        switch recurrence.unit {
        case .day: return "FREQ=DAILY" + interval
        case .week: return "FREQ=WEEKLY" + interval
        case .month: return anchor.day <= 28 ? "FREQ=MONTHLY" + interval : nil
        case .year: return anchor.month == 2 && anchor.day == 29 ? nil : "FREQ=YEARLY" + interval
        case .businessDay:
            if recurrence.count == 1 { return "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR" }
            guard recurrence.count % 5 == 0, anchor.weekday <= 5 else { return nil }
            let weeks = recurrence.count / 5
            return "FREQ=WEEKLY" + (weeks == 1 ? "" : ";INTERVAL=\(weeks)")
        }
    }
}
