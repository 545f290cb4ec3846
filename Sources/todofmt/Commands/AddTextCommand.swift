import TodoKit

/// `todofmt append ADDR TEXT…` and `todofmt prepend ADDR TEXT…`: add text to the end or the start of a task.
enum AddTextCommand {
    static let appendSpec = CommandSpec(
        name: "append", aliases: ["app"],
        summary: "Add text to the end of a task.",
        discussion: """
            No space is put before text starting with , . : or ; (as todo.sh does). A due:, t:, rec:, pri: or est:
            tag the task already has is replaced rather than added twice. Date words in due:, t: and remind:
            (due:fri, t:+3d) are written as ISO dates; a date that does not exist is refused (exit 64) unless
            --force.
            """,
        options: CommonOptions.todoFile + [Option<String>.today.spec, Flag.forceText.spec],
        arguments: arguments(adding: "The text to add."),
        run: { run($0, atStart: false) }
    )

    static let prependSpec = CommandSpec(
        name: "prepend", aliases: ["prep"],
        summary: "Add text to the start of a task, after its priority and dates.",
        discussion: """
            A due:, t:, rec:, pri: or est: tag the task already has is replaced rather than added twice. Date
            words are written as dates, and impossible dates refused, as for append.
            """,
        options: CommonOptions.todoFile + [Option<String>.today.spec, Flag.forceText.spec],
        arguments: arguments(adding: "The text to add."),
        run: { run($0, atStart: true) }
    )

    static func arguments(adding help: String) -> [ArgumentSpec] {
        [ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE."),
         ArgumentSpec("TEXT", .taskText, repeating: true, help: help)]
    }

    static func run(_ invocation: Invocation, atStart: Bool) -> ExitCode {
        CommandFailure.reporting {
            let name = atStart ? "prepend" : "append"
            let (addresses, words) = try AddressedEdit.words(invocation, values: 1...Int.max, usage: "\(name) takes a task address and text")
            let text = words.joined(separator: " "), checked = !invocation[.forceText]
            try AddressedEdit.run(invocation, addresses: addresses) { request in
                atStart ? try TaskEditor.prepend(text, lines: request.lines, in: request.document, today: request.today, checked: checked)
                    : try TaskEditor.append(text, lines: request.lines, in: request.document, today: request.today, checked: checked)
            }
            return .ok
        }
    }
}
