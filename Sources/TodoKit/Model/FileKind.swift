/// Whose a file is, and so what todofmt may change in it (docs/FORMAT.md 1.5).
///
/// A *todo file* (`TODO.md`, `todo.txt`, `*.todo.md`, …) is todofmt's: formatting puts it in canonical form.
/// A *note* (any other Markdown file, and every note of an Obsidian vault) is its author's: todofmt is a guest
/// there and changes only the task lines it is asked to change. Formatting a note changes only the order and
/// spacing of its task lines' fields (`FormatOptions.ordersNoteFields`); every other byte stays as written.
public enum FileKind: Hashable, Sendable {
    /// A file todofmt keeps in canonical form.
    case todoFile
    /// A file whose author keeps it: only task lines change, and only as asked.
    case note
}
