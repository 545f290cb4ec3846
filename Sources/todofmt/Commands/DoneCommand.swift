import TodoKit

/// `todofmt done ADDR…`: completes tasks.
enum DoneCommand {
    static let spec = CommandSpec(
        name: "done", aliases: ["do"], synonyms: ["complete", "finish", "check"],
        summary: "Mark tasks done (a recurring task gets its next occurrence).",
        discussion: """
            Checks each task off with today's date as its completion date; a priority (A) is kept as pri:A.
            A task with rec: gets its next occurrence: rec:1w counts from today, rec:+1w from the old due date.
            A task with open subtasks is refused unless --force (only the task) or --recursive (its open
            subtasks too). A task that is already closed is left alone. --where FILTER completes every task
            the filter selects ('done --where "+taxes due:<today"'), all or none.
            """,
        options: options,
        arguments: [ArgumentSpec("ADDR", .openAddress, repeating: true, optional: true,
                                 help: "A task's line number (as 'todofmt ls' shows it), or FILE:LINE; none with --where.")],
        examples: [ExampleSpec(command: "todofmt done 14", help: "Complete the task on line 14, as 'todofmt ls' showed it."),
                   ExampleSpec(command: "todofmt done --where '+taxes due:<today'", help: "Complete every overdue +taxes task.")],
        run: run
    )

    /// The options of the commands that complete tasks (`done`, `toggle`).
    static let options = CommonOptions.todoFile + [
        force.spec,
        recursive.spec,
        nextBelow.spec,
        Option<String>.today.spec,
    ] + CommonOptions.manyTasks

    static let force = Flag("force", help: "Complete a task even though some of its subtasks are open.")
    static let recursive = Flag("recursive", short: "r", help: "Complete the task's open subtasks too.")
    static let nextBelow = Flag("next-below", help: "Put a recurring Tasks or Dataview task's next occurrence below it, not above.")

    /// What happens to open subtasks: `--recursive`, `--force`, or a refusal.
    static func subtaskPolicy(_ invocation: Invocation) -> OpenSubtaskPolicy {
        invocation[recursive] ? .recursive : invocation[force] ? .force : .refuse
    }

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            try AddressedEdit.run(invocation, addresses: invocation.positionals) {
                try StatusChange.complete(lines: $0.lines, in: $0.document, today: $0.today, subtasks: subtaskPolicy(invocation),
                                        nextOccurrence: invocation[nextBelow] ? .below : nil)
            }
            return .ok
        }
    }

}
