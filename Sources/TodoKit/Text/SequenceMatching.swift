/// The longest common subsequence of two sequences, as pairs of matched positions (Myers' O(ND) algorithm): the
/// one diff beneath every other. The merge compares lines, task identities and description words with it,
/// `LineDiff` an editor's lines between unique anchors, and the formatter's `--diff` the lines of a file;
/// elements are first interned as integers so comparisons are cheap whatever the element is.
package enum SequenceMatching {
    /// Index pairs `(i, j)` with `a[i] == b[j]`, increasing in both, forming a longest common subsequence.
    static func matches<Element: Hashable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        var interner = Interner<Element>()
        return matches(ids: a.map { interner.id($0) }, b.map { interner.id($0) })
    }

    /// Index pairs `(i, j)` with `a[i] == b[j]`, increasing in both: a longest common subsequence when the two
    /// differ in at most `searchLimit` elements past their common head and tail, else the head and the tail
    /// alone (the search's memory grows with the square of the difference, and what lies between is then one
    /// replacement: a correct diff, only not the shortest).
    package static func matches(ids a: [Int], _ b: [Int], searchLimit: Int = .max) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var pairs: [(Int, Int)] = (0..<prefix).map { ($0, $0) }
        pairs += myers(a[prefix..<(a.count - suffix)], b[prefix..<(b.count - suffix)], searchLimit: searchLimit) ?? []
        for k in 0..<suffix { pairs.append((a.count - suffix + k, b.count - suffix + k)) }
        return pairs
    }

    /// Myers' greedy search, keeping for each step d only the 2d+1 furthest-reaching paths to walk the path back;
    /// the matched pairs, by the slices' indices, or nil past `searchLimit` steps.
    private static func myers(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>, searchLimit: Int) -> [(Int, Int)]? {
        let n = a.count, m = b.count, a0 = a.startIndex, b0 = b.startIndex
        guard n > 0, m > 0 else { return [] }
        // snapshots[d][k + d] is the furthest x reached on diagonal k after d steps.
        var snapshots: [[Int32]] = []
        func furthest(_ d: Int, _ k: Int) -> Int { d < 0 ? 0 : Int(snapshots[d][k + d]) }
        func down(_ d: Int, _ k: Int) -> Bool { k == -d || (k != d && furthest(d - 1, k - 1) < furthest(d - 1, k + 1)) }
        var found = -1
        search: for d in 0...min(n + m, searchLimit) {
            var row = [Int32](repeating: 0, count: 2 * d + 1)
            for k in stride(from: -d, through: d, by: 2) {
                var x = d == 0 ? 0 : down(d, k) ? furthest(d - 1, k + 1) : furthest(d - 1, k - 1) + 1
                var y = x - k
                while x < n, y < m, a[a0 + x] == b[b0 + y] { x += 1; y += 1 }
                row[k + d] = Int32(x)
                if x >= n, y >= m {
                    snapshots.append(row)
                    found = d
                    break search
                }
            }
            snapshots.append(row)
        }
        guard found >= 0 else { return nil }
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: found, through: 0, by: -1) {
            let k = x - y
            var previousX = 0, previousY = 0
            if d > 0 {
                let previousK = down(d, k) ? k + 1 : k - 1
                previousX = furthest(d - 1, previousK)
                previousY = previousX - previousK
            }
            // The diagonal run back to where step d began, then the step itself.
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                pairs.append((a0 + x, b0 + y))
            }
            if d > 0 {
                if x == previousX { y -= 1 } else { x -= 1 }
            }
        }
        return pairs.reversed()
    }
}

/// Gives equal elements the same small integer, so sequences compare as integers.
struct Interner<Element: Hashable> {
    private var ids: [Element: Int] = [:]

    mutating func id(_ element: Element) -> Int {
        if let id = ids[element] { return id }
        let id = ids.count
        ids[element] = id
        return id
    }
}
