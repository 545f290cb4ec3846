/// A text held as lines (each its bytes and its ending) and a byte order mark: what a document prints,
/// without its structure. Printed and compared piece by piece, without making the whole text.
public struct TextLines: Sendable {
    public let lines: [Line]
    public let hasByteOrderMark: Bool
    /// The text the lines were split from, when they were (the lines share its storage).
    let source: String?

    public init(lines: [Line], hasByteOrderMark: Bool) {
        self.init(lines: lines, hasByteOrderMark: hasByteOrderMark, source: nil)
    }

    init(lines: [Line], hasByteOrderMark: Bool, source: String?) {
        self.lines = lines
        self.hasByteOrderMark = hasByteOrderMark
        self.source = source
    }

    /// The byte order mark, then every line and its ending.
    public var text: String {
        // Lines and the byte order mark cannot change after reading, so lines split from a text print it.
        if let source { return source }
        let size = utf8Count
        guard size > 0 else { return "" }
        return String(unsafeUninitializedCapacity: size) { buffer in
            var at = 0
            writeUTF8 { chunk in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[at..<(at + chunk.count)]).initialize(from: chunk)
                at += chunk.count
            }
            return at
        }
    }

    /// The number of UTF-8 bytes of `text`.
    public var utf8Count: Int {
        if let source { return source.utf8.count }
        var size = hasByteOrderMark ? 3 : 0
        for line in lines { size += line.utf8Count + line.ending.utf8Count }
        return size
    }

    /// Calls `write` with the bytes of `text`, in order, in pieces (a line, its ending), without making `text`:
    /// for printing a large text without holding it twice.
    public func writeUTF8(_ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        forEachUTF8Piece { piece in
            write(piece)
            return true
        }
    }

    /// `writeUTF8`, stopping as soon as `body` returns false (as a comparison that found a difference does).
    func forEachUTF8Piece(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        if let source {
            _ = source.withUTF8Bytes(body)
            return
        }
        if hasByteOrderMark, !LineEnding.byteOrderMark.withUnsafeBufferPointer(body) { return }
        // Lines that follow each other in a shared storage, their endings between them, go out as one piece.
        LineBytes.withCommonStorage(of: lines) { all, isShared, lines in
            var runStart = 0, runEnd = 0
            func flush() -> Bool {
                defer { runStart = runEnd }
                return runEnd <= runStart || body(UnsafeBufferPointer(rebasing: all[runStart..<runEnd]))
            }
            // Each line is read in place: a copy of it would take and let go of its string.
            for i in lines.indices {
                let ending = lines[i].ending
                guard isShared(i) else {
                    guard flush(), lines[i].withUTF8Bytes(body) else { return }
                    if ending != .none, !ending.bytes.withUnsafeBufferPointer(body) { return }
                    continue
                }
                let start = Int(lines[i].start), end = start + Int(lines[i].count)
                if start != runEnd {
                    guard flush() else { return }
                    runStart = start
                }
                runEnd = end
                if ending.isWritten(in: all, at: end) {
                    runEnd += ending.utf8Count
                } else if ending != .none {
                    guard flush(), ending.bytes.withUnsafeBufferPointer(body) else { return }
                }
            }
            _ = flush()
        }
    }

    /// Whether `text` is `other`, byte for byte, found without making `text`.
    public func hasText(_ other: String) -> Bool {
        other.withUTF8Bytes { expected in
            guard utf8Count == expected.count else { return false }
            var at = 0
            var same = true
            forEachUTF8Piece { piece in
                same = ByteScan.equal(piece, UnsafeBufferPointer(rebasing: expected[at..<(at + piece.count)]))
                at += piece.count
                return same
            }
            return same
        }
    }

    /// Whether splitting `text` gives `lines` and `hasByteOrderMark` again: no line holds a line break, only
    /// the last line lacks an ending, and so on. Reading lines depends on nothing but the lines, so lines that
    /// split back read as their text does.
    var splitsBackIntoItsLines: Bool {
        if source != nil { return true }
        return LineBytes.withCommonStorage(of: lines) { all, isShared, lines in
            for index in lines.indices {
                let line = lines[index]
                let isLast = index == lines.count - 1
                if line.ending == .none, !isLast || line.count == 0 { return false }
                // A CR followed by an empty line ending in LF would read as one CRLF.
                if line.ending == .cr, !isLast, lines[index + 1].count == 0, lines[index + 1].ending == .lf { return false }
                // A part of a larger text was split from it, so it holds no line break; anything else is looked at.
                if isShared(index), line.start > 0 || Int(line.count) < all.count, index > 0 || hasByteOrderMark { continue }
                let clean = line.withUTF8Bytes { b -> Bool in
                    guard let base = b.baseAddress else { return true }
                    if index == 0, !hasByteOrderMark, b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return false }
                    return ByteScan.nextLineBreak(base, from: 0, end: b.count) == b.count
                }
                if !clean { return false }
            }
            return true
        }
    }
}
