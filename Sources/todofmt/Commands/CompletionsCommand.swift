/// `todofmt completions bash|zsh|fish`: prints the completion script for a shell.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions",
        summary: "Print the completion script for bash, zsh or fish.",
        discussion: """
            Prints a script that completes todofmt's commands, options and their values, and, from the todo \
            file in effect, projects, contexts, lists, tags, dates and task line numbers. Install it where \
            the shell looks for completions, or load it for the session:
              bash: source <(todofmt completions bash)
              zsh:  todofmt completions zsh > ~/.zfunc/_todofmt   (with ~/.zfunc on fpath)
              fish: todofmt completions fish > ~/.config/fish/completions/todofmt.fish
            """,
        arguments: [ArgumentSpec("SHELL", .shell, help: "bash, zsh or fish.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let names = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
        guard invocation.positionals.count == 1 else {
            return usageFailure("completions takes one shell: \(names)")
        }
        guard let shell = CompletionShell(rawValue: invocation.positionals[0]) else {
            return usageFailure("unknown shell '\(invocation.positionals[0])' (known: \(names))")
        }
        printOut(shell.script(for: commandTable))
        return .ok
    }
}
