import TodoKit

/// Where a command's tasks come from, one todo file or a folder of notes, and the one place that decides it:
/// `-f PATH`, else `$TODOFMT_FILE`, else the nearest one from the working folder upward, stopping at the
/// repository root. A folder of notes is `-f DIR`, or a folder found upward holding an Obsidian vault's
/// `.obsidian/` or a `.todofmt` file (it wins over a `TODO.md`, `todo.md` or `todo.txt` beside its marker).
enum TodoSource {
    case file(TodoFile)
    case folder(TodoFolder)

    static let fileNames = ["TODO.md", "todo.md", "todo.txt"]
    /// What makes a folder found upward a todo source: a file `.todofmt` (settings, maybe none), or a vault.
    static let folderMarkers = [".todofmt", Vault.settingsFolder]

    /// A located source, by the path to open it at.
    enum Place: Equatable {
        case file(String)
        case folder(String)
    }

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var stoppedAtRepositoryRoot: Bool

        var description: String {
            let names = TodoSource.fileNames.joined(separator: ", ")
            let folders = searched.map(shown).joined(separator: ", ")
            let stop = stoppedAtRepositoryRoot ? " (stopped at the repository root)" : ""
            return "todofmt: error: no todo file found: looked for \(names), a .todofmt file or an Obsidian vault "
                + "(.obsidian/) in \(folders)\(stop); use -f FILE (or -f FOLDER) or set TODOFMT_FILE to name one; "
                + "'todofmt init' starts TODO.md here, and 'todofmt -f TODO.md add …' creates it with its first task"
        }
    }

    /// The source of a command, opened.
    static func locate(_ invocation: Invocation) throws -> TodoSource {
        switch try place(invocation) {
        case .file(let path): return .file(try TodoFile(path, invocation))
        case .folder(let path): return .folder(try TodoFolder(path, invocation))
        }
    }

    /// The todo file of a command that works on one file; a folder of notes is refused, saying so.
    static func file(_ invocation: Invocation) throws -> TodoFile {
        try TodoFile(try filePath(invocation), invocation)
    }

    /// The path of the todo file of a command that works on one file; a folder of notes is refused, saying so.
    static func filePath(_ invocation: Invocation) throws -> String {
        switch try place(invocation) {
        case .file(let path): return path
        case .folder(let path):
            let command = invocation.command.name.isEmpty ? "this" : "'\(invocation.command.name)'"
            throw CommandFailure.usage("\(command) works on one todo file, and \(shown(path)) is a folder of notes; name a file with -f FILE")
        }
    }

    /// The file an address's `FILE` names (`FILE:LINE`, `add --to FILE`): in a folder of notes, relative to the
    /// folder (as todofmt prints it) when it is there, else to the working folder.
    static func file(named path: String, _ invocation: Invocation) throws -> TodoFile {
        guard !path.hasPrefix("/"), case .success(.folder(let folder)) = place(explicit: invocation[.file], environment: invocation.environment),
              FileSystem.exists(join(folder, path)) || !FileSystem.exists(path) else { return try TodoFile(path, invocation) }
        return try TodoFolder(folder, invocation).file(path)
    }

    /// Where the command's source is, not opened: `-f`, `$TODOFMT_FILE` or the nearest one upward.
    static func place(_ invocation: Invocation) throws -> Place {
        switch place(explicit: invocation[.file], environment: invocation.environment) {
        case .success(let place): return place
        case .failure(let notFound): throw CommandFailure(notFound.description)
        }
    }

    /// Where the source is: `explicit` (`-f`), else `$TODOFMT_FILE` in `environment`, else the nearest one from
    /// `workingDirectory` upward.
    static func place(explicit: String?, environment: [String: String],
                      workingDirectory: String = FileSystem.currentDirectory()) -> Result<Place, NotFound> {
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
}
