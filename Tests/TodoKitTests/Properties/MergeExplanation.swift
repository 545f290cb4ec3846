#if canImport(TodoKit)
import TodoKit
#endif

/// Whether a clean three-way merge of todo files can be explained task by task: each side's change applied
/// once, to the task it was made to. It is written from the merge's rules, not from its code, and reads the
/// four texts only through `Document`.
///
/// **What each side did.** An explanation of a side pairs base tasks with the side's tasks: a pair is a task
/// the side kept (and maybe edited or moved), an unpaired base task one it deleted, an unpaired side task one it
/// added. Only tasks that may be one another pair: the same text (the description's words without `key:value`
/// tags and without the Tasks or Dataview fields, lowercased), or a text and what a known rewording made of it.
/// Of all pairings, the plausible ones are those that, in this order: pair as many tasks as can be paired; pair
/// as many as can be with their own text (the same text is the same task, before a reworded one); and change the fewest things (a pair's fields
/// (status, priority, dates, words, tags, notes), its place (list or parent), or, for a task that stayed in its
/// place, its order: the pairs outside a longest run that keeps the base's order). Where tasks share a text, several pairings may be equally plausible; each is an
/// explanation.
///
/// **What the merge must then give**, for one explanation of each side: every base task both sides kept, with
/// each field merged (a side that left it as it was takes the other's change; the words of the text, and the
/// notes, three-way merged as sequences; each tag as a field) and put where the side that moved it put it;
/// every task one side deleted gone, unless the other side changed it (fields or place) or added a subtask under
/// it: that is a conflict; every task a side added, where it put it, and a task both sides added word for word
/// once; and, among the tasks under one parent (or at the top of one list), the order each side gave them,
/// where the other side moved neither. Both sides changing a field differently, or moving a task to different
/// places, is a conflict. An explanation whose merge has a conflict explains no clean result.
///
/// A clean merge is explained when one pair of explanations gives exactly its tasks: each with the expected
/// fields, under the expected parent or at the top of the expected list, in an order that breaks no expected
/// order.
struct MergeExplanation {
    /// A rewording: the text a task had, and the text a side gave it.
    struct Reword: Hashable {
        var from: String
        var to: String
    }

    /// The text tasks are paired by: words joined by single spaces, lowercased.
    static func normalised(_ words: [String]) -> String { words.joined(separator: " ").lowercased() }

    /// Why a clean merge is not explained, or nil when it is.
    static func failure(base: String, ours: String, theirs: String, merged: String, format: FileFormat,
                        rewords: Set<Reword>) -> String? {
        let b = Version(base, format), o = Version(ours, format), t = Version(theirs, format), m = Version(merged, format)
        let renames = [Side.renamedLists(base: b, side: o), Side.renamedLists(base: b, side: t)]
        let oursExplanations = Side.explanations(base: b, side: o, rewords: rewords)
        let theirsExplanations = Side.explanations(base: b, side: t, rewords: rewords)
        var reasons: [String] = []
        for oe in oursExplanations {
            for te in theirsExplanations {
                switch Outcome.merge(base: b, ours: (o, oe), theirs: (t, te)) {
                case .conflict(let why):
                    reasons.append("a conflict: \(why)")
                case .clean(let outcome):
                    guard let mismatch = outcome.mismatch(with: m, renames: renames) else { return nil }
                    reasons.append(mismatch)
                }
            }
        }
        var unique: [String] = []
        for reason in reasons where !unique.contains(reason) { unique.append(reason) }
        return "no explanation gives this result (\(oursExplanations.count) of ours × \(theirsExplanations.count) of theirs):\n  "
            + unique.prefix(6).joined(separator: "\n  ")
    }

    // MARK: Versions

    /// A task's fields, as compared and merged.
    struct Fields: Equatable {
        var status: TaskStatus
        var checkbox: Character?
        /// The priority however it is written: `(A)`, a Tasks or Dataview field, or the `pri:A` a completed task
        /// keeps.
        var priority: Priority?
        var completion: CalendarDate?
        var creation: CalendarDate?
        /// The Tasks or Dataview fields other than those above (due, start, scheduled and cancelled dates,
        /// recurrence), by name.
        var dates: [String: String]
        /// The words before the Tasks or Dataview fields, without `key:value` tags (and `#tags` among the fields).
        var words: [String]
        /// Each tag's first value, by key; a completed task's `pri:` is its priority, not a tag.
        var tags: [String: String]
        var notes: [String]
    }

    /// One task of one version.
    struct Task {
        var fields: Fields
        /// `normalised(words)`.
        var text: String
        var parent: Int?
        var list: [String]
        /// The task's lines as written (its line and its notes), for tasks both sides added.
        var lines: [String]
        /// How it recurs, as written.
        var recurrence: String?
        var isOpen: Bool { fields.status.isOpen }
    }

    struct Version {
        var tasks: [Task]
        /// The version's lines, and the list each heading line opens (by line index).
        var lines: [String]
        var headingPaths: [Int: [String]]

        init(_ text: String, _ format: FileFormat) {
            let document = Document(parsing: text, format: format)
            lines = document.lines.indices.map { String(document.lines.text($0)) }
            headingPaths = Dictionary(document.headings.map { ($0.line - 1, $0.path) }, uniquingKeysWith: { first, _ in first })
            tasks = document.tasks.indices.map { k in
                let meaning = document.meaning(of: k)
                let task = document.tasks[k]
                let body = task.body
                let isClosed = meaning.status.isClosed
                var tags: [String: String] = [:]
                var words: [String] = []
                var kept: Priority?
                for token in body.tokens where token.range.lowerBound < body.fieldsStart || body.text(of: token).hasPrefix("#") {
                    let text = body.text(of: token)
                    guard token.kind == .tag, let colon = text.firstIndex(of: ":") else {
                        words.append(text)
                        continue
                    }
                    let key = String(text[..<colon]), value = String(text[text.index(after: colon)...])
                    if isClosed, key == "pri" {
                        kept = Priority(lenient: value)
                        continue
                    }
                    if tags[key] == nil { tags[key] = value }
                }
                let fields = meaning.fields
                var dates: [String: String] = [:]
                for (name, value) in [("due", fields.due?.description), ("start", fields.start?.description),
                                      ("scheduled", fields.scheduled?.description), ("cancelled", fields.cancelled?.description),
                                      ("recurrence", fields.recurrenceText)] {
                    if let value { dates[name] = value }
                }
                // A todo.txt tag says the same as the field it stands for: one of them is compared.
                if tags["due"] != nil { dates["due"] = nil }
                if tags["t"] != nil { dates["start"] = nil }
                if tags["rec"] != nil { dates["recurrence"] = nil }
                let merged = Fields(status: meaning.status, checkbox: meaning.unknownCheckbox, priority: meaning.priority ?? (isClosed ? kept : nil),
                                    completion: meaning.completionDate, creation: meaning.creationDate, dates: dates, words: words, tags: tags,
                                    notes: meaning.notes.map(String.init))
                let lines = ([task.line] + document.noteLines(of: k)).map { String(document.lines.text($0 - 1)) }
                // Its text: the words before the fields of the Tasks or Dataview dialect (a `#tag` among them
                // counts), tags left out.
                let text = body.tokens
                    .filter { $0.kind != .tag && ($0.range.lowerBound < body.fieldsStart || body.text(of: $0).hasPrefix("#")) }
                    .map { body.text(of: $0) }
                return Task(fields: merged, text: normalised(text), parent: task.parent, list: document.list(of: k), lines: lines,
                            recurrence: fields.recurrenceText)
            }
        }
    }

    // MARK: Explaining one side

    /// One plausible reading of what a side did: which side task each base task became.
    struct Side {
        /// For each base task, the side task it is, or nil when the side deleted it.
        var sideOf: [Int?]
        /// For each side task, the base task it is, or nil when the side added it.
        var baseOf: [Int?]
        /// Base tasks the side moved: to another place, or out of the order it kept.
        var moved: Set<Int>
        /// Side tasks that a completion of a recurring base task made (its next occurrence), with the day the side
        /// completed it.
        var nextOf: [Int: (base: Int, date: CalendarDate)] = [:]
        /// How many tasks it moved, or kept in its place but out of order.
        var movedCount = 0

        /// The side read with this pairing of base tasks to its own (`sideOf`).
        init(sideOf: [Int?], base: Version, side: Version) {
            var baseOf = [Int?](repeating: nil, count: side.tasks.count)
            for (i, j) in sideOf.enumerated() { if let j { baseOf[j] = i } }
            self.sideOf = sideOf
            self.baseOf = baseOf
            moved = []
            // A task moved to another place counts once; of those that stayed, the ones out of a longest run
            // that keeps their order (any of them may be the one moved, when there are several such runs).
            var stayed: [Int] = []
            for i in sideOf.indices {
                guard let j = sideOf[i] else { continue }
                let basePlace = Side.place(of: base.tasks[i], parent: base.tasks[i].parent)
                let sidePlace = Side.place(of: side.tasks[j], parent: parentIdentity(j, in: side))
                if basePlace == sidePlace { stayed.append(i) } else { moved.insert(i) }
            }
            let positions = stayed.map { sideOf[$0]! }
            movedCount = moved.count + stayed.count - Order.longestRunLength(positions)
            let keptOrder = Set(Order.inEveryLongestRun(positions).map { stayed[$0] })
            moved.formUnion(stayed.filter { !keptOrder.contains($0) })
        }

        /// The lists a side renamed: where its line diff from the base replaces one heading with one other heading
        /// (and whatever else the stretch changes), the base heading's list and the side's.
        static func renamedLists(base: Version, side: Version) -> [[String]: [String]] {
            var removed = Set<Int>(), inserted = Set<Int>()
            for change in side.lines.difference(from: base.lines) {
                switch change {
                case .remove(let offset, _, _): removed.insert(offset)
                case .insert(let offset, _, _): inserted.insert(offset)
                }
            }
            var renames: [[String]: [String]] = [:]
            var stretch: (base: [Int], side: [Int]) = ([], [])
            func close() {
                let from = stretch.base.compactMap { base.headingPaths[$0] }, to = stretch.side.compactMap { side.headingPaths[$0] }
                if from.count == 1, to.count == 1 { renames[from[0]] = to[0] }
                stretch = ([], [])
            }
            var (i, j) = (0, 0)
            while i < base.lines.count || j < side.lines.count {
                if i < base.lines.count, removed.contains(i) {
                    stretch.base.append(i)
                    i += 1
                } else if j < side.lines.count, inserted.contains(j) {
                    stretch.side.append(j)
                    j += 1
                } else {
                    close()
                    (i, j) = (i + 1, j + 1)
                }
            }
            close()
            return renames
        }

        /// `list` as a side's renames make it: a renamed list, or a list under one, takes the new name.
        static func list(_ list: [String], renamedBy renames: [[String]: [String]]) -> [String] {
            for (from, to) in renames where list.starts(with: from) { return to + list.dropFirst(from.count) }
            return list
        }

        /// Where a task stands, in the base or in a side: under its parent (a base task, or -1 - k for a side's
        /// added task k), or at the top of its list.
        static func place(of task: Task, parent: Int?) -> String {
            parent.map { "under \($0)" } ?? "list \(task.list)"
        }

        /// The side's place for its task `s`: its parent as an identity (base task, or -1 - k for a task it added).
        func parentIdentity(_ s: Int, in side: Version) -> Int? {
            side.tasks[s].parent.map { p in baseOf[p] ?? -1 - p }
        }

        static func explanations(base: Version, side: Version, rewords: Set<Reword>) -> [Side] {
            let n = base.tasks.count, m = side.tasks.count
            func mayBe(_ i: Int, _ j: Int) -> Bool {
                base.tasks[i].text == side.tasks[j].text || rewords.contains(Reword(from: base.tasks[i].text, to: side.tasks[j].text))
            }
            let candidates = (0..<n).map { i in (0..<m).filter { mayBe(i, $0) } }
            // How many pairs each text can make: the texts' groups do not overlap (a rewording's text is new).
            var groupOf = [Int](repeating: -1, count: n)
            var groups: [(base: Int, side: Set<Int>)] = []
            for i in 0..<n where groupOf[i] < 0 {
                let members = (i..<n).filter { base.tasks[$0].text == base.tasks[i].text }
                for k in members { groupOf[k] = groups.count }
                groups.append((members.count, Set(candidates[i])))
            }
            var required = groups.map { min($0.base, $0.side.count) }

            var best: (sameText: Int, changes: Int)?
            var found: [Side] = []
            var sideOf = [Int?](repeating: nil, count: n)
            var used = [Bool](repeating: false, count: m)
            var sameText = 0, fieldChanges = 0

            func finish() {
                let explanation = Side(sideOf: sideOf, base: base, side: side)
                let changes = fieldChanges + explanation.movedCount
                let cost = (sameText, changes)
                if let best, cost.0 < best.sameText || (cost.0 == best.sameText && cost.1 > best.changes) { return }
                if best == nil || cost.0 > best!.sameText || cost.1 < best!.changes { found = [] }
                best = cost
                found.append(explanation)
            }

            func search(_ i: Int) {
                if i == n {
                    finish()
                    return
                }
                // Bound: every remaining task paired with its own text, and no more changes than the pairs so far out
                // of order.
                if let best {
                    let paired = sideOf[..<i].compactMap { $0 }
                    let changes = fieldChanges + paired.count - Order.longestRunLength(paired)
                    if sameText + (n - i) < best.sameText || (sameText + (n - i) == best.sameText && changes > best.changes) { return }
                }
                let group = groupOf[i]
                let remainingInGroup = ((i + 1)..<n).filter { groupOf[$0] == group }.count
                for j in candidates[i] where !used[j] && required[group] > 0 {
                    let same = base.tasks[i].fields == side.tasks[j].fields, text = base.tasks[i].text == side.tasks[j].text
                    used[j] = true; sideOf[i] = j; required[group] -= 1
                    if text { sameText += 1 }
                    if !same { fieldChanges += 1 }
                    search(i + 1)
                    if text { sameText -= 1 }
                    if !same { fieldChanges -= 1 }
                    used[j] = false; sideOf[i] = nil; required[group] += 1
                }
                // Unpaired only when the rest of its group can still make the pairs its text can make.
                if required[group] <= remainingInGroup { search(i + 1) }
            }
            search(0)
            return found
        }
    }

    // MARK: The merge of two explanations

    enum Identity: Hashable {
        case base(Int)
        case ours(Int)
        case theirs(Int)
        /// The next occurrence both sides' completions of base task i made: one task.
        case next(Int)
    }

    /// What the merge must give for one explanation of each side.
    enum Outcome {
        case clean(Expected)
        case conflict(String)

        static func merge(base: Version, ours: (version: Version, side: Side), theirs: (version: Version, side: Side)) -> Outcome {
            Expected.build(base: base, ours: ours, theirs: theirs)
        }
    }

    struct Expected {
        struct Item {
            var identity: Identity
            var fields: Fields
            /// The parent's identity, or nil at the top of `list`.
            var parent: Identity?
            var list: [String]
        }

        var items: [Item]
        /// Pairs (a, b): a must come before b (both under one parent, or at the top of one list).
        var before: Set<[Identity]>

        static func build(base: Version, ours: (version: Version, side: Side), theirs: (version: Version, side: Side)) -> Outcome {
            let sides = [ours, theirs]
            // Identities of added tasks: the next occurrence both sides' completions of one recurring task made is
            // one; a task both sides added word for word in one place (list and parent) is one, ours; in two places,
            // a conflict.
            var identityOf: [[Identity]] = [[], []]
            var oursAdded: [[String]: [Int]] = [:]
            let oursNext = Dictionary(ours.side.nextOf.map { ($1.base, $0) }, uniquingKeysWith: { a, _ in a })
            let bothNext = Set(theirs.side.nextOf.values.map(\.base)).intersection(oursNext.keys)
            for (j, b) in ours.side.baseOf.enumerated() {
                if let next = ours.side.nextOf[j], bothNext.contains(next.base) {
                    identityOf[0].append(.next(next.base))
                    continue
                }
                identityOf[0].append(b.map(Identity.base) ?? .ours(j))
                if b == nil, ours.side.nextOf[j] == nil { oursAdded[ours.version.tasks[j].lines, default: []].append(j) }
            }
            func parent(_ s: Int, side k: Int) -> Identity? {
                sides[k].version.tasks[s].parent.map { identityOf[k][$0] }
            }
            var shared = Set<Identity>()
            var apart: [Int] = []
            for (j, b) in theirs.side.baseOf.enumerated() {
                if let next = theirs.side.nextOf[j], bothNext.contains(next.base) {
                    identityOf[1].append(.next(next.base))
                } else if let b {
                    identityOf[1].append(.base(b))
                } else if theirs.side.nextOf[j] == nil, var same = oursAdded[theirs.version.tasks[j].lines], !same.isEmpty {
                    let task = theirs.version.tasks[j]
                    let place = Place(parent: task.parent.map { identityOf[1][$0] }, list: task.parent == nil ? task.list : [])
                    if let k = same.firstIndex(where: { o in
                        Place(parent: parent(o, side: 0), list: parent(o, side: 0) == nil ? ours.version.tasks[o].list : []) == place
                    }) {
                        identityOf[1].append(.ours(same.remove(at: k)))
                        oursAdded[task.lines] = same
                        shared.insert(identityOf[1][j])
                    } else {
                        identityOf[1].append(.theirs(j))
                        apart.append(j)
                    }
                } else {
                    identityOf[1].append(.theirs(j))
                }
            }
            if apart.contains(where: { !(oursAdded[theirs.version.tasks[$0].lines] ?? []).isEmpty }) {
                return .conflict("a task both sides added word for word, in different places")
            }

            var items: [Identity: Item] = [:]
            var order: [Identity] = []
            for (i, task) in base.tasks.enumerated() {
                let o = ours.side.sideOf[i], t = theirs.side.sideOf[i]
                let baseParent = task.parent.map(Identity.base)
                switch (o, t) {
                case (nil, nil):
                    continue
                case (let o?, nil), (nil, let o?):
                    let k = t == nil ? 0 : 1
                    let kept = sides[k].version.tasks[o]
                    if kept.fields != task.fields { return .conflict("task \(i) '\(task.text)' deleted on one side and edited on the other") }
                    if parent(o, side: k) != baseParent || (baseParent == nil && kept.list != task.list) {
                        return .conflict("task \(i) '\(task.text)' deleted on one side and moved on the other")
                    }
                    continue
                case (let o?, let t?):
                    let mine = ours.version.tasks[o], theirsTask = theirs.version.tasks[t]
                    guard let fields = mergeFields(task.fields, mine.fields, theirsTask.fields) else {
                        return .conflict("both sides changed a field of task \(i) '\(task.text)' differently")
                    }
                    let basePlace = Place(parent: baseParent, list: baseParent == nil ? task.list : [])
                    let oursPlace = Place(parent: parent(o, side: 0), list: parent(o, side: 0) == nil ? mine.list : [])
                    let theirsPlace = Place(parent: parent(t, side: 1), list: parent(t, side: 1) == nil ? theirsTask.list : [])
                    guard let place = threeWay(basePlace, oursPlace, theirsPlace) else {
                        return .conflict("both sides moved task \(i) '\(task.text)' to different places")
                    }
                    items[.base(i)] = Item(identity: .base(i), fields: fields, parent: place.parent, list: place.list)
                    order.append(.base(i))
                }
            }
            for k in 0..<2 {
                for (j, identity) in identityOf[k].enumerated() where items[identity] == nil {
                    if case .base = identity { continue }
                    var (k, j) = (k, j)
                    if case .next(let i) = identity {
                        // The earlier completion's next occurrence.
                        let o = oursNext[i]!, t = theirs.side.nextOf.first { $0.value.base == i }!
                        (k, j) = t.value.date < ours.side.nextOf[o]!.date ? (1, t.key) : (0, o)
                        let other = k == 0 ? sides[1].version.tasks[t.key] : sides[0].version.tasks[o]
                        let p = parent(j, side: k), q = parent(k == 0 ? t.key : o, side: 1 - k)
                        if p != q || (p == nil && other.list != sides[k].version.tasks[j].list) {
                            return .conflict("the next occurrences of task \(i) stand in different places")
                        }
                    }
                    let task = sides[k].version.tasks[j]
                    let p = parent(j, side: k)
                    items[identity] = Item(identity: identity, fields: task.fields, parent: p, list: p == nil ? task.list : [])
                    order.append(identity)
                }
            }
            // Every parent must be there.
            for identity in order {
                guard let p = items[identity]!.parent else { continue }
                if items[p] == nil { return .conflict("a subtask added under a task the other side deleted") }
            }

            // Orders each side gave, where the other side moved neither task.
            func position(_ identity: Identity, side k: Int) -> Int? {
                switch identity {
                case .base(let i): return sides[k].side.sideOf[i]
                default: return identityOf[k].firstIndex(of: identity)
                }
            }
            func moved(_ identity: Identity, side k: Int) -> Bool {
                switch identity {
                case .base(let i): return sides[k].side.moved.contains(i)
                case .ours: return k == 0 || shared.contains(identity)
                case .theirs: return k == 1
                case .next: return true
                }
            }
            var before = Set<[Identity]>()
            let byParent = Dictionary(grouping: order) { Place(parent: items[$0]!.parent, list: items[$0]!.list) }
            for (_, siblings) in byParent {
                for (a, x) in siblings.enumerated() {
                    for y in siblings[(a + 1)...] {
                        let movedBy = [moved(x, side: 0) || moved(y, side: 0), moved(x, side: 1) || moved(y, side: 1)]
                        var from: Int?
                        switch (movedBy[0], movedBy[1]) {
                        case (false, false):
                            if case .base(let i) = x, case .base(let j) = y {
                                before.insert(i < j ? [x, y] : [y, x])
                            }
                        case (true, false): from = 0
                        case (false, true): from = 1
                        case (true, true): break
                        }
                        if let k = from, let px = position(x, side: k), let py = position(y, side: k) {
                            before.insert(px < py ? [x, y] : [y, x])
                        }
                    }
                }
            }
            return .clean(Expected(items: order.map { items[$0]! }, before: before))
        }

        /// Why `merged` does not have exactly these tasks, or nil when it does.
        /// A task at the top of a list stands in the list expected, or in what a side renamed that list to.
        func mismatch(with merged: Version, renames: [[[String]: [String]]] = []) -> String? {
            guard merged.tasks.count == items.count else {
                return "\(items.count) tasks expected, \(merged.tasks.count) merged"
            }
            var assigned = [Identity?](repeating: nil, count: merged.tasks.count)
            var taken = Set<Identity>()
            var deepest = 0
            func search(_ r: Int) -> Bool {
                if r == merged.tasks.count { return true }
                deepest = max(deepest, r)
                let task = merged.tasks[r]
                let parent = task.parent.map { assigned[$0]! }
                for item in items where !taken.contains(item.identity) && item.fields == task.fields && item.parent == parent {
                    if parent == nil, item.list != task.list,
                       !renames.contains(where: { Side.list(item.list, renamedBy: $0) == task.list }) { continue }
                    // No expected order broken by what comes before.
                    if (0..<r).contains(where: { before.contains([item.identity, assigned[$0]!]) }) { continue }
                    assigned[r] = item.identity
                    taken.insert(item.identity)
                    if search(r + 1) { return true }
                    taken.remove(item.identity)
                }
                assigned[r] = nil
                return false
            }
            if search(0) { return nil }
            return "merged task \(deepest + 1) ('\(merged.tasks[deepest].text)') is none of the expected tasks left, or breaks their order"
        }
    }

    struct Place: Hashable {
        var parent: Identity?
        var list: [String]
    }

    // MARK: Field merges

    /// A side that left a value as it was takes the other side's; nil when both changed it differently.
    static func threeWay<Value: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value) -> Value? {
        if ours == theirs || theirs == base { return ours }
        if ours == base { return theirs }
        return nil
    }

    static func mergeFields(_ base: Fields, _ ours: Fields, _ theirs: Fields) -> Fields? {
        guard let status = threeWay(base.status, ours.status, theirs.status),
              let checkbox = threeWay(base.checkbox, ours.checkbox, theirs.checkbox),
              let priority = threeWay(base.priority, ours.priority, theirs.priority),
              let creation = threeWay(base.creation, ours.creation, theirs.creation),
              let words = Sequence3.merge(base.words, ours.words, theirs.words),
              let notes = Sequence3.merge(base.notes, ours.notes, theirs.notes) else { return nil }
        // Both completed on different days: the earlier day.
        let completion: CalendarDate?
        if let merged = threeWay(base.completion, ours.completion, theirs.completion) {
            completion = merged
        } else if let a = ours.completion, let b = theirs.completion {
            completion = min(a, b)
        } else {
            return nil
        }
        var tags: [String: String] = [:]
        for key in Set(base.tags.keys).union(ours.tags.keys).union(theirs.tags.keys) {
            guard let value = threeWay(base.tags[key], ours.tags[key], theirs.tags[key]) else { return nil }
            tags[key] = value
        }
        var dates: [String: String] = [:]
        for key in Set(base.dates.keys).union(ours.dates.keys).union(theirs.dates.keys) {
            guard let value = threeWay(base.dates[key], ours.dates[key], theirs.dates[key]) else { return nil }
            dates[key] = value
        }
        return Fields(status: status, checkbox: checkbox, priority: priority, completion: completion, creation: creation,
                      dates: dates, words: words, tags: tags, notes: notes)
    }
}

/// The classic three-way merge of sequences (words of a text, lines of notes), on longest common subsequences
/// found by dynamic programming.
enum Sequence3 {
    static func merge(_ base: [String], _ ours: [String], _ theirs: [String]) -> [String]? {
        if let same = MergeExplanation.threeWay(base, ours, theirs) { return same }
        let toOurs = alignment(base, ours), toTheirs = alignment(base, theirs)
        var merged: [String] = []
        var i = 0, j = 0, k = 0
        while i < base.count || j < ours.count || k < theirs.count {
            if i < base.count, toOurs[i] == j, toTheirs[i] == k {
                merged.append(base[i])
                i += 1; j += 1; k += 1
                continue
            }
            var next = i
            while next < base.count, !((toOurs[next].map { $0 >= j } ?? false) && (toTheirs[next].map { $0 >= k } ?? false)) { next += 1 }
            let oursEnd = next < base.count ? toOurs[next]! : ours.count
            let theirsEnd = next < base.count ? toTheirs[next]! : theirs.count
            guard let chunk = MergeExplanation.threeWay(Array(base[i..<next]), Array(ours[j..<oursEnd]), Array(theirs[k..<theirsEnd])) else {
                return nil
            }
            merged += chunk
            i = next; j = oursEnd; k = theirsEnd
        }
        return merged
    }

    /// For each element of `a`, the position of `b` it is matched with in a longest common subsequence.
    static func alignment(_ a: [String], _ b: [String]) -> [Int?] {
        var length = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for x in stride(from: a.count - 1, through: 0, by: -1) {
            for y in stride(from: b.count - 1, through: 0, by: -1) {
                length[x][y] = a[x] == b[y] ? length[x + 1][y + 1] + 1 : max(length[x + 1][y], length[x][y + 1])
            }
        }
        var result = [Int?](repeating: nil, count: a.count)
        var x = 0, y = 0
        while x < a.count, y < b.count {
            if a[x] == b[y] {
                result[x] = y
                x += 1; y += 1
            } else if length[x + 1][y] >= length[x][y + 1] {
                x += 1
            } else {
                y += 1
            }
        }
        return result
    }
}

/// Longest increasing runs of positions.
enum Order {
    /// The length of a longest strictly increasing subsequence of `values`.
    static func longestRunLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }

    /// The indexes of `values` that are in every longest strictly increasing subsequence.
    static func inEveryLongestRun(_ values: [Int]) -> [Int] {
        let n = values.count
        guard n > 0 else { return [] }
        var ending = [Int](repeating: 1, count: n), starting = [Int](repeating: 1, count: n)
        for k in 0..<n {
            for p in 0..<k where values[p] < values[k] { ending[k] = max(ending[k], ending[p] + 1) }
        }
        for k in stride(from: n - 1, through: 0, by: -1) {
            for q in (k + 1)..<n where values[k] < values[q] { starting[k] = max(starting[k], starting[q] + 1) }
        }
        let longest = ending.max()!
        let onSome = (0..<n).filter { ending[$0] + starting[$0] - 1 == longest }
        var perLevel: [Int: Int] = [:]
        for k in onSome { perLevel[ending[k], default: 0] += 1 }
        return onSome.filter { perLevel[ending[$0]] == 1 }
    }
}
