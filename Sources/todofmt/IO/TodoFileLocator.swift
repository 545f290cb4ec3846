
/// Finds the todo file a command works on: `-f FILE`, else `$TODOFMT_FILE`, else the nearest `TODO.md`,
/// `todo.md` or `todo.txt` from the current folder upward, stopping at the repository root.
enum TodoFileLocator {
    static let fileNames = ["TODO.md", "todo.md", "todo.txt"]

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var stoppedAtRepositoryRoot: Bool

        var description: String {
            let names = TodoFileLocator.fileNames.joined(separator: ", ")
            let folders = searched.map(shown).joined(separator: ", ")
            let stop = stoppedAtRepositoryRoot ? " (stopped at the repository root)" : ""
            return "todofmt: error: no todo file found: looked for \(names) in \(folders)\(stop); "
                + "use -f FILE or set TODOFMT_FILE"
        }
    }

    static func locate(explicit: String?, environment: [String: String],
                       workingDirectory: String = currentDirectory()) -> Result<String, NotFound> {
        if let explicit, !explicit.isEmpty { return .success(explicit) }
        if let fromEnvironment = environment["TODOFMT_FILE"], !fromEnvironment.isEmpty { return .success(fromEnvironment) }
        var folder = workingDirectory
        var searched: [String] = []
        while true {
            searched.append(folder)
            for name in fileNames {
                let candidate = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
                if FileSystem.exists(candidate), !FileSystem.isDirectory(candidate) {
                    return .success(relative(candidate, to: workingDirectory))
                }
            }
            if FileSystem.exists(folder == "/" ? "/.git" : "\(folder)/.git") {
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

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)), as: UTF8.self)
    }
}
