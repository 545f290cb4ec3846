import TodoKit

/// How a position's `character` counts: UTF-16 code units, as the protocol requires by default, UTF-8 bytes or
/// Unicode code points (UTF-32) when the client offers them (`general.positionEncodings`).
enum PositionEncoding: String, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding to use with a client that offers `offered` (in its order of preference): the first it
    /// offers, UTF-16 when it offers none the server knows.
    static func negotiated(_ offered: [String]) -> PositionEncoding {
        offered.lazy.compactMap { PositionEncoding(rawValue: $0.lowercased()) }.first ?? .utf16
    }

    /// How many units a character of `width` UTF-8 bytes counts.
    func units(ofScalarWidth width: Int) -> Int {
        switch self {
        case .utf8: width
        case .utf16: width == 4 ? 2 : 1
        case .utf32: 1
        }
    }
}

/// A protocol position: 0-based line and character.
struct Position: Equatable {
    var line: Int
    var character: Int

    var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

}

extension Position: ParamsDecodable {
    init(_ field: JSONField) throws(ResponseError) {
        let line = try field["line"].int(), character = try field["character"].int()
        guard line >= 0, character >= 0 else { throw field.invalid("is negative (\(line):\(character))") }
        self.init(line: line, character: character)
    }
}

/// A protocol range: from `start` up to `end`.
struct PositionRange: ParamsDecodable {
    var start: Position
    var end: Position

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init(_ field: JSONField) throws(ResponseError) {
        start = try field["start"].decode()
        end = try field["end"].decode()
    }

    var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }
}

/// Converts between a text's UTF-8 offsets and protocol positions in one encoding. The client counts lines
/// as the text's lines (LF, CRLF or CR end one), the first one from the very start of the text (a byte
/// order mark, if the client kept one, is a character of it).
struct TextPositions {
    let text: String
    let lines: Lines
    let encoding: PositionEncoding

    /// How many lines the client sees: one more when the text ends with a line break (or is empty).
    var lineCount: Int { lines.count + (lines.last?.ending == LineEnding.none ? 0 : 1) }

    /// Where line `line` starts: 0 for the first.
    func lineStart(_ line: Int) -> Int {
        line == 0 ? 0 : line < lines.count ? lines.range(line).lowerBound : text.utf8.count
    }

    /// Where line `line`'s text ends, before its line break.
    func contentEnd(_ line: Int) -> Int { line < lines.count ? lines.range(line).upperBound : text.utf8.count }

    /// The UTF-8 offset of `position`; a character past the end of its line means the line's end (as the
    /// protocol says), a line past the last is an error.
    func offset(of position: Position) throws(ResponseError) -> Int {
        guard position.line < lineCount else {
            throw .invalidParams("line \(position.line) is past the end of the document (it has \(lineCount) line\(lineCount == 1 ? "" : "s"))")
        }
        return offset(inLine: position.line, units: position.character)
    }

    /// The UTF-8 offset of `position`, a line past the last meaning the end of the text.
    func clampedOffset(of position: Position) -> Int {
        position.line < lineCount ? offset(inLine: position.line, units: position.character) : text.utf8.count
    }

    private func offset(inLine line: Int, units: Int) -> Int {
        let end = contentEnd(line)
        var i = lineStart(line), counted = 0
        let text = self.text
        let bytes = text.utf8.span
        while i < end {
            let width = Self.scalarWidth(bytes[i])
            let size = encoding.units(ofScalarWidth: width)
            if counted + size > units { break }
            counted += size
            i += width
        }
        return min(i, end)
    }

    /// The position of UTF-8 offset `offset` (clamped to the text).
    func position(of offset: Int) -> Position {
        let offset = max(0, min(offset, text.utf8.count))
        var low = 0, high = lineCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStart(mid) <= offset { low = mid } else { high = mid - 1 }
        }
        return Position(line: low, character: units(from: lineStart(low), to: min(offset, contentEnd(low))))
    }

    /// The position of `offset`, which starts a line or ends the text, as character 0 of a line: the end of a
    /// text whose last line has no line break is the start of the line after it.
    func lineStartPosition(_ offset: Int) -> Position {
        guard offset >= text.utf8.count, !text.isEmpty else { return position(of: offset) }
        return Position(line: lines.count, character: 0)
    }

    /// How many units the bytes between two offsets of one line take.
    func units(from start: Int, to end: Int) -> Int {
        if encoding == .utf8 { return end - start }
        let text = self.text
        let bytes = text.utf8.span
        var count = 0, i = start
        while i < end {
            let width = Self.scalarWidth(bytes[i])
            count += encoding.units(ofScalarWidth: width)
            i += width
        }
        return count
    }

    /// The UTF-8 offset of a TodoKit position: 1-based line, 1-based byte column counted as `Document` counts
    /// it (after a byte order mark), clamped to the line.
    func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lines.count else { return text.utf8.count }
        let range = lines.range(line - 1)
        return min(range.lowerBound + max(0, column - 1), range.upperBound)
    }

    /// The 1-based line and column TodoKit counts for a UTF-8 offset (within a line's text).
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let position = position(of: offset)
        guard position.line < lines.count else { return (lines.count + 1, 1) }
        return (position.line + 1, offset - lines.range(position.line).lowerBound + 1)
    }

    /// A protocol range from UTF-8 offsets.
    func range(_ offsets: Range<Int>) -> JSONValue {
        .object([("start", position(of: offsets.lowerBound).json), ("end", position(of: offsets.upperBound).json)])
    }

    /// The UTF-8 offsets of a protocol range; an end before the start, or a line past the last, is an error.
    func offsets(of range: PositionRange) throws(ResponseError) -> Range<Int> {
        let start = try offset(of: range.start), end = try offset(of: range.end)
        guard start <= end else { throw .invalidParams("a range whose end comes before its start") }
        return start..<end
    }

    /// The UTF-8 offsets of a protocol range, a line past the last meaning the end of the text.
    func clampedOffsets(of range: PositionRange) -> Range<Int> {
        let start = clampedOffset(of: range.start), end = clampedOffset(of: range.end)
        return min(start, end)..<max(start, end)
    }

    private static func scalarWidth(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }
}
