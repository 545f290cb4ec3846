import TodoKit

/// `todofmt cap LIST [N|none]`: sets, removes or shows a list's cap on open tasks.
enum CapCommand {
    static let spec = CommandSpec(
        name: "cap",
        summary: "Set, remove or show a list's cap on open tasks (<!-- todofmt: limit=N -->).",
        discussion: """
            With N, caps the list LIST at N open top-level tasks: the cap comment of its section gets N, or
            <!-- todofmt: limit=N --> is written under its heading. With none, removes the cap. Without N,
            prints the cap and how many open tasks the list holds. A capped list over its cap is warned about
            by ls and --check, and add, mv, review and rmlist --to refuse to fill it past its cap unless
            --force. Lists are found as 'add --list' finds them. Markdown files only.
            """,
        options: [Option<String>.file.spec],
        arguments: [
            ArgumentSpec("LIST", .list, help: "The list's heading path, e.g. Today or Work/Q4."),
            ArgumentSpec("N", .text, optional: true, help: "The most open tasks the list may hold, or none to remove its cap."),
        ],
        examples: [ExampleSpec(command: "todofmt cap Today 5", help: "Let the list Today hold at most 5 open tasks."),
                   ExampleSpec(command: "todofmt cap Today none", help: "Remove its cap.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard (1...2).contains(invocation.positionals.count) else {
            return usageFailure("cap takes a list and a number (or none), e.g. 'todofmt cap Today 5'")
        }
        guard let path = ListPath(parsing: invocation.positionals[0]) else {
            return usageFailure("\(EditError.invalidListPath(invocation.positionals[0]))")
        }
        guard invocation.positionals.count == 2 else { return show(path, invocation) }
        let typed = invocation.positionals[1]
        var limit: Int?
        if typed.lowercased() != "none" {
            guard typed.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(typed) else {
                return usageFailure("cap takes a whole number of tasks, or none, not '\(typed)'")
            }
            limit = n
        }
        return ListEditCommand.run(invocation) { document in try ListEditor.setCap(limit, of: path, in: document) } report: { result, _ in
            guard result.changesText else { return }
            printOut(limit.map { "capped '\(path)' at \($0) open task\($0 == 1 ? "" : "s")\n" } ?? "removed the cap of '\(path)'\n")
        }
    }

    /// Prints the list's cap and the open tasks it holds.
    static func show(_ path: ListPath, _ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let file = try TodoSource.file(invocation), document = try file.read()
            let cap: ListLimit?, count: Int
            do { (cap, count) = (try ListLimit.of(path, in: document), try path.openTasks(in: document).count) } catch {
                throw CommandFailure(error, file: file.path)
            }
            let held = "it holds \(count) open task\(count == 1 ? "" : "s")"
            printOut(cap.map { "\(path): at most \($0.limit) open tasks; \(held)\n" } ?? "\(path): no cap; \(held)\n")
            return .ok
        }
    }
}
