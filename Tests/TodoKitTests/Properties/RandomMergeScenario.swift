#if canImport(TodoKit)
import TodoKit
#endif

/// A random three-way merge input: a base todo file, and two sides each made from it by a few edits a person
/// makes (tick, reword, delete, change the priority or due date, add a task or subtask, move a task, add a
/// note), where many tasks share a text. The seeded property tests and the fuzzer (which draws the choices from
/// its input's bytes) merge such inputs and hold the result to `MergeExplanation`.
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

    /// A task of the model: an identity the sides keep, its fields, and its subtasks.
    struct Task {
        var id: Int
        var done: Bool
        var priority: Character?
        var due: Int?
        var words: [String]
        var notes: [String]
        var subtasks: [Task]

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
        for _ in 0..<(1 + Int.random(in: 0..<3, using: &rng)) { oursEdits.append(maker.edit(&ours, using: &rng)) }
        for _ in 0..<(1 + Int.random(in: 0..<3, using: &rng)) { theirsEdits.append(maker.edit(&theirs, using: &rng)) }
        self.base = maker.render(base)
        self.ours = maker.render(ours)
        self.theirs = maker.render(theirs)
        self.oursEdits = oursEdits
        self.theirsEdits = theirsEdits
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

    /// Every task of the lists, parents before their subtasks.
    static func flatten(_ lists: [List]) -> [Task] {
        func walk(_ tasks: [Task]) -> [Task] { tasks.flatMap { [$0] + walk($0.subtasks) } }
        return lists.flatMap { walk($0.tasks) }
    }

    /// Makes the model and its edits; counts give every new word, task and list a name of its own.
    private struct Maker {
        let format: FileFormat
        var nextID = 0
        var nextWord = 0
        var nextList = 0

        init(format: FileFormat) { self.format = format }

        mutating func newTask<R: RandomNumberGenerator>(words: [String], using rng: inout R) -> Task {
            nextID += 1
            return Task(id: nextID, done: Int.random(in: 0..<5, using: &rng) == 0,
                        priority: Int.random(in: 0..<4, using: &rng) == 0 ? "B" : nil,
                        due: Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 1...9, using: &rng) : nil,
                        words: words, notes: [], subtasks: [])
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

        /// Makes one edit to `lists` and says what it was.
        mutating func edit<R: RandomNumberGenerator>(_ lists: inout [List], using rng: inout R) -> String {
            let all = paths(lists)
            let kinds = format == .markdown
                ? ["tick", "tick", "reword", "reword", "delete", "delete", "priority", "due", "add", "add", "subtask", "move", "move", "move", "note"]
                : ["tick", "tick", "reword", "reword", "delete", "delete", "priority", "due", "add", "add", "move", "move"]
            let kind = all.isEmpty ? "add" : kinds.randomElement(using: &rng)!
            let path = all.randomElement(using: &rng)
            let name = path.map { "'\(task(lists, $0).text)' (#\(task(lists, $0).id))" } ?? ""
            switch kind {
            case "tick":
                update(&lists, path!) { $0.done.toggle() }
                return "tick \(name)"
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
                update(&lists, path!) { $0.due = $0.due == day ? nil : day }
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
                added.done = false
                if kind == "subtask", let path {
                    var under = path
                    under.indexes.append(Int.random(in: 0...task(lists, path).subtasks.count, using: &rng))
                    insert(added, &lists, at: under)
                    return "subtask '\(added.text)' under \(name)"
                }
                let list = Int.random(in: 0..<lists.count, using: &rng)
                insert(added, &lists, at: (list, [Int.random(in: 0...lists[list].tasks.count, using: &rng)]))
                return "add '\(added.text)'"
            default:
                return move(&lists, path!, name, using: &rng)
            }
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

        func render(_ lists: [List]) -> String {
            var lines: [String] = []
            func line(_ task: Task, depth: Int) {
                var body = task.priority.map { "(\($0)) " } ?? ""
                body += task.text
                if let due = task.due { body += " due:2026-03-0\(due)" }
                if format == .todotxt {
                    lines.append((task.done ? "x " : "") + body)
                    return
                }
                let indent = String(repeating: "  ", count: depth)
                lines.append(indent + "- [\(task.done ? "x" : " ")] " + body)
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
