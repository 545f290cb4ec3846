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
    ///
    /// The document is taken (`consuming`): once its canonical form is made it is let go, so that a caller
    /// that hands over its last copy does not hold a large file's model through the sort.
    public static func format(_ document: consuming Document, options: FormatOptions = FormatOptions()) -> Document {
        let canonical = canonicalForm(of: document)
        _ = consume document
        guard let keys = options.sortKeys else { return canonical }
        return Sorter.sorted(consume canonical, by: keys)
    }

    /// The document in canonical form, unsorted; the document itself when it already is.
    public static func canonicalForm(of document: Document) -> Document {
        let lines: [Line]?
        switch document.format {
        case .markdown: lines = MarkdownCanonicalizer.canonicalLines(of: document)
        case .todotxt: lines = TodoTxtCanonicalizer.canonicalLines(of: document)
        }
        guard let lines else { return document }
        return Document(lines: lines, format: document.format, hasByteOrderMark: document.hasByteOrderMark)
    }
}
