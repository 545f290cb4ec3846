/// A Markdown heading: a list of tasks. Deeper headings are sub-lists of the heading above.
public struct Heading: Hashable, Sendable {
    /// 1-based line of the heading (for a setext heading, its first text line).
    public var line: Int
    /// 1-based last line (for a setext heading, its underline).
    public var endLine: Int
    /// 1 to 6.
    public var level: Int
    /// The heading's text without `#` marks and surrounding spaces.
    public var title: String
    /// The 1-based UTF-8 column where the title starts on the heading's (first) line; for an empty ATX
    /// heading, the column after its `#` marks and spaces.
    package var titleColumn: Int
    /// Titles from the outermost heading down to this one.
    public var path: [String]
    /// Whether the heading is underlined (`===`, `---`) rather than written with `#`.
    public var isSetext: Bool
}
