import TodoKit

/// `todofmt pri ADDR X`: sets a task's priority.
enum PriorityCommand {
    static let spec = CommandSpec(
        name: "pri", aliases: ["p"],
        summary: "Set a task's priority.",
        discussion: "Writes (X) at the start of the task, or changes the letter it has. Closed tasks are refused.",
        options: [CommonOptions.file],
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE."),
            ArgumentSpec("X", .priority, help: "A priority letter, A (highest) to Z; case does not matter."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count == 2 else {
            return usageFailure("pri takes a task address and a priority letter, e.g. 'todofmt pri 12 A'")
        }
        var letter = invocation.positionals[1]
        if letter.hasPrefix("("), letter.hasSuffix(")"), letter.count == 3 { letter = String(letter.dropFirst().dropLast()) }
        guard let priority = Priority(lenient: letter) else {
            return usageFailure("a priority is one letter A-Z, not '\(invocation.positionals[1])'")
        }
        return EditSession.runAddressed(invocation, addresses: [invocation.positionals[0]]) { document, lines in
            try TaskEditor.setPriority(priority, lines: lines, in: document)
        }
    }
}
