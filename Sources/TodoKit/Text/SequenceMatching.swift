/// The longest common subsequence of two sequences, as pairs of matched positions (Myers' O(ND) algorithm).
///
/// The merge compares lines, task identities and description words with it; elements are first interned as
/// integers so comparisons are cheap whatever the element is.
enum SequenceMatching {
    /// Index pairs `(i, j)` with `a[i] == b[j]`, increasing in both, forming a longest common subsequence.
    static func matches<Element: Hashable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        var interner = Interner<Element>()
        return matches(ids: a.map { interner.id($0) }, b.map { interner.id($0) })
    }

    static func matches(ids a: [Int], _ b: [Int]) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var pairs: [(Int, Int)] = (0..<prefix).map { ($0, $0) }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        for (i, j) in myers(middleA, middleB) { pairs.append((i + prefix, j + prefix)) }
        for k in 0..<suffix { pairs.append((a.count - suffix + k, b.count - suffix + k)) }
        return pairs
    }

    /// Myers' greedy shortest edit script, keeping each round's frontier to walk the path back.
    private static func myers(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        let max = n + m
        let offset = max + 1
        var v = [Int](repeating: 0, count: 2 * max + 3)
        var trace: [[Int]] = []
        var found = false
        for d in 0...max {
            trace.append(v)
            var k = -d
            while k <= d {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { found = true; break }
                k += 2
            }
            if found { break }
        }
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let frontier = trace[d]
            let k = x - y
            let previousK: Int
            if d == 0 {
                previousK = 0
            } else if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : frontier[offset + previousK]
            let previousY = previousX - previousK
            let startX = d == 0 ? 0 : (previousK == k + 1 ? previousX : previousX + 1)
            while x > startX, y > startX - k, x > 0, y > 0 {
                x -= 1; y -= 1
                pairs.append((x, y))
            }
            x = previousX
            y = previousY
            if d == 0 { break }
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
