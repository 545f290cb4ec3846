/// How the formatter writes what a file's own text leaves open (docs/FORMAT.md 5): what the user set, in a
/// folder's `.todofmt` or an `.editorconfig`.
public struct FormatOptions: Hashable, Sendable {
    /// Whether formatting a note puts its task lines' fields in the order the Tasks plugin writes them (true, the
    /// default) or leaves the note as it is (false; `--sort` still orders its tasks).
    public var ordersNoteFields: Bool

    /// The unit a todo file's nested items are indented by, as an `.editorconfig` sets it (`indent_style`,
    /// `indent_size`); nil (the default): the unit the file mostly uses (`IndentUnit.mostlyUsed(in:)`).
    public var indentUnit: IndentUnit?

    /// Options as given; by default a note's fields are put in order and a todo file keeps its indentation unit.
    public init(ordersNoteFields: Bool = true, indentUnit: IndentUnit? = nil) {
        self.ordersNoteFields = ordersNoteFields
        self.indentUnit = indentUnit
    }
}
