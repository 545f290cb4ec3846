import TodoKit

/// `todofmt pri ADDR X`: sets a task's priority.
enum PriorityCommand {
    static let spec = CommandSpec(
        name: "pri", aliases: ["p"],
        summary: "Set a task's priority.",
        discussion: "Writes (X) at the start of the task, or changes the letter it has. Closed tasks are refused.",
        options: [CommonOptions.file, CommonOptions.today] + CommonOptions.manyTasks,
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE; left out with --where."),
            ArgumentSpec("X", .priority, help: "A priority letter, A (highest) to Z; case does not matter."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let addressCount = invocation.value("where") == nil ? 1 : 0
        guard invocation.positionals.count == addressCount + 1 else {
            return usageFailure(addressCount == 1 ? "pri takes a task address and a priority letter, e.g. 'todofmt pri 12 A'"
                                : "pri --where FILTER takes a priority letter, e.g. 'todofmt pri --where +taxes A'")
        }
        var letter = invocation.positionals[addressCount]
        if letter.hasPrefix("("), letter.hasSuffix(")"), letter.count == 3 { letter = String(letter.dropFirst().dropLast()) }
        guard let priority = Priority(lenient: letter) else {
            return usageFailure("a priority is one letter A-Z, not '\(invocation.positionals[addressCount])'")
        }
        return EditSession.runAddressed(invocation, addresses: Array(invocation.positionals.prefix(addressCount))) { document, lines in
            try TaskEditor.setPriority(priority, lines: lines, in: document)
        }
    }
}
