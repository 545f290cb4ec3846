/// A unified diff of two texts, line by line (Myers' algorithm), as `diff -u` prints it.
enum UnifiedDiff {
    static func render(old: String, new: String, oldLabel: String, newLabel: String, context: Int = 3) -> String {
        let a = splitKeepingEndings(old), b = splitKeepingEndings(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var out = "--- \(oldLabel)\n+++ \(newLabel)\n"
        var i = 0
        while i < script.count {
            guard script[i].kind != .same else { i += 1; continue }
            var start = i
            var back = 0
            while start > 0, back < context, script[start - 1].kind == .same { start -= 1; back += 1 }
            var end = i
            var run = 0
            while end < script.count {
                if script[end].kind == .same {
                    run += 1
                    if run > 2 * context { break }
                } else {
                    run = 0
                }
                end += 1
            }
            end -= max(0, run - context)
            let hunk = script[start..<end]
            let oldStart = (hunk.first?.oldIndex ?? 0), newStart = (hunk.first?.newIndex ?? 0)
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in hunk {
                let (sign, line) = edit.kind == .insert ? ("+", b[edit.newIndex]) : (edit.kind == .delete ? "-" : " ", a[edit.oldIndex])
                out += sign + line
                if !line.hasSuffix("\n") { out += "\n\\ No newline at end of file\n" }
            }
            i = end
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }

    private static func splitKeepingEndings(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// The shortest edit script from `a` to `b` (Myers 1986), as a list of same/delete/insert steps.
    static func editScript(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count, m = b.count, max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        outer: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? v[max + k + 1] : v[max + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[max + k] = x
                if x >= n, y >= m { break outer }
            }
        }
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[max + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                edits.append(Edit(kind: .same, oldIndex: x, newIndex: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(Edit(kind: .insert, oldIndex: x, newIndex: y))
                } else {
                    x -= 1
                    edits.append(Edit(kind: .delete, oldIndex: x, newIndex: y))
                }
            }
        }
        return edits.reversed()
    }
}
