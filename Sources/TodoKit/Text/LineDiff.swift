/// The changes between two texts, line by line, as small as an editor wants them: lines that are the same in
/// both are never touched, so the cursor, marks and folds on them stay where they were.
///
/// Lines are matched as a patience diff matches them: lines found once in each text anchor the match, and
/// between anchors the shortest edit script (Myers) finds the rest, while the stretch is small enough for it
/// to be cheap; a larger one is taken as rewritten. Each stretch of changed lines becomes one change of whole
/// lines: it starts where a line starts and ends where a line starts (or at the end of the text), so an editor
/// that counts a line's characters differently from the server (bytes, UTF-16 code units, code points) still
/// applies it exactly: no position inside a line is ever named.
package enum LineDiff {
    /// Stretches with more lines than this (old and new together) are not searched for matches.
    static let searchLimit = 1_000
    /// How deep anchors are looked for within the stretches between anchors.
    static let depthLimit = 8

    /// The changes that turn `old` into `new`, in order of the old text.
    ///
    /// Whole lines at the start and end that both texts share, byte for byte, are set aside first: an edit of
    /// one line of a long file splits and matches only that line.
    package static func changes(from old: String, to new: String) -> [TextChange] {
        let (head, tail) = commonEnds(old, new)
        guard head > 0 || tail > 0 else { return lineChanges(from: old, to: new) }
        let oldBytes = old.utf8, newBytes = new.utf8
        let oldMiddle = Substring(oldBytes[oldBytes.index(oldBytes.startIndex, offsetBy: head)..<oldBytes.index(oldBytes.endIndex, offsetBy: -tail)])
        let newMiddle = Substring(newBytes[newBytes.index(newBytes.startIndex, offsetBy: head)..<newBytes.index(newBytes.endIndex, offsetBy: -tail)])
        return lineChanges(from: String(oldMiddle), to: String(newMiddle)).map {
            TextChange(range: ($0.range.lowerBound + head)..<($0.range.upperBound + head), text: $0.text)
        }
    }

    /// The change that turns `old` into `new` as one replacement of whole lines: the lines between those both
    /// texts start and end with, byte for byte; none when they are the same. What a change that moves lines all
    /// over a text (a sort) answers with: a diff of such texts costs more than it saves, and its many small edits
    /// together weigh more than the text.
    package static func replacement(from old: String, to new: String) -> [TextChange] {
        let (head, tail) = commonEnds(old, new)
        let oldCount = old.utf8.count, newCount = new.utf8.count
        guard head < oldCount || head < newCount else { return [] }
        let text = new.utf8.span.extracting(head..<(newCount - tail))
        return [TextChange(range: head..<(oldCount - tail), text: String(decoding: text.array(0..<text.count), as: UTF8.self))]
    }

    /// The bytes of the whole lines that both texts start with, and of those they end with (each ending with
    /// LF, the tail starting after one), never overlapping. Nothing is set aside where what is left would start
    /// with a byte order mark, which reads differently at the start of a text.
    static func commonEnds(_ old: String, _ new: String) -> (head: Int, tail: Int) {
        let a = old.utf8.span, b = new.utf8.span
        let shorter = min(a.count, b.count)
        var head = a.commonLength(with: b, limit: shorter)
        if head == a.count, head == b.count { return (head, 0) }
        // Back to just after the last LF within the common bytes.
        while head > 0, a[head - 1] != .newline { head -= 1 }
        // The longest common tail shorter than the common bytes whose byte before is an LF, in both texts alike.
        let common = a.commonLength(with: b, fromEnd: true, limit: shorter - head)
        var tail = common - 1
        while tail > 0, a[a.count - tail - 1] != .newline { tail -= 1 }
        tail = max(0, tail)
        func startsWithMark(_ s: Span<UInt8>, _ at: Int) -> Bool {
            at + 3 <= s.count && s[at] == 0xEF && s[at + 1] == 0xBB && s[at + 2] == 0xBF
        }
        if head > 0, startsWithMark(a, head) || startsWithMark(b, head) { return (0, 0) }
        return (head, tail)
    }

    /// `changes`, line by line over the whole texts.
    static func lineChanges(from old: String, to new: String) -> [TextChange] {
        let a = RawLines(old), b = RawLines(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a.same(prefix, as: prefix, in: b) { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a.same(a.count - 1 - suffix, as: b.count - 1 - suffix, in: b) { suffix += 1 }
        var interner = LineInterner(capacity: a.count + b.count - 2 * (prefix + suffix))
        let idsA = (prefix..<(a.count - suffix)).map { interner.id(a, $0) }
        let idsB = (prefix..<(b.count - suffix)).map { interner.id(b, $0) }
        var pairs: [(Int, Int)] = []
        var counts = LineCounts(ids: interner.count)
        match(idsA, 0..<idsA.count, idsB, 0..<idsB.count, depth: 0, into: &pairs, counts: &counts)
        var writer = ChangeWriter(a: a, b: b)
        var i = prefix, j = prefix
        for (x, y) in pairs + [(idsA.count, idsB.count)] {
            writer.hunk(old: i..<(x + prefix), new: j..<(y + prefix))
            (i, j) = (x + prefix + 1, y + prefix + 1)
        }
        return writer.changes
    }

    /// Matched positions of `a[ra]` and `b[rb]`, increasing in both, appended to `pairs` in order.
    private static func match(_ a: [Int], _ ra: Range<Int>, _ b: [Int], _ rb: Range<Int>, depth: Int,
                              into pairs: inout [(Int, Int)], counts: inout LineCounts) {
        var ra = ra, rb = rb
        var tail: [(Int, Int)] = []
        while !ra.isEmpty, !rb.isEmpty, a[ra.lowerBound] == b[rb.lowerBound] {
            pairs.append((ra.lowerBound, rb.lowerBound))
            ra = (ra.lowerBound + 1)..<ra.upperBound
            rb = (rb.lowerBound + 1)..<rb.upperBound
        }
        while !ra.isEmpty, !rb.isEmpty, a[ra.upperBound - 1] == b[rb.upperBound - 1] {
            tail.append((ra.upperBound - 1, rb.upperBound - 1))
            ra = ra.lowerBound..<(ra.upperBound - 1)
            rb = rb.lowerBound..<(rb.upperBound - 1)
        }
        defer { pairs += tail.reversed() }
        guard !ra.isEmpty, !rb.isEmpty else { return }
        let anchors = depth < depthLimit ? uniqueAnchors(a, ra, b, rb, &counts) : []
        if anchors.isEmpty {
            guard ra.count + rb.count <= searchLimit else { return }
            for (x, y) in SequenceMatching.matches(ids: Array(a[ra]), Array(b[rb])) {
                pairs.append((x + ra.lowerBound, y + rb.lowerBound))
            }
            return
        }
        var i = ra.lowerBound, j = rb.lowerBound
        for (x, y) in anchors {
            match(a, i..<x, b, j..<y, depth: depth + 1, into: &pairs, counts: &counts)
            pairs.append((x, y))
            (i, j) = (x + 1, y + 1)
        }
        match(a, i..<ra.upperBound, b, j..<rb.upperBound, depth: depth + 1, into: &pairs, counts: &counts)
    }

    /// The longest increasing run of lines found exactly once in `a[ra]` and once in `b[rb]`.
    private static func uniqueAnchors(_ a: [Int], _ ra: Range<Int>, _ b: [Int], _ rb: Range<Int>,
                                      _ counts: inout LineCounts) -> [(Int, Int)] {
        // For each id: how often in a and in b, and where in b (the last place seen).
        for i in ra { counts.inA[a[i]] += 1 }
        for j in rb {
            counts.inB[b[j]] += 1
            counts.placeInB[b[j]] = j
        }
        let candidates = ra.compactMap { i -> (Int, Int)? in
            counts.inA[a[i]] == 1 && counts.inB[a[i]] == 1 ? (i, counts.placeInB[a[i]]) : nil
        }
        for i in ra { counts.inA[a[i]] = 0 }
        for j in rb { counts.inB[b[j]] = 0 }
        // Patience sorting: the longest subsequence of candidates increasing in j.
        var tops: [Int] = [], previous = [Int](repeating: -1, count: candidates.count)
        for (k, candidate) in candidates.enumerated() {
            var low = 0, high = tops.count
            while low < high {
                let mid = (low + high) / 2
                if candidates[tops[mid]].1 < candidate.1 { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[k] = tops[low - 1] }
            if low == tops.count { tops.append(k) } else { tops[low] = k }
        }
        var result: [(Int, Int)] = []
        var k = tops.last ?? -1
        while k >= 0 {
            result.append(candidates[k])
            k = previous[k]
        }
        return result.reversed()
    }
}

/// A text's lines with their endings, the first with the byte order mark, if any: the bytes a change replaces.
private struct RawLines {
    let text: String
    let lines: Lines

    init(_ text: String) {
        lines = Lines(text)
        self.text = lines.text
    }

    var count: Int { lines.count }

    /// UTF-8 offsets of line `i` with its ending (and, for the first, the byte order mark).
    func range(_ i: Int) -> Range<Int> {
        let range = lines.rangeWithEnding(i)
        return (i == 0 ? 0 : range.lowerBound)..<range.upperBound
    }

    /// Offset where line `i` starts, or the end of the text for `i == count`.
    func start(_ i: Int) -> Int { i < count ? range(i).lowerBound : text.utf8.count }

    func same(_ i: Int, as j: Int, in other: RawLines) -> Bool {
        let mine = text, theirs = other.text
        return mine.utf8.span.extracting(range(i)).equals(theirs.utf8.span.extracting(other.range(j)))
    }
}

/// How often each line id occurs in the stretches being matched, and where in the new text: by id, so that
/// finding anchors takes no hashing. Every count is back at zero between searches.
private struct LineCounts {
    var inA: [Int]
    var inB: [Int]
    var placeInB: [Int]

    init(ids: Int) {
        inA = [Int](repeating: 0, count: ids)
        inB = inA
        placeInB = inA
    }
}

/// Gives lines with the same bytes the same small integer, so the lines compare as integers: by their
/// fingerprint, checked against the bytes of the first line that had it (a line whose fingerprint another
/// line's bytes already hold gets an id of its own, and merely matches nothing).
private struct LineInterner {
    private var ids: [UInt64: Int] = [:]
    private var first: [(lines: RawLines, index: Int)] = []

    init(capacity: Int) {
        ids.reserveCapacity(capacity)
    }

    /// How many ids have been given.
    var count: Int { first.count }

    mutating func id(_ lines: RawLines, _ index: Int) -> Int {
        let text = lines.text
        let bytes = text.utf8.span.extracting(lines.range(index))
        let hash = bytes.fingerprint
        if let id = ids[hash] {
            let seen = first[id]
            let seenText = seen.lines.text
            if seenText.utf8.span.extracting(seen.lines.range(seen.index)).equals(bytes) { return id }
            first.append((lines, index))
            return first.count - 1
        }
        first.append((lines, index))
        ids[hash] = first.count - 1
        return first.count - 1
    }
}

/// Turns each stretch of unmatched lines into one change of whole lines: the old lines' bytes (with their
/// endings) replaced by the new lines'.
private struct ChangeWriter {
    let a: RawLines
    let b: RawLines
    private(set) var changes: [TextChange] = []

    init(a: RawLines, b: RawLines) {
        self.a = a
        self.b = b
    }

    mutating func hunk(old: Range<Int>, new: Range<Int>) {
        guard !old.isEmpty || !new.isEmpty else { return }
        let newBytes = b.start(new.lowerBound)..<b.start(new.upperBound)
        let text = b.text.utf8.span.extracting(newBytes).array(0..<newBytes.count)
        changes.append(TextChange(range: a.start(old.lowerBound)..<a.start(old.upperBound), text: String(decoding: text, as: UTF8.self)))
    }
}
