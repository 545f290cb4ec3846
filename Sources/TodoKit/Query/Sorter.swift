/// Stable multi-key sorting of tasks within sortable runs (docs/FORMAT.md, "Sorting").
public enum Sorter {
    /// The document with every sortable run sorted by `keys`; notes and subtasks move with their task.
    public static func sorted(_ document: Document, by keys: [SortKey]) -> Document {
        // TO BE IMPLEMENTED by the sorting work: returns the document unchanged for now.
        document
    }
}
