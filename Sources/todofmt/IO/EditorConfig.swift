import TodoKit

/// What the `.editorconfig` files above a file say about its indentation, read as editors and formatters read
/// them: from the file's folder upward until a file says `root = true`; a nearer file wins over a further one,
/// and a later section of one file over an earlier one. Sections match by glob: `*` (any characters but `/`),
/// `**` (any), `?`, `[abc]`, `{a,b}`; a glob with no `/` matches the file's name in any folder below.
enum EditorConfig {
    static let fileName = ".editorconfig"

    /// The indentation unit set for the file at `path` (`indent_style`, and `indent_size` for spaces), or nil
    /// when no `.editorconfig` sets one.
    static func indentUnit(forFileAt path: String) -> IndentUnit? {
        let absolute = TodoFileState.absolutePath(path)
        var folder = FileSystem.directoryName(absolute)
        var style: String?, size: String?
        while true {
            if let text = readText(join(folder, fileName)) {
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                let relative = absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : FileSystem.baseName(absolute)
                let found = properties(in: text, forFile: relative)
                // Nearer files were read first and win.
                style = style ?? found.values["indent_style"]
                size = size ?? found.values["indent_size"]
                if found.isRoot { break }
            }
            if folder == "/" || folder.isEmpty { break }
            folder = FileSystem.directoryName(folder)
        }
        switch style {
        case "tab": return .tab
        case "space": return size.flatMap { Int($0) }.map { .spaces(max(1, $0)) } ?? .canonical
        default: return nil
        }
    }

    /// The properties (names and values lower-cased) the sections of `text` matching `relative` set, and whether
    /// it says `root = true`.
    static func properties(in text: String, forFile relative: String) -> (values: [String: String], isRoot: Bool) {
        var values: [String: String] = [:], isRoot = false
        var inPreamble = true, matches = false
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                inPreamble = false
                matches = globMatches(String(line.dropFirst().dropLast()), relative)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingSpaces().lowercased()
            let value = line[line.index(after: equals)...].trimmingSpaces().lowercased()
            if inPreamble {
                if key == "root" { isRoot = value == "true" }
            } else if matches {
                values[key] = value
            }
        }
        return (values, isRoot)
    }

    /// Whether `glob` (a section name) matches `path`, relative to the `.editorconfig`'s folder.
    static func globMatches(_ glob: String, _ path: String) -> Bool {
        var pattern = glob
        if pattern.hasPrefix("/") { pattern.removeFirst() } else if !pattern.contains("/") { pattern = "**/" + pattern }
        return matches(Array(pattern), 0, Array(path), 0)
    }

    private static func matches(_ p: [Character], _ i: Int, _ s: [Character], _ j: Int) -> Bool {
        guard i < p.count else { return j == s.count }
        switch p[i] {
        case "*":
            let deep = i + 1 < p.count && p[i + 1] == "*"
            let next = deep ? i + 2 : i + 1
            // `**/` also matches no folder at all.
            if deep, next < p.count, p[next] == "/", matches(p, next + 1, s, j) { return true }
            var k = j
            while true {
                if matches(p, next, s, k) { return true }
                guard k < s.count, deep || s[k] != "/" else { return false }
                k += 1
            }
        case "?":
            return j < s.count && s[j] != "/" && matches(p, i + 1, s, j + 1)
        case "{":
            guard let close = p[i...].firstIndex(of: "}") else { break }
            let alternatives = String(p[(i + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
            let rest = Array(p[(close + 1)...])
            return alternatives.contains { matches(Array($0) + rest, 0, s, j) }
        case "[":
            guard let close = p[(i + 1)...].firstIndex(of: "]"), j < s.count else { break }
            var set = Array(p[(i + 1)..<close])
            let negated = set.first == "!" || set.first == "^"
            if negated { set.removeFirst() }
            var inSet = false, k = 0
            while k < set.count {
                if k + 2 < set.count, set[k + 1] == "-" {
                    if set[k] <= s[j] && s[j] <= set[k + 2] { inSet = true }
                    k += 3
                } else {
                    if set[k] == s[j] { inSet = true }
                    k += 1
                }
            }
            return inSet != negated && s[j] != "/" && matches(p, close + 1, s, j + 1)
        default:
            break
        }
        return j < s.count && s[j] == p[i] && matches(p, i + 1, s, j + 1)
    }
}

private extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
