import TodoKit

/// `todofmt renamelist PATH NEWTITLE`: gives a list's heading a new title.
enum RenameListCommand {
    static let spec = CommandSpec(
        name: "renamelist",
        summary: "Give a list (its heading) a new title; its sub-lists follow.",
        discussion: """
            Rewrites the heading's title and nothing else: its # marks, or its setext underline, stay, and
            its sub-lists and tasks follow it. The new title is one heading title (no '/'); a sibling list
            of that name already is refused. Markdown files only.
            """,
        options: CommonOptions.todoFile,
        arguments: [
            ArgumentSpec("PATH", .list, help: "The list's heading path, e.g. Work/Q4."),
            ArgumentSpec("NEWTITLE", .text, repeating: true, help: "The new title of its heading."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count >= 2 else { return usageFailure("renamelist takes a list path and a new title, e.g. 'todofmt renamelist Work/Q4 Q1'") }
        guard let path = ListPath(parsing: invocation.positionals[0]) else { return usageFailure("\(EditError.invalidListPath(invocation.positionals[0]))") }
        let title = invocation.positionals.dropFirst().joined(separator: " ")
        return ListEditCommand.run(invocation) { document in try ListEditor.rename(path, to: title, in: document) } report: { result, _ in
            guard let line = result.patches.first(where: { $0.lines.count == 1 })?.range.lowerBound,
                  let new = result.newLine(forOriginal: line + 1) else { return }
            printOut("\(new): \(String(result.document.lines.text(new - 1)).showingControlCharacters())\n")
        }
    }
}
