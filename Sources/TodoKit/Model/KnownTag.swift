/// The tag keys with a meaning of their own (docs/FORMAT.md, 3.5) and the values each takes: the one
/// definition the parser's warnings and the checks on text typed for a task both use.
public enum KnownTag {
    /// Keys a task has at most one of: tools read the first and ignore the others.
    public static let singleValued: [String] = ["due", "t", "rec", "pri", "est"]

    /// Keys that are checked.
    static let keys: Set<String> = ["due", "t", "rec", "pri", "est", "remind"]

    /// What is wrong with a value: a phrase that follows `key:value`, and its diagnostic code.
    public struct Problem: Hashable, Sendable {
        public var phrase: String
        public var code: Diagnostic.Code
    }

    /// Why `value` is no value for `key`, or nil when it is one or the key takes anything. `hasDue`: whether
    /// the task has a due date, which a relative `remind:` counts from.
    public static func problem(key: String, value: some StringProtocol, hasDue: Bool) -> Problem? {
        switch key {
        case "due", "t":
            if CalendarDate(iso: value) != nil { return nil }
            return CalendarDate.hasISOShape(value) ? Problem(phrase: "is not a real date", code: .impossibleDate)
                : Problem(phrase: "is not a date (YYYY-MM-DD)", code: .malformedDate)
        case "rec":
            return Recurrence(value) != nil ? nil
                : Problem(phrase: "is not a recurrence ([+]N[dwmyb])", code: .malformedRecurrence)
        case "est":
            return Duration(parsing: value) != nil ? nil
                : Problem(phrase: "is not a duration (e.g. 30m, 1h30m, 2h, 1d)", code: .malformedEstimate)
        case "pri":
            return Priority(lenient: value) != nil ? nil : Problem(phrase: "is not a priority (A-Z)", code: .malformedPriority)
        case "remind":
            guard let reminder = Reminder(value) else {
                return CalendarDate.hasISOShape(value) ? Problem(phrase: "is not a real date", code: .impossibleDate)
                    : Problem(phrase: "is not a date or a period before the due date (e.g. remind:2026-11-27, remind:-3d)",
                              code: .malformedReminder)
            }
            return reminder.isRelative && !hasDue
                ? Problem(phrase: "counts from the due date, but the task has no due:", code: .reminderWithoutDue) : nil
        default:
            return nil
        }
    }
}
