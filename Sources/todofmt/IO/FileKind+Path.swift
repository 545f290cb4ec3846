import TodoKit

extension FileKind {
    /// The kind of the file at `path`, named on its own (not through a folder), and how a note is formatted there:
    /// as the nearest `.todofmt` upward says (no further up than the root of the vault it lies in), else by its
    /// name, outside a vault (`FolderSettings.kind(ofFile:format:inVault:)`). A pipe or a device is a todo file, as
    /// standard input is.
    static func ofFile(at path: String, format: FileFormat, vault: Vault?) -> (kind: FileKind, format: FormatOptions) {
        // A pipe (`todofmt --check <(git show HEAD:TODO.md)`) is read as standard input is: a todo file.
        if FileSystem.isStream(path) { return (.todoFile, FormatOptions()) }
        let absolute = TodoFileState.absolutePath(path)
        let stop = vault.map { TodoFileState.absolutePath($0.root) }
        var folder = FileSystem.directoryName(absolute)
        while true {
            if let text = readText(join(folder, TodoFolder.settingsFile)) {
                let settings = FolderSettings(parsing: text)
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                let relative = absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : FileSystem.baseName(absolute)
                return (settings.kind(ofFile: relative, format: format, inVault: vault != nil), settings.format)
            }
            if folder == stop || folder == "/" || folder.isEmpty { break }
            folder = FileSystem.directoryName(folder)
        }
        return (FolderSettings().kind(ofFile: FileSystem.baseName(absolute), format: format, inVault: vault != nil), FormatOptions())
    }
}
