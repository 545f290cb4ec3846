import TodoKit

/// `todofmt addlist PATH`: creates an empty list.
enum AddListCommand {
    static let spec = CommandSpec(
        name: "addlist",
        summary: "Create an empty list (a heading) where add --list would create it.",
        discussion: """
            PATH is a heading path such as Work/Q4: the missing part is created at its depth under its parent,
            after the parent's lists; a new top-level list is a peer of the file's top-level lists (under a
            title heading such as # TODO, one of its sub-lists). A list the file has is left alone. Markdown
            files only.
            """,
        options: CommonOptions.todoFile,
        arguments: [ArgumentSpec("PATH", .list, help: "The list's heading path, e.g. Groceries or Work/Q4.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count == 1 else { return usageFailure("addlist takes one list path, e.g. 'todofmt addlist Work/Q4'") }
        guard let path = ListPath(parsing: invocation.positionals[0]) else { return usageFailure("\(EditError.invalidListPath(invocation.positionals[0]))") }
        return ListEditCommand.run(invocation, createsFile: true) { document in try ListEditor.add(path, in: document) } report: { result, file in
            guard result.changesText, let heading = result.document.headings.first(where: { ListPath(titles: $0.path).namesSameList(as: path, in: result.document) }) else { return }
            printOut("\(heading.line): \(String(result.document.lines.text(heading.line - 1)).showingControlCharacters())\n")
        }
    }
}
