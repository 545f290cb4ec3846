#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
            let result: EditResult
            do { result = try edit(Document(parsing: text, format: format)) } catch let error as EditError {
                throw CommandFailure("\(shown(path)): error: \(error)")
            }
            return (result.changesText ? result.document.text : nil, result)
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

    /// Runs an edit on addressed tasks: each bare line number is checked against the last `ls` listing of
    /// its file, the edit runs under the file's lock, the changed tasks are printed as `LINE: TEXT`, and the
    /// listing record follows the edit.
    static func runAddressed(_ invocation: Invocation, addresses: [String],
                             _ edit: @escaping (Document, [Int]) throws -> EditResult) -> ExitCode {
        CommandFailure.reporting {
            for group in try groupAddresses(addresses, invocation: invocation) {
                let record = ListingSnapshot.load(path: group.path)
                let result = try EditSession(path: group.path).run { document in
                    for line in group.lines {
                        if group.listed.contains(line) { try record?.verify(line: line, in: document) }
                        _ = try document.requireTask(atLine: line)
                    }
                    return try edit(document, group.lines)
                }
                report(result, path: group.path, showsPath: group.named)
                if result.changesText { ListingSnapshot.update(path: group.path, after: result) }
            }
            return .ok
        }
    }

    /// Prints the tasks an edit changed or added, `LINE: TEXT` (`FILE:LINE: TEXT` when the file was named),
    /// and its notes on standard error.
    static func report(_ result: EditResult, path: String, showsPath: Bool) {
        for warning in result.warnings { printError("\(shown(path)):\(warning)\n") }
        for note in result.notes { printError("\(shown(path)): note: \(note)\n") }
        for line in result.changedTaskLines {
            printOut("\(showsPath ? "\(shown(path)):" : "")\(line): \(String(result.document.lines[line - 1].text).showingControlCharacters())\n")
        }
    }

    /// `--today`, as a usage failure when it is not a date.
    static func today(_ invocation: Invocation) throws -> CalendarDate {
        do { return try Clock.today(from: invocation) } catch let error as UsageError {
            throw CommandFailure("todofmt: error: \(error.message)", code: .usage)
        }
    }
}
