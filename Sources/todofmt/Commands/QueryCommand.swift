import TodoKit

/// `todofmt query NOTE…` and `todofmt query -e INSTRUCTION…`: Obsidian Tasks query blocks, run and listed as
/// Obsidian lists them.
enum QueryCommand {
    static let spec = CommandSpec(
        name: "query",
        summary: "Run the Obsidian Tasks query blocks (```tasks) of notes, or instructions given by -e.",
        discussion: """
            Runs each ```tasks block of each NOTE over the note's tasks and those of the todo file, or of every
            note of the folder of notes (-f DIR, or the vault the note is in), and prints what it finds as
            Obsidian lists it: under the headings of its 'group by' instructions, each task as its line with
            its note and heading, then the count. With -e, runs the instructions given (one per -e) over the
            todo file or folder. The instructions are the plugin's: not done, due before tomorrow,
            happens this week, path includes Work, tags include #home, priority is above none, is blocked,
            (not done) AND (due before tomorrow), sort by due reverse, group by heading, limit 10,
            hide backlink, explain. An instruction it cannot read is an error at its line and column.
            """,
        options: [
            OptionSpec("expression", short: "e", value: .text, valueName: "INSTRUCTION", repeatable: true,
                       help: "A query instruction, such as 'not done' or 'due before tomorrow'; repeat for more lines."),
            CommonOptions.file, CommonOptions.today,
        ],
        arguments: [ArgumentSpec("NOTE", .path, repeating: true, optional: true, help: "A Markdown note holding ```tasks blocks.")],
        examples: [
            ExampleSpec(command: "todofmt query Dashboard.md", help: "List what each query block of Dashboard.md finds."),
            ExampleSpec(command: "todofmt query -e 'not done' -e 'due before tomorrow' -e 'group by heading'",
                        help: "Open tasks due today or earlier, grouped by heading."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let instructions = invocation.values("expression")
            let notes = invocation.positionals
            guard instructions.isEmpty != notes.isEmpty else {
                throw CommandFailure.usage(notes.isEmpty ? "query takes notes holding ```tasks blocks, or instructions with -e"
                                           : "query takes notes or -e instructions, not both")
            }
            let today = try Clock.now(invocation).date
            if !instructions.isEmpty { return try runInstructions(instructions, invocation: invocation, today: today) }
            return try runNotes(notes, invocation: invocation, today: today)
        }
    }

    /// The instructions of `-e`, over the todo file or folder.
    private static func runInstructions(_ instructions: [String], invocation: Invocation, today: CalendarDate) throws -> ExitCode {
        let query = TasksQuery(QuerySource(instructions: instructions), file: nil, today: today)
        if let problem = query.diagnostics.first {
            // -e N is line N; its column counts bytes, the pointer characters.
            let instruction = instructions[problem.line - 1]
            let characters = String(decoding: instruction.utf8.prefix(problem.column - 1), as: UTF8.self).count
            throw CommandFailure.usage("\(problem.message) (column \(characters + 1) of -e \(problem.line))\n  \(instruction)\n  "
                                       + String(repeating: " ", count: characters) + "^")
        }
        let source = try QueriedSource(invocation, required: true)!
        printOut(query.run(on: QueryTask.tasks(of: source.notes))!.rendered().showingControlCharacters(keepingNewlines: true))
        return .ok
    }

    /// Each block of each note, over the note's tasks and the todo file's or folder's.
    private static func runNotes(_ notes: [String], invocation: Invocation, today: CalendarDate) throws -> ExitCode {
        // The todo file or folder, when there is one: a note's blocks run over its own tasks without it.
        let source = try QueriedSource(invocation, required: false)
        var runs: [(header: String, text: String)] = []
        var failed = false
        for note in notes {
            let document = try TodoFile(note, invocation).read()
            if !(source?.holds(note) ?? false) { WarningPrinter.printImpossibleDates(in: document, path: note) }
            // The note as the query knows it: by its path in the folder it runs over.
            let path = source?.path(of: note) ?? shown(note)
            var queried = source?.notes ?? []
            if !(source?.holds(note) ?? false) { queried.insert((path, document), at: 0) }
            let tasks = QueryTask.tasks(of: queried)
            let blocks = QueryBlock.all(in: document)
            if blocks.isEmpty { printError("\(shown(note)): warning: no ```tasks block\n") }
            for block in blocks {
                let query = TasksQuery(block.source, file: path, today: today)
                for problem in query.diagnostics { printError("\(shown(note)):\(problem)\n") }
                guard let result = query.run(on: tasks) else {
                    failed = true
                    continue
                }
                runs.append(("\(shown(note)):\(block.line)", result.rendered()))
            }
        }
        // One block prints its result alone; several, each under the place of its block.
        let text = runs.count == 1 ? runs[0].text : runs.map { "\($0.header)\n\n\($0.text)" }.joined(separator: "\n")
        printOut(text.showingControlCharacters(keepingNewlines: true))
        return failed ? .failure : .ok
    }
}

/// What a query runs over besides its note: the todo file, or every note of a folder of notes (each named by its
/// path in the folder, as Obsidian names a vault's notes).
private struct QueriedSource {
    var notes: [(path: String, document: Document)]
    var folder: TodoFolder?
    private var file: String?

    /// The source `-f`, `$TODOFMT_FILE` or the nearest one upward names; when there is none, nil, or an error
    /// where one is `required`.
    init?(_ invocation: Invocation, required: Bool) throws {
        switch TodoFileLocator.locate(explicit: invocation.value("file"), environment: invocation.environment) {
        case .success(.file(let path)):
            file = path
            notes = [(shown(path), try TodoFile(path, invocation).read())]
            WarningPrinter.printImpossibleDates(in: notes[0].document, path: path)
        case .success(.folder(let path)):
            let folder = try TodoFolder(path, invocation)
            folder.printSettingsWarnings()
            var notes: [(path: String, document: Document)] = []
            folder.forEachDocument(folder.entries()) { entry, document in
                WarningPrinter.printImpossibleDates(in: document, path: entry.path)
                notes.append((entry.path, document))
            }
            self.notes = notes
            self.folder = folder
        case .failure(let notFound):
            if required { throw CommandFailure(notFound.description) }
            return nil
        }
    }

    /// `note`'s path in the folder (`Notes/Week.md`), or nil when there is no folder or the note is outside it.
    func path(of note: String) -> String? {
        guard let folder else { return nil }
        let root = TodoFileState.absolutePath(folder.path), absolute = TodoFileState.absolutePath(note)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }

    /// Whether `note`'s tasks are among the source's: it is the todo file, or a note of the folder.
    func holds(_ note: String) -> Bool {
        if let file { return FileSystem.isSameFile(file, note) }
        guard let path = path(of: note) else { return false }
        return notes.contains { $0.path == path }
    }
}
