import TodoKit

/// `todofmt archive`: moves closed tasks to the archive file.
enum ArchiveCommand {
    static let spec = CommandSpec(
        name: "archive",
        summary: "Move done and cancelled tasks to the archive file.",
        discussion: """
            todo.txt: 'x' lines are appended to done.txt beside the file, as todo.sh does. Markdown: closed
            tasks with their notes and subtasks go to DONE.md beside the file (done.md if that exists), under
            the same headings, created as needed. A done subtask of an open task stays. The archive is written
            first, so an interrupted archive can leave a task in both files, never in neither.
            """,
        options: [
            CommonOptions.file,
            OptionSpec("to", value: .file, valueName: "FILE", help: "The archive file (default: done.txt for todo.txt, else DONE.md or done.md beside the file)."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.isEmpty else { return usageFailure("archive takes no arguments") }
        do {
            let path = try EditSession.locateFile(invocation)
            let format = FileFormat.inferred(fromPath: path)
            let archivePath = invocation.value("to") ?? defaultArchive(for: path, format: format)
            guard FileFormat.inferred(fromPath: archivePath) == format else {
                throw CommandFailure("todofmt: error: the archive \(shown(archivePath)) must be a \(format == .todotxt ? "todo.txt" : "Markdown") file like \(shown(path))", code: .usage)
            }
            guard FileSystem.resolvingSymlinks(archivePath) != FileSystem.resolvingSymlinks(path) else {
                throw CommandFailure("todofmt: error: the archive cannot be the todo file itself", code: .usage)
            }
            var outcome: Archiver.Result?
            let result = try EditSession(path: path).run { document in
                // The archive is written first, under its own lock: were the todo file's write to fail, the
                // archived tasks would be in both files, never in neither.
                try FileUpdate(archivePath, createsFile: true).run { archiveText in
                    let archived = try Archiver.archive(document, into: Document(parsing: archiveText, format: format))
                    outcome = archived
                    return (archived.taskCount > 0 ? archived.archive.text : nil, archived.source)
                }
            }
            let count = outcome?.taskCount ?? 0
            if count == 0 {
                printOut("nothing to archive in \(shown(path))\n")
            } else {
                printOut("archived \(count) task\(count == 1 ? "" : "s") from \(shown(path)) to \(shown(archivePath))\n")
                ListingSnapshot.update(path: path, after: result)
            }
            return .ok
        } catch let failure as CommandFailure {
            printError(failure.message + "\n")
            return failure.code
        } catch let busy as FileLock.Busy {
            printError(busy.description + "\n")
            return .failure
        } catch {
            printError("todofmt: error: \(error)\n")
            return .failure
        }
    }

    /// `done.txt` beside a todo.txt file; `done.md` beside a Markdown file if it exists, else `DONE.md`.
    static func defaultArchive(for path: String, format: FileFormat) -> String {
        let folder = path.contains("/") ? FileSystem.directoryName(path) + "/" : ""
        if format == .todotxt { return folder + "done.txt" }
        return FileSystem.exists(folder + "done.md") ? folder + "done.md" : folder + "DONE.md"
    }
}
