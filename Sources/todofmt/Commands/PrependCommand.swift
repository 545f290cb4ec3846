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
        guard let (addresses, words) = EditSession.addressAndValues(invocation, values: 1...Int.max,
                                                                    usage: "prepend takes a task address and text") else { return .usage }
        return EditSession.runDated(invocation, addresses: addresses) { document, lines, today in
            try TaskEditor.prepend(words.joined(separator: " "), lines: lines, in: document, today: today, checked: !invocation.flag("force"))
        }
    }
}
