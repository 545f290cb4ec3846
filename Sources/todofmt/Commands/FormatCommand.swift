import TodoKit

/// `todofmt [FILE…]`: rewrites todo files in their canonical form, optionally sorted.
enum FormatCommand {
    static let spec = CommandSpec(
        name: "",
        summary: "Format (and sort) Markdown task lists and todo.txt files.",
        discussion: """
            Rewrites each FILE in place, only when its content changes. A todo file (TODO.md, todo.md,
            DONE.md, *.todo.md, todo.txt, or a file .todofmt names in todo-files) is put in canonical form.
            Any other Markdown file, and every file of an Obsidian vault, is a note, its author's: only the
            fields of its task lines are put in the order the Tasks plugin writes them ('format-notes = off'
            in .todofmt leaves notes as they are), and --sort orders tasks among their siblings; every other
            byte stays. With no FILE, or '-', reads standard input (a todo file, unless --stdin-filepath names
            a note) and writes standard output. Before anything is written the output is parsed again and its
            tasks compared with the input's, and what is not a task with what it was; on any difference
            nothing is written. Files ending in .txt are todo.txt files; files ending in .md (.markdown,
            .mkd, …), or with no extension, are Markdown; any other file needs --format. A FOLDER stands for
            every note of it that holds a task (its Markdown files and todo.txt files, with the skips of a
            folder of notes: hidden files, what git ignores, what an Obsidian vault excludes).
            """,
        options: [
            sort.spec,
            sortBy.spec,
            check.spec,
            diff.spec,
            stdout.spec,
            format.spec,
            stdinFilepath.spec,
            quiet.spec,
            version.spec,
        ] + CommonOptions.taskSettings,
        arguments: [ArgumentSpec("FILE", .file, repeating: true, optional: true, help: "Files or folders of notes to format; '-' for standard input.")],
        examples: [
            ExampleSpec(command: "todofmt --sort TODO.md", help: "Format and sort TODO.md in place."),
            ExampleSpec(command: "todofmt --check TODO.md todo.txt", help: "Write nothing; exit 1 if either file would change."),
            ExampleSpec(command: "todofmt --check ~/Notes", help: "Name every note of the folder whose tasks are not in canonical form."),
            ExampleSpec(command: "todofmt --quiet --stdin-filepath TODO.md < TODO.md",
                        help: "Format standard input as the Markdown file TODO.md and print it (an editor's filter)."),
        ],
        run: run
    )

    static let sort = Flag("sort", help: "Sort tasks: open before done, then priority, then due date.")
    static let sortBy = Option<String>("sort-by", value: .sortKeys, valueName: "KEYS",
                                       help: "Sort by a comma list of keys (status, priority, due, t, created, completed, text, project, context, or a tag key); '-' before a key sorts it descending.")
    static let check = Flag("check", help: "Write nothing; name each file that would change and exit 1 if any would.")
    static let diff = Flag("diff", help: "Write nothing; print a unified diff of the changes and exit 1 if there are any.")
    static let stdout = Flag("stdout", help: "Print the formatted files instead of rewriting them.")
    static let format = Option<FileFormat>("format", valueName: "FORMAT",
                                           help: "Read files as this format instead of guessing from the name (markdown, todotxt).")
    static let stdinFilepath = Option<String>("stdin-filepath", value: .path, valueName: "PATH",
                                              help: "The path of the file given on standard input: picks the format and names diagnostics.")
    static let quiet = Flag("quiet", short: "q", help: "Print no warnings.")
    static let version = Flag("version", help: "Print the version and exit.")

    /// What happens to each formatted file.
    enum Output {
        /// Rewrite named files that change; standard input goes to standard output.
        case inPlace
        /// Name each file that would change; write nothing.
        case check
        /// Print a unified diff of each file that would change; write nothing.
        case diff
        /// Print every formatted file; write nothing.
        case stdout
    }

    static func run(_ invocation: Invocation) -> ExitCode {
        if invocation[version] {
            printOut(Version.line + "\n")
            return .ok
        }
        var sortKeys: [SortKey]?
        if invocation[sort], invocation[sortBy] != nil {
            return usageFailure("options '--sort' and '--sort-by' cannot be used together")
        }
        if let keys = invocation[sortBy] {
            do { sortKeys = try SortKey.parseOrder(keys) } catch {
                return usageFailure("\(error) in --sort-by (keys: \(SortKey.fieldNames.joined(separator: ", ")), or a tag key)")
            }
        } else if invocation[sort] {
            sortKeys = SortKey.defaultOrder
        }
        if invocation[stdout], let other = [check, diff].first(where: { invocation[$0] }) {
            return usageFailure("options '--stdout' and '--\(other.spec.long)' cannot be used together")
        }
        let output: Output = invocation[diff] ? .diff : invocation[check] ? .check
            : invocation[stdout] ? .stdout : .inPlace
        let forcedFormat = invocation[format]
        let quiet = invocation[quiet]

        var paths = invocation.positionals
        if paths.isEmpty {
            // Waiting silently for a file typed at the terminal is no way to greet a new user.
            if isatty(0) == 1 {
                printError("""
                    todofmt: error: no todo file given: format one with 'todofmt TODO.md', pipe one in with \
                    'todofmt < TODO.md', or run a command such as 'todofmt ls'
                    Run 'todofmt --help' for usage.

                    """)
                return .usage
            }
            paths = ["-"]
        }
        // A folder stands for its notes that hold a task, each read as the folder reads it.
        var files: [(path: String, format: FileFormat?, reading: (tasks: TaskSettings, markdown: MarkdownReading), kind: FileKind,
                     options: FormatOptions)] = []
        do {
            for path in paths {
                guard path != "-", FileSystem.isDirectory(path) else {
                    let named = path == "-" ? invocation[stdinFilepath] : path
                    let reading = try Vault.reading(ofFileAt: named ?? ".", invocation)
                    // Standard input without a name is a todo file: what a filter is given to format.
                    let (kind, options) = named.map {
                        FileKind.ofFile(at: $0, format: forcedFormat ?? FileFormat.inferred(fromPath: $0), vault: Vault.containing($0))
                    } ?? (.todoFile, FormatOptions())
                    files.append((path, forcedFormat, reading, kind, options))
                    continue
                }
                let folder = try TodoFolder(path, invocation)
                folder.forEachDocument(folder.entries()) { entry, document in
                    files.append((join(path, entry.path), entry.format, (folder.tasks, folder.reading), document.kind, folder.settings.format))
                }
            }
        } catch {
            return usageFailure("\(error)")
        }
        // Every file must be there, readable and a todo file before any is written: a typo in the last name
        // leaves the first files as they were.
        let stdinName = invocation[stdinFilepath] ?? "<stdin>"
        let unreadable = output == .inPlace ? files.compactMap { file in
            if file.path == "-" { return forcedFormat == nil ? unknownFormatProblem(stdinName) : nil }
            return FileSystem.rewritingProblem(file.path).map { "\($0)" } ?? (file.format == nil ? unknownFormatProblem(file.path) : nil)
        } : []
        if !unreadable.isEmpty {
            for problem in unreadable { printError("\(problem); nothing was written\n") }
            return .failure
        }
        // A todo file is indented as the `.editorconfig` applying to it says, if one does.
        let stdinPath = invocation[stdinFilepath]
        for index in files.indices where files[index].kind == .todoFile && files[index].options.indentUnit == nil {
            guard let path = files[index].path == "-" ? stdinPath : files[index].path else { continue }
            files[index].options.indentUnit = EditorConfig.indentUnit(forFileAt: path)
        }
        var status = ExitCode.ok
        for file in files {
            let source: Source = file.path == "-" ? .standardInput(displayPath: invocation[stdinFilepath]) : .file(file.path)
            let result = formatOne(source, sortKeys: sortKeys, output: output, forcedFormat: file.format, settings: file.reading.tasks,
                                   reading: file.reading.markdown, kind: file.kind, options: file.options, quiet: quiet)
            if result.rawValue > status.rawValue { status = result }
        }
        return status
    }

    /// Where one input comes from, and the path its messages and format go by.
    enum Source {
        case file(String)
        /// Standard input, named by `--stdin-filepath` if given.
        case standardInput(displayPath: String?)

        /// The path as given (or `<stdin>`): what the format is inferred from.
        var name: String {
            switch self {
            case .file(let path): return path
            case .standardInput(let path): return path ?? "<stdin>"
            }
        }

        /// The path as messages show it.
        var displayPath: String { shown(name) }

        func read() throws(SystemError) -> [UInt8] {
            switch self {
            case .file(let path): return try FileSystem.read(path)
            case .standardInput: return try FileSystem.readStandardInput()
            }
        }
    }

    /// Formats one file or standard input, read under `settings` and as `reading` says (as the vault it lies
    /// in, or the folder it was found in, reads it), as a todo file or a note (`kind`), with `options`.
    static func formatOne(_ source: Source, sortKeys: [SortKey]?, output: Output, forcedFormat: FileFormat?,
                          settings: TaskSettings, reading: MarkdownReading, kind: FileKind = .todoFile,
                          options: FormatOptions = FormatOptions(), quiet: Bool) -> ExitCode {
        let displayPath = source.displayPath
        if forcedFormat == nil, let problem = unknownFormatProblem(source.name) {
            printError(problem + "\n")
            return .failure
        }
        let format = forcedFormat ?? FileFormat.inferred(fromPath: source.name)
        /// The text formatted, after printing its warnings; a refusal as the failure to report.
        func formatted(_ document: Document) throws -> FormatResult {
            let result: FormatResult
            do { result = try Formatter.format(document, sortedBy: sortKeys, options: options) } catch {
                throw CommandFailure("\(displayPath): error: \(error); nothing was written")
            }
            if !quiet { printWarnings(of: result.input, sortKeys: sortKeys, path: source.name) }
            return result
        }
        return CommandFailure.reporting {
            if output == .inPlace, case .file(let path) = source {
                try TodoFile(path, format: format, settings: settings, reading: reading, kind: kind).update(formatted)
                return .ok
            }
            let input = try read(source, as: FileReading(format: format, settings: settings, markdown: reading, kind: kind))
            let result = try formatted(input)
            switch output {
            case .check:
                if result.isChanged { printOut("\(displayPath)\n") }
                return result.isChanged ? .changes : .ok
            case .diff:
                guard result.isChanged else { return .ok }
                // `a/` and `b/` as git writes them (`git apply` and `patch -p1` take them); an absolute path as it is.
                let name = source.name
                let (oldLabel, newLabel) = name.hasPrefix("/") ? (shown(name), shown(name)) : (shown("a/" + name), shown("b/" + name))
                printOut(UnifiedDiff.render(old: input.text, new: result.text, oldLabel: oldLabel, newLabel: newLabel))
                return .changes
            case .stdout, .inPlace:
                StandardStream.output.write(result.text)
                return .ok
            }
        }
    }

    /// Why a path is not formatted without `--format`: its extension names neither format.
    static func unknownFormatProblem(_ path: String) -> String? {
        guard FileFormat.named(byPath: path) == nil else { return nil }
        return "\(shown(path)): error: \(FileFormat.unnamedFormatMessage); give --format markdown or --format todotxt "
            + "to format it as one"
    }

    /// The warnings about the input: its diagnostics, lists over their cap, and sort keys no task has.
    private static func printWarnings(of input: Document, sortKeys: [SortKey]?, path: String) {
        WarningPrinter.print(input.diagnostics + ListLimit.violations(in: input), path: path)
        for key in SortKey.unusedTagKeys(sortKeys ?? [], in: input) {
            printError("\(shown(path)): warning: no task has a '\(key):' tag, so the sort key '\(key)' changes nothing "
                       + "(keys: \(SortKey.fieldNames.joined(separator: ", ")), or a tag key)\n")
        }
    }

    /// The source's document, read as `reading` says, or the one-line message that says why it cannot be read.
    static func read(_ source: Source, as reading: FileReading) throws -> Document {
        let bytes: [UInt8]
        do { bytes = try source.read() } catch { throw CommandFailure("\(error)") }
        switch reading.decode(bytes) {
        case .success(let document): return document
        case .failure(let diagnostic): throw CommandFailure("\(source.displayPath):\(diagnostic)")
        }
    }
}

/// Prints a usage error and returns exit code 64.
func usageFailure(_ message: String) -> ExitCode {
    printError("todofmt: error: \(message)\n")
    return .usage
}
