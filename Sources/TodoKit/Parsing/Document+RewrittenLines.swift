extension Document {
    /// What `text` reads as, where `text` is `document`'s text with the lines of some of its tasks rewritten one
    /// for one (`rewritten`: each task's index and its new line), read without reading the whole text afresh:
    /// the document a fresh reading of `text` gives, or nil where that might not be so.
    ///
    /// A task's line reads in place when it keeps everything before its body but the checkbox's character: its
    /// indentation, list marker and the brackets and space around the checkbox (todo.txt: when it is one task),
    /// its line ending, and in an Obsidian note whether it leaves a `%%` comment open. Every rule that decides a
    /// Markdown line's block, and every later line's, looks at no more of an item's marker line than that (and
    /// never at its body: the checkbox makes it a line with content); so each other line reads as it did, and the
    /// task's item, parent, depth, list and block stay. Its checkbox and body are read as its line alone reads
    /// them (`TaskLine`), which is how the parser reads them in place: a body reads the same wherever its line
    /// stands, but for the places its diagnostics name. `InPlaceEditPropertyTests` holds this to the parser on random
    /// documents and lines.
    init?(rewritingTaskLines rewritten: [(task: Int, line: Line)], of document: Document, text: String) {
        // The lines are the original's, those rewritten aside: their offsets shift, nothing is scanned again.
        guard rewritten.allSatisfy({ document.tasks.indices.contains($0.task) }),
              let lines = Lines(text, rewriting: rewritten.map { (document.tasks[$0.task].line - 1, $0.line.text.utf8.count) },
                                of: document.lines),
              lines.count == document.lines.count, lines.hasByteOrderMark == document.hasByteOrderMark else { return nil }
        var tasks = document.tasks
        var diagnostics: [Diagnostic] = []
        var rewrittenLines = Set<Int>()
        var isRewritten = [Bool](repeating: false, count: tasks.count)
        for (index, line) in rewritten {
            let old = document.tasks[index]
            let number = old.line
            guard rewrittenLines.insert(number).inserted, lines.ending(number - 1) == document.lines.ending(number - 1),
                  lines.text(number - 1).utf8.elementsEqual(line.text.utf8),
                  let (task, found) = Self.taskReadInPlace(String(line.text), replacing: old, in: document) else { return nil }
            tasks[index] = task.rebased(onto: lines.text, at: lines.range(number - 1).lowerBound + task.bodyColumn - 1)
            isRewritten[index] = true
            diagnostics += found
        }
        // Every other task reads the same bytes, now at their place in the new text.
        let newText = lines.text
        for index in tasks.indices where !isRewritten[index] {
            let line = tasks[index].line - 1
            let offset = tasks[index].body.source.range.lowerBound - document.lines.range(line).lowerBound
            tasks[index] = tasks[index].rebased(onto: newText, at: lines.range(line).lowerBound + offset)
        }
        self.format = document.format
        self.settings = document.settings
        self.reading = document.reading
        self.kind = document.kind
        self.lines = lines
        self.roles = document.roles
        self.tasks = tasks
        self.items = document.items
        self.headings = document.headings
        self.diagnostics = (document.diagnostics.filter { !rewrittenLines.contains($0.line) } + diagnostics)
            .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// What `text` reads as, where `text` is `document`'s text (a todo.txt file's) without some of its lines
    /// (`lineMap`: each original line's new 0-based index, nil for a line that went), read without reading the
    /// whole text afresh: the document a fresh reading of `text` gives, or nil where that might not be so.
    ///
    /// A todo.txt line reads alone: its role, its task and the diagnostics about it follow from its bytes (and its
    /// place in the file, for the first line's byte order mark and the lines diagnostics name). So where every line
    /// left keeps its bytes and its ending, and none is read as another first line, each reads as it did, on its
    /// new line. `InPlaceEditPropertyTests` holds this to the parser on random todo.txt files.
    init?(removingTodoTxtLinesOf document: Document, lineMap: [Int?], text: String) {
        let lines = Lines(text)
        guard document.format == .todotxt, lineMap.count == document.lines.count, !document.hasByteOrderMark,
              !lines.hasByteOrderMark else { return nil }
        var roles: [LineRole] = []
        roles.reserveCapacity(lines.count)
        for (old, new) in lineMap.enumerated() {
            guard let new else { continue }
            guard new == roles.count, new < lines.count, lines.ending(new) == document.lines.ending(old),
                  lines.range(new).count == document.lines.range(old).count else { return nil }
            roles.append(document.roles[old])
        }
        guard roles.count == lines.count else { return nil }
        let newText = lines.text
        var tasks: [TodoTask] = []
        tasks.reserveCapacity(document.tasks.count)
        for task in document.tasks {
            guard let new = lineMap[task.line - 1] else { continue }
            let offset = task.body.source.range.lowerBound - document.lines.range(task.line - 1).lowerBound
            tasks.append(task.rebased(onto: newText, at: lines.range(new).lowerBound + offset, line: new + 1))
        }
        self.format = document.format
        self.settings = document.settings
        self.reading = document.reading
        self.kind = document.kind
        self.lines = lines
        self.roles = roles
        self.tasks = tasks
        self.items = document.items
        self.headings = document.headings
        self.diagnostics = document.diagnostics.compactMap { diagnostic in
            guard diagnostic.line >= 1, diagnostic.line <= lineMap.count, let new = lineMap[diagnostic.line - 1] else { return nil }
            var moved = diagnostic
            moved.line = new + 1
            return moved
        }
    }

    /// Task `old` as its line reads when it is `text` instead, in place, with the diagnostics its reading finds;
    /// nil when the new line might not read in place.
    private static func taskReadInPlace(_ text: String, replacing old: TodoTask, in document: Document)
        -> (TodoTask, [Diagnostic])? {
        let number = old.line
        let oldBytes = Array(document.lines.text(number - 1).utf8), newBytes = Array(text.utf8)
        guard !newBytes.contains(.newline), !newBytes.contains(.carriageReturn) else { return nil }
        switch document.format {
        case .todotxt:
            // A todo.txt task is its line: any one task reads in place, but one starting with what the first line
            // would read as a byte order mark.
            guard document.roles[number - 1].kind == .todoTxtTask, !newBytes.starts(with: LineEnding.byteOrderMark) else { return nil }
            let alone = Document(parsing: text, like: document)
            guard alone.tasks.count == 1, alone.tasks[0].line == 1 else { return nil }
            return place(alone, old, text: text, shift: 0, in: document)
        case .markdown:
            // A task of a block quote is read by a parser of its own, on the quote's content: not here.
            guard document.roles[number - 1].kind == .itemStart, let item = old.item, document.roles[number - 1].item == item
            else { return nil }
            let oldBodyStart = min(old.bodyColumn - 1, oldBytes.count)
            guard let oldBox = checkboxRange(oldBytes, bodyStart: oldBodyStart) else { return nil }
            // The line alone, its indentation aside, as `TaskLine` reads a line.
            let indentation = newBytes.prefix { $0 == .space || $0 == .tab }.count
            let alone = Document(parsing: String(decoding: newBytes[indentation...], as: UTF8.self), like: document)
            guard alone.tasks.count == 1, alone.tasks[0].line == 1, alone.roles[0].kind == .itemStart,
                  let scalar = alone.tasks[0].checkboxScalar else { return nil }
            let newBodyStart = indentation + alone.tasks[0].bodyColumn - 1
            let newBox = oldBox.lowerBound..<(oldBox.lowerBound + String(scalar).utf8.count)
            // All but the checkbox's character as it was, the checkbox where it was.
            guard newBodyStart - newBox.upperBound == oldBodyStart - oldBox.upperBound, newBodyStart <= newBytes.count,
                  newBytes[..<newBox.lowerBound].elementsEqual(oldBytes[..<oldBox.lowerBound]),
                  String(decoding: newBytes[newBox], as: UTF8.self).unicodeScalars.elementsEqual([scalar]),
                  newBytes[newBox.upperBound..<newBodyStart].elementsEqual(oldBytes[oldBox.upperBound..<oldBodyStart])
            else { return nil }
            // An Obsidian comment that a line's `%%` opens takes the lines after it.
            if document.reading.isObsidian,
               MarkdownParser.commentMarks(oldBytes.span, from: 0) % 2 != MarkdownParser.commentMarks(newBytes.span, from: 0) % 2 {
                return nil
            }
            return place(alone, old, text: text, shift: indentation, in: document)
        }
    }

    /// The task the line read alone (`alone`, its first `shift` bytes left out) found, in `old`'s place.
    private static func place(_ alone: Document, _ old: TodoTask, text: String, shift: Int, in document: Document)
        -> (TodoTask, [Diagnostic]) {
        let found = alone.tasks[0]
        var task = TodoTask(line: old.line, item: old.item, checkbox: found.checkboxScalar, status: found.status, body: found.body,
                            bodyColumn: found.bodyColumn + shift, parent: old.parent, depth: old.depth, heading: old.heading)
        task.endLine = old.endLine
        let diagnostics = alone.diagnostics.map { diagnostic in
            var moved = diagnostic
            moved.line = old.line
            moved.column += shift
            return moved
        }
        return (task, diagnostics)
    }

    /// Where the checkbox's character stands in a Markdown task's line `bytes` whose body starts at `bodyStart`:
    /// the prefix ends `[c]` and the whitespace after it.
    private static func checkboxRange(_ bytes: [UInt8], bodyStart: Int) -> Range<Int>? {
        var close = bodyStart - 1
        while close > 0, bytes[close] != UInt8(ascii: "]") { close -= 1 }
        var open = close - 1
        while open > 0, bytes[open] & 0xC0 == 0x80 { open -= 1 }
        guard open > 0, bytes[open - 1] == UInt8(ascii: "[") else { return nil }
        return open..<close
    }
}
