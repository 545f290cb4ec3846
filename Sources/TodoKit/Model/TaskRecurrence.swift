/// A task's recurrence, of one of two kinds: topydo's `rec:` (`1w`, `+2m`), or a rule in words as the Obsidian
/// Tasks plugin reads it after `🔁` (and Dataview after `[repeat:: ]`). Each gives its next occurrence and the
/// iCalendar `RRULE` that repeats it exactly, where there is one (`calendarRule(anchor:)`).
package enum TaskRecurrence: Hashable, Sendable {
    case todotxt(TodoTxtRecurrence)
    case rule(RecurrenceRule)
}
