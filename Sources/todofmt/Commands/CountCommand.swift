import TodoKit

/// `todofmt count [FILTER…]`: a bare number, for a shell prompt or a status bar.
enum CountCommand {
    static let spec = CommandSpec(
        name: "count",
        summary: "Print how many tasks match a filter, as a bare number (e.g. 'count is:overdue').",
        discussion: """
            Counts the tasks 'todofmt ls' would show for the same filter (open and in-progress tasks whose
            threshold t: is not after today, not hidden with h:1; --all counts every task) and prints the number alone, so it can
            go in a prompt or a status bar: todofmt count is:overdue counts the tasks ls and agenda show as
            overdue (to the minute, for a due time).
            """,
        options: CommonOptions.todoFile + [ListTasksCommand.allOption.spec, ListTasksCommand.archiveOption.spec, Option<String>.today.spec],
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Filter terms, as for ls.")],
        acceptsDashPositionals: true,
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let input: ListTasksCommand.Input
        do { input = try ListTasksCommand.Input.load(invocation) } catch { return error.code }
        var count = input.archivedCount
        let filter = input.filter, scope = input.scope, today = input.today
        input.forEachDocument(preparing: { name, document in
            TaskListing(document: document, filter: filter.resolvingPaths(for: name), scope: scope, today: today).matches.count
        }) { _, _, matches in count += matches }
        printOut("\(count)\n")
        input.warnAboutKeysNoTaskHas()
        return .ok
    }
}
