/// The form a note is formatted into (docs/FORMAT.md 1.5): each task line's Tasks or Dataview fields in the order
/// and spacing the plugin writes them (5.1, rule 10), and not one other byte changed: indentation, bullets,
/// checkboxes, blank lines, headings, prose and trailing whitespace (of task lines too) stay as written.
enum NoteCanonicalizer {
    /// The text of `document` with its task lines' fields in order, or nil when they already are.
    static func canonicalText(of document: Document) -> String? {
        let lines = document.lines
        var output: ByteBuffer?
        var next = 0  // the first line not yet put out
        for task in document.tasks.indices {
            guard let line = fieldsInOrder(document, task) else { continue }
            let index = document.tasks[task].line - 1
            if output == nil {
                output = ByteBuffer(capacity: lines.text.utf8.count + 16)
                if lines.hasByteOrderMark { output!.append(LineEnding.byteOrderMark) }
            }
            for kept in next..<index { output!.append(line: kept, of: lines) }
            output!.append(line)
            next = index + 1
        }
        guard var output else { return nil }
        for kept in next..<lines.count { output.append(line: kept, of: lines) }
        return output.text
    }

    /// Task `task`'s line with its fields in order; nil when they are, or when reordering them would read
    /// otherwise (the line then stays as written).
    private static func fieldsInOrder(_ document: Document, _ task: Int) -> Line? {
        let body = document.tasks[task].body
        guard !body.fieldsAreCanonical, let fields = body.canonicalFieldsDescription else { return nil }
        let index = document.tasks[task].line - 1
        let text = document.lines.text(index)
        let bodyStart = document.tasks[task].bodyColumn - 1
        let bytes = Array(text.utf8)
        let from = bodyStart + body.descriptionStart, to = bodyStart + body.descriptionEnd
        guard from <= to, to <= bytes.count else { return nil }
        let rewritten = Array(bytes[..<from]) + fields + Array(bytes[to...])
        return Line(String(decoding: rewritten, as: UTF8.self), ending: document.lines.ending(index))
    }
}
