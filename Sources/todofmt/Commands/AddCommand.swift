import TodoKit

/// `todofmt add TEXT…`: appends a task to a list.
enum AddCommand {
    static let spec = CommandSpec(
        name: "add", aliases: ["a"], synonyms: ["new", "create"],
        summary: "Add a task to the end of a list.",
        discussion: """
            Adds TEXT as a new open task after the last task of the list (created if missing), written like
            the list's other tasks, or as the last line of a todo.txt file. Date words in due:, t: and remind:
            (due:fri, t:+3d) are written as ISO dates; a date that does not exist (due:2026-02-30), a value a
            known key cannot take, or a key given twice is refused (exit 64) unless --force. Prints the new
            task's line and text.
            Without --list the task goes to the default list: $TODOFMT_LIST (e.g. Inbox) when set, else the
            file's first list. Set TODOFMT_DATE_ON_ADD=1 to always write today's date as the creation date.
            In a folder of notes the task goes to a file of it: --to FILE, else the folder's inbox (inbox = FILE
            in its .todofmt file), else today's daily note as Obsidian's settings name it (created from its
            template when missing).
            """,
        options: CommonOptions.todoFile + [
            to.spec,
            list.spec,
            due.spec,
            pri.spec,
            date.spec,
            force.spec,
            Option<String>.today.spec,
        ],
        arguments: [ArgumentSpec("TEXT", .taskText, repeating: true, help: "The task's text.")],
        environment: [EnvironmentSpec(name: "TODOFMT_DATE_ON_ADD", help: "1: always write today's date as the creation date, as --date does.")],
        examples: [ExampleSpec(command: "todofmt add --list Work/Q4 --due fri Send the report +acme",
                               help: "Add a task to the list Q4 under the heading Work, due next Friday.")],
        run: run
    )

    static let to = Option<String>("to", short: "t", value: .file, valueName: "FILE",
                                   help: "The file to add to; in a folder of notes, a path relative to the folder (default: its inbox, else today's daily note).")
    static let list = Option<String>("list", short: "l", value: .list, valueName: "NAME",
                                     help: "The list (heading path, e.g. Work/Q4; each title matched case-insensitively) to add to; default: $TODOFMT_LIST, else the file's first list.")
    static let due = Option<String>("due", value: .date, valueName: "DATE", help: "Set due:DATE (an ISO date, today, fri, +3d …; 'fri 14:30' with a time of day).")
    static let pri = Option<String>("pri", value: .priority, valueName: "X", help: "Set the priority: a letter A-Z, or a level (highest, high, medium, low, lowest).")
    static let date = Flag("date", help: "Write today's date as the creation date.")
    static let force = Flag("force", help: "Add even to a list that is at its cap (<!-- todofmt: limit=N -->), and write a value a known key cannot take (due:2026-02-30) as text.")

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let today = try Clock.today(invocation)
            var task = NewTask(text: invocation.positionals.joined(separator: " "), checksValues: !invocation[force])
            guard !invocation.positionals.isEmpty else { throw CommandFailure("todofmt: error: add needs the task's text", code: .usage) }
            let (target, template) = try self.target(invocation, today: today)
            let path = target.path
            if let list = invocation[list] {
                guard let path = ListPath(parsing: list) else { throw CommandFailure("todofmt: error: \(EditError.invalidListPath(list))", code: .usage) }
                task.list = path
            } else if let list = invocation.environment["TODOFMT_LIST"], !list.isEmpty, FileFormat.inferred(fromPath: path) == .markdown {
                guard let path = ListPath(parsing: list) else {
                    throw CommandFailure("todofmt: error: TODOFMT_LIST: \(EditError.invalidListPath(list))", code: .usage)
                }
                task.list = path
            }
            if let due = invocation[due] {
                guard let moment = DateExpression.resolveMoment(due, today: today) else {
                    if let why = TypedText.whyNoDay(due) { throw CommandFailure("todofmt: error: due:\(due) \(why)", code: .usage) }
                    throw CommandFailure("todofmt: error: --due takes a date such as 2026-11-27, fri or +3d, or a date and time such as 'fri 14:30', not '\(due)'", code: .usage)
                }
                task.due = moment
            }
            if let letter = invocation[pri] {
                // A level name (`high`) is its letter (FORMAT.md 3.8), in every dialect.
                guard let priority = Priority(lenient: letter) ?? PriorityLevel(name: letter)?.priority else {
                    throw CommandFailure("todofmt: error: --pri takes a letter A-Z or a level (highest, high, medium, low, lowest), not '\(letter)'", code: .usage)
                }
                task.priority = priority
            }
            task.addsCreationDate = invocation[date] || invocation.environment["TODOFMT_DATE_ON_ADD"] == "1"
            let result: EditResult
            do {
                result = try target.update(creating: true) { document in
                    // A daily note made now, from its template, is made by the same checked change as the task.
                    let result = try template.map { try TaskInsertion.add(task, toNewNote: $0, in: document, today: today) }
                        ?? TaskInsertion.add(task, to: document, today: today)
                    return invocation[force] ? result : try result.refusingCapOverflow("added")
                }
            } catch {
                throw CommandFailure(error, file: path)
            }
            EditReport.print(result, path: target.name, showsPath: target.folder != nil || invocation[to] != nil)
            return .ok
        }
    }

    /// The file the task goes to: `--to FILE`, else the todo file; in a folder of notes, `--to FILE` (relative to
    /// the folder), else the folder's inbox, else today's daily note, with the text of its template filled in when
    /// the note is missing (the note is made with the task, by one checked change).
    static func target(_ invocation: Invocation, today: CalendarDate) throws -> (file: TodoFile, template: String?) {
        guard case .success(.folder(let path)) = TodoSource.place(explicit: invocation[.file], environment: invocation.environment) else {
            if let to = invocation[to] { return (try TodoFile(to, invocation), nil) }
            return (try TodoSource.file(invocation), nil)
        }
        let folder = try TodoFolder(path, invocation)
        folder.printSettingsWarnings()
        // Only a note the folder reads: a task put anywhere else would never be listed.
        do {
            if let to = invocation[to] { return (try folder.note(named: to), nil) }
            if let inbox = folder.settings.inbox { return (try folder.note(named: inbox, at: join(folder.absoluteRoot, inbox)), nil) }
        } catch {
            let origin = invocation[to] == nil ? "the inbox of \(TodoFolder.settingsFile):" : "--to"
            throw CommandFailure.usage("\(origin) \(error)")
        }
        guard let daily = folder.vault?.dailyNotes else {
            throw CommandFailure.usage("add in the folder \(shown(path)) needs a file to add to: give --to FILE, set 'inbox = FILE' "
                                       + "in its \(TodoFolder.settingsFile) file, or set up daily notes in Obsidian")
        }
        return try folder.dailyNoteToAddTo(daily, now: try Clock.now(invocation))
    }

}
