/// Renders `--help` from the command table.
enum HelpPrinter {
    static func help(for command: CommandSpec, commands: [CommandSpec]) -> String {
        var out = "\(command.displayName): \(command.summary)\n\n"
        var usage = "USAGE: \(command.displayName)"
        if command.name.isEmpty { usage += " [COMMAND]" }
        if !command.options.isEmpty { usage += " [OPTIONS]" }
        for argument in command.arguments { usage += " \(argument.synopsis)" }
        out += usage + "\n"
        if !command.discussion.isEmpty { out += "\n" + command.discussion + "\n" }
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
                out += "  \(left)\n" + String(repeating: " ", count: width + 2) + right + "\n"
            } else {
                out += "  " + left + String(repeating: " ", count: width - left.count) + right + "\n"
            }
        }
        return out
    }
}
