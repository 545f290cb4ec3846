/// One change to a document's lines: the lines in `range` (0-based indexes into the original lines) are
/// replaced by `lines`. An empty range inserts; empty `lines` deletes. Every line outside the patches of an
/// edit is carried over as it was, byte for byte.
package struct LinePatch: Hashable, Sendable {
    package var range: Range<Int>
    package var lines: [Line]

    package init(range: Range<Int>, lines: [Line]) {
        self.range = range
        self.lines = lines
    }

    package static func insert(_ lines: [Line], at index: Int) -> LinePatch { LinePatch(range: index..<index, lines: lines) }
    package static func replace(_ index: Int, with line: Line) -> LinePatch { LinePatch(range: index..<(index + 1), lines: [line]) }
    package static func delete(_ range: Range<Int>) -> LinePatch { LinePatch(range: range, lines: []) }

    /// Whether the patch rewrites lines one for one (their line numbers stay).
    var isInPlace: Bool { range.count == lines.count }
}

/// The text after a set of patches, and where every original line went.
struct PatchedLines {
    /// The new text, byte order mark and all.
    var text: String
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
        var text = ByteBuffer(capacity: original.text.utf8.count + 256)
        if original.hasByteOrderMark { text.append(LineEnding.byteOrderMark) }
        var lineMap = [Int?](repeating: nil, count: original.count)
        var patchStarts = [Int](repeating: 0, count: patches.count)
        var count = 0, next = 0
        // An empty line ending in LF right after a line ending in a lone CR would read as that CR's LF, so it
        // is written with a CR of its own: still one empty line, as it was.
        var lastEnding = LineEnding.lf
        func put(_ line: Line) {
            text.append(lastEnding == .cr && line.text.isEmpty && line.ending == .lf ? Line("", ending: .cr) : line)
            lastEnding = line.ending
        }
        // The original's lines from `next` up to `end`, carried over byte for byte in one piece.
        func carry(upTo end: Int) {
            guard next < end else { return }
            if lastEnding == .cr, original.range(next).isEmpty, original.ending(next) == .lf {
                put(Line("", ending: .lf))
                lineMap[next] = count
                count += 1
                next += 1
                return carry(upTo: end)
            }
            text.append(original.text, original.rangeWithEnding(next).lowerBound..<original.rangeWithEnding(end - 1).upperBound)
            for line in next..<end {
                lineMap[line] = count
                count += 1
            }
            lastEnding = original.ending(end - 1)
            next = end
        }
        for index in order {
            let patch = patches[index]
            guard patch.range.lowerBound >= next, patch.range.upperBound <= original.count else {
                throw EditError.unsafeEdit("two changes overlap at line \(patch.range.lowerBound + 1)")
            }
            carry(upTo: patch.range.lowerBound)
            patchStarts[index] = count
            if patch.isInPlace {
                for offset in 0..<patch.range.count { lineMap[patch.range.lowerBound + offset] = count + offset }
            }
            for line in patch.lines { put(line) }
            count += patch.lines.count
            next = patch.range.upperBound
        }
        carry(upTo: original.count)
        self.text = text.text
        self.lineMap = lineMap
        self.patchStarts = patchStarts
    }
}
