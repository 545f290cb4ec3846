/// One physical line of a todo file: its text exactly as written, and how it ended.
package struct Line: Hashable, Sendable, CustomStringConvertible {
    /// The line's bytes without its ending (and, for the first line, without a byte order mark).
    package let text: Substring
    package let ending: LineEnding

    package init(_ text: some StringProtocol, ending: LineEnding = .lf) {
        self.text = Substring(text)
        self.ending = ending
    }

    /// The same text with another ending.
    func with(ending: LineEnding) -> Line { Line(text, ending: ending) }

    /// Whether the line holds only spaces and tabs, or nothing.
    package var isBlank: Bool { text.utf8.allSatisfy { $0 == .space || $0 == .tab } }

    package var description: String { String(text) }

    /// Lines are equal when their bytes and endings are.
    package static func == (lhs: Line, rhs: Line) -> Bool {
        lhs.ending == rhs.ending && lhs.text.hasSameBytes(as: rhs.text)
    }

    package func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
        hasher.combine(ending)
    }
}

extension Array where Element == Line {
    /// The lines joined with their endings, after a byte order mark if asked for: the text they are the lines of.
    func joinedText(byteOrderMark: Bool = false) -> String {
        var buffer = ByteBuffer(capacity: reduce(3) { $0 + $1.text.utf8.count + 2 })
        if byteOrderMark { buffer.append(LineEnding.byteOrderMark) }
        for line in self {
            buffer.append(line.text)
            buffer.append(line.ending)
        }
        return buffer.text
    }
}
