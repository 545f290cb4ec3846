/// Renders `--help` from the command table.
enum HelpPrinter {
    static func help(for command: CommandSpec, commands: [CommandSpec]) -> String {
        var out = "\(command.displayName): \(command.summary)\n\n"
        var usage = "USAGE: \(command.displayName)"
        if command.name.isEmpty { usage += " [COMMAND]" }
        if !command.options.isEmpty { usage += " [OPTIONS]" }
        for argument in command.arguments { usage += " \(argument.synopsis)" }
        out += usage + "\n"
        if !command.discussion.isEmpty {
            out += "\n"
            for line in command.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
                out += wrap(String(line), indent: 0) + "\n"
            }
        }
        if !command.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            out += self.table(rows: command.arguments.map { ($0.name, $0.help) })
        }
        out += "\nOPTIONS:\n"
        out += self.table(rows: (command.options + [ArgumentParser.helpOption]).map { ($0.synopsis, $0.help) })
        if command.name.isEmpty {
            out += "\nCOMMANDS:\n"
            let visible = commands.filter { !$0.name.isEmpty && !$0.isHidden }
            out += self.table(rows: visible.map { ($0.name, $0.summary) })
            out += "\nRun 'todofmt COMMAND --help' for a command's options.\n"
            out += "\nEXIT CODES:\n"
            out += self.table(rows: [
                ("0", "success"),
                ("1", "--check or --diff found a file that would change; merge left conflicts"),
                ("2", "bad input or an I/O error; nothing was written"),
                ("64", "usage error"),
            ])
        }
        return out
    }

    static func table(rows: [(String, String)]) -> String {
        let width = min(28, (rows.map(\.0.count).max() ?? 0) + 2)
        var out = ""
        for (left, right) in rows {
            if left.count + 2 > width {
                out += "  \(left)\n" + String(repeating: " ", count: width + 2)
            } else {
                out += "  " + left + String(repeating: " ", count: width - left.count)
            }
            out += wrap(right, indent: width + 2) + "\n"
        }
        return out
    }

    /// The widest a help line gets.
    static let lineWidth = 100

    /// `text`, which starts at column `indent`, broken at spaces so no line passes `lineWidth`; the lines
    /// after the first are indented to `indent`. A word longer than a line stays whole.
    static func wrap(_ text: String, indent: Int) -> String {
        guard indent + text.count > lineWidth else { return text }
        var out = ""
        var column = indent
        var lineStart = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !lineStart, column + 1 + word.count > lineWidth {
                out += "\n" + String(repeating: " ", count: indent)
                column = indent
                lineStart = true
            }
            if !lineStart {
                out += " "
                column += 1
            }
            out += word
            column += word.count
            lineStart = false
        }
        return out
    }
}
