import TodoKit

/// `todofmt init [FILE]`: starts a todo file where none is found.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        summary: "Start a todo file: create an empty TODO.md (or FILE) in the current folder.",
        discussion: """
            Creates FILE (default TODO.md in the current folder; a name ending in .txt makes a todo.txt file),
            empty, so that the commands find it from this folder and the ones below it: 'todofmt add -l
            Groceries Milk' then writes the list and its first task. A file that exists is left as it is.
            'todofmt -f FILE add …' creates a missing file too, with its first task.
            """,
        options: [Option<String>.file.spec],
        arguments: [ArgumentSpec("FILE", .file, optional: true, help: "The todo file to create (default: TODO.md).")],
        examples: [ExampleSpec(command: "todofmt init", help: "Create an empty TODO.md here, which 'todofmt add …' then finds.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count <= 1 else { return usageFailure("init takes at most one file name") }
        if invocation[.file] != nil, !invocation.positionals.isEmpty {
            return usageFailure("init takes the file to create either as -f FILE or as its argument, not both")
        }
        let path = invocation.positionals.first ?? invocation[.file] ?? TodoSource.fileNames[0]
        guard FileFormat.named(byPath: path) != nil else {
            return usageFailure("\(shown(path)) is not a todo file name: it must end in .md (Markdown) or .txt (todo.txt)")
        }
        return CommandFailure.reporting {
            if try TodoFile(path, invocation).create() {
                printOut("created \(shown(path))\n")
            } else {
                printError("\(shown(path)): note: the file exists already; nothing was written\n")
            }
            return .ok
        }
    }
}
