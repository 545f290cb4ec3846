/// One whitespace-separated word of a task's description, classified by todo.txt's rules.
package struct Token: Hashable, Sendable {
    /// What a token of a task's text is.
    package enum Kind: Hashable, Sendable {
        case word
        /// `+name`
        case project
        /// `@name`
        case context
        /// `key:value`; the key is the bytes before the first colon.
        case tag
    }

    package var kind: Kind
    /// UTF-8 offsets of the token in its task body's text.
    package var range: Range<Int>
    /// For a tag, the UTF-8 length of the key; for a project or context, the length of the name without the
    /// sigil and without trailing punctuation.
    var nameLength: Int

    /// For a project or context, its name without the sigil and trailing `.,;:!?`; for a tag, its key: UTF-8
    /// offsets in the task body's text.
    package var nameRange: Range<Int> {
        switch kind {
        case .project, .context: return (range.lowerBound + 1)..<(range.lowerBound + 1 + nameLength)
        case .tag: return range.lowerBound..<(range.lowerBound + nameLength)
        case .word: return range
        }
    }

    /// For a tag, its value: UTF-8 offsets in the task body's text.
    package var valueRange: Range<Int> { (range.lowerBound + nameLength + 1)..<range.upperBound }
}
