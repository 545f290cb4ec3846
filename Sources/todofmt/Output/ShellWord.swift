/// A word written into a command line that a shell (git's driver, a crontab) or a systemd unit reads back:
/// plain words as they are, anything else quoted.
enum ShellWord {
    /// Whether a word needs no quoting on a command line (a shell's, a unit's): letters, digits and `/._-+=:,@`.
    static func isPlain(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || "/._-+=:,@".unicodeScalars.contains(scalar)
        }
    }

    /// The word as a POSIX shell reads it back: as it is when plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        isPlain(word) ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
