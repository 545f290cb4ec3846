import TodoKit

/// A failed command: the message to print and the exit code.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var code: ExitCode

    init(_ message: String, code: ExitCode = .failure) {
        self.message = message
        self.code = code
    }

    var description: String { message }

    /// Runs a command's body, printing any failure as one line and turning it into the exit code.
    static func reporting(_ body: () throws -> ExitCode) -> ExitCode {
        do {
            return try body()
        } catch let failure as CommandFailure {
            printError(failure.message + "\n")
            return failure.code
        } catch {
            printError("todofmt: error: \(error)\n")
            return .failure
        }
    }
}

/// One edit of one todo file, through the one write path (`FileUpdate`): the file's document is read under
/// the lock, the edit (checked in safe mode by the library) gives the new document, and that is written.
struct EditSession {
    /// The file as the user named it.
    var path: String
    var format: FileFormat
    /// Whether a missing file reads as empty (for `add`); otherwise it is an error.
    var createsFile = false

    init(path: String, createsFile: Bool = false) {
        self.path = path
        self.format = FileFormat.inferred(fromPath: path)
        self.createsFile = createsFile
    }

    /// Runs `edit` on the current document under the lock and writes the result if it changed the text.
    func run(_ edit: (Document) throws -> EditResult) throws -> EditResult {
        try FileUpdate(path, createsFile: createsFile).run { text in
            let result = try EditSession.reporting(path) { try edit(Document(parsing: text, format: format)) }
            return (result.changesText ? result.document.text : nil, result)
        }
    }

    /// Runs a TodoKit edit, turning its refusals into failures to print: a refused edit of the file at `path`
    /// (exit 2), or text that cannot be written as typed or is empty (a usage error, with a caret under the
    /// column where there is one).
    static func reporting<Result>(_ path: String, _ edit: () throws -> Result) throws -> Result {
        do { return try edit() } catch let error as EditError {
            if error.isUsageError { throw CommandFailure("todofmt: error: \(error)", code: .usage) }
            throw CommandFailure("\(shown(path)): error: \(error)")
        } catch let error as TaskTextError {
            let advice = error.canForce ? "; use --force to write it as text" : ""
            throw CommandFailure("todofmt: error: \(error)\(advice)\n\(error.pointer)", code: .usage)
        }
    }
}

extension EditSession {
    /// The document of the file at `path`, read without the lock (for a command that only looks); a missing
    /// file reads as empty when `missingIsEmpty`.
    static func readDocument(_ path: String, missingIsEmpty: Bool) throws -> Document {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch {
            guard error.code == ENOENT, missingIsEmpty else { throw CommandFailure("\(error)") }
            bytes = []
        }
        switch SourceDecoder.decode(bytes) {
        case .success(let text): return Document(parsing: text, format: FileFormat.inferred(fromPath: path))
        case .failure(let diagnostic): throw CommandFailure("\(shown(path)):\(diagnostic)")
        }
    }

    /// Whether two paths name one existing file (through symlinks, `./`, hard links): an output option
    /// pointing at the todo file must not replace it.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The todo file of a command: `-f`, else `$TODOFMT_FILE`, else the nearest TODO.md, todo.md or todo.txt.
    static func locateFile(_ invocation: Invocation) throws -> String {
        switch TodoFileLocator.locate(explicit: invocation.value("file"), environment: invocation.environment) {
        case .success(let path): return path
        case .failure(let notFound): throw CommandFailure(notFound.description)
        }
    }

    /// Addresses grouped by file: `FILE:LINE` names its own file, a bare line the command's file.
    /// `listed` holds the lines given as bare numbers: those come from `todofmt ls` and are checked against
    /// its record; a `FILE:LINE` comes from an editor showing the file as it is now.
    static func groupAddresses(_ texts: [String], invocation: Invocation) throws -> [(path: String, lines: [Int], named: Bool, listed: Set<Int>)] {
        guard !texts.isEmpty else { throw CommandFailure("todofmt: error: give the line number of a task (as 'todofmt ls' shows it)", code: .usage) }
        var groups: [(path: String, lines: [Int], named: Bool, listed: Set<Int>)] = []
        var defaultFile: String?
        for text in texts {
            guard let address = TaskAddress(parsing: text) else {
                throw CommandFailure("todofmt: error: '\(text)' is not a task address (a line number, or FILE:LINE)", code: .usage)
            }
            let path: String
            if let file = address.file {
                path = file
            } else {
                if defaultFile == nil { defaultFile = try locateFile(invocation) }
                path = defaultFile!
            }
            let listed: Set<Int> = address.file == nil ? [address.line] : []
            if let index = groups.firstIndex(where: { $0.path == path }) {
                groups[index].lines.append(address.line)
                groups[index].listed.formUnion(listed)
            } else {
                groups.append((path, [address.line], address.file != nil, listed))
            }
        }
        return groups
    }

    /// The task one address names, for a command that only reads it (`show`, `edit`): its file, the
    /// document read without the lock, and its index; a bare line number is checked against the listing.
    static func readAddressed(_ text: String, invocation: Invocation) throws -> (path: String, document: Document, task: Int) {
        let group = try groupAddresses([text], invocation: invocation)[0]
        let document = try readDocument(group.path, missingIsEmpty: false)
        let task = try reporting(group.path) { () throws -> TodoTask in
            if !group.listed.isEmpty { try ListingSnapshot.load(path: group.path)?.verify(line: group.lines[0], in: document) }
            return try document.requireTask(atLine: group.lines[0])
        }
        return (group.path, document, document.task(atLine: task.line)!)
    }

    /// Runs an edit on addressed tasks: each bare line number is checked against the last `ls` listing of
    /// its file, the edit runs under the file's lock, the changed tasks are printed as `LINE: TEXT`, and the
    /// listing record follows the edit. With `--where FILTER` the tasks are the ones the filter selects (as
    /// `ls` would list them; `--all` for every task), read under the lock; with `--dry-run` the edit is made
    /// in memory and printed as a diff, and nothing is written.
    /// `closedTasks`: `--where` selects among done and cancelled tasks (what `undo` works on).
    static func runAddressed(_ invocation: Invocation, addresses: [String], closedTasks: Bool = false,
                             _ edit: @escaping (Document, [Int]) throws -> EditResult) -> ExitCode {
        CommandFailure.reporting {
            for target in try targets(invocation, addresses: addresses, closedTasks: closedTasks) {
                if invocation.flag("dry-run") {
                    let document = try readDocument(target.path, missingIsEmpty: false)
                    let lines = try reporting(target.path) { try target.lines(document) }
                    guard !lines.isEmpty else { printError("\(shown(target.path)): note: \(target.noMatch)\n"); continue }
                    let result = try reporting(target.path) { try edit(document, lines) }
                    for note in result.notes { printError("\(shown(target.path)): note: \(note)\n") }
                    let diff = UnifiedDiff.render(old: document.text, new: result.document.text,
                                                  oldLabel: "a/\(target.path)", newLabel: "b/\(target.path)")
                    printOut(diff.isEmpty ? "nothing would change in \(shown(target.path))\n" : diff.showingControlCharacters(keepingNewlines: true))
                    continue
                }
                var matched = true
                let result = try EditSession(path: target.path).run { document in
                    let lines = try target.lines(document)
                    guard !lines.isEmpty else {
                        matched = false
                        return EditResult(unchanged: document)
                    }
                    return try edit(document, lines)
                }
                if !matched { printError("\(shown(target.path)): note: \(target.noMatch)\n") }
                report(result, path: target.path, showsPath: target.named)
                if result.changesText { ListingSnapshot.update(path: target.path, after: result) }
            }
            return .ok
        }
    }

    /// `runAddressed` for an edit that reads today's date (`--today`, a usage error when it is no date).
    static func runDated(_ invocation: Invocation, addresses: [String], closedTasks: Bool = false,
                         _ edit: @escaping (Document, [Int], CalendarDate) throws -> EditResult) -> ExitCode {
        let today: CalendarDate
        do { today = try EditSession.today(invocation) } catch {
            printError("\(error)\n")
            return .usage
        }
        return runAddressed(invocation, addresses: addresses, closedTasks: closedTasks) { try edit($0, $1, today) }
    }

    /// The positionals of a command that takes one task address (none with `--where`) and then `values`
    /// words: the address and the values, or nil after printing `usage` (`whereUsage` with `--where`).
    static func addressAndValues(_ invocation: Invocation, values: ClosedRange<Int>, usage: String,
                                 whereUsage: String = "") -> (addresses: [String], values: [String])? {
        let addressCount = invocation.value("where") == nil ? 1 : 0
        let words = invocation.positionals
        guard words.count >= addressCount, values.contains(words.count - addressCount) else {
            _ = usageFailure(addressCount == 1 ? usage : whereUsage)
            return nil
        }
        return (Array(words.prefix(addressCount)), Array(words.dropFirst(addressCount)))
    }

    /// The tasks of one file an addressed edit works on: how to find their lines in the file as it is.
    struct Target {
        var path: String
        /// Whether the address named the file (`FILE:LINE`): output then names it too.
        var named: Bool
        /// The lines to edit, found in the document read under the lock (a bare line number checked against
        /// the listing record first).
        var lines: (Document) throws -> [Int]
        /// The note when `lines` finds none.
        var noMatch = "no task matches"
    }

    /// The files and tasks an addressed edit works on: `--where FILTER` (with `--all`), or the addresses.
    static func targets(_ invocation: Invocation, addresses: [String], closedTasks: Bool = false) throws -> [Target] {
        guard let query = invocation.value("where") else {
            if invocation.flag("all") { throw CommandFailure("todofmt: error: --all goes with --where FILTER", code: .usage) }
            return try groupAddresses(addresses, invocation: invocation).map { group in
                let record = group.listed.isEmpty ? nil : ListingSnapshot.load(path: group.path)
                return Target(path: group.path, named: group.named) { document in
                    for line in group.lines {
                        if group.listed.contains(line) { try record?.verify(line: line, in: document) }
                        _ = try document.requireTask(atLine: line)
                    }
                    return group.lines
                }
            }
        }
        guard addresses.isEmpty else {
            throw CommandFailure("todofmt: error: give task addresses or --where FILTER, not both", code: .usage)
        }
        let now = try EditSession.now(invocation), today = now.date
        var filter: FilterExpression
        do { filter = try FilterParser.parse(query, now: now) } catch {
            throw CommandFailure("todofmt: error: \(error.message) (column \(error.column) of --where)\n\(error.pointer(in: query))", code: .usage)
        }
        if closedTasks, !invocation.flag("all") { filter = .and([filter, .term(.status([.done, .cancelled]))]) }
        let scope: TaskListing.Scope = invocation.flag("all") ? .all : .actionable
        return [Target(path: try locateFile(invocation), named: false, lines: { document in
            TaskListing(document: document, filter: filter, scope: scope, today: today).matches.sorted().map { document.tasks[$0].line }
        }, noMatch: "no task matches --where \(query)\(invocation.flag("all") ? "" : closedTasks ? " among closed tasks" : " (hidden and closed tasks need --all)"); nothing was changed")]
    }

    /// Prints the tasks an edit changed or added, `LINE: TEXT` (`FILE:LINE: TEXT` when the file was named),
    /// the lines it removed, and its notes on standard error.
    static func report(_ result: EditResult, path: String, showsPath: Bool) {
        for warning in result.warnings { printError("\(shown(path)):\(warning)\n") }
        for note in result.notes { printError("\(shown(path)): note: \(note)\n") }
        for line in result.removedLines { printOut("removed: \(line.showingControlCharacters())\n") }
        for line in result.changedTaskLines {
            printOut("\(showsPath ? "\(shown(path)):" : "")\(line): \(String(result.document.lines[line - 1].text).showingControlCharacters())\n")
        }
    }

    /// `--today`, as a usage failure when it is not a date.
    static func today(_ invocation: Invocation) throws -> CalendarDate {
        try now(invocation).date
    }

    /// Now (`--today` with or without a time), as a usage failure when it is not a date.
    static func now(_ invocation: Invocation) throws -> Moment {
        do { return try Clock.now(from: invocation) } catch let error as UsageError {
            throw CommandFailure("todofmt: error: \(error.message)", code: .usage)
        }
    }
}
