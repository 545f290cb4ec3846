/// One change to a document's lines: the lines in `range` (0-based indexes into the original lines) are
/// replaced by `lines`. An empty range inserts; empty `lines` deletes. Every line outside the patches of an
/// edit is carried over as it was, byte for byte.
public struct LinePatch: Hashable, Sendable {
    public var range: Range<Int>
    public var lines: [Line]

    public init(range: Range<Int>, lines: [Line]) {
        self.range = range
        self.lines = lines
    }

    public static func insert(_ lines: [Line], at index: Int) -> LinePatch { LinePatch(range: index..<index, lines: lines) }
    public static func replace(_ index: Int, with line: Line) -> LinePatch { LinePatch(range: index..<(index + 1), lines: [line]) }
    public static func delete(_ range: Range<Int>) -> LinePatch { LinePatch(range: range, lines: []) }

    /// Whether the patch rewrites lines one for one (their line numbers stay).
    var isInPlace: Bool { range.count == lines.count }
}

/// Lines after a set of patches, and where every original line went.
struct PatchedLines {
    var lines: [Line]
    /// For each original line (0-based), its new 0-based index, or nil if it was deleted or replaced by a
    /// different number of lines.
    var lineMap: [Int?]
    /// For each patch, in the order given, the 0-based index its first new line landed at.
    var patchStarts: [Int]

    /// Applies non-overlapping patches; at one position, insertions go before a replacement, in the order given.
    init(_ original: Lines, patches: [LinePatch]) throws {
        let order = patches.indices.sorted { a, b in
            let pa = patches[a], pb = patches[b]
            if pa.range.lowerBound != pb.range.lowerBound { return pa.range.lowerBound < pb.range.lowerBound }
            if pa.range.isEmpty != pb.range.isEmpty { return pa.range.isEmpty }
            return a < b
        }
        var lines: [Line] = []
        lines.reserveCapacity(original.count + patches.reduce(0) { $0 + $1.lines.count })
        var lineMap = [Int?](repeating: nil, count: original.count)
        var patchStarts = [Int](repeating: 0, count: patches.count)
        var next = 0
        for index in order {
            let patch = patches[index]
            guard patch.range.lowerBound >= next, patch.range.upperBound <= original.count else {
                throw EditError.unsafeEdit("two changes overlap at line \(patch.range.lowerBound + 1)")
            }
            while next < patch.range.lowerBound {
                lineMap[next] = lines.count
                lines.append(original[next])
                next += 1
            }
            patchStarts[index] = lines.count
            if patch.isInPlace {
                for offset in 0..<patch.range.count { lineMap[patch.range.lowerBound + offset] = lines.count + offset }
            }
            lines.append(contentsOf: patch.lines)
            next = patch.range.upperBound
        }
        while next < original.count {
            lineMap[next] = lines.count
            lines.append(original[next])
            next += 1
        }
        self.lines = lines
        self.lineMap = lineMap
        self.patchStarts = patchStarts
    }
}
