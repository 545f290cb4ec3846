import TodoKit

/// `todofmt lslists [FILTER…]`: the lists (heading paths) of the listed tasks, with their task counts.
enum ListListsCommand {
    static let spec = CommandSpec(
        name: "lslists",
        summary: "List the lists (heading paths) with their task counts.",
        discussion: """
            Counts the tasks 'ls' would show (open and in-progress, threshold not after today; every task
            with --all) directly under each heading path, printed as list: and add --list take it (Work/Q4).
            Every list is shown, an empty one with 0; with a filter, only the lists holding tasks it selects.
            Tasks outside any heading (all tasks of a todo.txt file) belong to no list.
            """,
        options: CommonOptions.todoFile + [ListCommand.allOption, CommonOptions.countsJSON, CommonOptions.today],
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Count only tasks matching these terms.")],
        acceptsDashPositionals: true,
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let input: ListCommand.Input
        do { input = try ListCommand.Input.load(invocation) } catch { return error.code }
        // Without a filter every list is shown, an empty one too; a filter shows the lists it finds tasks in.
        let counts = ListCount.lists(of: input.selectedIndexes, in: input.document, includingEmpty: input.filter == .all)
        if invocation.flag("json") {
            printOut(JSONWriter.lines(counts.map {
                .object([("name", .string($0.path)), ("list", .strings($0.list)), ("count", .int($0.count))])
            }))
        } else {
            printOut(CountTable.render(counts.map { ($0.path, $0.count) }).showingControlCharacters(keepingNewlines: true))
        }
        return .ok
    }
}
