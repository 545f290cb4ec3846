/// How `Formatter.format` should treat a document.
public struct FormatOptions: Sendable, Equatable {
    /// The order to sort tasks in, within each sortable run; nil keeps the order as written.
    public var sortKeys: [SortKey]?

    public init(sortKeys: [SortKey]? = nil) {
        self.sortKeys = sortKeys
    }
}

/// The canonical formatter: a pure function from a document to its canonical form (docs/FORMAT.md, "Canonical form").
public enum Formatter {
    /// The document in canonical form and, given sort keys, sorted.
    ///
    /// The document is taken (`consuming`) and let go as soon as the formatter is done with it, before the
    /// result is read, or (a todo.txt document being sorted) made into the result in place: a caller that hands
    /// over its last copy does not hold a large file's model beside the result's. `whenInputIsDone` is called
    /// at that point, so that a caller still reading the document on another thread can wait for it there and
    /// the document's memory is free for the result.
    public static func format(_ document: consuming Document, options: FormatOptions = FormatOptions(),
                              whenInputIsDone: () -> Void = {}) -> Document {
        let canonical: Document
        if let lines = canonicalLines(of: document) {
            let format = document.format, hasByteOrderMark = document.hasByteOrderMark
            // Most canonical lines are the input's own: their task bodies need not be parsed again.
            let bodies = ParsedBodies(of: document)
            _ = consume document
            whenInputIsDone()
            canonical = Document(lines: lines, format: format, hasByteOrderMark: hasByteOrderMark, reusing: bodies)
            guard let keys = options.sortKeys else { return canonical }
            return Sorter.sorted(consume canonical, by: keys)
        }
        canonical = document
        guard let keys = options.sortKeys else { return canonical }
        return Sorter.sorted(consume canonical, by: keys, whenInputIsDone: whenInputIsDone)
    }

    /// Formatting without a sort, for a caller that prints the result: the lines of the document's canonical
    /// form (nil when it already is in canonical form) and safe mode's finding about them, what
    /// `MeaningCheck.difference(between:and:orderMatters: true)` says of the document and the lines read
    /// back (nil when their tasks mean the same).
    ///
    /// Made without a second model of the whole file: the lines are read back a section at a time
    /// (`SectionedReadBack`), and only where that finds no answer are they read whole.
    public static func checkedCanonicalText(of document: Document) -> (text: TextLines, difference: String?)? {
        guard let lines = canonicalLines(of: document) else { return nil }
        let text = TextLines(lines: lines, hasByteOrderMark: document.hasByteOrderMark)
        // Most canonical lines are the input's own: their task bodies need not be parsed again. The document
        // is held until the lines are read, so its bodies are taken from it.
        let bodies = ParsedBodies(readingFrom: document) ?? ParsedBodies(of: document)
        if SectionedReadBack.sameTasks(in: text, as: document, reusing: bodies) { return (text, nil) }
        let formatted = Document(lines: lines, format: document.format, hasByteOrderMark: document.hasByteOrderMark,
                                 reusing: bodies).readBack()
        return (text, MeaningCheck.difference(between: document, and: formatted, orderMatters: true))
    }

    /// The document in canonical form, unsorted; the document itself when it already is.
    public static func canonicalForm(of document: Document) -> Document {
        guard let lines = canonicalLines(of: document) else { return document }
        return Document(lines: lines, format: document.format, hasByteOrderMark: document.hasByteOrderMark,
                        reusing: ParsedBodies(of: document))
    }

    /// The lines of the document's canonical form; nil when it already is in canonical form.
    static func canonicalLines(of document: Document) -> [Line]? {
        switch document.format {
        case .markdown: return MarkdownCanonicalizer.canonicalLines(of: document)
        case .todotxt: return TodoTxtCanonicalizer.canonicalLines(of: document)
        }
    }
}
