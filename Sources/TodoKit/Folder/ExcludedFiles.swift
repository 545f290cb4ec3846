/// The files an Obsidian vault's settings exclude (Settings, Files and links, Excluded files: `userIgnoreFilters`
/// in `.obsidian/app.json`), matched as Obsidian matches them: an entry written `/…/` is a regular expression
/// found anywhere in a path; any other entry excludes every path that starts with it (`Archive/`, `Templates`).
package struct ExcludedFiles {
    private var prefixes: [String] = []
    private var expressions: [Regex<AnyRegexOutput>] = []

    /// The entries as the settings list them; a regular expression that does not compile is left out.
    package init(_ entries: [String]) {
        for entry in entries where !entry.isEmpty {
            if entry.count > 2, entry.hasPrefix("/"), entry.hasSuffix("/") {
                if let regex = try? Regex(String(entry.dropFirst().dropLast())) { expressions.append(regex) }
            } else {
                prefixes.append(entry)
            }
        }
    }

    package var isEmpty: Bool { prefixes.isEmpty && expressions.isEmpty }

    /// Whether the vault's settings exclude `path` (relative to the vault, folders without a trailing slash).
    /// A folder is also asked about as `path/`, so that `Archive/` excludes the folder `Archive` and all in it.
    package func excludes(_ path: String, isFolder: Bool) -> Bool {
        let asked = isFolder ? [path, path + "/"] : [path]
        for candidate in asked {
            if prefixes.contains(where: { candidate.hasPrefix($0) }) { return true }
            if expressions.contains(where: { candidate.contains($0) }) { return true }
        }
        return false
    }
}
