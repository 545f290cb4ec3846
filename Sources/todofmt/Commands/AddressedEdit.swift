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
        let addressCount = invocation[.whereFilter] == nil ? 1 : 0
        guard words.count >= addressCount, values.contains(words.count - addressCount) else {
            throw CommandFailure.usage(addressCount == 1 ? usage : whereUsage)
        }
        return (Array(words.prefix(addressCount)), Array(words.dropFirst(addressCount)))
    }

    /// Runs `edit` on the addressed tasks of each file, all or nothing: every file is locked, read and edited
    /// before any is written, and a refusal in one leaves all as they were. `closedTasks`: `--where` selects
    /// among done and cancelled tasks (what `undo` works on).
    static func run(_ invocation: Invocation, addresses: [String], closedTasks: Bool = false,
                    _ edit: (Request) throws -> EditResult) throws {
        let now = try Clock.now(invocation)
        let targets = try self.targets(invocation, addresses: addresses, closedTasks: closedTasks, now: now)
        if invocation[.dryRun] {
            for target in targets { try preview(target, now: now, edit) }
            return
        }
        var matched = [Bool](repeating: true, count: targets.count)
        let results: [EditResult]
        do {
            results = try TodoFile.updateAll(targets.map(\.file)) { index, document in
                let lines = try targets[index].lines(document)
                guard !lines.isEmpty else {
                    matched[index] = false
                    return EditResult(unchanged: document)
                }
                return try edit(Request(document: document, lines: lines, now: now))
            }
        } catch let failure as TodoFile.FailedChange {
            var refusal = CommandFailure(failure.error, file: failure.file.name)
            let outcome = failure.outcome(ofFiles: targets.count)
            if !outcome.isEmpty { refusal.message += "; " + outcome }
            throw refusal
        }
        for (index, target) in targets.enumerated() {
            if !matched[index] { printError("\(shown(target.file.name)): note: \(target.noMatch)\n") }
            EditReport.print(results[index], path: target.file.name, showsPath: target.named)
        }
    }

    /// The edit made in memory on the file as it is, and printed as a unified diff.
    private static func preview(_ target: Target, now: Moment, _ edit: (Request) throws -> EditResult) throws {
        let name = target.file.name
        do {
            let document = try target.file.read()
            let lines = try target.lines(document)
            guard !lines.isEmpty else {
                printError("\(shown(name)): note: \(target.noMatch)\n")
                return
            }
            let result = try edit(Request(document: document, lines: lines, now: now))
            for note in result.notes { printError("\(shown(name)): note: \(note)\n") }
            let diff = UnifiedDiff.render(old: document.text, new: result.document.text,
                                          oldLabel: "a/\(name)", newLabel: "b/\(name)")
            printOut(diff.isEmpty ? "nothing would change in \(shown(name))\n" : diff.showingControlCharacters(keepingNewlines: true))
        } catch {
            throw CommandFailure(error, file: name)
        }
    }

    /// The tasks of one file an edit works on: how to find their lines in the file as it is.
    private struct Target {
        var file: TodoFile
        /// Whether the address named the file (`FILE:LINE`, or a folder's task): output then names it too.
        var named: Bool
        var lines: (Document) throws -> [Int]
        /// The note when `lines` finds none.
        var noMatch = "no task matches"
    }

    /// The files and tasks of an edit: `--where FILTER` (with `--all`), or the addresses.
    private static func targets(_ invocation: Invocation, addresses: [String], closedTasks: Bool, now: Moment) throws -> [Target] {
        guard let query = invocation[.whereFilter] else {
            if invocation[.whereAll] { throw CommandFailure.usage("--all goes with --where FILTER") }
            return try AddressedFile.group(addresses, invocation: invocation).map { group in
                Target(file: group.file, named: group.named) { try group.currentLines(in: $0) }
            }
        }
        guard addresses.isEmpty else { throw CommandFailure.usage("give task addresses or --where FILTER, not both") }
        var filter = try FilterOption.parse(query, option: "--where", now: now)
        if closedTasks, !invocation[.whereAll] { filter = .and([filter, .term(.status([.done, .cancelled]))]) }
        let scope: TaskListing.Scope = invocation[.whereAll] ? .all : .actionable
        let among = invocation[.whereAll] ? "" : closedTasks ? " among closed tasks" : " (hidden and closed tasks need --all)"
        let noMatch = "no task matches --where \(query)\(among); nothing was changed"
        // The tasks selected in the file named `name` (`path:` terms answered by it).
        let selected = { (name: String) in { (document: Document) in
            TaskListing(document: document, filter: filter.resolvingPaths(for: name), scope: scope, today: now.date).matches.sorted()
                .map { document.tasks[$0].line }
        } }
        switch try TodoSource.locate(invocation) {
        case .file(let file):
            return [Target(file: file, named: false, lines: selected(file.path), noMatch: noMatch)]
        case .folder(let folder):
            // The notes with a task the filter selects, found without their locks; each is read again under its lock.
            var files: [(TodoFile, String)] = []
            folder.forEachDocument(folder.entries()) { entry, document in
                if !selected(entry.path)(document).isEmpty { files.append((folder.file(entry.path), entry.path)) }
            }
            guard !files.isEmpty else { throw CommandFailure("todofmt: note: \(noMatch)", code: .ok) }
            return files.map { Target(file: $0.0, named: true, lines: selected($0.1), noMatch: noMatch) }
        }
    }
}
