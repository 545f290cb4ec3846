import TodoKit

/// `todofmt add TEXT…`: appends a task to a list.
enum AddCommand {
    static let spec = CommandSpec(
        name: "add", aliases: ["a"],
        summary: "Add a task to the end of a list.",
        discussion: """
            Adds TEXT as a new open task after the last task of the list (created if missing), written like
            the list's other tasks, or as the last line of a todo.txt file. Relative dates in the text
            (due:fri, t:+3d) are written as ISO dates. Prints the new task's line and text.
            Set TODOFMT_DATE_ON_ADD=1 to always write today's date as the creation date.
            """,
        options: [
            CommonOptions.file,
            OptionSpec("list", short: "l", value: .list, valueName: "NAME",
                       help: "The list (heading path, e.g. Work/Q4; each title matched case-insensitively) to add to; default: the file's first list."),
            OptionSpec("due", value: .date, valueName: "DATE", help: "Set due:DATE (an ISO date, today, fri, +3d …)."),
            OptionSpec("pri", value: .priority, valueName: "X", help: "Set the priority (A-Z)."),
            OptionSpec("date", help: "Write today's date as the creation date."),
            OptionSpec("force", help: "Add even to a list that is at its cap (<!-- todofmt: limit=N -->)."),
            CommonOptions.today,
        ],
        arguments: [ArgumentSpec("TEXT", .taskText, repeating: true, help: "The task's text.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let today = try EditSession.today(invocation)
            var task = NewTask(text: invocation.positionals.joined(separator: " "))
            guard !invocation.positionals.isEmpty else { throw CommandFailure("todofmt: error: add needs the task's text", code: .usage) }
            if let list = invocation.value("list") {
                guard let path = ListPath(parsing: list) else { throw CommandFailure("todofmt: error: \(EditError.invalidListPath(list))", code: .usage) }
                task.list = path
            }
            if let due = invocation.value("due") {
                guard let date = DateExpression.resolve(due, today: today) else {
                    throw CommandFailure("todofmt: error: --due takes a date such as 2026-11-27, fri or +3d, not '\(due)'", code: .usage)
                }
                task.due = date
            }
            if let letter = invocation.value("pri") {
                guard let priority = Priority(lenient: letter) else { throw CommandFailure("todofmt: error: --pri takes a letter A-Z, not '\(letter)'", code: .usage) }
                task.priority = priority
            }
            task.addsCreationDate = invocation.flag("date") || invocation.environment["TODOFMT_DATE_ON_ADD"] == "1"
            let path = try EditSession.locateFile(invocation)
            let result = try EditSession(path: path, createsFile: true).run { document in
                let result = try TaskInsertion.add(task, to: document, today: today)
                if !invocation.flag("force") { try refuseIfOverCap(result, path: path) }
                return result
            }
            EditSession.report(result, path: path, showsPath: false)
            ListingSnapshot.update(path: path, after: result)
            return .ok
        }
    }

    /// A list at its cap takes no more open tasks unless `--force` says so.
    static func refuseIfOverCap(_ result: EditResult, path: String) throws {
        let document = result.document
        guard let line = result.changedTaskLines.first, let index = document.task(atLine: line),
              let heading = document.tasks[index].heading,
              let cap = ListLimit.all(in: document).first(where: { $0.heading == heading }) else { return }
        let open = cap.openTasks(in: document).count
        guard open > cap.limit else { return }
        let name = document.headings[heading].path.joined(separator: "/")
        throw CommandFailure("\(shown(path)): error: list '\(name)' is at its limit of \(cap.limit) open tasks; "
            + "nothing was added (use --force to add anyway)")
    }
}
