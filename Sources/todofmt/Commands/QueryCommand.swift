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
            hide backlink, explain. An instruction it cannot read is an error at its line and column; text the
            plugin reads past (sort by priority sort by due) is a warning. In a vault, the Tasks plugin's global
            query and presets apply; --explain says which settings applied.
            """,
        options: [
            expression.spec,
            explain.spec,
            json.spec,
            Option<String>.file.spec, Option<String>.today.spec,
        ],
        arguments: [ArgumentSpec("NOTE", .path, repeating: true, optional: true, help: "A Markdown note holding ```tasks blocks.")],
        examples: [
            ExampleSpec(command: "todofmt query Dashboard.md", help: "List what each query block of Dashboard.md finds."),
            ExampleSpec(command: "todofmt query -e 'not done' -e 'due before tomorrow' -e 'group by heading'",
                        help: "Open tasks due today or earlier, grouped by heading."),
        ],
        run: run
    )

    static let expression = RepeatedOption("expression", short: "e", value: .text, valueName: "INSTRUCTION",
                                           help: "A query instruction, such as 'not done' or 'due before tomorrow'; repeat for more lines.")
    static let explain = Flag("explain", help: "Print each query's explanation first: the global filter and global query that applied, then its instructions.")
    static let json = Flag("json", help: "Print each query's groups and tasks (file, line, text) as a JSON array, one element per block.")

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let instructions = invocation[expression]
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
        let source = try QueriedSource(invocation, required: true)!
        let query = TasksQuery(QuerySource(instructions: instructions), file: nil, today: today, settings: source.settings)
        if let problem = query.diagnostics.first(where: { $0.severity == .error }) {
            // -e N is line N; its column counts bytes, the pointer characters.
            let instruction = instructions[problem.line - 1]
            let characters = String(decoding: instruction.utf8.prefix(problem.column - 1), as: UTF8.self).count
            throw CommandFailure.usage("\(problem.message) (column \(characters + 1) of -e \(problem.line))\n  \(instruction)\n  "
                                       + String(repeating: " ", count: characters) + "^")
        }
        for warning in query.diagnostics { printError("-e \(warning.line): warning: \(warning.message)\n") }
        // The notes are tested as they are read: what is kept is what the query finds.
        var run = QueryRun(query)
        source.forEachNote(preparing: { path, document in QueryRun.note(document, path: path, query: query) }) { run.add($0) }
        let result = run.result()
        if invocation[json] {
            printOut(JSONWriter.lines([json(block: nil, query: query, result: result, invocation: invocation)]))
        } else {
            printOut(rendered(query, result, invocation).showingControlCharacters(keepingNewlines: true))
        }
        return .ok
    }

    /// Each block of each note, over the note's tasks and the todo file's or folder's.
    private static func runNotes(_ notes: [String], invocation: Invocation, today: CalendarDate) throws -> ExitCode {
        // The todo file or folder, when there is one: a note's blocks run over its own tasks without it.
        let source = try QueriedSource(invocation, required: false)
        let sourceNotes = source?.notes ?? []
        var runs: [(header: String, text: String)] = []
        var objects: [JSONValue] = []
        var sourceTasks: [QueryTask]?
        var failed = false
        for note in notes {
            let document = try TodoFile(note, invocation).read()
            if !(source?.holds(note, among: sourceNotes) ?? false) { WarningPrinter.printImpossibleDates(in: document, path: note) }
            // The note as the query knows it: by its path in the folder it runs over.
            let path = source?.path(of: note) ?? shown(note)
            let settings = try source?.settings ?? QueriedSource.settings(ofNoteAt: note, invocation)
            // The source's tasks are read once for all the notes it holds.
            let tasks: [QueryTask]
            if let source, source.holds(note, among: sourceNotes) {
                if sourceTasks == nil { sourceTasks = QueryTask.tasks(of: sourceNotes) }
                tasks = sourceTasks!
            } else {
                tasks = QueryTask.tasks(of: [(path, document)] + sourceNotes)
            }
            let blocks = QueryBlock.all(in: document)
            if blocks.isEmpty { printError("\(shown(note)): warning: no ```tasks block\n") }
            let properties = NoteProperties(of: document)
            for block in blocks {
                let query = TasksQuery(block.source, file: path, today: today, settings: settings, properties: properties)
                for problem in query.diagnostics { printError("\(shown(note)):\(problem)\n") }
                let place = "\(shown(note)):\(block.line)"
                guard let result = query.run(on: tasks) else {
                    failed = true
                    if invocation[json] {
                        let errors = query.diagnostics.filter { $0.severity == .error }.map { JSONValue.string($0.description) }
                        objects.append(.object([("block", .string(place)), ("errors", .array(errors))]))
                    }
                    continue
                }
                objects.append(json(block: place, query: query, result: result, invocation: invocation))
                runs.append((place, rendered(query, result, invocation)))
            }
        }
        if invocation[json] {
            printOut(JSONWriter.lines(objects))
            return failed ? .failure : .ok
        }
        // One block prints its result alone; several, each under the place of its block.
        let text = runs.count == 1 ? runs[0].text : runs.map { "\($0.header)\n\n\($0.text)" }.joined(separator: "\n")
        printOut(text.showingControlCharacters(keepingNewlines: true))
        return failed ? .failure : .ok
    }

    /// The result as Obsidian lists it, after the explanation when `--explain` asks for it (and `explain` did not).
    private static func rendered(_ query: TasksQuery, _ result: QueryResult, _ invocation: Invocation) -> String {
        let explanation = invocation[explain] && !query.explains ? query.explanation + "\n" : ""
        return explanation + result.rendered()
    }

    /// One block's result as JSON: its place, its groups (each with its names and tasks) and its counts.
    private static func json(block: String?, query: TasksQuery, result: QueryResult, invocation: Invocation) -> JSONValue {
        let groups = result.groups.map { group in
            JSONValue.object([
                ("names", .strings(group.names)),
                ("tasks", .array(group.tasks.map { task in
                    .object([("file", .string(task.path)), ("line", .int(task.task.line)), ("text", .string(task.task.text))])
                })),
            ])
        }
        var members: [(String, JSONValue)] = [("block", .optional(block)), ("groups", .array(groups)),
                                              ("count", .int(result.tasks.count)), ("total", .int(result.matchCount))]
        if invocation[explain] || query.explains { members.append(("explanation", .string(query.explanation))) }
        return .object(members)
    }
}

/// What a query runs over besides its note: the todo file, or every note of a folder of notes (each named by its
/// path in the folder, as Obsidian names a vault's notes).
private struct QueriedSource {
    /// The todo file named, read; nil for a folder.
    private var file: (path: String, document: Document)?
    var folder: TodoFolder?
    var settings: QuerySettings

    init?(_ invocation: Invocation, required: Bool) throws {
        switch TodoSource.place(explicit: invocation[.file], environment: invocation.environment) {
        case .success(.file(let path)):
            let document = try TodoFile(path, invocation).read()
            WarningPrinter.printImpossibleDates(in: document, path: path)
            file = (path, document)
            settings = try QueriedSource.settings(ofNoteAt: path, invocation)
        case .success(.folder(let path)):
            let folder = try TodoFolder(path, invocation)
            folder.printSettingsWarnings()
            self.folder = folder
            settings = folder.vault?.querySettings ?? .plugin
            settings.globalFilter = folder.tasks.globalFilter?.text
        case .failure(let notFound):
            if required { throw CommandFailure(notFound.description) }
            return nil
        }
    }

    /// Calls `body` with the path (as the query knows it) and document of each note: the todo file, or each note
    /// of the folder that holds a task, as it is read, in path order.
    func forEachNote(_ body: (String, Document) -> Void) {
        if let file { return body(shown(file.path), file.document) }
        guard let folder else { return }
        folder.forEachDocument(folder.entries()) { entry, document in
            WarningPrinter.printImpossibleDates(in: document, path: entry.path)
            body(entry.path, document)
        }
    }

    /// Calls `body` with what `prepare` makes of each note (its path and document): for a folder, made where the
    /// note was read, on every core.
    func forEachNote<Prepared: Sendable>(preparing prepare: @escaping @Sendable (String, Document) -> Prepared,
                                         _ body: (Prepared) -> Void) {
        if let file { return body(prepare(shown(file.path), file.document)) }
        guard let folder else { return }
        folder.forEachDocument(folder.entries(), preparing: { prepare($0.path, $1) }) { entry, document, prepared in
            WarningPrinter.printImpossibleDates(in: document, path: entry.path)
            body(prepared)
        }
    }

    /// Every note, read and held.
    var notes: [(path: String, document: Document)] {
        var notes: [(path: String, document: Document)] = []
        forEachNote { notes.append(($0, $1)) }
        return notes
    }

    static func settings(ofNoteAt path: String, _ invocation: Invocation) throws -> QuerySettings {
        QuerySettings.ofNote(at: path, tasks: try Vault.reading(ofFileAt: path, invocation).tasks)
    }

    /// `note`'s path in the folder (`Notes/Week.md`), or nil when there is no folder or the note is outside it.
    func path(of note: String) -> String? {
        guard let folder else { return nil }
        let root = TodoFileState.absolutePath(folder.path), absolute = TodoFileState.absolutePath(note)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }

    /// Whether `note`'s tasks are among the source's: it is the todo file, or one of `notes`, the folder's.
    func holds(_ note: String, among notes: [(path: String, document: Document)]) -> Bool {
        if let file { return FileSystem.isSameFile(file.path, note) }
        guard let path = path(of: note) else { return false }
        return notes.contains { $0.path == path }
    }
}
