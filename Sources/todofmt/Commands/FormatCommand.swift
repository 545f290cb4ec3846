#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// `todofmt [FILE…]`: rewrites todo files in their canonical form, optionally sorted.
enum FormatCommand {
    static let spec = CommandSpec(
        name: "",
        summary: "Format (and sort) Markdown task lists and todo.txt files.",
        discussion: """
            Rewrites each FILE in canonical form, in place, only when its content changes. With no FILE,
            or '-', reads standard input and writes standard output. Before anything is written the output
            is parsed again and its tasks compared with the input's; on any difference nothing is written.
            Files ending in .txt are todo.txt files; every other file is Markdown.
            """,
        options: [
            OptionSpec("sort", help: "Sort tasks: open before done, then priority, then due date."),
            OptionSpec("sort-by", value: .sortKeys, valueName: "KEYS",
                       help: "Sort by a comma list of keys (status, priority, due, t, created, completed, text, project, context, or a tag key); '-' before a key sorts it descending."),
            OptionSpec("check", help: "Write nothing; name each file that would change and exit 1 if any would."),
            OptionSpec("diff", help: "Write nothing; print a unified diff of the changes and exit 1 if there are any."),
            OptionSpec("stdout", help: "Print the formatted files instead of rewriting them."),
            OptionSpec("format", value: .choice(FileFormat.allCases.map(\.rawValue)), valueName: "FORMAT",
                       help: "Read files as this format instead of guessing from the name (markdown, todotxt)."),
            OptionSpec("stdin-filepath", value: .path, valueName: "PATH",
                       help: "The path of the file given on standard input: picks the format and names diagnostics."),
            OptionSpec("quiet", short: "q", help: "Print no warnings."),
            OptionSpec("version", help: "Print the version and exit."),
        ],
        arguments: [ArgumentSpec("FILE", .file, repeating: true, optional: true, help: "Files to format; '-' for standard input.")],
        run: run
    )

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
        if invocation.flag("version") {
            printOut("todofmt \(Version.current)\n")
            return .ok
        }
        var options = FormatOptions()
        if invocation.flag("sort"), invocation.value("sort-by") != nil {
            return usageFailure("options '--sort' and '--sort-by' cannot be used together")
        }
        if let keys = invocation.value("sort-by") {
            do { options.sortKeys = try SortKey.parseList(keys) } catch {
                return usageFailure("\(error) in --sort-by (keys: \(SortKey.fieldNames.joined(separator: ", ")), or a tag key)")
            }
        } else if invocation.flag("sort") {
            options.sortKeys = SortKey.defaultOrder
        }
        if invocation.flag("stdout"), let other = ["check", "diff"].first(where: invocation.flag) {
            return usageFailure("options '--stdout' and '--\(other)' cannot be used together")
        }
        let output: Output = invocation.flag("diff") ? .diff : invocation.flag("check") ? .check
            : invocation.flag("stdout") ? .stdout : .inPlace
        let forcedFormat = invocation.value("format").flatMap(FileFormat.init(rawValue:))
        let quiet = invocation.flag("quiet")

        var paths = invocation.positionals
        if paths.isEmpty { paths = ["-"] }
        var status = ExitCode.ok
        for path in paths {
            let source: Source = path == "-" ? .standardInput(displayPath: invocation.value("stdin-filepath")) : .file(path)
            let result = formatOne(source, options: options, output: output, forcedFormat: forcedFormat, quiet: quiet)
            if result.rawValue > status.rawValue { status = result }
        }
        return status
    }

    /// Where one input comes from, and the path its messages and format go by.
    enum Source {
        case file(String)
        /// Standard input, named by `--stdin-filepath` if given.
        case standardInput(displayPath: String?)

        var displayPath: String {
            switch self {
            case .file(let path): return path
            case .standardInput(let path): return path ?? "<stdin>"
            }
        }

        func read() throws(SystemError) -> [UInt8] {
            switch self {
            case .file(let path): return try FileSystem.read(path)
            case .standardInput: return try FileSystem.readStandardInput()
            }
        }
    }

    /// The documents (and lines) of the file formatted last, kept until the process exits: taking a large document
    /// apart costs up to a tenth of a run, and the memory goes back to the system at exit anyway. A large sort
    /// of a whole document (a todo.txt file, or Markdown that is not done a section at a time) is the exception:
    /// its input is let go during the sort (on the thread that reads it for safe mode, usually), so that the
    /// sorted model reuses its memory instead of faulting in as much again.
    nonisolated(unsafe) static var keptUntilExit: [Any] = []

    /// The number of tasks from which safe mode reads the input on a thread of its own while it is sorted.
    static let parallelThreshold = 2048

    static func formatOne(_ source: Source, options: FormatOptions, output: Output, forcedFormat: FileFormat?,
                          quiet: Bool) -> ExitCode {
        keptUntilExit = []
        let displayPath = source.displayPath
        let text: String
        switch readText(source) {
        case .success(let decoded): text = decoded
        case .failure(let message):
            printError(message.text)
            return .failure
        }
        let format = forcedFormat ?? FileFormat.inferred(fromPath: displayPath)
        // Safe mode: the output is read back and its tasks compared with the input's.
        let formatted: TextLines, changed: Bool, difference: String?
        if format == .markdown, let sections = SectionedFormatting(markdown: text, sortedBy: options.sortKeys, bothAtOnce: {
            first, second in
            let work = BackgroundWork(first)
            second()
            work.result()
        }) {
            // A section at a time (a large file's two halves at once): neither the file nor its output is ever
            // held as one model.
            if !quiet { WarningPrinter.print(sections.diagnostics + sections.limitViolations, path: displayPath) }
            formatted = sections.text
            changed = !sections.isUnchanged && !formatted.hasText(text)
            difference = nil
            keptUntilExit = [formatted]
        } else {
            let document = Document(parsing: text, format: format)
            if !quiet {
                WarningPrinter.print(document.diagnostics + ListLimit.violations(in: document), path: displayPath)
                for key in SortKey.unusedTagKeys(options.sortKeys ?? [], in: document) {
                    printError("\(displayPath): warning: no task has a '\(key):' tag, so the sort key '\(key)' changes nothing "
                               + "(keys: \(SortKey.fieldNames.joined(separator: ", ")), or a tag key)\n")
                }
            }
            if options.sortKeys == nil {
                // Read back a section at a time, the output is never held as a second model of the file.
                let checked = Formatter.checkedCanonicalText(of: document)
                formatted = checked?.text ?? document.textLines
                changed = checked.map { !$0.text.hasText(text) } ?? false
                difference = changed ? checked?.difference : nil
                keptUntilExit = [document, formatted]
            } else {
                let sorted: (document: Document, changed: Bool, difference: String?, kept: [Any])
                if let lines = LinePermutation(of: document), let keys = options.sortKeys {
                    sorted = sortedByMovingLines(consume document, lines, text: text, keys: keys)
                } else {
                    sorted = sortedText(consume document, text: text, options: options)
                }
                (formatted, changed, difference) = (sorted.document.textLines, sorted.changed, sorted.difference)
                keptUntilExit = sorted.kept
            }
        }
        if let difference {
            printError("\(displayPath): error: formatting would change the tasks (\(difference)); nothing was written\n")
            return .failure
        }
        switch (output, source) {
        case (.check, _):
            if changed { printOut("\(displayPath)\n") }
            return changed ? .changes : .ok
        case (.diff, _):
            guard changed else { return .ok }
            // `a/` and `b/` as git writes them (`git apply` and `patch -p1` take them); an absolute path as it is.
            let (oldLabel, newLabel) = displayPath.hasPrefix("/") ? (displayPath, displayPath)
                : ("a/\(displayPath)", "b/\(displayPath)")
            printOut(UnifiedDiff.render(old: text, new: formatted.text, oldLabel: oldLabel, newLabel: newLabel))
            return .changes
        case (.stdout, _), (.inPlace, .standardInput):
            formatted.writeUTF8 { StandardStream.output.write(bytes: UnsafeRawBufferPointer($0)) }
            return .ok
        case (.inPlace, .file(let path)):
            guard changed else { return .ok }
            do {
                try FileSystem.writeAtomically(to: path) { write in formatted.writeUTF8(write) }
            } catch {
                printError("\(error)\n")
                return .failure
            }
            return .ok
        }
    }

    /// `sortedText` for a todo.txt file in canonical form (whose lines are `lines`), which formatting leaves as
    /// it is and sorting only reorders: safe mode checks that the sorted file's lines are the input's, each once.
    private static func sortedByMovingLines(_ document: consuming Document, _ lines: LinePermutation, text: String,
                                            keys: [SortKey])
        -> (document: Document, changed: Bool, difference: String?, kept: [Any]) {
        let sorted = Sorter.sorted(consume document, by: keys)
        guard !sorted.hasText(text) else { return (sorted, false, nil, [sorted]) }
        return (sorted, true, lines.difference(in: sorted.readBack()), [sorted])
    }

    /// `document` formatted and sorted, whether that changed its text (`text`), and safe mode's finding about
    /// it (the tasks of the input and the output compared); and what to keep until the process exits.
    private static func sortedText(_ document: consuming Document, text: String, options: FormatOptions)
        -> (document: Document, changed: Bool, difference: String?, kept: [Any]) {
        // A large file's tasks are compared as multisets: the input's side (hash values and compact records)
        // is read on another thread while the input is sorted, and the input's model is let go as soon as both
        // are done with it, so that the sorted model reuses its memory (a todo.txt model becomes the sorted one).
        let formatted: Document, original: Document?, identities: BackgroundWork<TaskIdentities>?
        if document.tasks.count >= parallelThreshold {
            let work = BackgroundWork { [document] in TaskIdentities(of: document) }
            formatted = Formatter.format(consume document, options: options) { _ = work.result() }
            (original, identities) = (nil, work)
        } else {
            formatted = Formatter.format(copy document, options: options)
            (original, identities) = (document, nil)
        }
        let kept: [Any] = [formatted] + (original.map { [$0] } ?? [])
        // Unchanged output is the input itself, so it needs no second reading; changed output whose text splits
        // back into the very lines the formatter made reads back as the formatted document itself (`readBack`).
        // After a large sort the output's side is read on two threads at once, half each.
        guard !formatted.hasText(text) else {
            _ = identities?.result()
            return (formatted, false, nil, kept)
        }
        let reparsed = formatted.readBack()
        let difference: String?
        if let identities {
            let theirs = TaskIdentities(of: reparsed) { first, second in
                let work = BackgroundWork(first)
                second()
                work.result()
            }
            difference = MeaningCheck.multisetDifference(identities.result(), and: reparsed, formattedIdentities: theirs)
        } else {
            difference = MeaningCheck.difference(between: original!, and: reparsed, orderMatters: false)
        }
        return (formatted, true, difference, kept)
    }

    /// The source's text, or the one-line message that says why it cannot be read. A file's bytes are read
    /// into the string itself; standard input's are released as soon as they are decoded: a large file is
    /// held once, not twice.
    static func readText(_ source: Source) -> Result<String, Message> {
        let decoded: Result<String, Diagnostic>
        do {
            switch source {
            case .file(let path): decoded = try FileSystem.readText(path)
            case .standardInput: decoded = SourceDecoder.decode(try source.read())
            }
        } catch {
            return .failure(Message("\(error)\n"))
        }
        return decoded.mapError { Message("\(source.displayPath):\($0)\n") }
    }

    /// A message for standard error, as an error value.
    struct Message: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}

/// Prints a usage error and returns exit code 64.
func usageFailure(_ message: String) -> ExitCode {
    printError("todofmt: error: \(message)\n")
    return .usage
}
