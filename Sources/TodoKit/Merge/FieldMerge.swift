/// The three-way rule for one field: a side that left the field as it was takes the other side's change.
enum FieldMerge {
    /// The merged value, or nil when both sides changed the field differently. For an optional field the
    /// result is doubly optional: `.some(nil)` is a merged absence.
    static func merge<Value: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value) -> Value? {
        if ours == theirs || theirs == base { return ours }
        if ours == base { return theirs }
        return nil
    }
}
