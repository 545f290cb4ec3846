/// Finds which task of one version is which task of another, by an identity that survives edits.
///
/// Tasks are paired in three rounds; each round only considers tasks left unpaired by the ones before:
/// 1. the same description (tags included): a task whose checkbox, priority, dates or notes changed;
/// 2. the same text without `key:value` tags: a task whose due date or other tags changed;
/// 3. similar text: the Sørensen–Dice coefficient of the two texts' character bigrams (lowercased, tags
///    left out) must be at least 0.5, so "Buy milk" still matches "Buy oat milk" (0.78) but not
///    "Buy stamps" (0.38). Each candidate pair scores its similarity, plus 0.2 when both tasks are in the
///    same list (heading path), so an edited task that stayed in its list wins over a look-alike elsewhere;
/// 4. in the same list, one text's words all in the other, in order: a short task that had words added or
///    removed ("Call mom" and "Call mom about Sunday lunch", whose similarity is only 0.42).
///
/// Within a round the best-scoring pairs are taken first; among equals (and in round 4), the pair whose
/// relative positions (index over count) are closest, then the earlier one. In rounds 1 and 2 equal scores only differ by list,
/// so identical texts pair up in order, same list first.
enum TaskMatcher {
    /// The least Dice coefficient at which two texts are similar (round 3).
    static let similarEnough = 0.5

    /// Whether `other` may be `base` reworded, by round 3 or round 4.
    static func isSimilar(_ base: TaskVersion, _ other: TaskVersion) -> Bool {
        if Bigrams(base.matchText).similarity(to: Bigrams(other.matchText)) >= similarEnough { return true }
        guard base.list == other.list else { return false }
        let a = base.matchText.split(separator: " "), b = other.matchText.split(separator: " ")
        let (shorter, longer) = a.count <= b.count ? (a, b) : (b, a)
        return !shorter.isEmpty && shorter.isSubsequence(of: longer)
    }

    /// For each task of `other`, the index of the task of `base` it is, or nil for a task `other` added.
    static func match(base: [TaskVersion], other: [TaskVersion]) -> [Int?] {
        var baseToOther = [Int?](repeating: nil, count: base.count)
        var otherToBase = [Int?](repeating: nil, count: other.count)

        func pairExactly(key: (TaskVersion) -> String) {
            var waiting: [String: [Int]] = [:]
            for (i, task) in base.enumerated() where baseToOther[i] == nil { waiting[key(task), default: []].append(i) }
            // Same list first, then any list; both in document order.
            for sameListOnly in [true, false] {
                for (j, task) in other.enumerated() where otherToBase[j] == nil {
                    guard var candidates = waiting[key(task)], !candidates.isEmpty else { continue }
                    let position = sameListOnly ? candidates.firstIndex { base[$0].list == task.list } : candidates.indices.first
                    guard let position else { continue }
                    let i = candidates.remove(at: position)
                    waiting[key(task)] = candidates
                    baseToOther[i] = j
                    otherToBase[j] = i
                }
            }
        }
        pairExactly { $0.description.text }
        pairExactly { $0.matchText }

        var freeBase = base.indices.filter { baseToOther[$0] == nil }
        var freeOther = other.indices.filter { otherToBase[$0] == nil }
        guard !freeBase.isEmpty, !freeOther.isEmpty, freeBase.count * freeOther.count <= 4_000_000 else { return otherToBase }
        let baseBigrams = freeBase.map { Bigrams(base[$0].matchText) }
        var candidates: [(score: Double, distance: Double, base: Int, other: Int)] = []
        for j in freeOther {
            let bigrams = Bigrams(other[j].matchText)
            for (ii, i) in freeBase.enumerated() {
                let similarity = baseBigrams[ii].similarity(to: bigrams)
                guard similarity >= similarEnough else { continue }
                let score = similarity + (base[i].list == other[j].list ? 0.2 : 0)
                let distance = abs(Double(i) / Double(base.count) - Double(j) / Double(other.count))
                candidates.append((score, distance, i, j))
            }
        }
        candidates.sort {
            ($0.score, -$0.distance, -$0.base, -$0.other) > ($1.score, -$1.distance, -$1.base, -$1.other)
        }
        for candidate in candidates where baseToOther[candidate.base] == nil && otherToBase[candidate.other] == nil {
            baseToOther[candidate.base] = candidate.other
            otherToBase[candidate.other] = candidate.base
        }

        freeBase.removeAll { baseToOther[$0] != nil }
        freeOther.removeAll { otherToBase[$0] != nil }
        let baseWords = freeBase.map { base[$0].matchText.split(separator: " ") }
        var contained: [(distance: Double, base: Int, other: Int)] = []
        for j in freeOther {
            let words = other[j].matchText.split(separator: " ")
            for (ii, i) in freeBase.enumerated() where base[i].list == other[j].list {
                let (shorter, longer) = baseWords[ii].count <= words.count ? (baseWords[ii], words) : (words, baseWords[ii])
                guard !shorter.isEmpty, shorter.isSubsequence(of: longer) else { continue }
                contained.append((abs(Double(i) / Double(base.count) - Double(j) / Double(other.count)), i, j))
            }
        }
        contained.sort { ($0.distance, $0.base, $0.other) < ($1.distance, $1.base, $1.other) }
        for candidate in contained where baseToOther[candidate.base] == nil && otherToBase[candidate.other] == nil {
            baseToOther[candidate.base] = candidate.other
            otherToBase[candidate.other] = candidate.base
        }
        return otherToBase
    }
}

extension Array where Element == Substring {
    /// Whether every element appears in `other`, in the same order (others may come between).
    func isSubsequence(of other: [Substring]) -> Bool {
        var remaining = other[...]
        for word in self {
            guard let found = remaining.firstIndex(of: word) else { return false }
            remaining = remaining[(found + 1)...]
        }
        return true
    }
}

/// The multiset of adjacent character pairs of a text, for the Dice coefficient.
struct Bigrams {
    private var counts: [UInt64: Int] = [:]
    private var total = 0

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2 else {
            if let only = scalars.first { counts[UInt64(only.value)] = 1; total = 1 }
            return
        }
        for k in 0..<(scalars.count - 1) {
            counts[UInt64(scalars[k].value) << 32 | UInt64(scalars[k + 1].value), default: 0] += 1
        }
        total = scalars.count - 1
    }

    /// 2·|shared| / (|a| + |b|): 1 for equal texts, 0 for texts with no pair in common.
    func similarity(to other: Bigrams) -> Double {
        guard total + other.total > 0 else { return 1 }
        var shared = 0
        for (pair, count) in counts { shared += min(count, other.counts[pair] ?? 0) }
        return 2 * Double(shared) / Double(total + other.total)
    }
}
