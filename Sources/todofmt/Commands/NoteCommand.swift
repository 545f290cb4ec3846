import TodoKit

/// `todofmt note ADDR TEXT…`: adds a note under a task.
enum NoteCommand {
    static let spec = CommandSpec(
        name: "note",
        summary: "Add a note line under a task (Markdown).",
        discussion: """
            Writes TEXT as a note of the task: a line indented under it, after its notes and subtasks (each
            line of a multi-line TEXT a note line of its own). todo.txt files have no notes. 'todofmt show ADDR'
            and 'todofmt ls --notes' show notes.
            """,
        options: [CommonOptions.file],
        arguments: [CommonOptions.address, ArgumentSpec("TEXT", .text, repeating: true, help: "The note.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count >= 2 else { return usageFailure("note takes a task address and the note's text") }
        let text = invocation.positionals.dropFirst().joined(separator: " ")
        return EditSession.runAddressed(invocation, addresses: [invocation.positionals[0]]) { document, lines in
            var result = try TaskEditor.addNote(text, line: lines[0], in: document)
            // The task, with its notes now.
            result.changedTaskLines = [result.newLine(forOriginal: lines[0]) ?? lines[0]]
            return result
        }
    }
}
