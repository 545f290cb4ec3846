import TodoKit

/// The git work tree a folder is in, as far as its ignore rules go: its top folder, and the ignore files git
/// reads besides the `.gitignore` files of its folders: `.git/info/exclude` and the user's `core.excludesFile`
/// (its default `$XDG_CONFIG_HOME/git/ignore`, else `~/.config/git/ignore`, or the one the repository's or the
/// user's git configuration names). Outside a work tree git ignores nothing, and neither does a folder's walk.
struct GitRepository {
    /// The work tree's top folder (absolute, symlinks resolved).
    let top: String
    /// `.git/info/exclude`, then `core.excludesFile`, as ignore files of the top.
    let excludeFiles: [GitIgnore]

    /// The work tree holding the absolute folder `path`, or nil.
    static func containing(_ path: String) -> GitRepository? {
        var folder = path
        while true {
            let dotGit = join(folder, ".git")
            if FileSystem.exists(dotGit) { return GitRepository(top: folder, dotGit: dotGit) }
            if folder == "/" { return nil }
            folder = FileSystem.directoryName(folder)
        }
    }

    /// The work tree whose top is `top`, with its `.git` (a folder, or a file naming one) at `dotGit`.
    init(top: String, dotGit: String) {
        self.top = top
        let gitFolder = GitRepository.gitFolder(dotGit)
        var files: [GitIgnore] = []
        if let gitFolder, let text = readText(join(GitRepository.commonFolder(gitFolder), "info/exclude")) {
            files.append(GitIgnore(text: text))
        }
        if let path = GitRepository.excludesFile(gitFolder: gitFolder), let text = readText(path) {
            files.append(GitIgnore(text: text))
        }
        excludeFiles = files
    }

    /// The ignore rules in force at the top, before any of its `.gitignore` files are read.
    var rules: IgnoreRules { IgnoreRules(folders: [], repository: excludeFiles) }

    /// The path of the absolute `path` relative to the top (`""` for the top itself, else ending in `/`).
    func relativeFolder(_ path: String) -> String {
        guard path != top else { return "" }
        let prefix = top == "/" ? "/" : top + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) + "/" : ""
    }

    /// The `.gitignore` files of the folders from the top down to the absolute folder `path`'s parent, which
    /// speak of everything in `path` too.
    func ignoreFiles(above path: String) -> [GitIgnore] {
        var files: [GitIgnore] = []
        var folder = top
        for name in relativeFolder(path).split(separator: "/") {
            if let text = readText(join(folder, ".gitignore")) { files.append(GitIgnore(text: text, base: relativeFolder(folder))) }
            folder = join(folder, String(name))
        }
        return files
    }

    /// The repository's folder: `.git` itself, or the folder a `.git` file names (`gitdir: …`, a worktree's or
    /// a submodule's).
    static func gitFolder(_ dotGit: String) -> String? {
        if FileSystem.isDirectory(dotGit) { return dotGit }
        guard let text = readText(dotGit), text.hasPrefix("gitdir:") else { return nil }
        let target = text.dropFirst("gitdir:".count).trimmingBlanksAndNewlines()
        return target.hasPrefix("/") ? target : join(FileSystem.directoryName(dotGit), target)
    }

    /// The folder shared by a repository's worktrees (`commondir`), where `info/exclude` lives.
    static func commonFolder(_ gitFolder: String) -> String {
        guard let text = readText(join(gitFolder, "commondir")) else { return gitFolder }
        let common = text.trimmingBlanksAndNewlines()
        return common.hasPrefix("/") ? common : join(gitFolder, common)
    }

    /// The user's `core.excludesFile`: as the repository's configuration, else the user's, names it, else
    /// its default place.
    static func excludesFile(gitFolder: String?) -> String? {
        let home = ProcessEnvironment.value("HOME")
        let configHome = ProcessEnvironment.value("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        let configs = [gitFolder.map { join(commonFolder($0), "config") }, home.map { $0 + "/.gitconfig" },
                       configHome.map { $0 + "/git/config" }]
        for config in configs.compactMap({ $0 }) {
            guard let text = readText(config), let value = coreExcludesFile(inConfig: text) else { continue }
            if value.hasPrefix("~/"), let home { return home + value.dropFirst() }
            return value
        }
        return configHome.map { $0 + "/git/ignore" }
    }

    /// The value of `core.excludesFile` in a git configuration file's text, if it sets one (the last one set).
    static func coreExcludesFile(inConfig text: String) -> String? {
        var section = ""
        var value: String?
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.trimmingBlanksAndNewlines()
            if line.hasPrefix("[") {
                section = String(line.dropFirst().prefix { $0 != "]" && $0 != " " && $0 != "\"" }).lowercased()
                continue
            }
            guard section == "core", let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingBlanksAndNewlines().lowercased()
            guard key == "excludesfile" else { continue }
            var found = line[line.index(after: equals)...].trimmingBlanksAndNewlines()
            if found.count >= 2, found.hasPrefix("\""), found.hasSuffix("\"") { found = String(found.dropFirst().dropLast()) }
            value = found
        }
        return value
    }
}

extension StringProtocol {
    /// Without spaces, tabs and line breaks at either end.
    func trimmingBlanksAndNewlines() -> String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" || first == "\n" || first == "\r" || first == "\r\n" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" || last == "\n" || last == "\r" || last == "\r\n" { s = s.dropLast() }
        return String(s)
    }
}
