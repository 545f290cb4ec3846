/// Where new top-level lines go in a Markdown list, and the headings to create when the list is missing.
///
/// In an existing list they go after its last top-level task (a task that is an item of the list itself, not
/// one nested in a plain item; after its notes and subtasks); in a list without one, after the heading's own
/// content (its text, plain items, a query block), or right after its heading (and the blank line under it)
/// when it has none. A missing list is created under its nearest
/// existing parent heading, at the end of that heading's section, or at the end of the file at the level of
/// the file's top-level headings (never under whichever heading came last), with a blank line around each
/// new heading.
struct ListPlacement {
    /// 0-based line the new lines go before.
    var index: Int
    /// Lines to write before the block (blank lines and new headings).
    var before: [String]
    /// Lines to write after the block (a blank line before following text).
    var after: [String]
    /// The last top-level task of the list, whose marker and indentation a new task copies.
    var reference: TodoTask?
    /// The list the new lines land in: heading titles from the outermost down.
    var list: [String]

    enum Target {
        /// The list of the file's first task; without tasks, the first heading, else the end of the file.
        case first
        /// The tasks before any heading.
        case root
        case path(ListPath)
    }

    /// Plans a placement in a list. `levels` gives the heading levels to use for
    /// created headings (from the source of an archive); otherwise each is one deeper than its parent.
    /// Tasks on `excluding` lines (being moved) do not count as the list's tasks.
    init(_ wanted: Target, levels: [Int]? = nil, in document: Document, excluding: Set<Int> = []) {
        let lines = document.lines
        func blank(_ i: Int) -> Bool { lines[i].isBlank }

        // The heading the list lives under (nil: the part of the file before any heading), or a plan to create.
        var target: Int?? = nil
        var wantedPath: ListPath?
        switch wanted {
        case .path(let path):
            wantedPath = path
            if let found = path.heading(in: document) { target = .some(found) }
        case .root:
            target = .some(nil)
        case .first:
            if let first = document.tasks.first {
                target = .some(first.heading)
            } else if document.headings.isEmpty {
                target = .some(nil)
            } else {
                // Not the title: its first list.
                target = .some(ListPlacement.title(in: document) == 0 && document.headings.count > 1 ? 1 : 0)
            }
        }

        if let target {
            self.list = document.list(under: target)
            let topTasks = document.tasks.filter {
                $0.heading == target && document.isTopLevelItem($0) && !excluding.contains($0.line)
            }
            reference = topTasks.last
            after = []
            before = []
            if let last = topTasks.last {
                index = last.endLine
            } else if let heading = target, case let end = ListPlacement.contentEnd(of: heading, in: document),
                      end > document.headings[heading].endLine {
                // The heading's own content holds no task of the list (text, a query block, plain items, tasks
                // nested in them): the new lines go after it, as a person would add them, and nothing else moves.
                index = end
                // An HTML block runs on to a blank line: without one, the new lines would be part of it.
                if document.roles[end - 1].kind == .html { before = [""] }
            } else if let heading = target {
                index = document.headings[heading].endLine
                if index < lines.count, blank(index) { index += 1 } else { before = [""] }
                if index < lines.count, !blank(index) { after = [""] }
            } else if let first = document.headings.first {
                index = first.line - 1
                while index > 0, blank(index - 1) { index -= 1 }
                if index > 0 { before = [""] }
                after = [""]
                if index < lines.count, blank(index) { after = [] }
            } else {
                index = lines.count
                if let lastText = lines.lastIndex(where: { !$0.isBlank }), lastText == lines.count - 1 {
                    let role = document.roles[lastText]
                    if role.item == nil && role.kind != .heading { before = [""] }
                }
            }
            return
        }

        // Create the missing part of the path under its nearest existing parent.
        let creation = Creation(wantedPath!, levels: levels, in: document)
        self.list = creation.list
        index = creation.index
        before = index > 0 && !blank(index - 1) ? [""] : []
        before += creation.headingLines(from: creation.existing)
        after = index < lines.count && !blank(index) ? [""] : []
        reference = nil
    }

    /// Where a missing list is created, and its headings.
    struct Creation {
        let titles: [String]
        /// How many of the titles name headings the document has: the new ones start after them.
        let existing: Int
        /// The heading the new ones go under, if any.
        let parent: Int?
        /// The 0-based line the new headings go before: the end of the parent's section, else of the file.
        let index: Int
        /// The list the new headings make: the parent's path, then the new titles.
        let list: [String]
        /// The level of each title from `existing` on.
        let levels: [Int]

        init(_ path: ListPath, levels sourceLevels: [Int]?, in document: Document) {
            let lines = document.lines
            titles = path.titles
            var parent: Int?
            var existing = 0
            for count in stride(from: titles.count - 1, through: 1, by: -1) {
                if let found = ListPath(titles: Array(titles.prefix(count))).heading(in: document) {
                    parent = found
                    existing = count
                    break
                }
            }
            var end = lines.count
            // The first new heading must close every heading open where it goes, but its parent: one level
            // below the parent, or at the end of the file no deeper than the file's highest level.
            let highest = document.headings.map(\.level).min()
            var first = sourceLevels.map { $0[existing] } ?? highest ?? 1
            if let highest { first = min(first, highest) }
            if let parent {
                let heading = document.headings[parent]
                first = heading.level + 1
                if let next = document.headings[(parent + 1)...].first(where: { $0.level <= heading.level }) {
                    end = next.line - 1
                }
                while end > heading.endLine, lines[end - 1].isBlank { end -= 1 }
            }
            // Below the first, each keeps the source's distance to it, else is one level deeper than the one above.
            levels = (existing..<titles.count).map { k in
                min(6, first + (sourceLevels.map { $0[k] - $0[existing] } ?? k - existing))
            }
            self.parent = parent
            self.existing = existing
            index = end
            list = document.list(under: parent) + titles[existing...]
        }

        /// The lines of the new headings of titles `from` on, each with a blank line after it.
        func headingLines(from start: Int) -> [String] {
            (start..<titles.count).flatMap { k in [String(repeating: "#", count: levels[k - existing]) + " " + titles[k], ""] }
        }
    }

    /// Placements for the blocks of several lists at once, each with the index of its list in `lists`, their
    /// lines to go in at each placement's index in the order returned: what placing the lists one after the
    /// other would give, planned on the document as it is. A list the document has takes its own place.
    /// Missing lists are created where `init` creates one, after the blocks of existing lists that land at the
    /// same line; lists created at the same line share the headings they have in common, each made once.
    static func placements(for lists: [(target: Target, levels: [Int]?)], in document: Document)
        -> [(list: Int, placement: ListPlacement)] {
        var existing: [(Int, ListPlacement)] = [], created: [(Int, ListPlacement)] = []
        var madeAt: [Int: [[String]]] = [:]  // by index: the title paths created there so far
        for (list, (target, levels)) in lists.enumerated() {
            guard case .path(let path) = target, path.heading(in: document) == nil else {
                existing.append((list, ListPlacement(target, levels: levels, in: document)))
                continue
            }
            var placement = ListPlacement(target, levels: levels, in: document)
            let creation = Creation(path, levels: levels, in: document)
            // Headings an earlier list made here: its whole path, or a part of it, is this list's too.
            var shared = creation.existing
            for made in madeAt[creation.index, default: []] {
                var k = creation.existing
                while k < min(made.count, creation.titles.count), made[k] == creation.titles[k] { k += 1 }
                shared = max(shared, k)
            }
            if shared == creation.titles.count {
                placement.before = []
            } else if madeAt[creation.index] != nil {
                placement.before = [""] + creation.headingLines(from: shared)
            }
            madeAt[creation.index, default: []].append(creation.titles)
            created.append((list, placement))
        }
        var result = existing + created
        // At a line where several go in, the ones after the first start with a blank line, and only the last
        // keeps the blank line before the text that follows.
        var count: [Int: Int] = [:], seen: [Int: Int] = [:]
        for (_, placement) in result { count[placement.index, default: 0] += 1 }
        for k in result.indices {
            let index = result[k].1.index
            seen[index, default: 0] += 1
            if seen[index]! < count[index]! { result[k].1.after = [] }
            if seen[index]! > 1, result[k].1.before.first != "" { result[k].1.before.insert("", at: 0) }
        }
        return result.map { (list: $0.0, placement: $0.1) }
    }

    /// The 0-based line after the last line of heading `heading`'s own content: its last line that is not blank
    /// before the next heading (a sub-heading too), or the heading's own last line when it has none.
    static func contentEnd(of heading: Int, in document: Document) -> Int {
        let start = document.headings[heading].endLine
        var end = heading + 1 < document.headings.count ? document.headings[heading + 1].line - 1 : document.lines.count
        while end > start, document.lines[end - 1].isBlank { end -= 1 }
        return end
    }

    /// The file's title heading, if it has one: a first heading of level 1 that is the file's only level-1
    /// heading, has sub-lists and holds no task of its own (`# TODO` above `## Today` and `## Backlog`). A
    /// task added to a file without tasks goes to the title's first sub-list rather than under the title.
    static func title(in document: Document) -> Int? {
        guard let first = document.headings.first, first.level == 1, document.headings.count > 1,
              !document.headings.dropFirst().contains(where: { $0.level == 1 }),
              !document.tasks.contains(where: { $0.heading == 0 }) else { return nil }
        return 0
    }

    /// The start of a new task line: the reference task's indentation, marker (the next number for an
    /// ordered list) and spacing, else the first top-level task's bullet, else `- `.
    static func taskPrefix(reference: TodoTask?, in document: Document) -> String {
        guard let task = reference ?? document.tasks.first(where: document.isTopLevelItem), let item = task.item else { return "- [ ] " }
        let text = Array(document.lines[task.line - 1].text.utf8)
        var i = 0
        while i < text.count, text[i] == .space || text[i] == .tab { i += 1 }
        let indent = reference == nil ? "" : String(decoding: text[..<i], as: UTF8.self)
        var marker: String
        switch document.items[item].marker {
        case .bullet(let c): marker = String(c)
        case .ordered(let n, let d): marker = reference == nil ? "-" : "\(min(n + 1, 999_999_999))\(d)"  // 9 digits at most
        }
        var j = i
        while j < text.count, text[j] != .space, text[j] != .tab { j += 1 }
        var gap = j
        while gap < text.count, text[gap] == .space || text[gap] == .tab { gap += 1 }
        let spacing = reference == nil || gap == j ? " " : String(decoding: text[j..<gap], as: UTF8.self)
        if marker == "-" && reference == nil, case .bullet(let c) = document.items[item].marker { marker = String(c) }
        return indent + marker + spacing + "[ ] "
    }
}
