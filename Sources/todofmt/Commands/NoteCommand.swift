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
        options: CommonOptions.todoFile,
        arguments: [CommonOptions.address, ArgumentSpec("TEXT", .text, repeating: true, help: "The note.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let (addresses, words) = try AddressedEdit.words(invocation, values: 1...Int.max, usage: "note takes a task address and the note's text")
            try AddressedEdit.run(invocation, addresses: addresses) { request in
                var result = try TaskEditor.addNote(words.joined(separator: " "), line: request.lines[0], in: request.document)
                // The task, with its notes now.
                result.changedTaskLines = [result.newLine(forOriginal: request.lines[0]) ?? request.lines[0]]
                return result
            }
            return .ok
        }
    }

}
