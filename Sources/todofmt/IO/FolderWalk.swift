import TodoKit

/// One file of a folder that may hold tasks: a Markdown note, or a `todo.txt`.
struct FolderEntry: Sendable, Hashable {
    /// The path relative to the folder (`Daily/2026-11-28.md`).
    let path: String
    let format: FileFormat
}

/// Walks a folder as ripgrep walks one: depth first, each folder's names in byte order, applying the skips
/// while walking (an ignored folder is never opened): hidden files and folders (`.git`, `.obsidian`, `.trash`,
/// as Obsidian and ripgrep leave them out), whatever git ignores there (`GitRepository`, each folder's
/// `.gitignore` read on the way down), and the files the vault's settings exclude (`ExcludedFiles`).
/// Symbolic links are followed; a link back into a folder being walked (a loop) and a folder that cannot be
/// read are reported, one line each, and skipped. A folder met twice (through two links) is walked once.
struct FolderWalk {
    /// The folder as named.
    let root: String
    let excluded: ExcludedFiles
    private(set) var entries: [FolderEntry] = []
    /// One line each: what could not be walked, and why it was skipped.
    private(set) var problems: [String] = []

    private var seenFolders: Set<FileSystem.FileID> = []
    /// The folders being walked, from the root down.
    private var ancestors: [FileSystem.FileID] = []

    /// Where a folder stands in its git work tree: its path from the top, and the rules in force there.
    private struct GitPlace {
        var folder: String
        var rules: IgnoreRules

        /// The place of the walk's root folder (any path naming it), nil outside a work tree.
        static func ofRoot(_ root: String) -> GitPlace? {
            let absolute = TodoFileState.absolutePath(root)
            return GitRepository.containing(absolute).map { repository in
                GitPlace(folder: repository.relativeFolder(absolute),
                         rules: IgnoreRules(folders: repository.ignoreFiles(above: absolute), repository: repository.excludeFiles))
            }
        }

        /// The rules for the entries of the folder at `path`, this place: with its own `.gitignore`.
        func reading(_ path: String) -> GitPlace {
            guard let text = readText(join(path, ".gitignore")) else { return self }
            var place = self
            place.rules.folders.append(GitIgnore(text: text, base: folder))
            return place
        }

        /// The place of the folder `name` at `fullPath`, inside this one: a repository inside has its own rules, none
        /// of the outer ones (git does not look into it either).
        func entering(_ name: String, at fullPath: String) -> GitPlace {
            let nestedGit = join(fullPath, ".git")
            if FileSystem.exists(nestedGit) {
                return GitPlace(folder: "", rules: GitRepository(top: TodoFileState.absolutePath(fullPath), dotGit: nestedGit).rules)
            }
            return GitPlace(folder: folder + name + "/", rules: rules)
        }
    }

    /// The task files of the folder at `root` (named as the user named it), with what could not be walked.
    static func walk(_ root: String, excluded: ExcludedFiles) -> FolderWalk {
        var walk = FolderWalk(root: root, excluded: excluded)
        var info = stat()
        guard stat(root, &info) == 0 else {
            walk.problems.append("\(SystemError(path: root)); nothing was read")
            return walk
        }
        walk.walkFolder(root, relative: "", identity: FileSystem.FileID(info), git: GitPlace.ofRoot(root))
        return walk
    }

    private mutating func walkFolder(_ path: String, relative: String, identity: FileSystem.FileID, git: GitPlace?) {
        seenFolders.insert(identity)
        ancestors.append(identity)
        defer { ancestors.removeLast() }
        let names: [(name: String, type: UInt8)]
        do { names = try FileSystem.entries(in: path) } catch {
            problems.append("\(shown(path)): warning: cannot read the folder: \(SystemError.reason(error.code ?? EIO)); skipped")
            return
        }
        let git = git?.reading(path)
        let prefix = path == "." ? "" : path.hasSuffix("/") ? path : path + "/"
        for (name, type) in Self.inByteOrder(names) where !name.hasPrefix(".") {
            let fullPath = prefix + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var isFolder = type == FileSystem.EntryType.folder
            var info = stat()
            if type == FileSystem.EntryType.symbolicLink || type == FileSystem.EntryType.unknown || isFolder {
                guard stat(fullPath, &info) == 0 else {
                    if errno == ELOOP {
                        problems.append("\(shown(fullPath)): warning: a loop of symbolic links; skipped")
                    } else if type == FileSystem.EntryType.symbolicLink, Self.format(of: name) != nil {
                        problems.append("\(shown(fullPath)): warning: a symbolic link to \(SystemError.reason(errno)); skipped")
                    }
                    continue
                }
                isFolder = (info.st_mode & S_IFMT) == S_IFDIR
                if !isFolder, (info.st_mode & S_IFMT) != S_IFREG { continue }
            } else if type != FileSystem.EntryType.regularFile {
                // A FIFO, a socket or a device is no note: never opened, so never waited on.
                continue
            }
            if let place = git, place.rules.ignores(place.folder + name, isFolder: isFolder) { continue }
            if excluded.excludes(relativePath, isFolder: isFolder) { continue }
            if isFolder {
                let identity = FileSystem.FileID(info)
                if ancestors.contains(identity) {
                    problems.append("\(shown(fullPath)): warning: a symbolic link back to a folder above it (a loop); skipped")
                    continue
                }
                guard seenFolders.insert(identity).inserted else { continue }
                walkFolder(fullPath, relative: relativePath, identity: identity, git: git?.entering(name, at: fullPath))
            } else if let format = Self.format(of: name) {
                entries.append(FolderEntry(path: relativePath, format: format))
            }
        }
    }

    /// A folder's entries in the byte order of their names, as ripgrep lists them. Each name's bytes are taken
    /// once: compared through `String.UTF8View` they cost more than the rest of the walk.
    private static func inByteOrder(_ names: [(name: String, type: UInt8)]) -> [(name: String, type: UInt8)] {
        let keys = names.map { Array($0.name.utf8) }
        return names.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }.map { names[$0] }
    }

    /// Why a walk of the folder at `root` would not read the file at `relative` (a path inside it: names separated
    /// by `/`, none of them `.` or `..`), or nil when it would: the walk's skips, decided as the walk decides them
    /// on its way down to the file. A file the walk would not read is no file to put a task in: its tasks would
    /// never be listed.
    static func whyNotRead(_ relative: String, in root: String, excluded: ExcludedFiles) -> String? {
        let names = relative.split(separator: "/").map(String.init)
        guard let name = names.last else { return "not a file of the folder" }
        if let hidden = names.first(where: { $0.hasPrefix(".") }) {
            return "hidden ('\(shown(hidden))' starts with a dot), and a folder's walk leaves out hidden files and folders"
        }
        guard format(of: name) != nil else {
            return "not a note: a folder's tasks are read from Markdown notes (.md, .markdown, …) and from files named todo.txt"
        }
        var path = root, walked = ""
        var git = GitPlace.ofRoot(root)
        for (index, name) in names.enumerated() {
            let isFolder = index < names.count - 1
            git = git?.reading(path)
            walked = walked.isEmpty ? name : walked + "/" + name
            if let place = git, place.rules.ignores(place.folder + name, isFolder: isFolder) {
                return "ignored by git (\(shown(walked + (isFolder ? "/" : "")))), and so by a folder's walk"
            }
            if excluded.excludes(walked, isFolder: isFolder) {
                return "excluded by the vault's settings (\(shown(walked + (isFolder ? "/" : ""))), in Files and links: Excluded files)"
            }
            if isFolder { git = git?.entering(name, at: join(path, name)) }
            path = join(path, name)
        }
        return nil
    }

    /// The format of a file a folder's tasks are read from: a Markdown note (by its extension), or a file
    /// named `todo.txt` (any letter case); nil for any other file.
    static func format(of name: String) -> FileFormat? {
        if name.lowercased() == "todo.txt" { return .todotxt }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return FileFormat.markdownExtensions.contains(name[name.index(after: dot)...].lowercased()) ? .markdown : nil
    }
}
