extension CheckedDocument {
    /// A new file's text, made by todofmt (a daily note filled from its template), as the change that creates the
    /// file from `document`, which must be empty (the file missing): the text, read afresh as the file reads, must
    /// hold the tasks it held when it was made, each meaning what it meant there, on its line, under its parent. So
    /// a new file goes through the one check every change goes through, and nothing between the text's making and
    /// its writing can change what a task says.
    package static func creating(_ text: String, in document: Document) throws(MeaningDifference) -> CheckedDocument {
        guard document.text.isEmpty else { throw MeaningDifference(line: nil, "the file is not new: it holds text already") }
        let made = Document(parsing: text, like: document)
        let expected = made.tasks.indices.map { index in
            ExpectedTask(.changed(made.meaning(of: index)), parent: made.tasks[index].parent, line: made.tasks[index].line)
        }
        // Every line is one the creation writes.
        let scope = LineScope.patches(patched: [], kept: [], written: [Bool](repeating: true, count: made.lines.count))
        return try ProposedChange(original: document, result: made, expected: expected, scope: scope).checked()
    }
}

/// A checked document is itself a change to write (a creation, or changes chained with `then`).
extension CheckedDocument: CheckedChange {
    package var checked: CheckedDocument { self }
}
