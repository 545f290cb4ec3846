import TodoKit

/// `todofmt toggle ADDR…`: completes open tasks and reopens closed ones.
enum ToggleCommand {
    static let spec = CommandSpec(
        name: "toggle",
        summary: "Complete open tasks and reopen closed ones (a checkbox click).",
        discussion: """
            An open or in-progress task is completed as 'todofmt done' completes it (a rec: task gets its next
            occurrence); a done or cancelled one is reopened as 'todofmt undo' reopens it.
            """,
        options: [
            CommonOptions.file,
            OptionSpec("force", help: "Complete a task even though some of its subtasks are open."),
            OptionSpec("recursive", short: "r", help: "Complete the task's open subtasks too."),
            CommonOptions.today,
        ] + CommonOptions.manyTasks,
        arguments: [CommonOptions.addresses],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let today: CalendarDate
        do { today = try EditSession.today(invocation) } catch {
            printError("\(error)\n")
            return .usage
        }
        let policy: OpenSubtaskPolicy = invocation.flag("recursive") ? .recursive : invocation.flag("force") ? .force : .refuse
        return EditSession.runAddressed(invocation, addresses: invocation.positionals) { document, lines in
            try Completion.toggle(lines: lines, in: document, today: today, subtasks: policy)
        }
    }
}
