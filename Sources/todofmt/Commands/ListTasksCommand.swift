import TodoKit

/// `todofmt ls [FILTER…]`: lists tasks grouped by list, filtered by the query language.
enum ListTasksCommand {
    /// `--archive` of `ls` and `count`: the archive's tasks too, as todo.sh's `listall` lists them.
    static let archiveOption = Flag("archive", help: "Also list the tasks of the archive beside the file (DONE.md, done.md or done.txt), every one of them, as todo.sh's listall does.")

    static let allOption = Flag("all", short: "a",
                                help: "Show every task: also done and cancelled ones, hidden ones (h:1), and those whose threshold t: is after today.")

    static let spec = CommandSpec(
        name: "ls",
        aliases: ["list"],
        summary: "List tasks, grouped by list, optionally filtered.",
        discussion: """
            Shows open and in-progress tasks whose threshold (t:) is not after today and that are not hidden
            (h:1, as topydo and Simpletask hide them), grouped by list, each with its line number. Terms are ANDed; OR and parentheses combine them; -TERM negates.
            Terms: a word or "a phrase" (in the description), +project, @context, list:Work/Q4,
            status:open|in-progress|done|cancelled|closed, pri:A, pri:A-C, pri:none, is:overdue (what
            (overdue …) marks), and key:value tags with comparisons: due:<today, due:<=+7d, t:>today, est:<1h,
            key:none, key:any.
            """,
        options: CommonOptions.todoFile + [allOption.spec, Option<String>.sortBy.spec,
                  notes.spec, archiveOption.spec,
                  Flag.json.spec, Option<String>.color.spec, Option<String>.today.spec],
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true,
                                 help: "Filter terms, e.g. +home due:<=fri -@waiting.")],
        acceptsDashPositionals: true,
        examples: [ExampleSpec(command: "todofmt ls +house 'due:<=fri' -@waiting",
                               help: "Open tasks of project house due by Friday, leaving out those in context waiting.")],
        run: run
    )

    static let notes = Flag("notes", help: "Show each task's notes under it.")

    static func run(_ invocation: Invocation) -> ExitCode {
        let input: Input
        do { input = try Input.load(invocation) } catch { return error.code }
        var sortKeys: [SortKey]?
        if let keys = invocation[.sortBy] {
            do { sortKeys = try SortKey.parseOrder(keys) } catch {
                return usageFailure("\(error) in --sort-by (keys: \(SortKey.fieldNames.joined(separator: ", ")), or a tag key)")
            }
        }
        let style = TerminalStyle.decide(option: invocation[.color], environment: invocation.environment,
                                         isTerminal: StandardStream.output.isTerminal)
        var json = invocation[.json] ? JSONWriter.Stream() : nil
        switch input.source {
        case .file(let file):
            let document = input.document!
            let listing = TaskListing(document: document, filter: input.filter(for: file.path), scope: input.scope,
                                      today: input.today, sortKeys: sortKeys)
            for violation in ListLimit.violations(in: document) { printError("\(shown(file.path)):\(violation)\n") }
            // What was listed is what addresses refer to: an edit given a line number finds the task shown there.
            file.recordListing(document)
            let archived = input.archive.map { archive in
                TaskListing(document: archive.document, filter: input.filter(for: archive.file), scope: .all, today: input.today, sortKeys: sortKeys)
            }
            if json != nil {
                let dependencies = Dependencies(document)
                for task in listing.matches { json!.append(TaskJSON.object(for: task, in: document, file: file.path, dependencies: dependencies)) }
                if let archive = input.archive, let archived {
                    let archivedDependencies = Dependencies(archive.document)
                    for task in archived.matches {
                        json!.append(TaskJSON.object(for: task, in: archive.document, file: archive.file, dependencies: archivedDependencies))
                    }
                }
            } else {
                var out = TaskListingPrinter(document: document, now: input.now, style: style,
                                          showsNotes: invocation[notes]).render(listing)
                // The archive's tasks follow, each addressed as FILE:LINE: a bare number names a line of the todo file.
                if let archive = input.archive, let archived, !archived.groups.isEmpty {
                    if !out.isEmpty { out += "\n" }
                    out += TaskListingPrinter(document: archive.document, now: input.now, style: style, showsNotes: invocation[notes],
                                           addressPrefix: shown(archive.file) + ":").render(archived)
                }
                printOut(out)
            }
        case .folder(let folder):
            // Grouped by file, then by list; each task numbered in the order shown, the numbers kept for edits.
            var record = folder.newListing()
            var printedFiles = 0
            // Each note is filtered, sorted, fingerprinted and rendered (but for its numbers) where it was read;
            // numbering and printing follow in order.
            let filter = input.filter, scope = input.scope, today = input.today, keys = sortKeys
            let now = input.now, showsNotes = invocation[notes], rendersText = json == nil
            input.forEachDocument(preparing: { name, document in
                let listing = TaskListing(document: document, filter: filter.resolvingPaths(for: name), scope: scope,
                                          today: today, sortKeys: keys)
                let listed = listing.groups.isEmpty ? nil : FileListingRecord(path: name, document: document)
                let rendered = rendersText && !listing.groups.isEmpty
                    ? TaskListingPrinter(document: document, now: now, style: style, showsNotes: showsNotes).rendered(listing) : nil
                return (listing, ListLimit.violations(in: document), listed, rendered)
            }) { name, document, prepared in
                let (listing, violations, listed, rendered) = prepared
                for violation in violations { printError("\(shown(name)):\(violation)\n") }
                let shownTasks = listing.groups.flatMap { $0.rows.map(\.task) }
                guard !shownTasks.isEmpty, let listed else { return }
                let first = record.number(shownTasks.map { document.tasks[$0].line }, listed: listed)
                let numbers = Dictionary(uniqueKeysWithValues: shownTasks.enumerated().map { ($1, first + $0) })
                if json != nil {
                    let dependencies = Dependencies(document)
                    for task in listing.matches {
                        json!.append(TaskJSON.object(for: task, in: document, file: name, dependencies: dependencies, number: numbers[task]))
                    }
                } else {
                    if printedFiles > 0 { printOut("\n") }
                    printOut(style.apply([.bold], to: shown(name).showingControlCharacters()) + "\n")
                    printOut(rendered!.text(numbers: numbers))
                }
                printedFiles += 1
            }
            folder.recordListing(record)
        }
        json?.finish()
        input.warnAboutKeysNoTaskHas()
        return .ok
    }

    /// A listing command that cannot go on: its message is printed, this is the exit code.
    struct Failure: Error {
        var code: ExitCode
    }

    /// What every listing command (`ls`, `lsprj`, `lscon`, `lslists`, `count`, `export`) reads: today, the
    /// filter, and the todo source: one file (read at once), or a folder (read as it is gone through).
    struct Input {
        var source: TodoSource
        /// The file's document; nil for a folder.
        var document: Document?
        var now: Moment
        var today: CalendarDate { now.date }
        var filter: FilterExpression
        var scope: TaskListing.Scope
        /// The archive beside the file and its document, with `--archive` (when there is one).
        var archive: (file: String, document: Document)?

        /// The filter's arguments that name a file (`Areas/Master Tasklist.md`), which the filter looks for in
        /// tasks' text.
        var fileNames: [String] = []
        /// The filter's tag keys (`FilterExpression.tagKeys`) that a task of the documents gone through holds.
        private let heldKeys = HeldKeys()

        /// How many of the archive's tasks the filter selects (every one, done or not): 0 without `--archive`.
        var archivedCount: Int {
            archive.map { TaskListing(document: $0.document, filter: filter(for: $0.file), scope: .all, today: today).matches.count } ?? 0
        }

        /// The filter for the tasks of the file named `name` (relative to the folder, for a note of one): its
        /// `path:` terms answered by that name.
        func filter(for name: String) -> FilterExpression { filter.resolvingPaths(for: name) }

        /// The keys a task has, of those the filter tests, gathered as documents are gone through.
        final class HeldKeys {
            var keys = Set<String>()
        }

        /// A tag key the filter tests that no task read has makes its term match nothing: a warning says so, and
        /// where the key names a file, how to find a note's tasks. A word that names a Markdown or todo.txt file
        /// is looked for in the tasks' text: a warning says how to find the file's tasks.
        func warnAboutKeysNoTaskHas() {
            let source: String = switch self.source {
            case .file(let file): shown(file.path)
            case .folder: "todofmt"
            }
            for key in filter.tagKeys.subtracting(heldKeys.keys).sorted() {
                let pathLike = ["file", "folder", "dir", "directory", "note", "filename", "notes"].contains(key.lowercased())
                printError("\(source): warning: no task has a \(key): tag, so \(key):… matches nothing"
                           + (pathLike ? "; path:TEXT (or in:TEXT) finds the tasks of the notes whose path holds TEXT" : "") + "\n")
            }
            for word in fileNames {
                printError("\(source): warning: '\(word)' is looked for in the tasks' text; 'path:\(word)' finds the tasks of that file\n")
            }
        }

        /// Notes which tag keys of the filter `document`'s tasks hold.
        func noteKeys(of document: Document) {
            heldKeys.keys.formUnion(FilterExpression.tagKeys(filter.tagKeys, heldIn: document))
        }

        /// Reads the command line and the todo source; on a problem prints it and throws the exit code.
        static func load(_ invocation: Invocation) throws(Failure) -> Input {
            do {
                let now = try Clock.now(invocation)
                let filter = try FilterOption.parse(filterText(invocation.positionals), option: "the filter", now: now)
                let source = try TodoSource.locate(invocation)
                var document: Document?
                var archive: (file: String, document: Document)?
                if case .file(let file) = source {
                    let read = try file.read()
                    WarningPrinter.printImpossibleDates(in: read, path: file.path)
                    document = read
                    warnAboutUnknownLists(filter, in: read, file: file.path)
                    let archivePath = ArchiveCommand.defaultArchive(for: file.path, format: file.format)
                    if invocation[archiveOption], archivePath != file.path, FileSystem.exists(archivePath) {
                        archive = (archivePath, try TodoFile(archivePath, invocation).read())
                    }
                }
                var input = Input(source: source, document: document, now: now, filter: filter,
                                  scope: invocation[allOption] ? .all : .actionable, archive: archive)
                input.fileNames = invocation.positionals.filter { argument in
                    !argument.contains(":") && [".md", ".markdown", ".txt"].contains { argument.lowercased().hasSuffix($0) }
                }
                if let document { input.noteKeys(of: document) }
                if let archive { input.noteKeys(of: archive.document) }
                return input
            } catch {
                let failure = CommandFailure(error, file: "todofmt")
                printError(failure.message + "\n")
                throw Failure(code: failure.code)
            }
        }

        /// A `list:` term that names no list of the file matches nothing: a warning says so, with the list
        /// meant when one is close (`list:Nope`: `did you mean 'Now'?`).
        static func warnAboutUnknownLists(_ filter: FilterExpression, in document: Document, file: String) {
            let lists = document.headings.flatMap { [$0.title, $0.path.joined(separator: "/")] }
            for path in filter.unknownLists(in: document) {
                let name = path.joined(separator: "/")
                if document.format == .todotxt {
                    printError("\(shown(file)): warning: todo.txt files have no lists, so list:\(name) matches nothing\n")
                } else if let close = ArgumentParser.closest(to: name, among: lists) {
                    printError("\(shown(file)): warning: there is no list '\(name)'; did you mean '\(close)'?\n")
                } else {
                    printError("\(shown(file)): warning: there is no list '\(name)' ('todofmt lslists' shows the lists)\n")
                }
            }
        }

        /// Calls `body` with the name and document of each file: the one file, or each note of the folder that
        /// holds a task (named by its path relative to the folder), in order.
        func forEachDocument(_ body: (String, Document) throws -> Void) rethrows {
            try forEachDocument(preparing: { _, _ in () }) { name, document, _ in try body(name, document) }
        }

        /// Calls `body` as `forEachDocument(_:)` does, with what `prepare` made of each document: for a folder,
        /// made where the note was read, on every core (`TodoFolder.forEachDocument(_:preparing:_:)`).
        func forEachDocument<Prepared: Sendable>(preparing prepare: @escaping @Sendable (String, Document) -> Prepared,
                                                 _ body: (String, Document, Prepared) throws -> Void) rethrows {
            switch source {
            case .file(let file): try body(file.path, document!, prepare(file.path, document!))
            case .folder(let folder):
                folder.printSettingsWarnings()
                try folder.forEachDocument(folder.entries(), preparing: { prepare($0.path, $1) }) { entry, document, prepared in
                    WarningPrinter.printImpossibleDates(in: document, path: entry.path)
                    noteKeys(of: document)
                    try body(entry.path, document, prepared)
                }
            }
        }

        /// The tasks the filter selects in `document` (the file named `name`), as indexes into its tasks, in file order.
        func selectedIndexes(in document: Document, name: String) -> [Int] {
            TaskListing(document: document, filter: filter(for: name), scope: scope, today: today).matches.sorted()
        }

        /// The filter as one text. Arguments are joined with spaces, so a whole query may be one quoted
        /// argument (`'due:<today OR pri:A'`); but a `list:` argument with spaces names one list, since
        /// heading titles hold spaces (`'list:Big Project'` reads as `list:"Big Project"`), and a `path:` (or
        /// `in:`) argument one path (`'path:Areas/Master Tasklist.md'`).
        static func filterText(_ arguments: [String]) -> String {
            arguments.map { argument in
                for key in ["list:", "-list:", "path:", "-path:", "in:", "-in:"] where argument.hasPrefix(key) {
                    let value = argument.dropFirst(key.count)
                    let words = value.split(separator: " ")
                    // A value that goes on with filter syntax is a whole query, not one title.
                    let goesOn = words.dropFirst().contains { word in
                        ["OR", "AND", "NOT"].contains(word) || word.contains(":")
                            || word.first.map { "+@(-".contains($0) } == true || word.last == ")"
                    }
                    guard words.count > 1, !goesOn, !value.contains("\""), !value.contains("\\") else { break }
                    return key + "\"" + value + "\""
                }
                return argument
            }.joined(separator: " ")
        }
    }
}
