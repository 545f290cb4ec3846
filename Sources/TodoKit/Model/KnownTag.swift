/// The tag keys with a meaning of their own (docs/FORMAT.md, 3.5) and the values each takes: the one
/// definition the parser's warnings and the checks on text typed for a task both use.
package enum KnownTag {
    /// Keys a task has at most one of: tools read the first and ignore the others.
    package static let singleValued: [String] = ["due", "t", "rec", "pri", "est"]

    /// Keys that are checked.
    static let keys: Set<String> = ["due", "t", "rec", "pri", "est", "remind"]

    /// What is wrong with a value: a phrase that follows `key:value`, and its diagnostic code.
    package struct Problem: Hashable, Sendable {
        package var phrase: String
        package var code: Diagnostic.Code
    }

    /// Why `value` is no value for `key`, or nil when it is one or the key takes anything. `hasDue`: whether
    /// the task has a due date, which a relative `remind:` counts from; `dueHasTime`: whether that date has a
    /// time of day, which a `remind:` in hours or minutes counts from.
    package static func problem(key: String, value: some StringProtocol, hasDue: Bool, dueHasTime: Bool = false) -> Problem? {
        switch key {
        case "due":
            if Moment(iso: value) != nil { return nil }
            return dateProblem(value)
        case "t":
            if CalendarDate(iso: value) != nil { return nil }
            if Moment(iso: value) != nil {
                return Problem(phrase: "is not a date (YYYY-MM-DD): t: takes no time of day", code: .malformedDate)
            }
            return dateProblem(value)
        case "rec":
            return TodoTxtRecurrence(value) != nil ? nil
                : Problem(phrase: "is not a recurrence ([+]N[dwmyb])", code: .malformedRecurrence)
        case "est":
            return Duration(parsing: value) != nil ? nil
                : Problem(phrase: "is not a duration (e.g. 30m, 1h30m, 2h, 1d)", code: .malformedEstimate)
        case "pri":
            return Priority(lenient: value) != nil ? nil : Problem(phrase: "is not a priority (A-Z)", code: .malformedPriority)
        case "remind":
            guard let reminder = Reminder(value) else {
                if CalendarDate.hasISOShape(value) || Moment.whyNoTime(value) != nil { return dateProblem(value) }
                return Problem(phrase: "is not a date, a time or a period before the due date "
                               + "(e.g. remind:2026-11-27, remind:2026-11-27T09:00, remind:-3d, remind:-2h)",
                               code: .malformedReminder)
            }
            if reminder.isRelative && !hasDue {
                return Problem(phrase: "counts from the due date, but the task has no due:", code: .reminderWithoutDue)
            }
            return reminder.needsDueTime && !dueHasTime
                ? Problem(phrase: "counts from the due time, but due: has no time of day (e.g. due:2026-12-01T14:30)",
                          code: .reminderWithoutDueTime) : nil
        default:
            return nil
        }
    }

    /// What is wrong with a value that should be a date, or a date with a time of day.
    static func dateProblem(_ value: some StringProtocol) -> Problem {
        let day = Substring(value).prefix(10)
        if CalendarDate.hasISOShape(day), CalendarDate(iso: day) == nil, value.count == 10 || Substring(value).dropFirst(10).first == "T" {
            return Problem(phrase: "is not a real date", code: .impossibleDate)
        }
        if let why = Moment.whyNoTime(value) {
            return Problem(phrase: "is not a real time (\(why))", code: .malformedTime)
        }
        return Problem(phrase: "is not a date (YYYY-MM-DD)", code: .malformedDate)
    }
}
