/// `addlist`, `renamelist` and `rmlist`: lists (Markdown headings) made, renamed and removed as checked
/// edits. A list is found by its path as `add --list` finds it (`ListPath.heading(in:)`).
public enum ListEditor {
    /// What `remove` does with the tasks of the list it removes.
    public enum Tasks: Sendable {
        /// Refuse to remove a list that holds tasks.
        case refuse
        /// Remove them with it (`--with-tasks`).
        case remove
        /// Move them, each with its notes and subtasks, to the end of another list first (`--to`).
        case move(to: ListPath)
    }

    /// Creates an empty list where `add --list` would create it (`ListPlacement`): at its path's depth under
    /// its parent, after the parent's lists. A list the file has already is left alone, with a note.
    public static func add(_ path: ListPath, in document: Document) throws -> EditResult {
        guard document.format == .markdown else { throw EditError.noListsInTodoTxt }
        var edit = DocumentEdit(document)
        if path.heading(in: document) != nil {
            edit.notes.append("list '\(path)' exists already")
            return try edit.finish()
        }
        let placement = ListPlacement(.path(path), in: document)
        // The blank line that would stand between the new heading and its first task goes: there is none.
        edit.insert((placement.before.dropLast() + placement.after).map { Line($0) }, at: placement.index)
        return try edit.finish()
    }

    /// Gives the list's heading a new title, keeping its `#` marks (or its setext underline); its sub-lists,
    /// and the list of every task under it, follow.
    public static func rename(_ path: ListPath, to newTitle: String, in document: Document) throws -> EditResult {
        // What was typed is checked first: a title that cannot be one is a usage error whatever the file holds.
        let title = newTitle.trimmingWhitespace()
        guard !title.isEmpty, !title.contains("/"), !title.contains(where: \.isNewline) else { throw EditError.badListTitle(newTitle) }
        guard document.format == .markdown else { throw EditError.noListsInTodoTxt }
        guard let index = path.heading(in: document) else { throw EditError.noSuchList(path.description) }
        let heading = document.headings[index]
        let parent = Array(heading.path.dropLast())
        if let other = document.headings.first(where: {
            $0.path.count == heading.path.count && Array($0.path.dropLast()) == parent && $0.title.lowercased() == title.lowercased()
        }), other.line != heading.line {
            throw EditError.listExists((parent + [other.title]).joined(separator: "/"))
        }
        var edit = DocumentEdit(document)
        let first = document.lines[heading.line - 1]
        let text = String(first.text)
        let newText: String
        if heading.isSetext {
            let indent = text.prefix { $0 == " " || $0 == "\t" }
            newText = indent + title
            if heading.endLine - 1 > heading.line { edit.add(.delete(heading.line..<(heading.endLine - 1))) }
        } else {
            newText = atxLine(text, oldTitle: heading.title, newTitle: title, level: heading.level)
        }
        edit.add(.replace(heading.line - 1, with: Line(newText, ending: first.ending)))
        let underline = heading.isSetext ? "\n" + String(document.lines.text(heading.endLine - 1)) : ""
        guard Document(parsing: newText + underline + "\n").headings.map(\.title) == [title] else {
            throw EditError.badListTitle(newTitle)
        }
        // Every task under the heading and its sub-lists is now in the renamed list.
        let depth = heading.path.count - 1
        let section = index..<subtreeEnd(of: index, in: document)
        for task in document.tasks.indices where document.tasks[task].heading.map(section.contains) == true {
            var meaning = document.meaning(of: task)
            meaning.list[depth] = title
            edit.expect(task: task, toMean: meaning)
        }
        return try edit.finish()
    }

    /// Removes a list: its heading and everything up to the next heading of its level or a higher one (its
    /// sub-lists too). A list holding tasks is refused, unless they go with it or move to another list first;
    /// the other lines that go (text, comments) are in `removedLines`.
    public static func remove(_ path: ListPath, tasks handling: Tasks, in document: Document) throws -> EditResult {
        guard document.format == .markdown else { throw EditError.noListsInTodoTxt }
        guard let index = path.heading(in: document) else { throw EditError.noSuchList(path.description) }
        let heading = document.headings[index]
        let end = subtreeEnd(of: index, in: document)
        let range = (heading.line - 1)..<(end < document.headings.count ? document.headings[end].line - 1 : document.lines.count)
        let tasks = document.tasks.filter { range.contains($0.line - 1) }
        var edit = DocumentEdit(document)
        var kept: [Range<Int>] = []
        switch handling {
        case .refuse:
            guard tasks.isEmpty else { throw EditError.listHasTasks(path.description, count: tasks.count) }
        case .remove:
            break
        case .move(let target):
            if target.namesSameList(as: path, in: document) { throw EditError.moveIntoItself(line: heading.line) }
            let blocks = TaskBlock.outermost(tasks, in: document)
            var moving = Set<Int>()
            for block in blocks { for inner in block.tasks { moving.insert(block.task.line + inner.offset) } }
            let placement = ListPlacement(.path(target), in: document, excluding: moving)
            guard !placement.list.starts(with: heading.path), !(range.lowerBound < placement.index && placement.index < range.upperBound) else {
                throw EditError.listIntoItself(path.description, target.description)
            }
            if !blocks.isEmpty { edit.place(blocks, at: placement, reportTops: true) }
            kept = blocks.map(\.range)
        }
        for line in range where !kept.contains(where: { $0.contains(line) }) && !document.lines[line].isBlank {
            edit.removedLines.append(String(document.lines[line].text))
        }
        // A list at the end of the file takes the blank line before it along.
        var removal = range
        if range.upperBound == document.lines.count, range.lowerBound > 0, document.lines[range.lowerBound - 1].isBlank,
           !edit.patches.contains(where: { $0.range.lowerBound == range.lowerBound }) {
            removal = (range.lowerBound - 1)..<range.upperBound
        }
        edit.add(.delete(removal))
        return try edit.finish()
    }

    /// The index of the first heading after heading `index` that is not one of its sub-lists.
    static func subtreeEnd(of index: Int, in document: Document) -> Int {
        let level = document.headings[index].level
        var end = index + 1
        while end < document.headings.count, document.headings[end].level > level { end += 1 }
        return end
    }

    /// An ATX heading line with another title: its indentation, `#` marks, spacing and closing sequence kept.
    static func atxLine(_ text: String, oldTitle: String, newTitle: String, level: Int) -> String {
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count, bytes[start] == .space { start += 1 }
        while start < bytes.count, bytes[start] == UInt8(ascii: "#") { start += 1 }
        while start < bytes.count, bytes[start] == .space || bytes[start] == .tab { start += 1 }
        let old = Array(oldTitle.utf8)
        guard start + old.count <= bytes.count, Array(bytes[start..<(start + old.count)]) == old else {
            return String(repeating: "#", count: level) + " " + newTitle
        }
        return String(decoding: bytes[..<start], as: UTF8.self) + newTitle + String(decoding: bytes[(start + old.count)...], as: UTF8.self)
    }
}
