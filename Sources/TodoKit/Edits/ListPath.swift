/// A list named on the command line: heading titles from the outermost down, written `Work/Q4`.
/// Each title matches a heading case-insensitively.
public struct ListPath: Hashable, Sendable, CustomStringConvertible {
    /// The heading titles from the outermost list down.
    public var titles: [String]

    /// The list reached through the headings titled `titles`, outermost first.
    public init(titles: [String]) { self.titles = titles }

    /// Reads `Work/Q4`; spaces around each title are ignored. Nil for an empty title (`Work//Q4`).
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        titles = parts
    }

    public var description: String { titles.joined(separator: "/") }

    /// The heading this path names: the one whose whole path matches, else the only one whose path ends
    /// with it (so `Work` finds `# Plans` › `## Work` when the file has one `Work`). A `/` in a heading's
    /// title separates titles as the path's own do, so `A / B` names `# A / B` (and `Work/A / B` that
    /// heading under `# Work`): such a title cannot be named otherwise.
    func heading(in document: Document) -> Int? {
        let wanted = ListPath.comparable(titles)
        let paths = document.headings.map { ListPath.comparable($0.path) }
        if let exact = paths.firstIndex(of: wanted) { return exact }
        let suffixed = paths.indices.filter { paths[$0].count > wanted.count && Array(paths[$0].suffix(wanted.count)) == wanted }
        return suffixed.count == 1 ? suffixed[0] : nil
    }

    /// Titles as a path compares them: each split at its `/`s, trimmed, lowercased.
    static func comparable(_ titles: [String]) -> [String] {
        titles.flatMap { title in
            title.contains("/") ? title.split(separator: "/").map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }
                : [title.lowercased()]
        }
    }

    /// Whether the heading path `list` (titles from the outermost down) holds `path` as consecutive titles,
    /// anywhere in it, compared as `comparable` compares them: what `list:Work/Q4` asks of a task's list.
    static func holds(_ list: [String], _ path: [String]) -> Bool {
        let list = comparable(list), path = comparable(path)
        guard list.count >= path.count else { return false }
        return (0...(list.count - path.count)).contains { Array(list[$0..<($0 + path.count)]) == path }
    }

    /// Whether this path and `other` name the same list of `document` (the same heading, or, for a list
    /// the file lacks, the same titles).
    public func namesSameList(as other: ListPath, in document: Document) -> Bool {
        if let mine = heading(in: document), let theirs = other.heading(in: document) { return mine == theirs }
        return titles.map { $0.lowercased() } == other.titles.map { $0.lowercased() }
    }

    /// The open and in-progress top-level tasks directly under the list this path names (not those of
    /// its sub-lists), found as `heading(in:)` finds it: what `review` moves.
    public func openTasks(in document: Document) throws -> [TodoTask] {
        guard document.format == .markdown else { throw EditError.noListsInTodoTxt }
        guard let heading = heading(in: document) else { throw EditError.noSuchList(description) }
        return document.tasks.filter { $0.heading == heading && $0.parent == nil && $0.isOpen }
    }
}
