import TodoKit

/// `todofmt replace ADDR TEXT…`: gives a task a new description.
enum ReplaceCommand {
    static let spec = CommandSpec(
        name: "replace",
        summary: "Replace a task's text, keeping its status, priority and dates.",
        discussion: """
            TEXT becomes the task's description (its projects, contexts and tags included), as todo.sh's
            replace does: the status, the completion date, the priority and the creation date stay unless TEXT
            starts with a priority or a creation date of its own; notes and subtasks stay. Change one tag with
            'todofmt tag' or 'todofmt due' instead. Date words are written as dates and impossible dates
            refused, as for add.
            """,
        options: [CommonOptions.file, CommonOptions.forceText, CommonOptions.today],
        arguments: [CommonOptions.address, ArgumentSpec("TEXT", .taskText, repeating: true, help: "The new text.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard let (addresses, words) = EditSession.addressAndValues(invocation, values: 1...Int.max,
                                                                    usage: "replace takes a task address and the new text") else { return .usage }
        return EditSession.runDated(invocation, addresses: addresses) { document, lines, today in
            try TaskEditor.replace(line: lines[0], with: words.joined(separator: " "), in: document, today: today,
                                   checked: !invocation.flag("force"))
        }
    }
}
