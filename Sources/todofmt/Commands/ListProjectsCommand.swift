import TodoKit

/// `todofmt lsprj [FILTER…]`: the projects of the listed tasks, with how many tasks name each.
enum ListProjectsCommand {
    static let spec = CommandSpec(
        name: "lsprj",
        aliases: ["listproj"],
        summary: "List projects (+name) with their task counts.",
        discussion: """
            Counts the tasks 'ls' would show (open and in-progress, threshold not after today; every task
            with --all), optionally narrowed by a filter. Names differing only in case are one project.
            """,
        options: CommonOptions.todoFile + [ListTasksCommand.allOption.spec, Flag.countsJSON.spec, Option<String>.today.spec],
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Count only tasks matching these terms.")],
        acceptsDashPositionals: true,
        run: { run($0, sigil: "+", names: \.projects) }
    )

    /// Counts the names (`names`: a task's projects or contexts) of the tasks the filter selects; in a folder,
    /// of every note's tasks together.
    static func run(_ invocation: Invocation, sigil: String, names: KeyPath<TodoTask, [String]>) -> ExitCode {
        let input: ListTasksCommand.Input
        do { input = try ListTasksCommand.Input.load(invocation) } catch { return error.code }
        var namesPerTask: [[String]] = []
        input.forEachDocument { name, document in
            namesPerTask += input.selectedIndexes(in: document, name: name).map { document.tasks[$0][keyPath: names] }
        }
        let counts = NameCount.tally(namesPerTask)
        if invocation[Flag.countsJSON] {
            printOut(JSONWriter.lines(counts.map { .object([("name", .string($0.name)), ("count", .int($0.count))]) }))
        } else {
            printOut(CountTable.render(counts.map { (sigil + $0.name, $0.count) }).showingControlCharacters(keepingNewlines: true))
        }
        return .ok
    }
}
