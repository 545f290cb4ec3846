/// Which task of one side of a merge is which task of the base, and which tasks cannot be told apart.
///
/// The text of a task (`TaskVersion.matchText`: its description without tags and without the Tasks or Dataview
/// fields, lowercased) pairs it:
/// 1. A text that one task holds in the base and one in the side pairs those two.
/// 2. Lines that one task holds in each version (a task left word for word as it was) pair those two, where
///    the pair stays in its list and keeps its order among the other pairs.
/// 3. The pairs that keep their order in every way of reading the file (in every longest run of pairs in
///    order) are anchors. A recurring task the side completed is the completed one, not its next occurrence.
///    Between two anchors, in one list and under one parent, the tasks that share a text (and, where the side
///    holds fewer of that text than the base, those it reworded from it there) pair up
///    when both versions hold as many of them: in the way that changes the fewest things (lines that differ,
///    pairs out of order), when only one way does.
/// 4. The tasks left pair up by similar text, as `TaskMatcher` pairs them.
///
/// What is left cannot be told with certainty: a stretch that holds more tasks of a shared text in one
/// version than in the other (which one did the side delete, add or move?), or a task the side deleted
/// beside one it added that may be it, reworded or moved (the same text, a similar one, or one's words all in
/// the other's). Such tasks stay unpaired in `sideToBase` and are reported in `uncertain`, each group with a
/// reading of which is which, which the merge may only follow where the other side left every base task of
/// the group as it was.
struct TaskPairing {
    /// For each task of the side, the index of the base task it is, or nil for a task the side added.
    var sideToBase: [Int?]
    /// Groups of base and side tasks that may be one another, left unpaired in `sideToBase`.
    var uncertain: [Uncertain]
    /// The base tasks the side kept in their order: paired, and in every longest run of pairs in order.
    var keptInOrder: Set<Int>

    /// Tasks of the base and of the side that may be one another, and a reading of which is which.
    struct Uncertain {
        var base: [Int]
        var side: [Int]
        var pairs: [(base: Int, side: Int)]
    }

    /// `completions`: the recurring tasks the side completed as `done` does (`RecurringCompletion`), each base
    /// task paired with its completed copy beforehand, and each next occurrence left a task the side added.
    init(base: [TaskVersion], side: [TaskVersion], completions: [RecurringCompletion] = []) {
        var pairing = Pairing(base: base, side: side, completions: completions)
        for completion in completions { pairing.pair(completion.base, completion.done) }
        pairing.pairUniqueTexts()
        pairing.pairUniqueLines()
        pairing.findAnchors()
        pairing.pairCompletedRecurrences()
        pairing.pairSharedTexts()
        pairing.pairSimilarTexts()
        pairing.unpairLookalikes()
        pairing.unpairAddedOrDeletedTexts()
        pairing.unpairTiedTexts()
        pairing.unpairRedatedCompletions()
        sideToBase = pairing.sideToBase
        uncertain = pairing.uncertainGroups()
        let pairs = base.indices.compactMap { i in pairing.baseToSide[i].map { (base: i, side: $0) } }
        keptInOrder = Set(LongestRun.inEvery(pairs.map(\.side)).map { pairs[$0].base })
    }
}

/// The work of `TaskPairing`, step by step.
private struct Pairing {
    let base: [TaskVersion], side: [TaskVersion]
    var baseToSide: [Int?], sideToBase: [Int?]
    let baseCount: [String: Int], sideCount: [String: Int]
    /// Pairs of unique texts or lines, by base index.
    var unique: [(base: Int, side: Int)] = []
    var anchors: [(base: Int, side: Int)] = []
    /// Side tasks that took part in a group of a shared text.
    var grouped = Set<Int>()
    /// Next occurrences a completion of a recurring task made (`RecurringCompletion`): tasks the side added,
    /// paired with none.
    let nextOccurrences: Set<Int>
    /// The base tasks whose completed copies the side holds with their next occurrences.
    let completed: Set<Int>

    init(base: [TaskVersion], side: [TaskVersion], completions: [RecurringCompletion]) {
        self.base = base
        self.side = side
        nextOccurrences = Set(completions.map(\.next))
        completed = Set(completions.map(\.base))
        baseToSide = [Int?](repeating: nil, count: base.count)
        sideToBase = [Int?](repeating: nil, count: side.count)
        var baseCount: [String: Int] = [:], sideCount: [String: Int] = [:]
        for task in base { baseCount[task.matchText, default: 0] += 1 }
        for (j, task) in side.enumerated() where !nextOccurrences.contains(j) { sideCount[task.matchText, default: 0] += 1 }
        self.baseCount = baseCount
        self.sideCount = sideCount
    }

    func isShared(_ text: String) -> Bool { baseCount[text, default: 0] > 1 || sideCount[text, default: 0] > 1 }

    mutating func pair(_ i: Int, _ j: Int) {
        baseToSide[i] = j
        sideToBase[j] = i
    }

    mutating func unpair(_ i: Int) {
        if let j = baseToSide[i] { sideToBase[j] = nil }
        baseToSide[i] = nil
    }

    /// The pairs of keys that one unpaired task holds in each version.
    func uniquePairs<Key: Hashable>(by key: (TaskVersion) -> Key) -> [(base: Int, side: Int)] {
        var baseIndex: [Key: Int?] = [:], sideIndex: [Key: Int?] = [:]
        for (i, task) in base.enumerated() where baseToSide[i] == nil { baseIndex[key(task)] = baseIndex[key(task)] == nil ? i : .some(nil) }
        for (j, task) in side.enumerated() where sideToBase[j] == nil && !nextOccurrences.contains(j) {
            sideIndex[key(task)] = sideIndex[key(task)] == nil ? j : .some(nil)
        }
        return sideIndex.compactMap { found, j in
            guard let j, let i = baseIndex[found] ?? nil else { return nil }
            return (i, j)
        }
    }

    mutating func pairUniqueTexts() {
        let pairs = uniquePairs { $0.matchText }
        for (i, j) in pairs { pair(i, j) }
        unique += pairs
    }

    mutating func pairUniqueLines() {
        let pairs = uniquePairs { $0.lines }.filter { base[$0.base].list == side[$0.side].list }
        for (i, j) in pairs { pair(i, j) }
        unique += pairs
    }

    /// The anchors: the pairs in every longest run of pairs that keep their order. Pairs of lines (of shared
    /// texts) that are not anchors are undone: the order does not say they are the same task.
    mutating func findAnchors() {
        unique.sort { $0.base < $1.base }
        let kept = Set(LongestRun.inEvery(unique.map(\.side)))
        anchors = unique.indices.filter(kept.contains).map { unique[$0] }
        for (k, found) in unique.enumerated() where !kept.contains(k) && isShared(base[found.base].matchText) {
            unpair(found.base)
        }
    }

    /// How many anchors come before a task (its stretch), by base or side index.
    func stretch(_ index: Int, _ anchor: KeyPath<(base: Int, side: Int), Int>) -> Int {
        var low = 0, high = anchors.count
        while low < high {
            let middle = (low + high) / 2
            if anchors[middle][keyPath: anchor] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where a task stands: its stretch, list and parent (as a base task; -1: none; below that, a side task
    /// not paired).
    struct Place: Hashable {
        var stretch: Int
        var list: [String]
        var parent: Int
    }

    func basePlace(_ i: Int) -> Place {
        Place(stretch: stretch(i, \.base), list: base[i].list, parent: base[i].parent ?? -1)
    }

    func sidePlace(_ j: Int) -> Place {
        Place(stretch: stretch(j, \.side), list: side[j].list, parent: side[j].parent.map { sideToBase[$0] ?? -2 - $0 } ?? -1)
    }

    /// A recurring task the side completed: the completed one is the task, and the open copy beside it (its
    /// next occurrence) is new. Paired where the place holds one such task on each side.
    mutating func pairCompletedRecurrences() {
        var open: [Place: [String: [Int]]] = [:], completed: [Place: [String: [Int]]] = [:]
        for (i, task) in base.enumerated() where baseToSide[i] == nil && task.isOpen && task.recurrence != nil {
            open[basePlace(i), default: [:]][task.matchText, default: []].append(i)
        }
        guard !open.isEmpty else { return }
        for (j, task) in side.enumerated() where sideToBase[j] == nil && !task.isOpen && task.recurrence != nil && !nextOccurrences.contains(j) {
            completed[sidePlace(j), default: [:]][task.matchText, default: []].append(j)
        }
        for (place, texts) in open {
            for (text, found) in texts {
                guard found.count == 1, let done = completed[place]?[text], done.count == 1,
                      base[found[0]].recurrence == side[done[0]].recurrence else { continue }
                pair(found[0], done[0])
            }
        }
    }

    /// Shared texts, place by place: top-level tasks first, then each level of subtasks under the parents
    /// paired so far.
    mutating func pairSharedTexts() {
        struct Group: Hashable {
            var place: Place
            var text: String
        }
        let deepest = max(base.map(\.depth).max() ?? 0, side.map(\.depth).max() ?? 0)
        for depth in 0...deepest {
            var groups: [Group: (base: [Int], side: [Int])] = [:]
            var order: [Group] = []
            for (i, task) in base.enumerated() where task.depth == depth && baseToSide[i] == nil && isShared(task.matchText) {
                let group = Group(place: basePlace(i), text: task.matchText)
                if groups[group] == nil { order.append(group) }
                groups[group, default: ([], [])].base.append(i)
            }
            var joined: [Int: Int] = [:]
            for (j, task) in side.enumerated() where task.depth == depth && sideToBase[j] == nil && !nextOccurrences.contains(j) {
                if isShared(task.matchText) {
                    let group = Group(place: sidePlace(j), text: task.matchText)
                    if groups[group] == nil { order.append(group) }
                    groups[group, default: ([], [])].side.append(j)
                    joined[j, default: 0] += 1
                    continue
                }
                // A task reworded in its place joins the shared text it was reworded from, where the side holds
                // fewer tasks of that text than the base (else those are the text's tasks).
                for group in order where group.place == sidePlace(j) && sideCount[group.text, default: 0] < baseCount[group.text, default: 0] {
                    guard let first = groups[group]!.base.first, TaskMatcher.isSimilar(base[first], task) else { continue }
                    groups[group]!.side.append(j)
                    joined[j, default: 0] += 1
                }
            }
            for group in order {
                let members = groups[group]!
                grouped.formUnion(members.side)
                let sideInOrder = members.side.sorted()
                guard !members.base.isEmpty, members.base.count == members.side.count, sideInOrder.allSatisfy({ joined[$0] == 1 }),
                      let pairs = Self.fewestChanges(members.base.map { base[$0] }, sideInOrder.map { side[$0] }) else { continue }
                for (b, s) in pairs { pair(members.base[b], sideInOrder[s]) }
            }
        }
    }

    /// The pairing of two equally long lists of tasks that changes the fewest things (each thing a pair says
    /// otherwise, `differences`, and each pair out of order, as `moves` counts them for a permutation: by default
    /// within the lists), as positions (base, side); nil when another pairing ties, or, with `margin`, changes up to
    /// two things more while moving no more tasks (the side may have completed one twin and reopened the other,
    /// say), or when the lists are too long to try every pairing and pairing in order changes some lines.
    static func fewestChanges(_ base: [TaskVersion], _ side: [TaskVersion], margin: Bool = false,
                              moves: (([Int]) -> Int)? = nil) -> [(Int, Int)]? {
        let inOrder = Array(zip(base.indices, side.indices))
        if zip(base, side).allSatisfy({ $0.lines == $1.lines }) { return inOrder }
        guard base.count <= 6 else { return nil }
        let changes = base.indices.map { i in side.indices.map { j in differences(base[i], side[j]) } }
        let moves = moves ?? { $0.count - LongestRun.length($0) }
        var readings: [(changes: Int, moves: Int, permutation: [Int])] = []
        var permutation = Array(side.indices)
        func visit(_ k: Int) {
            if k == permutation.count {
                readings.append((permutation.indices.map { changes[$0][permutation[$0]] }.reduce(0, +), moves(permutation), permutation))
                return
            }
            for m in k..<permutation.count {
                permutation.swapAt(k, m)
                visit(k + 1)
                permutation.swapAt(k, m)
            }
        }
        visit(0)
        let cost = { (reading: (changes: Int, moves: Int, permutation: [Int])) in reading.changes + reading.moves }
        guard let best = readings.min(by: { cost($0) < cost($1) }) else { return nil }
        for other in readings where other.permutation != best.permutation {
            if cost(other) == cost(best) { return nil }
            if margin, cost(other) <= cost(best) + 2, other.moves <= best.moves { return nil }
        }
        return best.permutation.enumerated().map { ($0.offset, $0.element) }
    }

    /// The rest by similar text.
    mutating func pairSimilarTexts() {
        let leftBase = base.indices.filter { baseToSide[$0] == nil && !isShared(base[$0].matchText) }
        let leftSide = side.indices.filter { sideToBase[$0] == nil && !grouped.contains($0) && !nextOccurrences.contains($0) }
        for (k, match) in TaskMatcher.match(base: leftBase.map { base[$0] }, other: leftSide.map { side[$0] }).enumerated() {
            if let match { pair(leftBase[match], leftSide[k]) }
        }
    }

    /// Undoes the pairs of every text the side holds more or fewer tasks of than the base (counting a task reworded
    /// from it as of it, and not counting next occurrences): the side added or deleted a task of that text (and
    /// kept others), and which one cannot be told, whatever the
    /// tasks' lines or places say. The base's `- [ ] Review` beside the side's `- [x] Review` and `- [ ] Review`
    /// may be the open one left as it was or the completed one; the base's `- [ ] a x:1` beside the side's
    /// `- [ ] a` in its place and `- [ ] a x:1` in another list may be either. These become uncertain groups. A side
    /// that only deleted tasks of a text, leaving the others word for word in their lists, whose lines tell them
    /// apart there, is read as it says.
    mutating func unpairAddedOrDeletedTexts() {
        // The side's tasks of each base text: those paired with a base task of it (a task reworded in its place
        // is still of its text), and those of that text paired with none.
        // A task reworded in its place counts with the text it had, unless it was also completed or reopened, and
        // more changed: one reopened, undated and reworded may as well be a task of that text deleted and another
        // added. (Words added after a Tasks task's fields turn them into text: that is a rewording still.)
        func heldText(_ j: Int) -> String {
            guard let i = sideToBase[j], base[i].matchText == side[j].matchText || base[i].isOpen == side[j].isOpen
                    || Self.differences(base[i], side[j]) <= 2 else {
                return side[j].matchText
            }
            return base[i].matchText
        }
        var held: [String: Int] = [:]
        for j in side.indices where !nextOccurrences.contains(j) { held[heldText(j), default: 0] += 1 }
        var changed = Set(baseCount.keys.filter { held[$0, default: 0] != baseCount[$0] && held[$0, default: 0] > 0 })
        // Only deleted: every task the side holds of the text is a base task of it word for word, in its list, whose
        // lines no other base task of the text in that list has, and no task it deleted could become one it kept by a
        // change or two. Then which ones the side deleted is told by the lines.
        for text in changed where held[text]! < baseCount[text]! {
            let baseTasks = base.indices.filter { base[$0].matchText == text }
            let sideTasks = side.indices.filter { !nextOccurrences.contains($0) && heldText($0) == text }
            var pairs: [(Int, Int)] = []
            for j in sideTasks {
                let same = baseTasks.filter { base[$0].lines == side[j].lines && base[$0].list == side[j].list }
                guard same.count == 1 else { break }
                pairs.append((same[0], j))
            }
            guard pairs.count == sideTasks.count else { continue }
            // And no task it deleted is a change or two away from one it kept (`[x] k` deleted beside `[ ] k`: the side
            // may have reopened the first and deleted the second).
            let keptBase = Set(pairs.map(\.0))
            let nearby = baseTasks.contains { d in
                !keptBase.contains(d) && pairs.contains { Self.differences(base[d], side[$0.1]) <= 2 }
            }
            guard !nearby else { continue }
            for (i, j) in pairs {
                if let other = sideToBase[j] { unpair(other) }
                unpair(i)
                pair(i, j)
            }
            // The others it deleted (one it changed beyond its words stands apart, as a task it may have added).
            for d in baseTasks where !keptBase.contains(d) && !completed.contains(d) { unpair(d) }
            changed.remove(text)
        }
        guard !changed.isEmpty else { return }
        // A completed copy of a recurring task found with its next occurrence stays the task.
        for (i, task) in base.enumerated() where changed.contains(task.matchText) && !completed.contains(i) { unpair(i) }
        for (j, task) in side.enumerated() where changed.contains(task.matchText) {
            if let i = sideToBase[j], !completed.contains(i) { unpair(i) }
        }
    }

    /// Undoes the pair of every base task beside which the side added a task whose text is like its text (a
    /// similar text, or one's words all in the other's, as 14.2 reads "may be"): the added task may be the base task
    /// reworded, and the one paired with it a new task in its old words. These become uncertain groups too.
    mutating func unpairLookalikes() {
        let added = side.indices.filter { sideToBase[$0] == nil && !nextOccurrences.contains($0) }
        let kept = base.indices.filter { baseToSide[$0] != nil && !completed.contains($0) }
        guard !added.isEmpty, !kept.isEmpty, added.count * kept.count <= 4_000_000 else { return }
        let keptBigrams = kept.map { Bigrams(base[$0].matchText) }
        let keptWords = kept.map { base[$0].matchText.split(separator: " ") }
        var lookalikes: [Int] = []
        for j in added {
            let bigrams = Bigrams(side[j].matchText), words = side[j].matchText.split(separator: " ")
            for (k, i) in kept.enumerated() where base[i].matchText != side[j].matchText {
                let alike = keptBigrams[k].similarity(to: bigrams) >= TaskMatcher.similarEnough
                    || (!words.isEmpty && !keptWords[k].isEmpty && (words.isSubsequence(of: keptWords[k]) || keptWords[k].isSubsequence(of: words)))
                if alike { lookalikes.append(i) }
            }
        }
        for i in lookalikes { unpair(i) }
    }

    /// Reads again, as a whole, the tasks of every shared text the side changed (a pair's lines differ, or their
    /// order): paired in the way that changes the fewest things (`fewestChanges`, each pair's list counting too)
    /// across the whole file, not stretch by stretch. Where two ways tie, or the text has too many tasks to try
    /// every way, its tasks become uncertain; where another way than the steps' changes fewer things, it is taken.
    mutating func unpairTiedTexts() {
        var texts: [String: (base: [Int], side: [Int])] = [:]
        for (i, task) in base.enumerated() where isShared(task.matchText) && !completed.contains(i) {
            texts[task.matchText, default: ([], [])].base.append(i)
            if let j = baseToSide[i] { texts[task.matchText]!.side.append(j) }
        }
        for (j, task) in side.enumerated() where sideToBase[j] == nil && !nextOccurrences.contains(j) && texts[task.matchText] != nil {
            texts[task.matchText]!.side.append(j)
        }
        for (_, group) in texts {
            let bases = group.base, sides = group.side.sorted()
            // Pairs complete and unchanged, in order: nothing to read again.
            let unchanged = bases.allSatisfy { i in baseToSide[i].map { base[i].lines == side[$0].lines && base[i].list == side[$0].list } ?? false }
            let pairedSides = bases.compactMap { baseToSide[$0] }
            if unchanged, LongestRun.length(pairedSides) == pairedSides.count { continue }
            // More or fewer of them: uncertain already.
            guard bases.count == sides.count else { continue }
            if bases.count > 6 {
                guard bases.allSatisfy({ baseToSide[$0] != nil }) else { continue }
                // Too many to try every way: the steps' reading stands where no swap of a changed pair with another
                // changes as few things.
                if isLocallyFewest(bases) { continue }
                for i in bases { unpair(i) }
                continue
            }
            // Out of order across the whole list: the group's pairs among every other pair of its lists.
            let lists = Set(bases.map { base[$0].list })
            let pairing = baseToSide
            let others = base.indices.filter { i in !bases.contains(i) && lists.contains(base[i].list) && pairing[i] != nil }
            let reading = Self.fewestChanges(bases.map { base[$0] }, sides.map { side[$0] }, margin: true) { permutation in
                var pairs = others.map { ($0, pairing[$0]!) }
                pairs += zip(bases, permutation.map { sides[$0] }).map { ($0, $1) }
                let order = pairs.sorted { $0.0 < $1.0 }.map(\.1)
                return order.count - LongestRun.length(order)
            }
            let paired = bases.map { baseToSide[$0] }
            for i in bases { unpair(i) }
            guard let reading else { continue }
            // Where some were left unpaired (uncertain), the reading settles nothing more: it only tells whether
            // the pairs the steps made are the ones that change the fewest things.
            if paired.contains(nil) {
                guard reading.allSatisfy({ paired[$0.0] == nil || paired[$0.0] == sides[$0.1] }) else { continue }
                for (k, i) in bases.enumerated() { if let j = paired[k] { pair(i, j) } }
                continue
            }
            for (b, s) in reading { pair(bases[b], sides[s]) }
        }
    }

    /// Undoes the pairs of every shared text where the side changed the completion date of a task that stays
    /// completed while the base holds an open task of that text: the side may as well have completed the open one
    /// (deleting the completed one, and adding a task of the open one's text in its place). These become uncertain
    /// groups.
    mutating func unpairRedatedCompletions() {
        var texts = Set<String>()
        for (i, task) in base.enumerated() where !task.isOpen && !completed.contains(i) && !texts.contains(task.matchText) {
            guard let j = baseToSide[i], !side[j].isOpen, side[j].head.completion != task.head.completion,
                  base.contains(where: { $0.isOpen && $0.matchText == task.matchText }) else { continue }
            texts.insert(task.matchText)
        }
        for (i, task) in base.enumerated() where texts.contains(task.matchText) && !completed.contains(i) { unpair(i) }
    }

    /// Whether the pairs of `bases` (each paired) change fewer things than any reading that swaps the side tasks
    /// of a pair that changed something and another pair.
    func isLocallyFewest(_ bases: [Int]) -> Bool {
        let sides = bases.map { baseToSide[$0]! }
        func cost(_ sides: [Int]) -> Int {
            zip(bases, sides).map { Self.differences(base[$0], side[$1]) }.reduce(0, +) + sides.count - LongestRun.length(sides)
        }
        let current = cost(sides)
        for a in bases.indices where Self.differences(base[bases[a]], side[sides[a]]) > 0 {
            for b in bases.indices where b != a {
                var swapped = sides
                swapped.swapAt(a, b)
                if cost(swapped) <= current { return false }
            }
        }
        return true
    }

    /// How many things two tasks say otherwise, counted one by one: the status, the priority, each date or field,
    /// the words, the notes.
    static func differences(_ a: TaskVersion, _ b: TaskVersion) -> Int {
        var count = 0
        if a.checkbox != b.checkbox || a.head.doneMark != b.head.doneMark { count += 1 }
        if a.priority != b.priority { count += 1 }
        if a.head.completion != b.head.completion { count += 1 }
        if a.head.creation != b.head.creation { count += 1 }
        let aFields = Dictionary(a.description.words.compactMap { w in w.tagKey.map { ($0, w.tagValue) } }, uniquingKeysWith: { x, _ in x })
        let bFields = Dictionary(b.description.words.compactMap { w in w.tagKey.map { ($0, w.tagValue) } }, uniquingKeysWith: { x, _ in x })
        count += Set(aFields.keys).union(bFields.keys).filter { aFields[$0] != bFields[$0] }.count
        if a.description.words.filter({ $0.tagKey == nil }) != b.description.words.filter({ $0.tagKey == nil }) { count += 1 }
        if a.notes != b.notes { count += 1 }
        if a.list != b.list { count += 1 }
        if a.depth != b.depth { count += 1 }
        return count
    }

    /// The tasks left unpaired that may be one another, as groups (connected by "may be"), each with a reading
    /// of which is which.
    func uncertainGroups() -> [TaskPairing.Uncertain] {
        let leftBase = base.indices.filter { baseToSide[$0] == nil }
        let leftSide = side.indices.filter { sideToBase[$0] == nil && !nextOccurrences.contains($0) }
        guard !leftBase.isEmpty, !leftSide.isEmpty else { return [] }
        // Too many to compare: any of them may be any other.
        guard leftBase.count * leftSide.count <= 4_000_000 else {
            return [TaskPairing.Uncertain(base: leftBase, side: leftSide, pairs: reading(leftBase, leftSide) { _, _ in true })]
        }
        // Union–find over base tasks (0..<leftBase.count) and side tasks (after them).
        var parent = Array(0..<(leftBase.count + leftSide.count))
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        var related: Set<[Int]> = [], relatedBase = Set<Int>(), relatedSide = Set<Int>()
        let baseBigrams = leftBase.map { Bigrams(base[$0].matchText) }
        let baseWords = leftBase.map { base[$0].matchText.split(separator: " ") }
        for (s, j) in leftSide.enumerated() {
            let bigrams = Bigrams(side[j].matchText), words = side[j].matchText.split(separator: " ")
            for (b, i) in leftBase.enumerated() {
                let maybe = base[i].matchText == side[j].matchText || baseBigrams[b].similarity(to: bigrams) >= TaskMatcher.similarEnough
                    || (!words.isEmpty && !baseWords[b].isEmpty && (words.isSubsequence(of: baseWords[b]) || baseWords[b].isSubsequence(of: words)))
                guard maybe else { continue }
                parent[root(b)] = root(leftBase.count + s)
                related.insert([i, j])
                relatedBase.insert(i)
                relatedSide.insert(j)
            }
        }
        var groups: [Int: (base: [Int], side: [Int])] = [:]
        for (b, i) in leftBase.enumerated() where relatedBase.contains(i) { groups[root(b), default: ([], [])].base.append(i) }
        for (s, j) in leftSide.enumerated() where relatedSide.contains(j) { groups[root(leftBase.count + s), default: ([], [])].side.append(j) }
        return groups.values.sorted { $0.base[0] < $1.base[0] }.map { group in
            TaskPairing.Uncertain(base: group.base, side: group.side, pairs: reading(group.base, group.side) { related.contains([$0, $1]) })
        }
    }

    /// Pairs of a group's tasks that may be one another, in order (no two pairs cross), as many as can be,
    /// and of those the ones that stand best: in the same list under the same parent, between the same
    /// anchors, with the same lines, the same description, the same text; then the earliest.
    func reading(_ baseGroup: [Int], _ sideGroup: [Int], mayBe: (Int, Int) -> Bool) -> [(base: Int, side: Int)] {
        guard baseGroup.count * sideGroup.count <= 1_000_000 else { return [] }
        func score(_ i: Int, _ j: Int) -> Int {
            guard mayBe(i, j) else { return 0 }
            let place = sidePlace(j), other = basePlace(i)
            return 100 + (other.list == place.list && other.parent == place.parent ? 16 : 0) + (other.stretch == place.stretch ? 8 : 0)
                + (base[i].lines == side[j].lines ? 4 : 0) + (base[i].description.text == side[j].description.text ? 2 : 0)
                + (base[i].matchText == side[j].matchText ? 1 : 0)
        }
        // The best total score of pairs among the base tasks from b on and the side tasks from s on.
        let width = sideGroup.count + 1
        var best = [Int](repeating: 0, count: (baseGroup.count + 1) * width)
        for b in stride(from: baseGroup.count - 1, through: 0, by: -1) {
            for s in stride(from: sideGroup.count - 1, through: 0, by: -1) {
                let paired = score(baseGroup[b], sideGroup[s])
                best[b * width + s] = max(best[(b + 1) * width + s], best[b * width + s + 1],
                                          paired > 0 ? best[(b + 1) * width + s + 1] + paired : 0)
            }
        }
        var pairs: [(base: Int, side: Int)] = []
        var b = 0, s = 0
        while b < baseGroup.count, s < sideGroup.count {
            let paired = score(baseGroup[b], sideGroup[s])
            if paired > 0, best[b * width + s] == best[(b + 1) * width + s + 1] + paired {
                pairs.append((baseGroup[b], sideGroup[s]))
                b += 1
                s += 1
            } else if best[b * width + s] == best[b * width + s + 1] {
                s += 1
            } else {
                b += 1
            }
        }
        return pairs
    }
}
