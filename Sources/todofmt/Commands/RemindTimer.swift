import TodoKit

/// `todofmt remind --install` and `--uninstall`: a systemd user timer that runs `todofmt remind` for one todo
/// file every minute, or, where there is no systemd user instance, the crontab line that does.
///
/// The units are `todofmt-remind-HASH.service` and `.timer` in `$XDG_CONFIG_HOME/systemd/user` (default
/// `~/.config/systemd/user`), HASH from the todo file's absolute path, so each file has its own.
struct RemindTimer {
    /// The todo file, as given.
    var todoFile: String
    /// `--at`, when given (or `$TODOFMT_REMIND_AT`): written into the unit, which runs without your shell's
    /// environment.
    var hour: TimeOfDay?
    /// `--snooze` and `--wait` as given (already checked), written into the unit so that its runs use them.
    var snooze: String?
    var wait: String?

    var absoluteFile: String { TodoFileState.absolutePath(todoFile) }
    var unitName: String { "todofmt-remind-" + FNV1a.hex(absoluteFile.utf8).prefix(8) }

    /// The folder of the user's systemd units.
    static func unitFolder() throws -> String {
        let environment = ProcessEnvironment.variables
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/systemd/user" }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw CommandFailure("todofmt: error: remind --install puts the timer under $XDG_CONFIG_HOME or $HOME, and neither is set")
        }
        return home + "/.config/systemd/user"
    }

    /// This program's absolute path, for the unit or crontab line to run.
    static func executable() -> String { ExecutablePath.current() }

    /// Whether a systemd user instance answers.
    static func hasSystemd() -> Bool {
        Subprocess.run(["systemctl", "--user", "show-environment"], quiet: true).status == 0
    }

    /// The command the timer runs.
    var arguments: [String] {
        [RemindTimer.executable(), "remind", "--file", absoluteFile]
            + (hour.map { ["--at", $0.description] } ?? [])
            + (snooze.map { ["--snooze", $0] } ?? [])
            + (wait.map { ["--wait", $0] } ?? [])
    }

    var service: String {
        """
        [Unit]
        Description=todofmt: desktop reminders for \(RemindTimer.unitEscaped(absoluteFile))

        [Service]
        Type=oneshot
        ExecStart=\(arguments.map(RemindTimer.unitQuoted).joined(separator: " "))

        """
    }

    var timer: String {
        """
        [Unit]
        Description=todofmt: look for reminders in \(RemindTimer.unitEscaped(absoluteFile)) every minute

        [Timer]
        OnCalendar=*-*-* *:*:00
        AccuracySec=5s

        [Install]
        WantedBy=timers.target

        """
    }

    /// The crontab line for a machine without a systemd user instance; cron's jobs do not know the desktop's
    /// session bus, so the line names it.
    var crontabLine: String {
        let command = arguments.map(ShellWord.quoted).joined(separator: " ")
        // A crontab line ends its command at an unescaped `%`.
        return "* * * * * DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\(getuid())/bus \(command.replacing("%", with: "\\%"))"
    }

    func run(uninstall: Bool) throws -> ExitCode {
        let folder = try RemindTimer.unitFolder()
        let service = "\(folder)/\(unitName).service", timer = "\(folder)/\(unitName).timer"
        let systemd = RemindTimer.hasSystemd()
        if uninstall {
            if systemd { _ = Subprocess.run(["systemctl", "--user", "disable", "--now", "\(unitName).timer"], quiet: true) }
            var removed: [String] = []
            for file in [timer, service] where FileSystem.exists(file) {
                try OutputFile.update(file) { _ in .remove }
                removed.append(file)
            }
            if systemd, !removed.isEmpty { _ = Subprocess.run(["systemctl", "--user", "daemon-reload"], quiet: true) }
            printOut(removed.isEmpty ? "no reminder timer was installed for \(absoluteFile)\n"
                     : removed.map { "removed \($0)\n" }.joined())
            if !systemd { printOut("if you added the crontab line for it, remove it with 'crontab -e'\n") }
            return .ok
        }
        guard systemd else {
            printOut("""
                There is no systemd user instance here. Add this line to your crontab ('crontab -e') to be reminded \
                every minute:

                \(crontabLine)

                """)
            return .ok
        }
        FileSystem.makeDirectories(folder)
        do {
            try OutputFile.write(self.service, to: service)
            try OutputFile.write(self.timer, to: timer)
        } catch {
            throw CommandFailure("\(error); the timer is not installed")
        }
        for command in [["daemon-reload"], ["enable", "--now", "\(unitName).timer"]] {
            guard Subprocess.run(["systemctl", "--user"] + command, quiet: true).status == 0 else {
                throw CommandFailure("todofmt: error: 'systemctl --user \(command.joined(separator: " "))' failed; the units are in \(folder)")
            }
        }
        printOut("wrote \(service)\nwrote \(timer)\nstarted \(unitName).timer: reminders for \(absoluteFile) every minute\n")
        return .ok
    }

    /// A word of `ExecStart=`: in double quotes when it holds anything but plain characters, with `\`, `"`,
    /// `%` and `$` escaped as systemd reads them.
    static func unitQuoted(_ word: String) -> String {
        let escaped = unitEscaped(word)
        if ShellWord.isPlain(word) { return escaped }
        return "\"" + escaped.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// `%` and `$` as a unit file writes them literally.
    static func unitEscaped(_ text: String) -> String {
        text.replacing("%", with: "%%").replacing("$", with: "$$")
    }
}
