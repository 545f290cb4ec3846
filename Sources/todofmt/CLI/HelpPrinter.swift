/// Renders `--help` from the command table.
enum HelpPrinter {
    static func help(for command: CommandSpec, commands: [CommandSpec]) -> String {
        var out = "\(command.displayName): \(command.summary)\n\n"
        out += "USAGE: " + usage(of: command) + "\n"
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
        if !command.environmentVariables.isEmpty {
            out += "\nENVIRONMENT:\n"
            out += self.table(rows: command.environmentVariables.map { ($0.name, $0.help) })
        }
        if command.name.isEmpty {
            out += "\nCOMMANDS:\n"
            let visible = commands.filter { !$0.name.isEmpty && !$0.isHidden }
            out += self.table(rows: visible.map { ($0.name, $0.summary) })
            out += "\nGLOBAL OPTIONS:\n"
            out += self.table(rows: ArgumentParser.leadingOptions.map { ($0.synopsis, $0.help) })
            out += wrap(ArgumentParser.leadingOptionsNote, indent: 0) + "\n"
            out += "\nRun 'todofmt COMMAND --help' for a command's options, 'man todofmt' for the whole manual.\n"
            out += "\nEXIT CODES:\n"
            out += self.table(rows: ExitCode.documented.map { (String($0.code.rawValue), $0.meaning) })
        }
        if !command.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in command.examples {
                out += "  " + example.command + "\n" + String(repeating: " ", count: 6) + wrap(example.help, indent: 6) + "\n"
            }
        }
        return out
    }

    /// `todofmt ls [OPTIONS] [FILTER…]`; the formatter's usage says a command may come first.
    static func usage(of command: CommandSpec) -> String {
        ([command.displayName] + (command.name.isEmpty ? ["[COMMAND]"] : []) + usageWords(of: command))
            .joined(separator: " ")
    }

    /// What follows the command's name in its usage: `[OPTIONS]` when it has options, then its arguments.
    static func usageWords(of command: CommandSpec) -> [String] {
        (command.options.isEmpty ? [] : ["[OPTIONS]"]) + command.arguments.map(\.synopsis)
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
