extension ListEditor {
    /// Sets a list's cap on open tasks (`<!-- todofmt: limit=N -->`, docs/FORMAT.md, "List caps"), or with
    /// nil removes it: the section's cap comment gets the new number, or a new one goes right under the
    /// heading, after the blank line there. A list capped at that number already, or without a cap to
    /// remove, is left alone with a note.
    package static func setCap(_ limit: Int?, of path: ListPath, in document: Document) throws -> EditResult {
        let existing = try ListLimit.of(path, in: document)
        let index = path.heading(in: document)!
        let name = document.headings[index].path.joined(separator: "/")
        var edit = DocumentEdit(document)
        switch (limit, existing) {
        case (nil, nil):
            edit.notes.append("list '\(name)' has no cap")
        case (nil, let cap?):
            // A comment between two blank lines takes one of them along, as a removed task does.
            edit.add(.delete(BlockRanges.withSeparatingBlank((cap.line - 1)..<cap.line, in: document)))
        case (let limit?, let cap?) where cap.limit == limit:
            edit.notes.append("list '\(name)' is capped at \(limit) already")
        case (let limit?, let cap?):
            edit.add(.replace(cap.line - 1, with: Line(ListLimit.comment(limit), ending: document.lines[cap.line - 1].ending)))
        case (let limit?, nil):
            let lines = document.lines
            let after = document.headings[index].endLine
            if after < lines.count, lines[after].isBlank {
                let followed = after + 1 < lines.count && !lines[after + 1].isBlank
                edit.insert([Line(ListLimit.comment(limit))] + (followed ? [Line("")] : []), at: after + 1)
            } else {
                edit.insert((after == lines.count ? [Line("")] : []) + [Line(ListLimit.comment(limit))], at: after)
            }
        }
        return try edit.finish()
    }
}
