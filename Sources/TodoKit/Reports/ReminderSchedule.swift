/// When a file's open tasks want their owner reminded: at each `remind:` tag's moment, and when the task is
/// due (at its due time, or at the reminder hour on its due day). What `todofmt remind` sends.
///
/// Pure: the caller passes the document, the reminder hour and now.
package struct ReminderSchedule: Sendable {
    /// One reminder of one task.
    package struct Alert: Hashable, Sendable {
        /// Index into `Document.tasks`.
        package var task: Int
        /// The task's line.
        package var line: Int
        /// When the reminder comes; always with a time of day.
        package var moment: Moment
        /// Whether this is the due date itself rather than a `remind:` tag.
        package var isDue: Bool
        /// The task's title (its text when it has no words but tags).
        package var title: String
        /// What is due when, in words, as of the reminder's moment: `due today at 14:30`, `due tomorrow`.
        package var when: String
        /// The task's list (heading titles from the outermost down).
        package var list: [String]

        /// What says "this reminder was sent": its moment and the task's title. A task keeps it when it
        /// moves, is sorted, gains a tag or changes priority; rewording it or changing when it is due makes
        /// a new reminder.
        package var key: String { "\(moment) \(ReminderSchedule.titleKey(title))" }
    }

    /// How late a reminder may still be sent: one that came longer ago than this (the machine was off, or
    /// the timer was installed later) is left out, so a file of old overdue tasks does not flood the screen.
    package static let lateness = 24 * 60

    /// Every reminder of every open task, in order of moment, then line.
    package var alerts: [Alert]

    /// The reminders of `document`'s open tasks; `hour` is when a reminder on a day without a time comes.
    package init(document: Document, hour: TimeOfDay) {
        var alerts: [Alert] = []
        for (index, task) in document.tasks.enumerated() where task.isOpen {
            let body = task.body
            let due = body.dueMoment
            var moments: [(Moment, Bool)] = []
            for token in body.tagTokens("remind") {
                if let moment = Reminder(body.slice(token.valueRange))?.moment(due: due, hour: hour) { moments.append((moment, false)) }
            }
            if let due { moments.append((Moment(due.date, at: due.time ?? hour), true)) }
            let title = document.shownTitle(of: index)
            var seen = Set<Moment>()
            for (moment, isDue) in moments where seen.insert(moment).inserted {
                let when = due.map { RelativeDay.duePhrase($0, now: moment) } ?? "reminder"
                alerts.append(Alert(task: index, line: task.line, moment: moment, isDue: isDue, title: title,
                                    when: when, list: document.list(of: index)))
            }
        }
        self.alerts = alerts.sorted { ($0.moment, $0.line) < ($1.moment, $1.line) }
    }

    /// The reminders whose moment has come by `now`, and came no longer than `lateness` minutes before it.
    package func due(now: Moment) -> [Alert] {
        alerts.filter { $0.moment <= now && $0.moment.minutes(until: now) <= ReminderSchedule.lateness }
    }

    /// The reminder with `key`, if an open task still has it.
    package func alert(key: String) -> Alert? {
        alerts.first { $0.key == key }
    }

    /// The title as one word of the key: a 64-bit fingerprint in hex.
    static func titleKey(_ title: String) -> String { Fingerprint(title).hex }
}
