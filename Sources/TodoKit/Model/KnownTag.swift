/// The tag keys with a meaning of their own (docs/FORMAT.md, 3.5) and the values each takes: the one
/// definition the parser's warnings and the checks on text typed for a task both use.
public enum KnownTag {
    /// Keys a task has at most one of: tools read the first and ignore the others.
    public static let singleValued: [String] = ["due", "t", "rec", "pri", "est"]

    /// Keys that are checked.
    static let keys: Set<String> = ["due", "t", "rec", "pri", "est", "remind"]

    /// Why `value` is no value for `key` (a phrase that follows `key:value`), or nil when it is one or the
    /// key takes anything. `hasDue`: whether the task has a due date, which a relative `remind:` counts from.
    public static func problem(key: String, value: some StringProtocol, hasDue: Bool) -> String? {
        switch key {
        case "due", "t":
            if CalendarDate(iso: value) != nil { return nil }
            return CalendarDate.hasISOShape(value) ? "is not a real date" : "is not a date (YYYY-MM-DD)"
        case "rec":
            return Recurrence(value) != nil ? nil : "is not a recurrence ([+]N[dwmyb])"
        case "est":
            return Duration(parsing: value) != nil ? nil : "is not a duration (e.g. 30m, 1h30m, 2h, 1d)"
        case "pri":
            return Priority(lenient: value) != nil ? nil : "is not a priority (A-Z)"
        case "remind":
            guard let reminder = Reminder(value) else {
                return CalendarDate.hasISOShape(value) ? "is not a real date"
                    : "is not a date or a period before the due date (e.g. remind:2026-11-27, remind:-3d)"
            }
            return reminder.isRelative && !hasDue ? "counts from the due date, but the task has no due:" : nil
        default:
            return nil
        }
    }
}
