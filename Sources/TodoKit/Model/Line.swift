/// One physical line of a todo file: its text exactly as written, and how it ended.
public struct Line: Sendable, Hashable {
    /// The line's bytes without the line ending (and, for the first line, without a byte order mark).
    public var text: String
    public var ending: LineEnding

    public init(_ text: String, ending: LineEnding = .lf) {
        self.text = text
        self.ending = ending
    }

    /// Whether the line holds only spaces and tabs, or nothing.
    public var isBlank: Bool {
        text.utf8.allSatisfy { $0 == .space || $0 == .tab }
    }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}
