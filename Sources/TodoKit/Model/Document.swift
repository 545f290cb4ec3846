/// A parsed todo file: its lines exactly as read, and the structure found in them.
///
/// `Document(parsing: x).text == x` for every string: the lines keep their bytes and endings, and the
/// structure (tasks, list items, headings) only points at lines.
public struct Document: Sendable {
    public let format: FileFormat
    /// Whether the text started with a UTF-8 byte order mark.
    public let hasByteOrderMark: Bool
    public internal(set) var lines: [Line]
    /// What each line is; `roles[i]` describes `lines[i]`.
    public internal(set) var roles: [LineRole] = []
    /// Every task, in document order.
    public internal(set) var tasks: [Task] = []
    /// Every Markdown list item, in document order.
    public internal(set) var items: [ListItem] = []
    public internal(set) var headings: [Heading] = []
    /// Problems found while reading: unknown checkbox characters, dates that are not real, and so on.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The text the document was read from, which `text` gives back (the lines share its storage).
    var source: String?

    /// The string most lines share: the text the document was read from, or `LineBytes.commonStorage` (a
    /// formatted document's lines are mostly slices of its input's text).
    var commonStorage: String? {
        source ?? (lines.isEmpty ? nil : lines.withUnsafeBufferPointer(LineBytes.commonStorage))
    }

    /// Reads `text` as a todo file of the given format.
    public init(parsing text: String, format: FileFormat = .markdown) {
        let (bom, lines) = LineSplitter.split(text)
        self.init(lines: lines, format: format, hasByteOrderMark: bom)
        source = text
    }

    /// Builds a document from lines, deriving its structure.
    public init(lines: [Line], format: FileFormat, hasByteOrderMark: Bool = false) {
        self.init(lines: lines, format: format, hasByteOrderMark: hasByteOrderMark, reusing: nil)
    }

    /// Builds a document from lines, taking the task bodies found in `bodies` from there instead of reading
    /// them again: for lines that are mostly another document's, formatted or reordered.
    init(lines: [Line], format: FileFormat, hasByteOrderMark: Bool, reusing bodies: ParsedBodies?) {
        self.format = format
        self.hasByteOrderMark = hasByteOrderMark
        self.lines = lines
        switch format {
        case .markdown: MarkdownStructureParser.parse(into: &self, reusing: bodies)
        case .todotxt: TodoTxtParser.parse(into: &self, reusing: bodies)
        }
    }

    /// A Markdown document of `lines` (part of a larger one), and whether they leave a fenced code block or
    /// an HTML block open outside every list item, which would go on into lines that followed them.
    init(markdownLines lines: [Line], reusing bodies: ParsedBodies?, leavesBlockOpen: inout Bool) {
        format = .markdown
        hasByteOrderMark = false
        self.lines = lines
        leavesBlockOpen = MarkdownStructureParser.parse(into: &self, reusing: bodies)
    }

    /// The document printed back: byte order mark, every line and its ending, exactly as held.
    public var text: String { textLines.text }

    /// The number of UTF-8 bytes of `text`.
    public var utf8Count: Int { textLines.utf8Count }

    /// Calls `write` with the bytes of `text`, in order, in pieces (a line, its ending), without making `text`:
    /// for printing a large document without holding it twice.
    public func writeUTF8(_ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        textLines.writeUTF8(write)
    }

    /// The document's lines and byte order mark, as text to print.
    public var textLines: TextLines {
        TextLines(lines: lines, hasByteOrderMark: hasByteOrderMark, source: source)
    }

    /// The list task `task` is in: heading titles from the outermost down (none in todo.txt files).
    public func list(of task: Int) -> [String] {
        list(under: tasks[task].heading)
    }

    /// The list of the tasks under heading `heading` (an index into `headings`; nil for none).
    public func list(under heading: Int?) -> [String] {
        heading.map { headings[$0].path } ?? []
    }

    /// The tasks directly nested in task `task` (those whose `parent` it is), as indexes into `tasks`, in order.
    public func subtasks(of task: Int) -> [Int] {
        descendants(of: task).filter { Int(tasks[$0].parent32) == task }
    }

    /// Every task nested in task `task`, at any depth, as indexes into `tasks`, in document order: the tasks
    /// that follow it within its block.
    public func descendants(of task: Int) -> Range<Int> {
        var end = task + 1
        while end < tasks.count, tasks[end].line32 <= tasks[task].endLine32 { end += 1 }
        return (task + 1)..<end
    }

    /// The 1-based lines of task `task`'s notes: the lines of its block outside its subtasks' blocks.
    public func noteLines(of task: Int) -> [Int] {
        tasks.withUnsafeBufferPointer { Array(NoteLines(of: task, in: $0)) }
    }

    /// Calls `body` with each note line of task `task` (1-based), in order.
    func forEachNoteLine(of task: Int, _ body: (Int) -> Void) {
        tasks.withUnsafeBufferPointer { tasks in
            guard tasks[task].mayHaveNoteLines else { return }
            for line in NoteLines(of: task, in: tasks) { body(line) }
        }
    }

    /// The notes of task `task`: the text of its note lines with the indentation to its content column
    /// removed (all of it on a lazy continuation line) and trailing spaces and tabs, blank lines at either
    /// end left out. Read from the lines when asked for.
    public func notes(of task: Int) -> [String] {
        let noteLines = noteLines(of: task)
        guard !noteLines.isEmpty, let item = tasks[task].item else { return [] }
        let column = items[item].contentColumn
        var notes = noteLines.map { number -> String in
            let kind = roles[number - 1].kind
            if kind == .blank { return "" }
            return lines[number - 1].withUTF8Bytes { b in
                MarkdownStructureParser.noteText(b, droppingColumns: kind == .lazyText ? .max : column)
            }
        }
        while notes.last?.isEmpty == true { notes.removeLast() }
        while notes.first?.isEmpty == true { notes.removeFirst() }
        return notes
    }

    /// The task whose checkbox (or todo.txt) line is `line` (1-based).
    public func task(atLine line: Int) -> Int? {
        var low = 0, high = tasks.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if tasks[mid].line == line { return mid }
            if tasks[mid].line < line { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// The line ending most lines use, for lines an edit adds; LF when the file has none.
    public var dominantLineEnding: LineEnding { LineEnding.dominant(in: lines) }
}
