import TodoKit

/// `todofmt show ADDR`: one task in full.
enum ShowCommand {
    static let spec = CommandSpec(
        name: "show",
        summary: "Show one task in full: list, status, dates in words, recurrence, notes, subtasks.",
        discussion: """
            Prints the task's list, status, priority, due and start dates in words (due in 3 days, 2 days
            overdue), creation and completion dates, recurrence and its next date, estimate, reminders, projects,
            contexts and other tags, notes, subtasks, the line as it is in the file, and the settings it was read
            and would be edited under (an Obsidian vault's Tasks plugin settings, its statuses among them).
            """,
        options: CommonOptions.todoFile + [Option<String>.today.spec],
        arguments: [CommonOptions.address],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            guard invocation.positionals.count == 1 else { throw CommandFailure.usage("show takes one task address") }
            let now = try Clock.now(invocation)
            let (file, document, index) = try AddressedFile.readTask(invocation.positionals[0], invocation: invocation)
            let path = file.name
            WarningPrinter.printImpossibleDates(in: document, path: path, lines: document.tasks[index].line...document.tasks[index].line)
            let detail = TaskDetail(task: index, in: document, now: now)
            let asWritten = TaskDetail.Row(label: "line", values: ["\(shown(path)):\(detail.line): \(document.lines.text(detail.line - 1))"])
            let settings = Vault.describe(document, vault: Vault.containing(file.path))
            let extra = [asWritten] + (settings.isEmpty ? [] : [TaskDetail.Row(label: "settings", values: settings)])
            printOut(detail.rendered(adding: extra).showingControlCharacters(keepingNewlines: true))
            return .ok
        }
    }
}
