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
        // TO BE IMPLEMENTED by the canonical-form work: canonicalise the lines here, then sort.
        let canonical = document
        guard let keys = options.sortKeys else { return canonical }
        return Sorter.sorted(canonical, by: keys)
    }
}
