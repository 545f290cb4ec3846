import TodoKit

/// `todofmt pri ADDR X`: sets a task's priority.
enum PriorityCommand {
    static let spec = CommandSpec(
        name: "pri", aliases: ["p"], synonyms: ["priority", "prioritize"],
        summary: "Set a task's priority.",
        discussion: "Writes (X) at the start of the task, or changes the letter it has. Closed tasks are refused.",
        options: CommonOptions.todoFile + [Option<String>.today.spec] + CommonOptions.manyTasks,
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE; left out with --where."),
            ArgumentSpec("X", .priority, help: "A priority letter, A (highest) to Z; case does not matter."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let (addresses, values) = try AddressedEdit.words(
                invocation, values: 1...1, usage: "pri takes a task address and a priority letter, e.g. 'todofmt pri 12 A'",
                whereUsage: "pri --where FILTER takes a priority letter, e.g. 'todofmt pri --where +taxes A'")
            var letter = values[0]
            if letter.hasPrefix("("), letter.hasSuffix(")"), letter.count == 3 { letter = String(letter.dropFirst().dropLast()) }
            // A level name (`high`) is its letter (FORMAT.md 3.8), in every dialect.
            guard let priority = Priority(lenient: letter) ?? PriorityLevel(name: letter)?.priority else {
                throw CommandFailure.usage("a priority is one letter A-Z or a level (highest, high, medium, low, lowest), not '\(values[0])'")
            }
            try AddressedEdit.run(invocation, addresses: addresses) {
                try TaskEditor.setPriority(priority, lines: $0.lines, in: $0.document)
            }
            return .ok
        }
    }

}
