/// Which tasks of a document wait for which: the Obsidian Tasks plugin's `🆔`/`⛔` (and Dataview's `[id:: ]`/
/// `[dependsOn:: ]`), where a task waits for each task whose id it names, and topydo's `id:`/`p:`, where the
/// task with `id:N` waits for each task with `p:N` (its parts).
///
/// A task is **blocked** while it is open and some open task it waits for exists; it is **blocking** while it
/// is open and some open task waits for it. Only direct dependencies count, as in the plugin.
package struct Dependencies: Sendable {
    /// For each task, the tasks it waits for.
    package let waitsFor: [[Int]]
    /// For each task, the tasks that wait for it.
    package let waitedOnBy: [[Int]]
    private let isOpen: [Bool]

    /// The dependencies among the tasks of `document`.
    package init(_ document: Document) {
        self.init(document.tasks)
    }

    /// The dependencies among `tasks` (of one note or of many: a folder's ids are shared by its notes), by
    /// position.
    package init(_ tasks: [TodoTask]) {
        let fields = tasks.map { $0.hasDependencyWords ? $0.fields : TaskFields() }
        var byID: [String: [Int]] = [:], byPart: [String: [Int]] = [:]
        for (index, task) in fields.enumerated() {
            if let id = task.id { byID[id, default: []].append(index) }
            for part in task.partOf { byPart[part, default: []].append(index) }
        }
        var waitsFor = [[Int]](repeating: [], count: fields.count)
        var waitedOnBy = [[Int]](repeating: [], count: fields.count)
        for (index, task) in fields.enumerated() {
            var blockers = task.dependsOn.flatMap { byID[$0] ?? [] }
            if let id = task.id { blockers += byPart[id] ?? [] }
            for blocker in blockers where blocker != index && !waitsFor[index].contains(blocker) {
                waitsFor[index].append(blocker)
                waitedOnBy[blocker].append(index)
            }
        }
        self.waitsFor = waitsFor
        self.waitedOnBy = waitedOnBy
        isOpen = tasks.map(\.isOpen)
    }

    /// Whether task `index` is open and waits for an open task.
    package func isBlocked(_ index: Int) -> Bool {
        isOpen[index] && waitsFor[index].contains { isOpen[$0] }
    }

    /// Whether task `index` is open and an open task waits for it.
    package func isBlocking(_ index: Int) -> Bool {
        isOpen[index] && waitedOnBy[index].contains { isOpen[$0] }
    }

    /// The tasks that completing `completed` would unblock: blocked now, and waiting for no open task after.
    package func unblocked(completing completed: [Int]) -> [Int] {
        let done = Set(completed)
        let candidates = Set(completed.flatMap { waitedOnBy[$0] })
        return candidates.sorted().filter { task in
            !done.contains(task) && isBlocked(task) && !waitsFor[task].contains { isOpen[$0] && !done.contains($0) }
        }
    }

    /// `TODO.md: note:` lines saying which tasks completing `completed` unblocks; none without reading the
    /// file's dependencies when no completed task has an id or a topydo `p:` (the common case).
    static func unblockedNotes(completing completed: [Int], in document: Document) -> [String] {
        func mayUnblock(_ index: Int) -> Bool {
            guard document.tasks[index].hasDependencyWords else { return false }
            let fields = document.tasks[index].fields
            return fields.id != nil || !fields.partOf.isEmpty
        }
        guard completed.contains(where: mayUnblock) else { return [] }
        let dependencies = Dependencies(document)
        return dependencies.unblocked(completing: completed).map {
            "this unblocks line \(document.tasks[$0].line) (\(quoted(document.tasks[$0].title)))"
        }
    }
}

extension TodoTask {
    /// Whether the task's text may name an id or a dependency: a cheap test before reading its fields.
    package var hasDependencyWords: Bool {
        // The trailing fields were read while parsing: whether they hold an id or a dependency is known.
        body.hasTrailingField(.id) || body.hasTrailingField(.dependsOn) || body.source.withBytes { b in
            // `id:` or `p:` anywhere: a colon after `id` or `p`.
            var colon = b.firstIndex(of: UInt8(ascii: ":"), from: 0)
            while colon < b.count {
                if colon >= 1, b[colon - 1] == UInt8(ascii: "p") { return true }
                if colon >= 2, b[colon - 2] == UInt8(ascii: "i"), b[colon - 1] == UInt8(ascii: "d") { return true }
                colon = b.firstIndex(of: UInt8(ascii: ":"), from: colon + 1)
            }
            return false
        }
    }
}
