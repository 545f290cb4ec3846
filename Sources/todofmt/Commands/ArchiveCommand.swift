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
        options: CommonOptions.todoFile + [
            to.spec,
        ],
        run: run
    )

    static let to = Option<String>("to", value: .file, valueName: "FILE", help: "The archive file (default: done.txt for todo.txt, else DONE.md or done.md beside the file).")

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.isEmpty else { return usageFailure("archive takes no arguments") }
        return CommandFailure.reporting {
            let file = try TodoSource.file(invocation)
            let archivePath = invocation[to] ?? defaultArchive(for: file.path, format: file.format)
            let archive = try TodoFile(archivePath, invocation)
            guard archive.format == file.format else {
                throw CommandFailure.usage("the archive \(shown(archivePath)) must be a \(file.format == .todotxt ? "todo.txt" : "Markdown") file like \(shown(file.path))")
            }
            guard FileSystem.resolvingSymlinks(archivePath) != FileSystem.resolvingSymlinks(file.path) else {
                throw CommandFailure.usage("the archive cannot be the todo file itself")
            }
            var count = 0
            do {
                try file.locked { todo in
                    // The archive is written first, under its own lock: were the todo file's write to fail, the
                    // archived tasks would be in both files, never in neither.
                    let archived = try archive.appending { end in
                        // Lines the archive cannot take are the archive's to report; a refused edit of the todo
                        // file is the todo file's.
                        do {
                            let archived = try Archiver.archive(todo.document, appendingTo: end.end, orPlacingInto: { try end.wholeDocument() })
                            if let change = archived.archive { try end.write(change) }
                            return (source: archived.source, taskCount: archived.taskCount)
                        } catch let error as EditError {
                            guard case .archiveMisread = error else { throw error }
                            throw CommandFailure(error, file: archivePath)
                        }
                    }
                    count = archived.taskCount
                    try todo.write(archived.source)
                }
            } catch {
                throw CommandFailure(error, file: file.path)
            }
            if count == 0 {
                printOut("nothing to archive in \(shown(file.path))\n")
            } else {
                printOut("archived \(count) task\(count == 1 ? "" : "s") from \(shown(file.path)) to \(shown(archivePath))\n")
            }
            return .ok
        }
    }

    /// `done.txt` beside a todo.txt file; `done.md` beside a Markdown file if it exists, else `DONE.md`.
    static func defaultArchive(for path: String, format: FileFormat) -> String {
        let folder = path.contains("/") ? FileSystem.directoryName(path) + "/" : ""
        if format == .todotxt { return folder + "done.txt" }
        return FileSystem.exists(folder + "done.md") ? folder + "done.md" : folder + "DONE.md"
    }
}
