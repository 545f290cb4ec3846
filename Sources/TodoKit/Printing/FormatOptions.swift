/// How the formatter writes what a file's own text leaves open (docs/FORMAT.md 5): what the user set, in a
/// folder's `.todofmt` or an `.editorconfig`.
public struct FormatOptions: Hashable, Sendable {
    /// Whether formatting a note puts its task lines' fields in the order the Tasks plugin writes them (true, the
    /// default) or leaves the note as it is (false; `--sort` still orders its tasks).
    public var ordersNoteFields: Bool

    /// Options as given; by default a note's fields are put in order.
    public init(ordersNoteFields: Bool = true) {
        self.ordersNoteFields = ordersNoteFields
    }
}
