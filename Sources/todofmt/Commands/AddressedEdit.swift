import TodoKit

/// An edit of tasks named by address (`done 12`, `pri 12 A`, `rm 3 4`, `done TODO.md:7`) or selected by
/// `--where FILTER`: the shape of a dozen commands. Each file named is changed through `TodoFile.update`, its
/// tasks found in the file as read under its lock; the changed tasks are printed as `LINE: TEXT`. With
/// `--dry-run` the edit is made in memory and printed as a diff; nothing is written.
enum AddressedEdit {
    /// What an edit is given: the file's document as read, the addressed tasks' lines in it, and now.
    struct Request {
        let document: Document
        let lines: [Int]
        let now: Moment
        var today: CalendarDate { now.date }
    }

    /// A command's positionals split into task addresses (one, or none with `--where`) and the `values`
    /// words after them (a priority, a date, text). A command whose values are `0...0` takes any number of
    /// addresses.
    static func words(_ invocation: Invocation, values: ClosedRange<Int> = 0...0, usage: String,
                      whereUsage: String = "") throws -> (addresses: [String], values: [String]) {
        let words = invocation.positionals
        guard values != 0...0 else { return (words, []) }
        let addressCount = invocation.value("where") == nil ? 1 : 0
        guard words.count >= addressCount, values.contains(words.count - addressCount) else {
            throw CommandFailure.usage(addressCount == 1 ? usage : whereUsage)
        }
        return (Array(words.prefix(addressCount)), Array(words.dropFirst(addressCount)))
    }

    /// Runs `edit` on the addressed tasks of each file. `closedTasks`: `--where` selects among done and
    /// cancelled tasks (what `undo` works on).
    static func run(_ invocation: Invocation, addresses: [String], closedTasks: Bool = false,
                    _ edit: (Request) throws -> EditResult) throws {
        let now = try Clock.now(invocation)
        for target in try targets(invocation, addresses: addresses, closedTasks: closedTasks, now: now) {
            let file = TodoFile(target.path)
            if invocation.flag("dry-run") {
                try preview(target, of: file, now: now, edit)
                continue
            }
            var matched = true
            let result: EditResult
            do {
                result = try file.update { document in
                    let lines = try target.lines(document, file.state)
                    guard !lines.isEmpty else {
                        matched = false
                        return EditResult(unchanged: document)
                    }
                    return try edit(Request(document: document, lines: lines, now: now))
                }
            } catch {
                throw CommandFailure(error, file: target.path)
            }
            if !matched { printError("\(shown(target.path)): note: \(target.noMatch)\n") }
            EditReport.print(result, path: target.path, showsPath: target.named)
        }
    }

    /// The edit made in memory on the file as it is, and printed as a unified diff.
    private static func preview(_ target: Target, of file: TodoFile, now: Moment, _ edit: (Request) throws -> EditResult) throws {
        do {
            let document = try file.read()
            let lines = try target.lines(document, file.state)
            guard !lines.isEmpty else {
                printError("\(shown(target.path)): note: \(target.noMatch)\n")
                return
            }
            let result = try edit(Request(document: document, lines: lines, now: now))
            for note in result.notes { printError("\(shown(target.path)): note: \(note)\n") }
            let diff = UnifiedDiff.render(old: document.text, new: result.document.text,
                                          oldLabel: "a/\(target.path)", newLabel: "b/\(target.path)")
            printOut(diff.isEmpty ? "nothing would change in \(shown(target.path))\n" : diff.showingControlCharacters(keepingNewlines: true))
        } catch {
            throw CommandFailure(error, file: target.path)
        }
    }

    /// The tasks of one file an edit works on: how to find their lines in the file as it is.
    private struct Target {
        var path: String
        /// Whether the address named the file (`FILE:LINE`): output then names it too.
        var named: Bool
        var lines: (Document, TodoFileState?) throws -> [Int]
        /// The note when `lines` finds none.
        var noMatch = "no task matches"
    }

    /// The files and tasks of an edit: `--where FILTER` (with `--all`), or the addresses.
    private static func targets(_ invocation: Invocation, addresses: [String], closedTasks: Bool, now: Moment) throws -> [Target] {
        guard let query = invocation.value("where") else {
            if invocation.flag("all") { throw CommandFailure.usage("--all goes with --where FILTER") }
            return try AddressedFile.group(addresses, invocation: invocation).map { group in
                Target(path: group.path, named: group.named) { try group.currentLines(in: $0, state: $1) }
            }
        }
        guard addresses.isEmpty else { throw CommandFailure.usage("give task addresses or --where FILTER, not both") }
        var filter = try FilterOption.parse(query, option: "--where", now: now)
        if closedTasks, !invocation.flag("all") { filter = .and([filter, .term(.status([.done, .cancelled]))]) }
        let scope: TaskListing.Scope = invocation.flag("all") ? .all : .actionable
        let among = invocation.flag("all") ? "" : closedTasks ? " among closed tasks" : " (hidden and closed tasks need --all)"
        return [Target(path: try TodoFileLocator.locate(invocation), named: false, lines: { document, _ in
            TaskListing(document: document, filter: filter, scope: scope, today: now.date).matches.sorted().map { document.tasks[$0].line }
        }, noMatch: "no task matches --where \(query)\(among); nothing was changed")]
    }
}
