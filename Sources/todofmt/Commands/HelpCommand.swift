/// `todofmt help [COMMAND]`: the same text as `--help`.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        summary: "Show help for todofmt or for one command.",
        arguments: [ArgumentSpec("COMMAND", .command, optional: true, help: "The command to explain (default: todofmt itself).")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count <= 1 else { return usageFailure("help takes at most one command name") }
        guard let name = invocation.positionals.first else {
            printOut(HelpPrinter.help(for: FormatCommand.spec, commands: commandTable))
            return .ok
        }
        guard let command = commandTable.first(where: { !$0.isHidden && ($0.name == name || $0.aliases.contains(name)) }) else {
            let suggestion = ArgumentParser.commandSuggestion(for: name, in: commandTable)
            guard suggestion.isEmpty else { return usageFailure("no command '\(name)'\(suggestion)") }
            let names = commandTable.filter { !$0.name.isEmpty && !$0.isHidden }.map(\.name).joined(separator: ", ")
            return usageFailure("no command '\(name)' (commands: \(names))")
        }
        printOut(HelpPrinter.help(for: command, commands: commandTable))
        return .ok
    }
}
