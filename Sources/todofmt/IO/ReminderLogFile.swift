import TodoKit

/// Where `todofmt remind` keeps what it sent for a todo file: `$XDG_STATE_HOME/todofmt/` (default
/// `~/.local/state/todofmt/`), beside the listing records, one `HASH.reminders` file per todo file, named by
/// the hash of its absolute path. It is changed through the one write path (`FileUpdate`): under its lock,
/// written atomically, so a timer's run and a click on "Snooze" never lose each other's entries.
enum ReminderLogFile {
    /// The log's path for the todo file at `path`.
    static func location(for path: String) throws -> String {
        guard let folder = ListingSnapshot.directory() else {
            throw CommandFailure("todofmt: error: remind keeps what it sent under $XDG_STATE_HOME or $HOME, and neither is set")
        }
        ListingSnapshot.makeDirectories(folder)
        return folder + "/" + ReminderLog.fileName(forPath: ListingSnapshot.absolutePath(path))
    }

    /// The log of the todo file at `path` as it is, read without the lock, creating nothing: for a preview.
    static func read(for path: String) -> ReminderLog {
        let absolute = ListingSnapshot.absolutePath(path)
        guard let folder = ListingSnapshot.directory(),
              let bytes = try? FileSystem.read(folder + "/" + ReminderLog.fileName(forPath: absolute)),
              let log = ReminderLog(parsing: String(decoding: bytes, as: UTF8.self)), log.path == absolute else {
            return ReminderLog(path: absolute)
        }
        return log
    }

    /// Runs `change` on the log of the todo file at `path` under its lock and writes what it leaves.
    static func update<Result>(for path: String, _ change: (inout ReminderLog) -> Result) throws -> Result {
        let absolute = ListingSnapshot.absolutePath(path)
        return try FileUpdate(location(for: path), createsFile: true).run { text in
            var log = ReminderLog(parsing: text).flatMap { $0.path == absolute ? $0 : nil } ?? ReminderLog(path: absolute)
            let result = change(&log)
            return (log.text == text ? nil : log.text, result)
        }
    }
}
