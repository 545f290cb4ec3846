import TodoKit

/// `todofmt append ADDR TEXT…`: adds text to the end of a task.
enum AppendCommand {
    static let spec = CommandSpec(
        name: "append", aliases: ["app"],
        summary: "Add text to the end of a task.",
        discussion: """
            No space is put before text starting with , . : or ; (as todo.sh does). A due:, t:, rec:, pri: or est:
            tag the task already has is replaced rather than added twice. Date words in due:, t: and remind:
            (due:fri, t:+3d) are written as ISO dates; a date that does not exist is refused (exit 64) unless
            --force.
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
                                                                    usage: "append takes a task address and text") else { return .usage }
        return EditSession.runDated(invocation, addresses: addresses) { document, lines, today in
            try TaskEditor.append(words.joined(separator: " "), lines: lines, in: document, today: today, checked: !invocation.flag("force"))
        }
    }
}
