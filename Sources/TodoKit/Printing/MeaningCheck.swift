/// Safe mode: compares what two documents say about their tasks, ignoring how they are written.
public enum MeaningCheck {
    /// A short description of the first difference in tasks between `original` and `formatted`, or nil.
    /// With `orderMatters` false (after a sort), tasks are compared as a multiset.
    public static func difference(between original: Document, and formatted: Document, orderMatters: Bool) -> String? {
        // TO BE IMPLEMENTED with the canonical-form work.
        nil
    }
}
