#if canImport(TodoKit)
import TodoKit
#endif

/// A random three-way merge input: a base todo file, and two sides each made from it by a few edits a person
/// makes (tick, complete on a day, reword, delete, change the priority or due date, add a task or subtask, move a
/// task, move one and add one of its text in its place, add a note), where many tasks share a text. Some tasks
/// recur (`rec:1w`, `rec:+1w`, or the Tasks plugin's `🔁 every week`), and completing one adds its next
/// occurrence as `todofmt done` does; a Markdown task is written in todo.txt's style or the Tasks plugin's, so a
/// priority is `(A)`, `🔺` or a completed task's `pri:A`, and a completion date a prefix or `✅`.
///
/// Each task of the model keeps an identity through the edits, so what each side meant is known
/// (`unexplained(merged:)`, the reference the seeded property tests and the fuzzer hold a merge to), beside what
/// any reading of the texts may explain (`MergeExplanation`).
///
/// Texts come from a small pool, so tasks sharing a text are common; every reworded or added text has a word
/// of its own, so texts that look alike are the same task's. Uses only TodoKit's public interface.
struct RandomMergeScenario {
    var format: FileFormat
    var base: String
    var ours: String
    var theirs: String
    /// What each rewording made of a text (normalised as `MergeExplanation` normalises texts).
    var rewords: Set<MergeExplanation.Reword>
    /// The edits each side made, for messages.
    var oursEdits: [String]
    var theirsEdits: [String]
    /// The three versions as the model holds them.
    var lists: (base: [List], ours: [List], theirs: [List])

    /// How a Markdown task writes its fields.
    enum Style {
        /// `(A)`, `due:2026-03-05`, `rec:1w`, a completion date after the checkbox and `pri:A` once completed.
        case todotxt
        /// The Tasks plugin's emoji: `🔺`, `🔁 every week`, `📅 2026-03-05`, `✅ 2026-03-12`.
        case tasks
    }

    /// A task of the model: an identity the sides keep, its fields, and its subtasks. Days are days of March 2026,
    /// counted on past its end.
    struct Task {
        var id: Int
        var done: Bool
        /// The day it was completed, when it was completed on a day (not only ticked).
        var doneOn: Int?
        var priority: Character?
        var due: Int?
        /// `1w`, `+1w` (todo.txt's style), `every week`, `every week when done` (the Tasks plugin's).
        var recurrence: String?
        var style: Style
        var words: [String]
        var notes: [String]
        var subtasks: [Task]
        /// The task whose completion made this one, its next occurrence.
        var nextOf: Int?

        var text: String { words.joined(separator: " ") }
    }

    /// A list: its heading (none for the tasks above the first heading) and its top-level tasks.
    struct List {
        var title: String?
        var tasks: [Task]
    }

    static let pool = ["water plants", "k", "c", "pay rent", "call mom", "fix bike", "z", "read book"]
    static let fresh = ["apple", "brick", "cloud", "drum", "eagle", "flute", "grape", "horn", "ivy", "jade", "kiwi", "lamp"]

    init<R: RandomNumberGenerator>(format: FileFormat, using rng: inout R) {
        self.format = format
        var maker = Maker(format: format)
        let base = maker.base(using: &rng)
        var ours = base, theirs = base
        var oursEdits: [String] = [], theirsEdits: [String] = []
        // Each side works on a day of its own.
        let oursDay = 10 + Int.random(in: 0..<10, using: &rng), theirsDay = 10 + Int.random(in: 0..<10, using: &rng)
        // One scenario in four starts with both sides completing one recurring task, each on its own day.
        let recurring = maker.paths(base).filter { path in maker.task(base, path).recurrence != nil && !maker.task(base, path).done }
        if Int.random(in: 0..<4, using: &rng) == 0, let path = recurring.randomElement(using: &rng) {
            let name = "'\(maker.task(base, path).text)' (#\(maker.task(base, path).id))"
            oursEdits.append(maker.complete(&ours, path, name, today: oursDay))
            theirsEdits.append(maker.complete(&theirs, path, name, today: theirsDay))
        }
        for _ in 0..<(1 + Int.random(in: 0..<3, using: &rng)) { oursEdits.append(maker.edit(&ours, today: oursDay, using: &rng)) }
        for _ in 0..<(1 + Int.random(in: 0..<3, using: &rng)) { theirsEdits.append(maker.edit(&theirs, today: theirsDay, using: &rng)) }
        self.base = maker.render(base)
        self.ours = maker.render(ours)
        self.theirs = maker.render(theirs)
        self.oursEdits = oursEdits
        self.theirsEdits = theirsEdits
        lists = (base, ours, theirs)
        var rewords = Set<MergeExplanation.Reword>()
        let before = Dictionary(Self.flatten(base).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for side in [ours, theirs] {
            for task in Self.flatten(side) {
                guard let was = before[task.id], was.words != task.words else { continue }
                rewords.insert(MergeExplanation.Reword(from: MergeExplanation.normalised(was.words), to: MergeExplanation.normalised(task.words)))
            }
        }
        self.rewords = rewords
    }

    /// Every task of the lists, parents before their subtasks: the order the file writes them in.
    static func flatten(_ lists: [List]) -> [Task] {
        func walk(_ tasks: [Task]) -> [Task] { tasks.flatMap { [$0] + walk($0.subtasks) } }
        return lists.flatMap { walk($0.tasks) }
    }

    // MARK: The reference

    /// Why a clean merge of the sides (`ours` and `theirs`, or the other way round when `swapped`) is not what the
    /// sides meant, or nil when it is: each side's changes read from the model, which knows which task is which,
    /// applied as the merge's rules apply them (`MergeExplanation.Expected`). Where what the sides meant is a
    /// conflict, no clean merge is.
    ///
    /// What a side meant is known as far as its file can tell it (`readings`): tasks written alike may be taken for
    /// one another, and a task it deleted and one it added of the same text for that task edited. Nothing else:
    /// a task the side kept is never taken for one it added.
    func unexplained(merged: String, swapped: Bool = false) -> String? {
        let versions = (base: MergeExplanation.Version(base, format), ours: MergeExplanation.Version(ours, format),
                        theirs: MergeExplanation.Version(theirs, format))
        let result = MergeExplanation.Version(merged, format)
        var o = (versions.ours, readings(of: lists.ours, versions.ours, base: versions.base))
        var t = (versions.theirs, readings(of: lists.theirs, versions.theirs, base: versions.base))
        if swapped { swap(&o, &t) }
        var failure: String?
        var tried = 0
        for oursReading in o.1 {
            for theirsReading in t.1 {
                tried += 1
                guard tried <= 4096 else { return failure }
                switch MergeExplanation.Outcome.merge(base: versions.base, ours: (o.0, oursReading), theirs: (t.0, theirsReading)) {
                case .conflict(let why):
                    failure = failure ?? "clean, where what the sides meant is a conflict: \(why)"
                case .clean(let expected):
                    guard let mismatch = expected.mismatch(with: result) else { return nil }
                    failure = failure ?? "not what the sides meant: \(mismatch)"
                }
            }
        }
        return failure
    }

    /// The readings of a side that its file cannot tell from what it meant, what it meant first: which base task
    /// each of its tasks is, by the model's identities, up to tasks written alike (the same lines) taken for one
    /// another, with pairs of a task it deleted and one it added of the same text (that task edited, or moved).
    /// Next occurrences stay what the model says they are.
    private func readings(of lists: [List], _ version: MergeExplanation.Version, base baseVersion: MergeExplanation.Version) -> [MergeExplanation.Side] {
        let baseTasks = Self.flatten(self.lists.base), tasks = Self.flatten(lists)
        var index: [Int: Int] = [:]
        for (j, task) in tasks.enumerated() { index[task.id] = j }
        let truth = baseTasks.map { index[$0.id] }
        var nextOf: [Int: (base: Int, date: CalendarDate)] = [:]
        let baseIndex = Dictionary(baseTasks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (j, task) in tasks.enumerated() {
            guard let of = task.nextOf, let i = baseIndex[of], let copy = index[of], let day = tasks[copy].doneOn else { continue }
            nextOf[j] = (i, Self.date(day))
        }
        // The pairs the side meant, as pairs of the ways tasks are written: what any reading must keep.
        struct Written: Hashable { var base: [String]; var side: [String] }
        var meant: [Written: Int] = [:]
        for (i, j) in truth.enumerated() { if let j { meant[Written(base: baseVersion.tasks[i].lines, side: version.tasks[j].lines), default: 0] += 1 } }
        var found: [[Int?]] = [truth]
        var sideOf = [Int?](repeating: nil, count: baseTasks.count)
        var used = Set<Int>(nextOf.keys)
        var steps = 0
        func search(_ i: Int) {
            steps += 1
            guard found.count < 64, steps < 20_000 else { return }
            if i == baseTasks.count {
                if meant.values.allSatisfy({ $0 == 0 }), sideOf != truth { found.append(sideOf) }
                return
            }
            // Enough base tasks left for the pairs still to keep.
            guard meant.values.reduce(0, +) <= baseTasks.count - i else { return }
            for j in version.tasks.indices where !used.contains(j) {
                let written = Written(base: baseVersion.tasks[i].lines, side: version.tasks[j].lines)
                let keeps = meant[written, default: 0] > 0
                guard keeps || baseVersion.tasks[i].text == version.tasks[j].text else { continue }
                if keeps { meant[written]! -= 1 }
                used.insert(j); sideOf[i] = j
                search(i + 1)
                used.remove(j); sideOf[i] = nil
                if keeps { meant[written]! += 1 }
            }
            search(i + 1)
        }
        search(0)
        return found.map { sideOf in
            var side = MergeExplanation.Side(sideOf: sideOf, base: baseVersion, side: version)
            side.nextOf = nextOf
            return side
        }
    }

    /// Whether both sides completed one recurring task of the base, each adding its next occurrence.
    var completesARecurringTaskOnBothSides: Bool {
        let ours = Set(Self.flatten(lists.ours).compactMap(\.nextOf)), theirs = Set(Self.flatten(lists.theirs).compactMap(\.nextOf))
        return !ours.intersection(theirs).isEmpty
    }

    /// Day `day` of March 2026 (past its end, the days after).
    static func date(_ day: Int) -> CalendarDate { CalendarDate(year: 2026, month: 3, day: 1)!.adding(days: day - 1) }

    /// Makes the model and its edits; counts give every new word, task and list a name of its own.
    private struct Maker {
        let format: FileFormat
        var nextID = 0
        var nextWord = 0
        var nextList = 0

        init(format: FileFormat) { self.format = format }

        mutating func newTask<R: RandomNumberGenerator>(words: [String], using rng: inout R) -> Task {
            nextID += 1
            let style: Style = format == .markdown && Int.random(in: 0..<3, using: &rng) == 0 ? .tasks : .todotxt
            var due = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 1...9, using: &rng) : nil
            var recurrence: String?
            if Int.random(in: 0..<5, using: &rng) == 0 {
                recurrence = style == .tasks ? ["every week", "every week when done"].randomElement(using: &rng)!
                    : ["1w", "+1w"].randomElement(using: &rng)!
                due = due ?? Int.random(in: 1...9, using: &rng)
            }
            let done = Int.random(in: 0..<5, using: &rng) == 0
            return Task(id: nextID, done: done, doneOn: done && Bool.random(using: &rng) ? Int.random(in: 1...9, using: &rng) : nil,
                        priority: Int.random(in: 0..<4, using: &rng) == 0 ? "B" : nil, due: due, recurrence: recurrence, style: style,
                        words: words, notes: [], subtasks: [], nextOf: nil)
        }

        mutating func freshWord() -> String {
            nextWord += 1
            return "w\(nextWord)"
        }

        mutating func base<R: RandomNumberGenerator>(using rng: inout R) -> [List] {
            // A few texts for the whole file, so that tasks share them.
            // Each text at most three times (more make the explanations too many to search).
            var texts = RandomMergeScenario.pool
            texts.shuffle(using: &rng)
            texts = Array(texts.prefix(2 + Int.random(in: 0..<3, using: &rng)))
            var uses: [String: Int] = [:]
            func words<G: RandomNumberGenerator>(_ rng: inout G) -> [String] {
                let text = texts.filter { uses[$0, default: 0] < 3 }.randomElement(using: &rng)
                    ?? RandomMergeScenario.pool.min { uses[$0, default: 0] < uses[$1, default: 0] }!
                uses[text, default: 0] += 1
                return text.split(separator: " ").map(String.init)
            }
            if format == .todotxt {
                return [List(title: nil, tasks: (0..<(2 + Int.random(in: 0..<7, using: &rng))).map { _ in newTask(words: words(&rng), using: &rng) })]
            }
            var lists: [List] = []
            let count = 1 + Int.random(in: 0..<3, using: &rng)
            for k in 0..<count {
                let title: String? = k == 0 && Bool.random(using: &rng) ? nil : "List\(k)"
                var tasks: [Task] = []
                for _ in 0..<Int.random(in: (k == 0 ? 1 : 0)...3, using: &rng) {
                    var task = newTask(words: words(&rng), using: &rng)
                    for _ in 0..<(Int.random(in: 0..<4, using: &rng) == 0 ? 1 + Int.random(in: 0..<2, using: &rng) : 0) {
                        task.subtasks.append(newTask(words: words(&rng), using: &rng))
                    }
                    tasks.append(task)
                }
                lists.append(List(title: title, tasks: tasks))
            }
            return lists
        }

        // MARK: Edits

        /// A path to a task: the list, then the index at each level.
        typealias Path = (list: Int, indexes: [Int])

        func paths(_ lists: [List]) -> [Path] {
            func walk(_ tasks: [Task], _ list: Int, _ prefix: [Int]) -> [Path] {
                tasks.indices.flatMap { [(list, prefix + [$0])] + walk(tasks[$0].subtasks, list, prefix + [$0]) }
            }
            return lists.indices.flatMap { walk(lists[$0].tasks, $0, []) }
        }

        func task(_ lists: [List], _ path: Path) -> Task {
            var task = lists[path.list].tasks[path.indexes[0]]
            for index in path.indexes.dropFirst() { task = task.subtasks[index] }
            return task
        }

        func update(_ lists: inout [List], _ path: Path, _ change: (inout Task) -> Void) {
            func apply(_ tasks: inout [Task], _ indexes: ArraySlice<Int>) {
                if indexes.count == 1 { change(&tasks[indexes.first!]) } else { apply(&tasks[indexes.first!].subtasks, indexes.dropFirst()) }
            }
            apply(&lists[path.list].tasks, path.indexes[...])
        }

        /// Removes the task at `path` (with its subtasks) and returns it.
        func remove(_ lists: inout [List], _ path: Path) -> Task {
            var removed: Task?
            func apply(_ tasks: inout [Task], _ indexes: ArraySlice<Int>) {
                if indexes.count == 1 { removed = tasks.remove(at: indexes.first!) } else { apply(&tasks[indexes.first!].subtasks, indexes.dropFirst()) }
            }
            apply(&lists[path.list].tasks, path.indexes[...])
            return removed!
        }

        /// Inserts `task` among the tasks at `path`'s level, at `path`'s last index.
        func insert(_ task: Task, _ lists: inout [List], at path: Path) {
            func apply(_ tasks: inout [Task], _ indexes: ArraySlice<Int>) {
                if indexes.count == 1 { tasks.insert(task, at: min(indexes.first!, tasks.count)) } else { apply(&tasks[indexes.first!].subtasks, indexes.dropFirst()) }
            }
            apply(&lists[path.list].tasks, path.indexes[...])
        }

        /// Makes one edit to `lists`, on day `today`, and says what it was.
        mutating func edit<R: RandomNumberGenerator>(_ lists: inout [List], today: Int, using rng: inout R) -> String {
            let all = paths(lists)
            let kinds = format == .markdown
                ? ["tick", "complete", "complete", "reword", "reword", "delete", "delete", "priority", "due", "add", "add", "subtask",
                   "move", "move", "move", "move-add", "note"]
                : ["tick", "complete", "complete", "reword", "reword", "delete", "delete", "priority", "due", "add", "add", "move",
                   "move-add"]
            let kind = all.isEmpty ? "add" : kinds.randomElement(using: &rng)!
            let path = all.randomElement(using: &rng)
            let name = path.map { "'\(task(lists, $0).text)' (#\(task(lists, $0).id))" } ?? ""
            switch kind {
            case "tick":
                update(&lists, path!) { $0.done.toggle(); $0.doneOn = nil }
                return "tick \(name)"
            case "complete":
                return complete(&lists, path!, name, today: today)
            case "reword":
                let word = freshWord()
                update(&lists, path!) { $0.words.insert(word, at: Int.random(in: 0...$0.words.count, using: &rng)) }
                return "reword \(name) with \(word)"
            case "delete":
                _ = remove(&lists, path!)
                return "delete \(name)"
            case "priority":
                let priority = ["A", "C", nil].randomElement(using: &rng)!.map(Character.init)
                update(&lists, path!) { $0.priority = $0.priority == priority ? nil : priority }
                return "priority of \(name)"
            case "due":
                let day = Int.random(in: 1...9, using: &rng)
                update(&lists, path!) { task in
                    // A recurring task keeps a due date.
                    task.due = task.due == day && task.recurrence == nil ? nil : day
                }
                return "due date of \(name)"
            case "note":
                let word = freshWord()
                update(&lists, path!) { $0.notes.append("note \(word)") }
                return "note under \(name)"
            case "add", "subtask":
                // A new text, or one the file already has.
                let words = Bool.random(using: &rng)
                    ? [RandomMergeScenario.fresh.randomElement(using: &rng)!, freshWord()]
                    : RandomMergeScenario.pool.randomElement(using: &rng)!.split(separator: " ").map(String.init)
                var added = newTask(words: words, using: &rng)
                (added.done, added.doneOn) = (false, nil)
                if kind == "subtask", let path {
                    var under = path
                    under.indexes.append(Int.random(in: 0...task(lists, path).subtasks.count, using: &rng))
                    insert(added, &lists, at: under)
                    return "subtask '\(added.text)' under \(name)"
                }
                let list = Int.random(in: 0..<lists.count, using: &rng)
                insert(added, &lists, at: (list, [Int.random(in: 0...lists[list].tasks.count, using: &rng)]))
                return "add '\(added.text)'"
            case "move-add":
                // Moved elsewhere, and a task of its words (without its due date) added where it was.
                let was = task(lists, path!)
                var added = newTask(words: was.words, using: &rng)
                (added.done, added.doneOn, added.due, added.recurrence, added.style) = (false, nil, nil, nil, was.style)
                let moved = move(&lists, path!, name, using: &rng)
                insert(added, &lists, at: path!)
                return moved + ", and add '\(added.text)' in its place"
            default:
                return move(&lists, path!, name, using: &rng)
            }
        }

        /// Completes the task at `path` on `today`, as `todofmt done` does: a recurring task gets its next
        /// occurrence, below its block in todo.txt's style (at the end of a todo.txt file), above it in the Tasks
        /// plugin's.
        mutating func complete(_ lists: inout [List], _ path: Path, _ name: String, today: Int) -> String {
            let was = task(lists, path)
            guard !was.done else {
                update(&lists, path) { ($0.done, $0.doneOn) = (false, nil) }
                return "reopen \(name)"
            }
            update(&lists, path) { ($0.done, $0.doneOn) = (true, today) }
            guard let recurrence = was.recurrence, let due = was.due else { return "complete \(name) on day \(today)" }
            nextID += 1
            var next = was
            (next.id, next.notes, next.subtasks, next.nextOf) = (nextID, [], [], was.id)
            // `rec:1w` and `when done` count from the day it was done; `rec:+1w` and `every week` from its due date.
            next.due = (recurrence == "1w" || recurrence.hasSuffix("when done") ? today : due) + 7
            var at = path
            if format == .todotxt {
                at.indexes = [lists[path.list].tasks.count]
            } else if was.style == .todotxt {
                at.indexes[at.indexes.count - 1] += 1
            }
            insert(next, &lists, at: at)
            return "complete \(name) on day \(today), its next occurrence #\(nextID) due on day \(next.due!)"
        }

        mutating func move<R: RandomNumberGenerator>(_ lists: inout [List], _ path: Path, _ name: String, using rng: inout R) -> String {
            let choice = format == .todotxt ? 0 : Int.random(in: 0..<5, using: &rng)
            switch choice {
            case 1 where lists.count > 1:
                let moved = remove(&lists, path)
                var to = Int.random(in: 0..<(lists.count - 1), using: &rng)
                if to >= path.list { to += 1 }
                lists[to].tasks.append(moved)
                return "move \(name) to list \(to)"
            case 2:
                let moved = remove(&lists, path)
                nextList += 1
                lists.append(List(title: "Work\(nextList)", tasks: [moved]))
                return "move \(name) to a new list"
            case 3 where path.indexes.last! > 0:
                // Under the task above it, as its last subtask.
                let moved = remove(&lists, path)
                var above = path
                above.indexes[above.indexes.count - 1] -= 1
                above.indexes.append(task(lists, above).subtasks.count)
                insert(moved, &lists, at: above)
                return "nest \(name) under the task above"
            case 4 where path.indexes.count > 1:
                // Out of its parent, right after it.
                let moved = remove(&lists, path)
                var after = path
                after.indexes.removeLast()
                after.indexes[after.indexes.count - 1] += 1
                insert(moved, &lists, at: after)
                return "outdent \(name)"
            default:
                // Elsewhere among its siblings.
                let moved = remove(&lists, path)
                var to = path
                let siblings = path.indexes.count == 1 ? lists[path.list].tasks.count
                    : task(lists, (path.list, Array(path.indexes.dropLast()))).subtasks.count
                to.indexes[to.indexes.count - 1] = Int.random(in: 0...siblings, using: &rng)
                insert(moved, &lists, at: to)
                return "reorder \(name)"
            }
        }

        // MARK: Text

        /// A task's body as `todofmt done` and `undo` write it, in its style.
        func body(_ task: Task) -> String {
            let completion = task.done ? task.doneOn.map { RandomMergeScenario.date($0).description } : nil
            if format == .markdown, task.style == .tasks {
                var fields: [String] = []
                if let priority = task.priority { fields.append(["A": "🔺", "B": "⏫", "C": "🔼"][priority]!) }
                if let recurrence = task.recurrence { fields.append("🔁 \(recurrence)") }
                if let due = task.due { fields.append("📅 \(RandomMergeScenario.date(due))") }
                if let completion { fields.append("✅ \(completion)") }
                return ([task.text] + fields).joined(separator: " ")
            }
            var parts: [String] = []
            if let completion {
                parts.append(completion)
            } else if let priority = task.priority {
                parts.append("(\(priority))")
            }
            parts.append(task.text)
            if let due = task.due { parts.append("due:\(RandomMergeScenario.date(due))") }
            if let recurrence = task.recurrence { parts.append("rec:\(recurrence)") }
            if completion != nil, let priority = task.priority { parts.append("pri:\(priority)") }
            return parts.joined(separator: " ")
        }

        func render(_ lists: [List]) -> String {
            var lines: [String] = []
            func line(_ task: Task, depth: Int) {
                if format == .todotxt {
                    lines.append((task.done ? "x " : "") + body(task))
                    return
                }
                let indent = String(repeating: "  ", count: depth)
                lines.append(indent + "- [\(task.done ? "x" : " ")] " + body(task))
                for note in task.notes { lines.append(indent + "  " + note) }
                for subtask in task.subtasks { line(subtask, depth: depth + 1) }
            }
            for list in lists {
                if let title = list.title {
                    if !lines.isEmpty { lines.append("") }
                    lines += ["# \(title)", ""]
                }
                for task in list.tasks { line(task, depth: 0) }
            }
            return lines.map { $0 + "\n" }.joined()
        }
    }
}
