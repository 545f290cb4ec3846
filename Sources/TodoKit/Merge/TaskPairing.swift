/// Which task of one side of a merge is which task of the base, and which tasks cannot be told apart.
///
/// A text (`TaskVersion.matchText`: the description without tags, lowercased) that one task holds in the
/// base and one in the side pairs those two. Where several tasks share a text, the file's order tells them
/// apart: the pairs of unique texts that keep their order are anchors, and between two anchors the tasks of
/// one list that share a text pair up in order, those with the same lines first, when both versions hold as
/// many of them there (a task the side reworded in place counts with the text it was reworded from). The
/// tasks left pair up by similar text, as `TaskMatcher` pairs them.
///
/// What is left cannot be told with certainty: a stretch that holds more tasks of a shared text in one
/// version than in the other (which one did the side delete, add or move?), or a task the side deleted
/// beside one it added that may be it, reworded or moved (the same text, a similar one, or one's words all in
/// the other's). Such tasks stay unpaired, as deleted and added, and are reported in `uncertain`: a reading
/// the merge may only follow where the other side left every base task of the group as it was.
struct TaskPairing {
    /// For each task of the side, the index of the base task it is, or nil for a task the side added.
    var sideToBase: [Int?]
    /// Groups of base and side tasks that may be one another, all unpaired.
    var uncertain: [(base: [Int], side: [Int])]

    init(base: [TaskVersion], side: [TaskVersion]) {
        var baseToSide = [Int?](repeating: nil, count: base.count)
        var sideToBase = [Int?](repeating: nil, count: side.count)
        func pair(_ i: Int, _ j: Int) {
            baseToSide[i] = j
            sideToBase[j] = i
        }

        var baseCount: [String: Int] = [:], sideCount: [String: Int] = [:]
        for task in base { baseCount[task.matchText, default: 0] += 1 }
        for task in side { sideCount[task.matchText, default: 0] += 1 }
        func isShared(_ text: String) -> Bool { baseCount[text, default: 0] > 1 || sideCount[text, default: 0] > 1 }

        // Unique texts, and the anchors among them.
        var uniqueInBase: [String: Int] = [:]
        for (i, task) in base.enumerated() where baseCount[task.matchText] == 1 { uniqueInBase[task.matchText] = i }
        var unique: [(base: Int, side: Int)] = []
        for (j, task) in side.enumerated() where sideCount[task.matchText] == 1 {
            guard let i = uniqueInBase[task.matchText] else { continue }
            pair(i, j)
            unique.append((i, j))
        }
        unique.sort { $0.base < $1.base }
        let anchors = Self.longestIncreasingRun(unique.map(\.side)).map { unique[$0] }
        func stretch(_ index: Int, _ anchor: KeyPath<(base: Int, side: Int), Int>) -> Int {
            var low = 0, high = anchors.count
            while low < high {
                let middle = (low + high) / 2
                if anchors[middle][keyPath: anchor] < index { low = middle + 1 } else { high = middle }
            }
            return low
        }

        // Shared texts, stretch by stretch and list by list.
        struct Place: Hashable {
            var stretch: Int
            var text: String
            var list: [String]
        }
        var groups: [Place: (base: [Int], side: [Int])] = [:]
        var order: [Place] = []
        for (i, task) in base.enumerated() where baseToSide[i] == nil && isShared(task.matchText) {
            let place = Place(stretch: stretch(i, \.base), text: task.matchText, list: task.list)
            if groups[place] == nil { order.append(place) }
            groups[place, default: ([], [])].base.append(i)
        }
        var joined = [Int](repeating: 0, count: side.count)
        for (j, task) in side.enumerated() where sideToBase[j] == nil {
            let at = stretch(j, \.side)
            if isShared(task.matchText) {
                let place = Place(stretch: at, text: task.matchText, list: task.list)
                if groups[place] == nil { order.append(place) }
                groups[place, default: ([], [])].side.append(j)
                joined[j] += 1
                continue
            }
            // A task reworded in its place joins the shared text it was reworded from.
            for place in order where place.stretch == at && place.list == task.list {
                guard let first = groups[place]?.base.first, TaskMatcher.isSimilar(base[first], task) else { continue }
                groups[place]!.side.append(j)
                joined[j] += 1
            }
        }
        var grouped = Set<Int>()
        for place in order {
            let group = groups[place]!
            grouped.formUnion(group.side)
            guard !group.base.isEmpty, group.base.count == group.side.count, group.side.allSatisfy({ joined[$0] == 1 }),
                  let pairs = Self.pairInOrder(group.base.map { base[$0].lines }, group.side.sorted().map { side[$0].lines }) else { continue }
            let sideInOrder = group.side.sorted()
            for (b, s) in pairs { pair(group.base[b], sideInOrder[s]) }
        }

        // The rest by similar text.
        let leftBase = base.indices.filter { baseToSide[$0] == nil && !isShared(base[$0].matchText) }
        let leftSide = side.indices.filter { sideToBase[$0] == nil && !grouped.contains($0) }
        for (k, match) in TaskMatcher.match(base: leftBase.map { base[$0] }, other: leftSide.map { side[$0] }).enumerated() {
            if let match { pair(leftBase[match], leftSide[k]) }
        }

        self.sideToBase = sideToBase
        self.uncertain = Self.uncertainGroups(base: base, side: side,
                                              leftBase: base.indices.filter { baseToSide[$0] == nil },
                                              leftSide: side.indices.filter { sideToBase[$0] == nil })
    }

    /// Pairs of positions (base, side) pairing two equally long lists of tasks' lines: the same lines with the
    /// same lines, in order, then the rest in order; nil when some lines occur more often on one side.
    private static func pairInOrder(_ base: [[Line]], _ side: [[Line]]) -> [(Int, Int)]? {
        var positions: [[Line]: (base: [Int], side: [Int])] = [:]
        for (k, lines) in base.enumerated() { positions[lines, default: ([], [])].base.append(k) }
        for (k, lines) in side.enumerated() { positions[lines, default: ([], [])].side.append(k) }
        var pairs: [(Int, Int)] = []
        var pairedBase = Set<Int>(), pairedSide = Set<Int>()
        for (_, found) in positions where !found.base.isEmpty && !found.side.isEmpty {
            guard found.base.count == found.side.count else { return nil }
            pairs += zip(found.base, found.side).map { ($0, $1) }
            pairedBase.formUnion(found.base)
            pairedSide.formUnion(found.side)
        }
        pairs += zip(base.indices.filter { !pairedBase.contains($0) }, side.indices.filter { !pairedSide.contains($0) }).map { ($0, $1) }
        return pairs
    }

    /// The tasks left unpaired that may be one another, as groups (connected by "may be").
    private static func uncertainGroups(base: [TaskVersion], side: [TaskVersion], leftBase: [Int], leftSide: [Int]) -> [(base: [Int], side: [Int])] {
        guard !leftBase.isEmpty, !leftSide.isEmpty else { return [] }
        // Too many to compare: any of them may be any other.
        guard leftBase.count * leftSide.count <= 4_000_000 else { return [(leftBase, leftSide)] }
        // Union–find over base tasks (0..<leftBase.count) and side tasks (after them).
        var parent = Array(0..<(leftBase.count + leftSide.count))
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        var related = [Bool](repeating: false, count: parent.count)
        let baseBigrams = leftBase.map { Bigrams(base[$0].matchText) }
        let baseWords = leftBase.map { base[$0].matchText.split(separator: " ") }
        for (s, j) in leftSide.enumerated() {
            let bigrams = Bigrams(side[j].matchText), words = side[j].matchText.split(separator: " ")
            for (b, i) in leftBase.enumerated() {
                let maybe = base[i].matchText == side[j].matchText || baseBigrams[b].similarity(to: bigrams) >= TaskMatcher.similarEnough
                    || (!words.isEmpty && !baseWords[b].isEmpty && (words.isSubsequence(of: baseWords[b]) || baseWords[b].isSubsequence(of: words)))
                guard maybe else { continue }
                parent[root(b)] = root(leftBase.count + s)
                related[b] = true
                related[leftBase.count + s] = true
            }
        }
        var groups: [Int: (base: [Int], side: [Int])] = [:]
        for (b, i) in leftBase.enumerated() where related[b] { groups[root(b), default: ([], [])].base.append(i) }
        for (s, j) in leftSide.enumerated() where related[leftBase.count + s] { groups[root(leftBase.count + s), default: ([], [])].side.append(j) }
        return groups.values.sorted { $0.base[0] < $1.base[0] }
    }

    /// The positions of a longest strictly increasing subsequence of `values` (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (k, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[k] = tails[low - 1] }
            if low == tails.count { tails.append(k) } else { tails[low] = k }
        }
        var run: [Int] = []
        var k = tails.last ?? -1
        while k >= 0 {
            run.append(k)
            k = previous[k]
        }
        return run.reversed()
    }
}
