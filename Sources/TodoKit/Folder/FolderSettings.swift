/// What a folder's `.todofmt` file says. The file marks the folder as one todo source, and may be empty; a line
/// `key = value` sets one setting, `#` starts a comment. The settings:
///
///     # Where 'todofmt add' puts a task when no --to is given.
///     inbox = Inbox.md
///     # Files todofmt keeps in canonical form, beside TODO.md and the like (git's patterns, from this folder).
///     todo-files = Inbox.md, Projects/*.todo.md
///     # Formatting a note puts its tasks' fields in order (fields), or leaves it as it is (off).
///     format-notes = off
package struct FolderSettings: Hashable, Sendable {
    /// The file `add` adds to without `--to`, relative to the folder.
    package var inbox: String?
    /// The patterns (git's wildmatch, relative to the folder) of the files that are todo files whatever their name.
    package var todoFiles: [String] = []
    /// How a note is formatted: its task lines' fields put in order, or nothing changed.
    package var format = FormatOptions()
    /// Problems with lines of the file: an unknown key, a line that sets nothing.
    package var diagnostics: [Diagnostic] = []

    package static let keys = ["inbox", "todo-files", "format-notes"]

    package init(inbox: String? = nil) { self.inbox = inbox }

    package init(parsing text: String) {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.prefix { $0 != "#" }.trimmingWhitespace()
            guard !content.isEmpty else { continue }
            guard let equals = content.firstIndex(of: "=") else {
                diagnostics.append(.warning("'\(content)' sets nothing: write key = value", line: number + 1, column: 1, code: .unknownSetting))
                continue
            }
            let key = content[..<equals].trimmingWhitespace().lowercased()
            let value = content[content.index(after: equals)...].trimmingWhitespace()
            switch key {
            case "inbox": inbox = value.isEmpty ? nil : value
            case "todo-files":
                todoFiles = value.split(separator: ",").map { String($0.trimmingWhitespace()) }.filter { !$0.isEmpty }
            case "format-notes":
                switch value.lowercased() {
                case "fields": format.ordersNoteFields = true
                case "off": format.ordersNoteFields = false
                default:
                    diagnostics.append(.warning("'format-notes' is 'fields' or 'off', not '\(value)'", line: number + 1, column: 1,
                                                code: .unknownSetting))
                }
            default:
                diagnostics.append(.warning("unknown setting '\(key)' (settings: \(FolderSettings.keys.joined(separator: ", ")))",
                                            line: number + 1, column: 1, code: .unknownSetting))
            }
        }
    }

    /// The kind of the file at `path` (relative to the folder these settings are of; `/`-separated): a todo file
    /// when these settings name it (`todo-files`), or, outside an Obsidian vault, when its name is a todo file's
    /// (`TODO.md`, `todo.md`, `DONE.md`, `*.todo.md`, `todo.txt`, `done.txt`, in any letter case and any Markdown
    /// extension); any todo.txt file; a note otherwise (every other Markdown file, and every one in a vault).
    package func kind(ofFile path: String, format: FileFormat, inVault: Bool) -> FileKind {
        if format == .todotxt { return .todoFile }
        let bytes = Array(path.utf8)
        if todoFiles.contains(where: { pattern in
            // A pattern without a slash matches the name in any folder, as in a .gitignore.
            let anchored = pattern.contains("/")
            let pattern = Array((pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern).utf8)
            if Wildmatch.matches(pattern[...], bytes[...], pathname: true) { return true }
            return !anchored && Wildmatch.matches(pattern[...], ArraySlice(Array(FolderSettings.baseName(path).utf8)), pathname: true)
        }) { return .todoFile }
        return !inVault && FolderSettings.namesATodoFile(path) ? .todoFile : .note
    }

    /// Whether a file's name is a todo file's: `TODO.md`, `todo.md`, `DONE.md`, `*.todo.md` (any Markdown extension,
    /// or none), any letter case.
    package static func namesATodoFile(_ path: String) -> Bool {
        var name = baseName(path).lowercased()
        if let dot = name.lastIndex(of: "."), FileFormat.markdownExtensions.contains(String(name[name.index(after: dot)...])) {
            name = String(name[..<dot])
        }
        return name == "todo" || name == "done" || name.hasSuffix(".todo")
    }

    private static func baseName(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }
}
