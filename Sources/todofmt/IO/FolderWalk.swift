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

    private var seenFolders: Set<FileIdentity> = []
    /// The folders being walked, from the root down.
    private var ancestors: [FileIdentity] = []

    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Where a folder stands in its git work tree: its path from the top, and the rules in force there.
    private struct GitPlace {
        var folder: String
        var rules: IgnoreRules
    }

    /// The task files of the folder at `root` (named as the user named it), with what could not be walked.
    static func walk(_ root: String, excluded: ExcludedFiles) -> FolderWalk {
        var walk = FolderWalk(root: root, excluded: excluded)
        var info = stat()
        guard stat(root, &info) == 0 else {
            walk.problems.append("\(SystemError(path: root)); nothing was read")
            return walk
        }
        let absolute = TodoFileState.absolutePath(root)
        let git = GitRepository.containing(absolute).map { repository in
            GitPlace(folder: repository.relativeFolder(absolute),
                     rules: IgnoreRules(folders: repository.ignoreFiles(above: absolute), repository: repository.excludeFiles))
        }
        walk.walkFolder(root, relative: "", identity: FileIdentity(info), git: git)
        return walk
    }

    private mutating func walkFolder(_ path: String, relative: String, identity: FileIdentity, git: GitPlace?) {
        seenFolders.insert(identity)
        ancestors.append(identity)
        defer { ancestors.removeLast() }
        let names: [(name: String, type: UInt8)]
        do { names = try FileSystem.entries(in: path) } catch {
            problems.append("\(shown(path)): warning: cannot read the folder: \(SystemError.reason(error.code ?? EIO)); skipped")
            return
        }
        var git = git
        if var place = git, let text = readText(join(path, ".gitignore")) {
            place.rules.folders.append(GitIgnore(text: text, base: place.folder))
            git = place
        }
        for (name, type) in names.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) where !name.hasPrefix(".") {
            let fullPath = join(path, name)
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
            }
            if let place = git, place.rules.ignores(place.folder + name, isFolder: isFolder) { continue }
            if excluded.excludes(relativePath, isFolder: isFolder) { continue }
            if isFolder {
                let identity = FileIdentity(info)
                if ancestors.contains(identity) {
                    problems.append("\(shown(fullPath)): warning: a symbolic link back to a folder above it (a loop); skipped")
                    continue
                }
                guard seenFolders.insert(identity).inserted else { continue }
                var inner = git.map { GitPlace(folder: $0.folder + name + "/", rules: $0.rules) }
                // A repository inside: its own rules, none of the outer ones (git does not look into it either).
                let nestedGit = join(fullPath, ".git")
                if FileSystem.exists(nestedGit) {
                    inner = GitPlace(folder: "", rules: GitRepository(top: TodoFileState.absolutePath(fullPath), dotGit: nestedGit).rules)
                }
                walkFolder(fullPath, relative: relativePath, identity: identity, git: inner)
            } else if let format = Self.format(of: name) {
                entries.append(FolderEntry(path: relativePath, format: format))
            }
        }
    }

    /// The format of a file a folder's tasks are read from: a Markdown note (by its extension), or a file
    /// named `todo.txt` (any letter case); nil for any other file.
    static func format(of name: String) -> FileFormat? {
        if name.lowercased() == "todo.txt" { return .todotxt }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return FileFormat.markdownExtensions.contains(name[name.index(after: dot)...].lowercased()) ? .markdown : nil
    }
}
