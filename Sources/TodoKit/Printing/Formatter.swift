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
    public static func format(_ document: Document, options: FormatOptions = FormatOptions()) -> Document {
        let canonical = canonicalForm(of: document)
        guard let keys = options.sortKeys else { return canonical }
        return Sorter.sorted(canonical, by: keys)
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
