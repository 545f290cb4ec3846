/// The two kinds of todo file TodoKit reads and writes.
public enum FileFormat: String, Sendable, CaseIterable {
    /// Markdown: headings are lists, checkbox items are tasks, everything else is kept as it is.
    case markdown
    /// todo.txt: one task a line.
    case todotxt

    /// The extensions of Markdown files, in lower case.
    public static let markdownExtensions = ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdtext", "mdtxt"]

    /// The format a path names: `.txt` is todo.txt, a Markdown extension or none is Markdown (any letter
    /// case); any other extension is no todo file (nil): a `.xit` or `.org` file read as Markdown would be
    /// rewritten into something its own tools no longer read.
    public static func named(byPath path: String) -> FileFormat? {
        // Any path ending in `.txt`, a file named just `.txt` too, as todo.sh and topydo name them.
        if path.lowercased().hasSuffix(".txt") { return .todotxt }
        guard let ext = fileExtension(path) else { return .markdown }
        return markdownExtensions.contains(ext) ? .markdown : nil
    }

    /// Why a file whose name names no format is not rewritten as a whole (formatted or sorted).
    public static let unnamedFormatMessage = "not a todo file by its name: todofmt formats Markdown (.md, .markdown, …) "
        + "and todo.txt (.txt) files"

    /// The format to read a path as: the one it names, and Markdown for any other. Reading and line edits
    /// use it; rewriting a whole file (formatting, sorting) asks `named(byPath:)` first.
    public static func inferred(fromPath path: String) -> FileFormat {
        named(byPath: path) ?? .markdown
    }

    /// The lower-cased extension of the path's last component (`TODO.MD` gives `md`), nil when it has none
    /// (`notes`, `.todo`, `v1.`).
    static func fileExtension(_ path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : ext.lowercased()
    }
}
