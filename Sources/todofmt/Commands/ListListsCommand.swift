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
        options: CommonOptions.todoFile + [ListTasksCommand.allOption.spec, Flag.countsJSON.spec, Option<String>.today.spec],
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Count only tasks matching these terms.")],
        acceptsDashPositionals: true,
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let input: ListTasksCommand.Input
        do { input = try ListTasksCommand.Input.load(invocation) } catch { return error.code }
        // Without a filter every list is shown, an empty one too; a filter shows the lists it finds tasks in.
        // A folder's lists are grouped by file, each file a heading of its own.
        let isFolder = input.document == nil
        var json = invocation[Flag.countsJSON] ? JSONWriter.Stream() : nil
        var printedFiles = 0
        input.forEachDocument { name, document in
            let counts = ListCount.lists(of: input.selectedIndexes(in: document, name: name), in: document, includingEmpty: input.filter == .all)
            if json != nil {
                for count in counts {
                    json!.append(.object((isFolder ? [("file", JSONValue.string(name))] : []) + [
                        ("name", .string(count.path)), ("list", .strings(count.list)), ("count", .int(count.count)),
                    ]))
                }
                return
            }
            guard isFolder else {
                printOut(CountTable.render(counts.map { ($0.path, $0.count) }).showingControlCharacters(keepingNewlines: true))
                return
            }
            guard !counts.isEmpty else { return }
            if printedFiles > 0 { printOut("\n") }
            printOut(shown(name).showingControlCharacters() + "\n")
            printOut(CountTable.render(counts.map { ($0.path, $0.count) }).showingControlCharacters(keepingNewlines: true))
            printedFiles += 1
        }
        json?.finish()
        return .ok
    }
}
