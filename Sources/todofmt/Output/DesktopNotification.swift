import TodoKit

/// A reminder as a desktop notification: the `notify-send` command line (libnotify), which hands it to the
/// session's `org.freedesktop.Notifications` service. With buttons, `notify-send` waits for a click and prints
/// the name of the button clicked (`done`, `snooze`), or nothing when the notification is closed.
struct DesktopNotification {
    static let done = "done"
    static let snooze = "snooze"

    var alert: ReminderSchedule.Alert
    /// How long the buttons wait for a click (the notification expires then); 0 for no buttons.
    var waitSeconds: Int

    /// The summary: the task's title.
    var summary: String { alert.title }

    /// The body: when the task is due, and its list. Servers may read markup in it, so `&`, `<`, `>` and `"`
    /// are written as entities.
    var body: String {
        (alert.when + (alert.list.isEmpty ? "" : " · " + alert.list.joined(separator: " / "))).markupEscaped
    }

    var arguments: [String] {
        var arguments = ["notify-send", "--app-name=todofmt", "--category=todofmt.reminder"]
        if waitSeconds > 0 {
            arguments += ["--expire-time=\(waitSeconds * 1000)", "--action=\(DesktopNotification.done)=Done",
                          "--action=\(DesktopNotification.snooze)=Snooze"]
        }
        return arguments + ["--", summary, body]
    }
}
