/// What `todofmt remind` has sent for one todo file, so that each reminder is sent once, and which reminders
/// were snoozed until when.
///
/// Stored as text: a `todofmt reminders 1` line, the todo file's absolute path, then one line per entry,
/// fields separated by tabs: `sent KEY TITLE` or `snoozed UNTIL KEY TITLE` (KEY is `ReminderSchedule.Alert.key`,
/// the title is there for a person reading the file). Entries older than twice the lateness are dropped.
package struct ReminderLog: Hashable, Sendable {
    package var path: String
    /// Keys of the reminders sent.
    package private(set) var sent: Set<String>
    /// Reminders snoozed: sent again once `until` has come.
    package private(set) var snoozed: [Snooze]
    /// Titles of the entries, by key, written for a person.
    private var titles: [String: String]

    package struct Snooze: Hashable, Sendable {
        package var until: Moment
        package var key: String
    }

    static let header = "todofmt reminders 1"

    package init(path: String) {
        self.path = path
        sent = []
        snoozed = []
        titles = [:]
    }

    /// Reads a stored log; nil when the text is not one.
    package init?(parsing text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == Substring(ReminderLog.header), !lines[1].isEmpty else { return nil }
        self.init(path: String(lines[1]))
        for line in lines.dropFirst(2) where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "sent" where fields.count >= 2:
                sent.insert(fields[1])
                if fields.count >= 3 { titles[fields[1]] = fields[2] }
            case "snoozed" where fields.count >= 3:
                guard let until = Moment(iso: fields[1]), until.time != nil else { continue }
                snoozed.append(Snooze(until: until, key: fields[2]))
                if fields.count >= 4 { titles[fields[2]] = fields[3] }
            default:
                continue
            }
        }
    }

    package var text: String {
        var out = "\(ReminderLog.header)\n\(path)\n"
        for key in sent.sorted() { out += "sent\t\(key)\t\(ReminderLog.oneLine(titles[key] ?? ""))\n" }
        for snooze in snoozed { out += "snoozed\t\(snooze.until)\t\(snooze.key)\t\(ReminderLog.oneLine(titles[snooze.key] ?? ""))\n" }
        return out
    }

    /// The reminders of `schedule` to send at `now`, recorded as sent: those whose moment has come (and is
    /// not older than the lateness) and that were not sent before, and the snoozed ones whose time has come
    /// and whose task still has them. Old entries are dropped.
    package mutating func take(_ schedule: ReminderSchedule, now: Moment) -> [ReminderSchedule.Alert] {
        var taken: [ReminderSchedule.Alert] = []
        var keys = Set<String>()
        for alert in schedule.due(now: now) where !sent.contains(alert.key) && keys.insert(alert.key).inserted {
            taken.append(alert)
        }
        var waiting: [Snooze] = []
        for snooze in snoozed {
            if snooze.until > now {
                waiting.append(snooze)
            } else if let alert = schedule.alert(key: snooze.key), keys.insert(alert.key).inserted {
                taken.append(alert)
            }
        }
        snoozed = waiting
        for alert in taken {
            sent.insert(alert.key)
            titles[alert.key] = alert.title
        }
        let horizon = now.adding(minutes: -2 * ReminderSchedule.lateness)
        sent = sent.filter { key in
            guard let moment = Moment(iso: key.prefix { $0 != " " }) else { return false }
            return moment >= horizon || snoozed.contains { $0.key == key }
        }
        titles = titles.filter { sent.contains($0.key) }
        return taken.sorted { ($0.moment, $0.line) < ($1.moment, $1.line) }
    }

    /// Records that the reminder `alert` is to come again at `until`.
    package mutating func snooze(_ alert: ReminderSchedule.Alert, until: Moment) {
        snoozed.removeAll { $0.key == alert.key }
        snoozed.append(Snooze(until: until, key: alert.key))
        sent.insert(alert.key)
        titles[alert.key] = alert.title
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
