import TodoKit

/// `todofmt lscon [FILTER…]`: the contexts of the listed tasks, with how many tasks name each.
enum ListContextsCommand {
    static let spec = CommandSpec(
        name: "lscon",
        aliases: ["listcon"],
        summary: "List contexts (@name) with their task counts.",
        discussion: """
            Counts the tasks 'ls' would show (open and in-progress, threshold not after today; every task
            with --all), optionally narrowed by a filter. Names differing only in case are one context.
            """,
        options: CommonOptions.todoFile + [ListTasksCommand.allOption.spec, Flag.countsJSON.spec, Option<String>.today.spec],
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Count only tasks matching these terms.")],
        acceptsDashPositionals: true,
        run: { ListProjectsCommand.run($0, sigil: "@", names: \.contexts) }
    )
}
