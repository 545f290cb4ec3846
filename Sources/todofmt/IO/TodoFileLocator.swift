/// Finds the todo source a command works on: `-f PATH`, else `$TODOFMT_FILE`, else the nearest one from the
/// current folder upward, stopping at the repository root. A source is a file, or a folder of notes (`-f DIR`,
/// or a folder holding an Obsidian vault's `.obsidian/` or a `.todofmt` file); a folder found upward wins
/// over a `TODO.md`, `todo.md` or `todo.txt` beside its marker.
enum TodoFileLocator {
    static let fileNames = ["TODO.md", "todo.md", "todo.txt"]
    /// What makes a folder found upward a todo source: a file `.todofmt` (settings, maybe none), or a vault.
    static let folderMarkers = [".todofmt", Vault.settingsFolder]

    /// A located todo source, by the path to open it at.
    enum Source: Equatable {
        case file(String)
        case folder(String)
    }

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var stoppedAtRepositoryRoot: Bool

        var description: String {
            let names = TodoFileLocator.fileNames.joined(separator: ", ")
            let folders = searched.map(shown).joined(separator: ", ")
            let stop = stoppedAtRepositoryRoot ? " (stopped at the repository root)" : ""
            return "todofmt: error: no todo file found: looked for \(names), a .todofmt file or an Obsidian vault "
                + "(.obsidian/) in \(folders)\(stop); use -f FILE (or -f FOLDER) or set TODOFMT_FILE to name one; "
                + "'todofmt init' starts TODO.md here, and 'todofmt -f TODO.md add …' creates it with its first task"
        }
    }

    static func locate(explicit: String?, environment: [String: String],
                       workingDirectory: String = currentDirectory()) -> Result<Source, NotFound> {
        for given in [explicit, environment["TODOFMT_FILE"]] {
            if let given, !given.isEmpty { return .success(FileSystem.isDirectory(given) ? .folder(given) : .file(given)) }
        }
        var folder = workingDirectory
        var searched: [String] = []
        while true {
            searched.append(folder)
            let path = { (name: String) in folder == "/" ? "/\(name)" : "\(folder)/\(name)" }
            if folderMarkers.contains(where: { FileSystem.exists(path($0)) }) {
                return .success(.folder(folder == workingDirectory ? "." : relative(folder, to: workingDirectory)))
            }
            for name in fileNames {
                let candidate = path(name)
                if FileSystem.exists(candidate), !FileSystem.isDirectory(candidate) {
                    return .success(.file(relative(candidate, to: workingDirectory)))
                }
            }
            if FileSystem.exists(path(".git")) {
                return .failure(NotFound(searched: searched, stoppedAtRepositoryRoot: true))
            }
            if folder == "/" { return .failure(NotFound(searched: searched, stoppedAtRepositoryRoot: false)) }
            folder = FileSystem.directoryName(folder)
        }
    }

    /// `TODO.md` rather than `/home/me/project/TODO.md` when the file is in the working folder, so
    /// messages and `FILE:LINE` addresses read as the user typed them.
    static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func currentDirectory() -> String { FileSystem.currentDirectory() }
}
