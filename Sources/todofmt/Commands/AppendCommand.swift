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
        guard invocation.positionals.count >= 2 else { return usageFailure("append takes a task address and text") }
        let text = invocation.positionals.dropFirst().joined(separator: " ")
        let today: CalendarDate
        do { today = try EditSession.today(invocation) } catch {
            printError("\(error)\n")
            return .usage
        }
        return EditSession.runAddressed(invocation, addresses: [invocation.positionals[0]]) { document, lines in
            try TaskEditor.append(text, lines: lines, in: document, today: today, checked: !invocation.flag("force"))
        }
    }
}
