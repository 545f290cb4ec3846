/// Longest strictly increasing runs (subsequences) of positions.
enum LongestRun {
    /// The length of a longest run.
    static func length(_ values: [Int]) -> Int {
        endingLengths(values).max() ?? 0
    }

    /// The indexes of the values that are in every longest run.
    static func inEvery(_ values: [Int]) -> [Int] {
        let ending = endingLengths(values)
        // Runs starting at each value: the ending lengths of the values negated and reversed.
        let starting = Array(endingLengths(values.reversed().map { -$0 }).reversed())
        let longest = ending.max() ?? 0
        let onSome = values.indices.filter { ending[$0] + starting[$0] - 1 == longest }
        var perLength: [Int: Int] = [:]
        for k in onSome { perLength[ending[k], default: 0] += 1 }
        return onSome.filter { perLength[ending[$0]] == 1 }
    }

    /// For each value, the length of a longest run ending with it (patience sorting).
    private static func endingLengths(_ values: [Int]) -> [Int] {
        var tails: [Int] = []
        return values.map { value in
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
            return low + 1
        }
    }
}
