/// A cap on how many open tasks a list may hold, written as an HTML comment in the list's own section:
///
///     ## Today
///     <!-- todofmt: limit=5 -->
///
/// The comment travels with the file and renders as nothing. Only the list's own open top-level tasks
/// count (not those of its sub-lists, nor subtasks).
package struct ListLimit: Hashable, Sendable {
    /// Index of the heading in `Document.headings`.
    package var heading: Int
    package var limit: Int
    /// 1-based line of the comment.
    package var line: Int

    /// Every list cap in the document.
    package static func all(in document: Document) -> [ListLimit] {
        var limits: [ListLimit] = []
        var headingIndex = -1
        var seen = Set<Int>()
        // Only an HTML line outside every list item can be a cap: the others are passed over unread.
        for index in document.roles.indices where document.roles[index].kind == .html && document.roles[index].item == nil {
            while headingIndex + 1 < document.headings.count, document.headings[headingIndex + 1].line <= index + 1 {
                headingIndex += 1
            }
            guard headingIndex >= 0, let limit = parse(String(document.lines[index].text)), seen.insert(headingIndex).inserted
            else { continue }
            limits.append(ListLimit(heading: headingIndex, limit: limit, line: index + 1))
        }
        return limits
    }

    /// The cap of the list `path` names, if it has one.
    package static func of(_ path: ListPath, in document: Document) throws -> ListLimit? {
        guard document.format == .markdown else { throw EditError.noListsInTodoTxt }
        guard let heading = path.heading(in: document) else { throw EditError.noSuchList(path.description) }
        return all(in: document).first { $0.heading == heading }
    }

    /// The comment that caps a list at `limit` open tasks.
    static func comment(_ limit: Int) -> String { "<!-- todofmt: limit=\(limit) -->" }

    /// `<!-- todofmt: limit=N -->`, spaces optional around the parts.
    static func parse(_ text: String) -> Int? {
        var rest = Substring(text.trimmingWhitespace())
        guard rest.hasPrefix("<!--"), rest.hasSuffix("-->") else { return nil }
        rest = rest.dropFirst(4).dropLast(3)
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2, words[0] == "todofmt:", words[1].hasPrefix("limit=") else { return nil }
        let number = words[1].dropFirst("limit=".count)
        guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit), let n = Int(number) else { return nil }
        return n
    }

    /// The open top-level tasks directly in this list.
    package func openTasks(in document: Document) -> [TodoTask] {
        document.tasks.filter { $0.heading == heading && $0.parent == nil && $0.isOpen }
    }

    /// A warning when the list holds more open tasks than its cap, at the comment's line.
    package func violation(in document: Document) -> Diagnostic? {
        let count = openTasks(in: document).count
        guard count > limit else { return nil }
        let name = document.headings[heading].path.joined(separator: "/")
        return .warning("list '\(name)' has \(count) open tasks, more than its limit of \(limit)", line: line, column: 1,
                        code: .listOverLimit, length: document.lines.range(line - 1).count)
    }

    /// Warnings for every list over its cap.
    package static func violations(in document: Document) -> [Diagnostic] {
        all(in: document).compactMap { $0.violation(in: document) }
    }
}

extension EditResult {
    /// The result, unless it leaves a capped list holding more open tasks than its limit, and more than it
    /// held before the edit (an `add`, `mv` or `review` into a full list); `verb` says what the edit would
    /// have done (`added`, `moved`).
    package func refusingCapOverflow(_ verb: String) throws -> EditResult {
        for cap in ListLimit.all(in: document) {
            let count = cap.openTasks(in: document).count
            guard count > cap.limit else { continue }
            let path = document.headings[cap.heading].path
            let before = original.headings.indices.first { original.headings[$0].path == path }
                .map { heading in original.tasks.filter { $0.heading == heading && $0.parent == nil && $0.isOpen }.count } ?? 0
            if count > before {
                throw EditError.overCap(list: path.joined(separator: "/"), limit: cap.limit, count: count, verb: verb)
            }
        }
        return self
    }
}
