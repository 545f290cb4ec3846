/// A task's line taken apart for editing: the Markdown prefix (indentation, marker, checkbox) and the body.
struct TaskLine {
    /// Bytes before the body: `  - [ ] ` in Markdown, nothing in todo.txt.
    var prefix: [UInt8]
    var body: EditableBody
    /// Where the checkbox character sits in `prefix` (Markdown only).
    var checkbox: Range<Int>?
    var ending: LineEnding

    init(task: TodoTask, in document: Document) {
        let line = document.lines[task.line - 1]
        let bytes = Array(line.text.utf8)
        let bodyStart = min(task.bodyColumn - 1, bytes.count)
        prefix = Array(bytes[..<bodyStart])
        ending = line.ending
        let isMarkdown = document.format == .markdown
        body = EditableBody(String(decoding: bytes[bodyStart...], as: UTF8.self),
                        allowsDoneMark: !isMarkdown, isClosed: task.status.isClosed, reads: task.body.fieldReading)
        if isMarkdown {
            // The prefix ends `[c]` or `[c] `; `c` is one Unicode scalar.
            var close = prefix.count - 1
            while close > 0, prefix[close] != UInt8(ascii: "]") { close -= 1 }
            var open = close - 1
            while open > 0, prefix[open] & 0xC0 == 0x80 { open -= 1 }
            checkbox = open..<close
        }
    }

    var text: String {
        var prefix = self.prefix
        // A task left without a body ends at its checkbox: no trailing space.
        if body.bytes.isEmpty, let close = checkbox?.upperBound {
            while prefix.count > close + 1, let last = prefix.last, last == .space || last == .tab { prefix.removeLast() }
        }
        return String(decoding: prefix + body.bytes, as: UTF8.self)
    }
    var line: Line { Line(text, ending: ending) }

    /// What the line means read on its own, its indentation aside: the one task it must hold.
    func meaning(in document: Document, at line: Int) throws -> TaskMeaning {
        try TaskLine.meaning(ofLine: text, in: document, at: line)
    }

    /// How what the line means, read on its own where the task stands, differs from `expected` (nil when it
    /// means that): the line takes the task's notes, depth and list from `expected`, and `expected` the line's own
    /// description, hashtags and dialect, which a change of status or of a date field rewrites but does not change.
    func difference(from expected: TaskMeaning, in document: Document, at line: Int) throws -> String? {
        var meaning = try self.meaning(in: document, at: line), expected = expected
        (meaning.notes, meaning.depth, meaning.list) = (expected.notes, expected.depth, expected.list)
        (expected.fields.hashtags, expected.fields.dialect) = (meaning.fields.hashtags, meaning.fields.dialect)
        expected.description = meaning.description
        return expected.differences(from: meaning).first ?? (expected.fields != meaning.fields ? "changed its fields" : nil)
    }

    /// What the line `text` means read on its own as a line of `document`, its indentation aside: the one task
    /// it must hold. Its notes, depth and list are for the caller to say.
    static func meaning(ofLine text: String, in document: Document, at line: Int? = nil) throws -> TaskMeaning {
        var text = document.format == .markdown ? text.droppingIndentation(columns: .max) : text
        // A task of a block quote: its `>` markers, then its own line without the indentation that nests it.
        if document.reading.isObsidian, case let start = MarkdownParser.quoteContentStart(text.utf8.span), start > 0 {
            text = "> " + String(decoding: text.utf8.dropFirst(start), as: UTF8.self).droppingIndentation(columns: .max)
        }
        // A line is read as a line, not as a file: a U+FEFF it starts with is its own, not a byte order mark.
        if text.utf8.starts(with: LineEnding.byteOrderMark) { text = "\n" + text }
        let alone = Document(parsing: text, like: document)
        guard alone.tasks.count == 1 else {
            throw EditError.unsafeEdit("\(line.map { "line \($0)" } ?? "the new line") would not read as one task")
        }
        return alone.meaning(of: 0)
    }

    /// Sets the Markdown checkbox character and tells the body grammar whether the task is closed.
    mutating func setCheckbox(_ status: TaskStatus) {
        setCheckbox(scalar: status.checkbox.unicodeScalars.first!)
    }

    /// Sets the Markdown checkbox to any character; one without a defined meaning reads as open.
    mutating func setCheckbox(scalar: Unicode.Scalar) {
        guard let range = checkbox else { return }
        let bytes = Array(String(scalar).utf8)
        prefix.replaceSubrange(range, with: bytes)
        checkbox = range.lowerBound..<(range.lowerBound + bytes.count)
        body.isClosed = TaskStatus(checkboxScalar: scalar)?.isClosed ?? false
    }

    /// The Markdown checkbox character (nil in todo.txt).
    var checkboxScalar: Unicode.Scalar? {
        guard let range = checkbox else { return nil }
        return String(decoding: prefix[range], as: UTF8.self).unicodeScalars.first
    }

    /// The status the Markdown checkbox means (nil in todo.txt, and for a character without a meaning).
    var checkboxStatus: TaskStatus? { checkboxScalar.flatMap { TaskStatus(checkboxScalar: $0) } }

    /// A Markdown line ending in `[ ]` with no body needs a space before text is added.
    mutating func ensureSpaceBeforeBody() {
        if let last = prefix.last, last != .space, last != .tab { prefix.append(.space) }
    }
}
