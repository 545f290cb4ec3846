/// A unified diff of two texts, line by line (Myers' algorithm), as `diff -u` prints it.
///
/// Lines are compared as UTF-8 bytes, each interned to a number first; the common head and tail are
/// skipped before the search. When the texts differ in so many lines that the shortest edit script would
/// cost too much memory (a sort of a large file), the rest is printed as one replacement: still a correct
/// diff, only not the shortest.
enum UnifiedDiff {
    /// The largest number of differing lines the shortest-script search takes on (its memory grows with the square).
    static let searchLimit = 2_000

    static func render(old: String, new: String, oldLabel: String, newLabel: String, context: Int = 3) -> String {
        let oldBytes = Array(old.utf8), newBytes = Array(new.utf8)
        let a = lines(oldBytes), b = lines(newBytes)
        var numbers: [ArraySlice<UInt8>: Int32] = [:]
        func intern(_ bytes: [UInt8], _ lines: [Range<Int>]) -> [Int32] {
            lines.map { range in
                let key = bytes[range]
                if let known = numbers[key] { return known }
                let number = Int32(numbers.count)
                numbers[key] = number
                return number
            }
        }
        let script = editScript(intern(oldBytes, a), intern(newBytes, b))
        guard script.contains(where: { $0.kind != .same }) else { return "" }

        var out: [UInt8] = []
        out.append(contentsOf: "--- \(oldLabel)\n+++ \(newLabel)\n".utf8)
        var i = 0
        while i < script.count {
            guard script[i].kind != .same else { i += 1; continue }
            var start = i
            while start > 0, i - start < context, script[start - 1].kind == .same { start -= 1 }
            var end = i, run = 0
            // Extend the hunk until more than twice the context of unchanged lines follows its last change.
            while end < script.count, run <= 2 * context {
                run = script[end].kind == .same ? run + 1 : 0
                end += 1
            }
            end -= max(0, run - context)
            let hunk = script[start..<end]
            let oldCount = hunk.count { $0.kind != .insert }, newCount = hunk.count { $0.kind != .delete }
            out.append(contentsOf: "@@ -\(range(hunk.first!.oldIndex, oldCount)) +\(range(hunk.first!.newIndex, newCount)) @@\n".utf8)
            for edit in hunk {
                let (sign, line): (UInt8, ArraySlice<UInt8>) = switch edit.kind {
                case .insert: (UInt8(ascii: "+"), newBytes[b[edit.newIndex]])
                case .delete: (UInt8(ascii: "-"), oldBytes[a[edit.oldIndex]])
                case .same: (UInt8(ascii: " "), oldBytes[a[edit.oldIndex]])
                }
                out.append(sign)
                out.append(contentsOf: line)
                if line.last != UInt8(ascii: "\n") { out.append(contentsOf: "\n\\ No newline at end of file\n".utf8) }
            }
            i = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }

    /// The byte ranges of the lines, each with its ending (`\n`, or `\r\n`, which also ends in `\n`).
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(start..<index + 1)
            start = index + 1
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }

    struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// An edit script from `a` to `b` as same/delete/insert steps: the shortest (Myers 1986) when the texts
    /// differ in at most `searchLimit` lines past their common head and tail, else one block replacement.
    static func editScript(_ a: [Int32], _ b: [Int32]) -> [Edit] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var edits: [Edit] = (0..<head).map { Edit(kind: .same, oldIndex: $0, newIndex: $0) }
        let middleA = a[head..<(a.count - tail)], middleB = b[head..<(b.count - tail)]
        if let middle = shortestScript(middleA, middleB) {
            edits += middle
        } else {
            edits += middleA.indices.map { Edit(kind: .delete, oldIndex: $0, newIndex: middleB.startIndex) }
            edits += middleB.indices.map { Edit(kind: .insert, oldIndex: middleA.endIndex, newIndex: $0) }
        }
        edits += (0..<tail).map { Edit(kind: .same, oldIndex: a.count - tail + $0, newIndex: b.count - tail + $0) }
        return edits
    }

    /// Myers' greedy search, keeping for each step d only the 2d+1 furthest-reaching paths; nil past the limit.
    private static func shortestScript(_ a: ArraySlice<Int32>, _ b: ArraySlice<Int32>) -> [Edit]? {
        let n = a.count, m = b.count, a0 = a.startIndex, b0 = b.startIndex
        if n == 0 || m == 0 {
            return a.indices.map { Edit(kind: .delete, oldIndex: $0, newIndex: b0) }
                + b.indices.map { Edit(kind: .insert, oldIndex: a0, newIndex: $0) }
        }
        // snapshots[d][k + d] is the furthest x reached on diagonal k after d steps.
        var snapshots: [[Int32]] = []
        func furthest(_ d: Int, _ k: Int) -> Int { d < 0 ? 0 : Int(snapshots[d][k + d]) }
        var found = -1
        search: for d in 0...min(n + m, searchLimit) {
            var row = [Int32](repeating: 0, count: 2 * d + 1)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && furthest(d - 1, k - 1) < furthest(d - 1, k + 1)))
                    ? furthest(d - 1, k + 1) : furthest(d - 1, k - 1) + 1
                if d == 0 { x = 0 }
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
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: found, through: 0, by: -1) {
            let k = x - y
            var previousX = 0, previousY = 0
            if d > 0 {
                let down = k == -d || (k != d && furthest(d - 1, k - 1) < furthest(d - 1, k + 1))
                let previousK = down ? k + 1 : k - 1
                previousX = furthest(d - 1, previousK)
                previousY = previousX - previousK
            }
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                edits.append(Edit(kind: .same, oldIndex: a0 + x, newIndex: b0 + y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(Edit(kind: .insert, oldIndex: a0 + x, newIndex: b0 + y))
                } else {
                    x -= 1
                    edits.append(Edit(kind: .delete, oldIndex: a0 + x, newIndex: b0 + y))
                }
            }
        }
        return edits.reversed()
    }
}
