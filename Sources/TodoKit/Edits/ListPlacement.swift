/// Where new top-level lines go in a Markdown list, and the headings to create when the list is missing.
///
/// In an existing list they go after its last top-level task (and its notes and subtasks), or right after
/// its heading (and the blank line under it) when it has none. A missing list is created under its nearest
/// existing parent heading, at the end of that heading's section, or at the end of the file, with a blank
/// line around each new heading.
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
            } else {
                target = .some(document.headings.isEmpty ? nil : 0)
            }
        }

        if let target {
            self.list = document.list(under: target)
            let topTasks = document.tasks.filter { $0.heading == target && $0.depth == 0 && !excluding.contains($0.line) }
            reference = topTasks.last
            after = []
            before = []
            if let last = topTasks.last {
                index = last.endLine
            } else if let heading = target {
                index = document.headings[heading].endLine
                if index < lines.count, blank(index) { index += 1 }
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
        let titles = wantedPath!.titles
        var parent: Int?
        var existing = 0
        for count in stride(from: titles.count - 1, through: 1, by: -1) {
            if let found = ListPath(titles: Array(titles.prefix(count))).heading(in: document) {
                parent = found
                existing = count
                break
            }
        }
        if parent == nil, levels == nil {
            let topLevel = document.headings.filter { $0.level == 1 }
            if topLevel.count == 1, document.headings.first?.level == 1 { parent = 0 }
        }
        self.list = document.list(under: parent) + titles[existing...]
        var end = lines.count
        var baseLevel = (document.headings.map(\.level).min() ?? 1)
        if let parent {
            let heading = document.headings[parent]
            baseLevel = heading.level + 1
            if let next = document.headings[(parent + 1)...].first(where: { $0.level <= heading.level }) {
                end = next.line - 1
            }
            while end > heading.endLine, blank(end - 1) { end -= 1 }
        }
        index = end
        before = index > 0 && !blank(index - 1) ? [""] : []
        for (offset, title) in titles[existing...].enumerated() {
            let level = min(6, levels.map { $0[existing + offset] } ?? baseLevel + offset)
            before.append(String(repeating: "#", count: level) + " " + title)
            before.append("")
        }
        after = index < lines.count && !blank(index) ? [""] : []
        reference = nil
    }

    /// The start of a new task line: the reference task's indentation, marker (the next number for an
    /// ordered list) and spacing, else the first top-level task's bullet, else `- `.
    static func taskPrefix(reference: TodoTask?, in document: Document) -> String {
        guard let task = reference ?? document.tasks.first(where: { $0.depth == 0 }), let item = task.item else { return "- [ ] " }
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
