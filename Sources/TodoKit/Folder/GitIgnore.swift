/// The patterns of one git ignore file (a `.gitignore`, `.git/info/exclude`, the user's `core.excludesFile`),
/// read and matched as git reads and matches them (gitignore(5)).
///
/// A line is a pattern, except a blank one and one starting with `#`; trailing spaces go unless quoted with
/// `\`; `!` negates; a trailing `/` matches folders only; a pattern without a slash (other than a trailing
/// one) matches a name at any depth, one with a slash matches paths relative to the file's folder, through
/// `Wildmatch`. The last pattern that matches decides.
package struct GitIgnore: Sendable {
    struct Pattern: Sendable {
        var bytes: [UInt8]
        var isNegated: Bool
        var isFolderOnly: Bool
        /// No slash in it: it matches a path's last name.
        var matchesName: Bool
    }

    /// The folder the file sits in, relative to the repository's top (`""`, or `docs/` with its slash): its
    /// patterns match paths below it.
    package let base: String
    let patterns: [Pattern]

    /// Reads the ignore file whose text is `text` and whose folder is `base` (relative to the repository's top,
    /// ending in `/` unless empty).
    package init(text: String, base: String = "") {
        self.base = base
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var patterns: [Pattern] = []
        for var line in bytes.split(separator: .newline, omittingEmptySubsequences: true) {
            if line.last == .carriageReturn { line = line.dropLast() }
            guard line.first != UInt8(ascii: "#") else { continue }
            if let pattern = GitIgnore.pattern(GitIgnore.trimmingTrailingSpaces(Array(line))) { patterns.append(pattern) }
        }
        self.patterns = patterns
    }

    /// The line without its trailing spaces, a space quoted by `\` kept (git's `trim_trailing_spaces`).
    static func trimmingTrailingSpaces(_ line: [UInt8]) -> [UInt8] {
        var lastSpace: Int?
        var i = 0
        while i < line.count {
            switch line[i] {
            case .space:
                if lastSpace == nil { lastSpace = i }
            case UInt8(ascii: "\\"):
                i += 1
                if i == line.count { return line }
                lastSpace = nil
            default:
                lastSpace = nil
            }
            i += 1
        }
        return lastSpace.map { Array(line[..<$0]) } ?? line
    }

    static func pattern(_ line: [UInt8]) -> Pattern? {
        var bytes = line[...]
        let isNegated = bytes.first == UInt8(ascii: "!")
        if isNegated { bytes = bytes.dropFirst() }
        let isFolderOnly = bytes.last == UInt8(ascii: "/")
        if isFolderOnly { bytes = bytes.dropLast() }
        guard !bytes.isEmpty else { return nil }
        let matchesName = !bytes.contains(UInt8(ascii: "/"))
        // A leading slash anchors the pattern to the file's folder, which a pattern with a slash is anyway.
        if bytes.first == UInt8(ascii: "/") { bytes = bytes.dropFirst() }
        return Pattern(bytes: Array(bytes), isNegated: isNegated, isFolderOnly: isFolderOnly, matchesName: matchesName)
    }

    /// What this file says of `path` (relative to the repository's top, no trailing slash): ignored (true),
    /// not ignored by a negated pattern (false), or nothing (nil: no pattern matches).
    package func decision(for path: String, isFolder: Bool) -> Bool? {
        let bytes = Array(path.utf8)
        let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        let baseBytes = Array(base.utf8)
        for pattern in patterns.reversed() {
            if pattern.isFolderOnly, !isFolder { continue }
            let matched: Bool
            if pattern.matchesName {
                matched = Wildmatch.matches(pattern.bytes[...], bytes[nameStart...], pathname: false)
            } else {
                guard bytes.count > baseBytes.count, bytes.starts(with: baseBytes) else { continue }
                matched = Wildmatch.matches(pattern.bytes[...], bytes[baseBytes.count...], pathname: true)
            }
            if matched { return !pattern.isNegated }
        }
        return nil
    }
}

/// Every ignore file that speaks of a path, in git's order of precedence: the `.gitignore` files of the
/// folders from the repository's top down to the path's (the deeper first), then `.git/info/exclude`, then
/// the user's `core.excludesFile`. The first file with a pattern that matches decides.
package struct IgnoreRules: Sendable {
    /// The `.gitignore` files of the folders from the top down.
    package var folders: [GitIgnore]
    /// `.git/info/exclude`, then `core.excludesFile`: the files below the folders' in precedence.
    package var repository: [GitIgnore]

    package init(folders: [GitIgnore] = [], repository: [GitIgnore] = []) {
        self.folders = folders
        self.repository = repository
    }

    /// Whether git ignores `path` (relative to the repository's top). A path inside an ignored folder is
    /// never asked about: git does not look into one, and neither does a walk that follows these rules.
    package func ignores(_ path: String, isFolder: Bool) -> Bool {
        for file in folders.reversed() {
            if let decision = file.decision(for: path, isFolder: isFolder) { return decision }
        }
        for file in repository {
            if let decision = file.decision(for: path, isFolder: isFolder) { return decision }
        }
        return false
    }
}
