import TodoKit

/// `todofmt prepend ADDR TEXT…`: adds text to the start of a task's description.
enum PrependCommand {
    static let spec = CommandSpec(
        name: "prepend", aliases: ["prep"],
        summary: "Add text to the start of a task, after its priority and dates.",
        discussion: """
            A due:, t:, rec:, pri: or est: tag the task already has is replaced rather than added twice. Date
            words are written as dates, and impossible dates refused, as for append.
            """,
        options: [CommonOptions.file, CommonOptions.today, CommonOptions.forceText],
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE."),
            ArgumentSpec("TEXT", .taskText, repeating: true, help: "The text to add."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count >= 2 else { return usageFailure("prepend takes a task address and text") }
        let text = invocation.positionals.dropFirst().joined(separator: " ")
        let today: CalendarDate
        do { today = try EditSession.today(invocation) } catch {
            printError("\(error)\n")
            return .usage
        }
        return EditSession.runAddressed(invocation, addresses: [invocation.positionals[0]]) { document, lines in
            try TaskEditor.prepend(text, lines: lines, in: document, today: today, checked: !invocation.flag("force"))
        }
    }
}
