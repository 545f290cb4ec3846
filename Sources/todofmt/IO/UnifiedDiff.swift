import TodoKit

/// A unified diff of two texts, line by line (`SequenceMatching`), as `diff -u` prints it.
///
/// Lines are compared as UTF-8 bytes, each interned to a number first. When the texts differ in so many lines
/// that the shortest edit script would cost too much memory (a sort of a large file), the rest is printed as one
/// replacement: still a correct diff, only not the shortest.
enum UnifiedDiff {
    /// The largest number of differing lines the shortest-script search takes on (its memory grows with the square).
    static let searchLimit = 2_000

    static func render(old: String, new: String, oldLabel: String, newLabel: String, context: Int = 3) -> String {
        let oldBytes = Array(old.utf8), newBytes = Array(new.utf8)
        let a = lines(oldBytes), b = lines(newBytes)
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        func intern(_ bytes: [UInt8], _ lines: [Range<Int>]) -> [Int] {
            lines.map { range in
                let key = bytes[range]
                if let known = numbers[key] { return known }
                let number = numbers.count
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

    /// An edit script from `a` to `b` as same/delete/insert steps, between the matches `SequenceMatching`
    /// finds: the shortest when the texts differ in at most `searchLimit` lines past their common head and tail,
    /// else one block replacement.
    static func editScript(_ a: [Int], _ b: [Int]) -> [Edit] {
        var edits: [Edit] = []
        var i = 0, j = 0
        for (x, y) in SequenceMatching.matches(ids: a, b, searchLimit: searchLimit) + [(a.count, b.count)] {
            edits += (i..<x).map { Edit(kind: .delete, oldIndex: $0, newIndex: j) }
            edits += (j..<y).map { Edit(kind: .insert, oldIndex: x, newIndex: $0) }
            if x < a.count { edits.append(Edit(kind: .same, oldIndex: x, newIndex: y)) }
            (i, j) = (x + 1, y + 1)
        }
        return edits
    }
}
