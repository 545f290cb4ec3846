extension Document {
    /// The document `Document(parsing: text, format: format)` gives: itself when its text splits back into
    /// exactly its lines (no line holds a line break, only the last line lacks an ending, and so on), since
    /// reading depends on nothing but the lines; otherwise the text read again. Safe mode uses it to read a
    /// formatted document back without a second parse in the usual case.
    public func readBack() -> Document {
        if textLines.splitsBackIntoItsLines { return self }
        return Document(parsing: text, format: format)
    }

    /// Whether `text` is `other`, byte for byte, found without making `text`.
    public func hasText(_ other: String) -> Bool {
        textLines.hasText(other)
    }
}
