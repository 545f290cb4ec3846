import TodoKit

/// `todofmt replace ADDR TEXT…`: gives a task a new description.
enum ReplaceCommand {
    static let spec = CommandSpec(
        name: "replace",
        summary: "Replace a task's text, keeping its status, priority and dates.",
        discussion: """
            TEXT becomes the task's description (its projects, contexts and tags included), as todo.sh's
            replace does: the status, the completion date, the priority and the creation date stay unless TEXT
            starts with a priority or a creation date of its own; notes and subtasks stay. With --keep-tags
            the task's projects, contexts, tags and #tags stay too, after TEXT, and a Tasks or Dataview task
            keeps every field TEXT does not give: a new title for the task. Change one
            tag with 'todofmt tag' or 'todofmt due' instead. Date words are written as dates and impossible
            dates refused, as for add.
            """,
        options: CommonOptions.todoFile + [
                  keepTags.spec,
                  Flag.forceText.spec, Option<String>.today.spec],
        arguments: [CommonOptions.address, ArgumentSpec("TEXT", .taskText, repeating: true, help: "The new text.")],
        run: run
    )

    static let keepTags = Flag("keep-tags", help: "Keep the task's +projects, @contexts, key:value tags, #tags and Tasks or Dataview fields (one TEXT gives again is not doubled).")

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let (addresses, words) = try AddressedEdit.words(invocation, values: 1...Int.max, usage: "replace takes a task address and the new text")
            try AddressedEdit.run(invocation, addresses: addresses) {
                try TaskEditor.replace(line: $0.lines[0], with: words.joined(separator: " "), in: $0.document, today: $0.today,
                                       checked: !invocation[.forceText], keepingTags: invocation[keepTags])
            }
            return .ok
        }
    }

}
