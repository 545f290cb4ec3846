/// The two kinds of todo file TodoKit reads and writes.
public enum FileFormat: String, Sendable, CaseIterable {
    /// Markdown: headings are lists, checkbox items are tasks, everything else is kept as it is.
    case markdown
    /// todo.txt: one task a line.
    case todotxt

    /// The format a path implies: `.txt` files are todo.txt, everything else is Markdown.
    public static func inferred(fromPath path: String) -> FileFormat {
        path.lowercased().hasSuffix(".txt") ? .todotxt : .markdown
    }
}
