/// Finds the structure of a Markdown todo file, one line at a time, following CommonMark's block rules
/// as far as a todo file needs them: headings, list items and their continuation lines, and the blocks
/// whose lines are never read as tasks (code, HTML, block quotes, front matter).
///
/// Read as an Obsidian note (`MarkdownReading.isObsidian`), text between two `%%` is a comment whose lines
/// are never tasks, and the content of a top-level block quote is read for tasks by a parser of its own once
/// the quote ends (its lines keep their role, so the formatter leaves them as they are).
struct MarkdownParser {
    private struct Paragraph {
        /// Number of open list items the paragraph sits in.
        var depth: Int
        /// The first line of a top-level plain paragraph, which a setext underline can turn into a heading.
        var topLevelStart: Int?
        var isQuote = false
    }

    private struct Fence {
        var char: UInt8
        var length: Int
        var depth: Int
    }

    private struct HTMLBlock {
        var end: BlockStart.HTMLEnd
        var depth: Int
    }

    private let lines: Lines
    /// Only checkbox items holding it are tasks.
    private let globalFilter: GlobalFilter?
    private let reading: MarkdownReading
    /// The dialects a task's fields are read in.
    private let fields: FieldReading
    /// Whether this parser reads the content of a block quote (its lines after their `>` markers).
    private let readsQuoteContent: Bool
    /// For a quote's content: the byte offset in its line where the line being read starts.
    private var lineOffset = 0
    private var roles: [LineRole]
    private var items: [MarkdownItem] = []
    private var tasks: [TodoTask] = []
    /// The checkbox items of a `NON_TASK` status, read as tasks are (`Document.nonTasks`).
    private var nonTasks: [TodoTask] = []
    private var headings: [Heading] = []
    private var headingStack: [(level: Int, title: String)] = []
    private var diagnostics: [Diagnostic] = []

    /// The open list items, outermost first.
    private var stack: [Int] = []
    private var paragraph: Paragraph?
    private var pendingBlanks: [Int] = []
    private var fence: Fence?
    private var html: HTMLBlock?
    /// Depth of the indented code block the previous non-blank line was in, so blank lines inside it stay code.
    private var indentedCodeDepth: Int?
    /// Obsidian: inside a `%%` comment.
    private var inComment = false
    /// Obsidian: the lines of the top-level block quote being read, whose tasks are read when it ends.
    private var quoteLines: [Int] = []

    /// Reads `document`'s lines into its structure.
    static func parse(into document: inout Document) {
        var parser = MarkdownParser(lines: document.lines, globalFilter: document.settings.globalFilter, reading: document.reading,
                                    fields: FieldReading(.markdown, document.settings))
        parser.run()
        document.roles = parser.roles
        document.items = parser.items
        document.tasks = parser.tasks
        document.nonTasks = parser.nonTasks
        document.headings = parser.headings
        document.diagnostics = parser.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private init(lines: Lines, globalFilter: GlobalFilter?, reading: MarkdownReading, fields: FieldReading,
                 readsQuoteContent: Bool = false) {
        self.lines = lines
        self.globalFilter = globalFilter
        self.reading = reading
        self.fields = fields
        self.readsQuoteContent = readsQuoteContent
        roles = [LineRole](repeating: LineRole(.blank), count: lines.count)
    }

    /// Reads every line.
    private mutating func run() {
        var i = Self.frontMatterEnd(of: lines).map { end in
            for j in 0...end { roles[j] = LineRole(.frontMatter) }
            return end + 1
        } ?? 0
        let text = lines.text
        let bytes = text.utf8.span
        while i < lines.count {
            process(line: i, bytes.extracting(lines.range(i)))
            i += 1
        }
        readQuote()
        flushBlanks(owner: nil)
        closeItems(downTo: 0)
    }

    /// The 0-based last line of the YAML front matter of `lines`, if they start with one.
    ///
    /// YAML front matter: `---` on the first line, closed by `---` or `...`.
    static func frontMatterEnd(of lines: Lines) -> Int? {
        func isLine(_ j: Int, _ text: String) -> Bool { lines.text(j) == text }
        guard !lines.isEmpty, isLine(0, "---") else { return nil }
        for j in 1..<lines.count where isLine(j, "---") || isLine(j, "...") {
            return j
        }
        return nil
    }

    private func containerColumn(_ depth: Int) -> Int {
        depth == 0 ? 0 : items[stack[depth - 1]].contentColumn
    }

    private func owner(_ depth: Int) -> Int? { depth == 0 ? nil : stack[depth - 1] }

    private mutating func assign(_ line: Int, _ kind: LineRole.Kind, depth: Int) {
        let item = owner(depth)
        roles[line] = LineRole(kind, item: item)
        if kind == .blockQuote, item == nil, reading.isObsidian, !readsQuoteContent { quoteLines.append(line) }
        // An open item's `endLine` is its last line so far.
        if let item { items[item].endLine = line + 1 }
    }

    private mutating func flushBlanks(owner depth: Int?, as kind: LineRole.Kind = .blank) {
        guard !pendingBlanks.isEmpty else { return }
        for line in pendingBlanks {
            if let depth { assign(line, kind, depth: depth) } else { roles[line] = LineRole(kind) }
        }
        pendingBlanks.removeAll(keepingCapacity: true)
    }

    private mutating func closeItems(downTo depth: Int) {
        while stack.count > depth {
            let item = stack.removeLast()
            let endLine = items[item].endLine
            if let task = items[item].task { tasks[task].endLine = endLine }
            if let parent = items[item].parent { items[parent].endLine = max(items[parent].endLine, endLine) }
        }
    }

    private mutating func process(line i: Int, _ b: Span<UInt8>) {
        let scan = LineScan(b)
        guard reading.isObsidian else { return readBlock(line: i, b, scan) }
        if !quoteLines.isEmpty, !continuesQuote(b, scan) { readQuote() }
        readBlock(line: i, b, scan)
        switch roles[i].kind {
        case .comment, .code, .fence, .html, .frontMatter: break
        default: if Self.opensComment(b, from: scan.start) { inComment = true }
        }
    }

    private mutating func readBlock(line i: Int, _ b: Span<UInt8>, _ scan: LineScan) {

        if let open = fence {
            let column = containerColumn(open.depth)
            if scan.isBlank || scan.indent >= column || open.depth == 0 {
                let closes = !scan.isBlank && scan.indent - column < 4
                    && BlockStart.isFenceClosing(b, scan.start, char: open.char, length: open.length)
                assign(i, closes ? .fence : .code, depth: open.depth)
                if closes { fence = nil }
                return
            }
            fence = nil
        }
        if let open = html {
            let column = containerColumn(open.depth)
            if scan.isBlank && open.end == .blankLine {
                html = nil
            } else if scan.isBlank || scan.indent >= column || open.depth == 0 {
                assign(i, .html, depth: open.depth)
                if BlockStart.htmlBlockEnds(b, open.end) { html = nil }
                return
            } else {
                html = nil
            }
        }
        if reading.isObsidian, readComment(line: i, b, scan) { return }
        if scan.isBlank {
            // CommonMark: a list item can begin with at most one blank line, so an item with nothing on its
            // marker line ends at a blank line right after it (or after the blank lines whose whitespace reaches the
            // item's content column, which cmark reads as inside it).
            if let last = stack.last, items[last].endLine == items[last].line, scan.indent < items[last].contentColumn,
               Self.isEmptyItemLine(lines.text(items[last].line - 1)) {
                closeItems(downTo: stack.count - 1)
            }
            pendingBlanks.append(i)
            paragraph = nil
            return
        }

        var k = 0
        while k < stack.count, items[stack[k]].contentColumn <= scan.indent { k += 1 }

        if let open = paragraph {
            if let start = open.topLevelStart, k == 0, scan.indent < 4, let level = BlockStart.setextLevel(b, scan.start) {
                makeSetextHeading(from: start, underline: i, level: level)
                paragraph = nil
                return
            }
            // Inside a list item a setext underline ends its paragraph as well (the item's text is a heading): the
            // line after it continues nothing.
            if open.topLevelStart == nil, !open.isQuote, open.depth > 0, k == open.depth,
               scan.indent - containerColumn(k) < 4, BlockStart.setextLevel(b, scan.start) != nil {
                assign(i, .text, depth: k)
                paragraph = nil
                return
            }
            let relative = scan.indent - containerColumn(k)
            if relative >= 4 || !startsBlock(b, scan.start, continuesParagraph: !open.isQuote && k >= open.depth) {
                let kind: LineRole.Kind = open.isQuote ? .blockQuote : (k < stack.count ? .lazyText : .text)
                assign(i, kind, depth: stack.count)
                return
            }
        }

        closeItems(downTo: k)
        let relative = scan.indent - containerColumn(k)
        if relative >= 4 {
            flushBlanks(owner: k, as: indentedCodeDepth == k ? .code : .blank)
            assign(i, .code, depth: k)
            paragraph = nil
            indentedCodeDepth = k
            return
        }
        flushBlanks(owner: k)
        indentedCodeDepth = nil
        // The line sits inside every container of the open paragraph, so a block starting here interrupts it.
        let interrupting = paragraph.map { !$0.isQuote && k >= $0.depth } ?? false
        paragraph = nil

        // Each kind of block starts with its own bytes: the first one rules out most checks.
        let first = b[scan.start]
        if first == UInt8(ascii: "#"), let level = BlockStart.atxHeadingLevel(b, scan.start) {
            if k == 0, !readsQuoteContent {
                let (title, start) = BlockStart.atxHeadingTitle(b, scan.start, level: level)
                addHeading(line: i, endLine: i, level: level, title: title, titleColumn: start + 1, isSetext: false)
                assign(i, .heading, depth: 0)
            } else {
                assign(i, .text, depth: k)
            }
        } else if first == UInt8(ascii: "`") || first == UInt8(ascii: "~"), let (char, length) = BlockStart.fenceOpening(b, scan.start) {
            assign(i, .fence, depth: k)
            fence = Fence(char: char, length: length, depth: k)
        } else if first == UInt8(ascii: "<"), let end = BlockStart.htmlBlockStart(b, scan.start, interruptsParagraph: interrupting) {
            assign(i, .html, depth: k)
            if !BlockStart.htmlBlockEnds(b, end) { html = HTMLBlock(end: end, depth: k) }
        } else if BlockStart.mayBeThematicBreak(b, scan.start), BlockStart.isThematicBreak(b, scan.start) {
            assign(i, .thematicBreak, depth: k)
        } else if first == UInt8(ascii: ">") {
            assign(i, .blockQuote, depth: k)
            // Only paragraph text (of the quote, or of a list item in it) is continued by a lazy line: not code, a
            // heading, a fence, a thematic break or HTML.
            let content = b.extracting(Self.quoteContentStart(b)..<b.count)
            let inner = LineScan(content), s = inner.start
            let endsOnItsLine = inner.isBlank || inner.indent >= 4 || BlockStart.atxHeadingLevel(content, s) != nil
                || BlockStart.fenceOpening(content, s) != nil || BlockStart.isThematicBreak(content, s)
                || BlockStart.htmlBlockStart(content, s, interruptsParagraph: false) != nil
            paragraph = endsOnItsLine ? nil : Paragraph(depth: k, topLevelStart: nil, isQuote: true)
        } else if let (markerEnd, number) = BlockStart.itemMarkerEnd(b, scan.start),
                  !interrupting || canInterruptParagraph(number, b, markerEnd) {
            openItem(line: i, b, scan: scan, number: number, markerEnd: markerEnd, depth: k)
        } else {
            assign(i, .text, depth: k)
            paragraph = Paragraph(depth: k, topLevelStart: k == 0 && !readsQuoteContent ? i : nil)
        }
    }

    // MARK: Obsidian notes

    /// Reads line `i` as part of a `%%` comment when it is one: a line inside an open comment, or one that
    /// starts with `%%` (after its indentation). Whether it was.
    private mutating func readComment(line i: Int, _ b: Span<UInt8>, _ scan: LineScan) -> Bool {
        let startsComment = !inComment && scan.start + 1 < b.count && b[scan.start] == UInt8(ascii: "%")
            && b[scan.start + 1] == UInt8(ascii: "%")
        guard inComment || startsComment else { return false }
        // The comment's lines belong to the items their indentation puts them in, as a note's lines would.
        var k = 0
        while k < stack.count, items[stack[k]].contentColumn <= scan.indent { k += 1 }
        if scan.isBlank { k = stack.count }
        closeItems(downTo: k)
        flushBlanks(owner: k)
        assign(i, .comment, depth: k)
        paragraph = nil
        indentedCodeDepth = nil
        // A line inside the comment closes it with an odd number of marks; a line opening it, with an even one.
        let marks = Self.commentMarks(b, from: scan.start)
        inComment = inComment ? marks % 2 == 0 : marks % 2 == 1
        return true
    }

    /// Whether a line read as Markdown leaves a `%%` comment open after it.
    private static func opensComment(_ b: Span<UInt8>, from start: Int) -> Bool {
        commentMarks(b, from: start) % 2 == 1
    }

    /// How many `%%` marks the line holds from byte `start` on, outside code spans.
    static func commentMarks(_ b: Span<UInt8>, from start: Int) -> Int {
        // Most lines hold no `%` at all: one scan of their bytes says so.
        guard b.firstIndex(of: UInt8(ascii: "%"), from: start) < b.count else { return 0 }
        var count = 0, i = start
        while i < b.count {
            let byte = b[i]
            if byte == UInt8(ascii: "`") {
                // A code span: a run of backticks closed by a run of the same length; an unclosed run is text.
                var run = i
                while run < b.count, b[run] == UInt8(ascii: "`") { run += 1 }
                let length = run - i
                var j = run, closed: Int?
                while j < b.count, closed == nil {
                    guard b[j] == UInt8(ascii: "`") else { j += 1; continue }
                    var end = j
                    while end < b.count, b[end] == UInt8(ascii: "`") { end += 1 }
                    if end - j == length { closed = end }
                    j = end
                }
                i = closed ?? run
            } else if byte == UInt8(ascii: "%"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "%") {
                count += 1
                i += 2
            } else {
                i += 1
            }
        }
        return count
    }

    /// Whether line `b` goes on with the top-level block quote being read: a `>` line, or a lazy continuation
    /// of the quote's paragraph.
    private func continuesQuote(_ b: Span<UInt8>, _ scan: LineScan) -> Bool {
        guard !scan.isBlank, !inComment else { return false }
        if scan.indent < 4, b[scan.start] == UInt8(ascii: ">") { return true }
        guard paragraph?.isQuote == true else { return false }
        return scan.indent >= 4 || !startsBlock(b, scan.start, continuesParagraph: false)
    }

    /// The byte offset where the content of quote line `b` starts: after each `>` marker (up to three spaces
    /// before it, one space or tab after it), nested quotes read as one.
    static func quoteContentStart(_ b: Span<UInt8>) -> Int {
        var i = 0
        while true {
            var j = i, spaces = 0
            while j < b.count, b[j] == .space, spaces < 3 { j += 1; spaces += 1 }
            guard j < b.count, b[j] == UInt8(ascii: ">") else { return i }
            j += 1
            if j < b.count, b[j] == .space || b[j] == .tab { j += 1 }
            i = j
        }
    }

    /// Reads the tasks of the top-level block quote just ended (its content, `>` markers left aside, as a
    /// note of its own), and places its items and tasks after those read so far.
    private mutating func readQuote() {
        guard !quoteLines.isEmpty else { return }
        defer { quoteLines.removeAll() }
        var quote = MarkdownParser(lines: lines, globalFilter: globalFilter, reading: reading, fields: fields, readsQuoteContent: true)
        let bytes = lines.text.utf8.span
        for line in quoteLines {
            let b = bytes.extracting(lines.range(line))
            let start = Self.quoteContentStart(b)
            quote.lineOffset = start
            quote.process(line: line, b.extracting(start..<b.count))
        }
        quote.flushBlanks(owner: nil)
        quote.closeItems(downTo: 0)
        let itemBase = items.count, taskBase = tasks.count
        let heading = headings.isEmpty ? nil : headings.count - 1
        items += quote.items.map { $0.placed(afterItems: itemBase, tasks: taskBase) }
        tasks += quote.tasks.map { $0.placed(afterItems: itemBase, tasks: taskBase, heading: heading) }
        nonTasks += quote.nonTasks.map { $0.placed(afterItems: itemBase, tasks: taskBase, heading: heading) }
        diagnostics += quote.diagnostics
    }

    /// Whether a line that would otherwise continue a paragraph starts a new block instead.
    /// `continuesParagraph`: the line is indented into the paragraph's list item (or the paragraph is at the
    /// top level), so a new block would interrupt that paragraph rather than follow a closed item.
    private func startsBlock(_ b: Span<UInt8>, _ s: Int, continuesParagraph: Bool) -> Bool {
        let first = b[s]
        // Most lines of text start with a letter, which starts no block.
        if BlockStart.isLetter(first) { return false }
        if (first == UInt8(ascii: "#") && BlockStart.atxHeadingLevel(b, s) != nil)
            || ((first == UInt8(ascii: "`") || first == UInt8(ascii: "~")) && BlockStart.fenceOpening(b, s) != nil)
            || (BlockStart.mayBeThematicBreak(b, s) && BlockStart.isThematicBreak(b, s)) || first == UInt8(ascii: ">")
            || (first == UInt8(ascii: "<") && BlockStart.htmlBlockStart(b, s, interruptsParagraph: continuesParagraph) != nil) {
            return true
        }
        if let (end, number) = BlockStart.itemMarkerEnd(b, s) {
            return !continuesParagraph || canInterruptParagraph(number, b, end)
        }
        return false
    }

    /// Whether a list item's marker line holds nothing after the marker.
    private static func isEmptyItemLine(_ text: Substring) -> Bool {
        let b = text.utf8.span
        let scan = LineScan(b)
        guard let (end, _) = BlockStart.itemMarkerEnd(b, scan.start) else { return false }
        return LineScan.skipWhitespace(b, from: end, column: 0).offset == b.count
    }

    /// CommonMark: a list interrupting a paragraph must not be empty, and if ordered must start at 1.
    /// `number` is the ordered marker's number, -1 for a bullet.
    private func canInterruptParagraph(_ number: Int, _ b: Span<UInt8>, _ end: Int) -> Bool {
        let (offset, _) = LineScan.skipWhitespace(b, from: end, column: 0)
        guard offset < b.count else { return false }
        return number < 0 || number == 1
    }

    private mutating func openItem(line i: Int, _ b: Span<UInt8>, scan: LineScan,
                                   number: Int, markerEnd: Int, depth k: Int) {
        let markerColumn = scan.indent
        let markerWidth = markerEnd - scan.start
        let (contentOffset, afterColumn) = LineScan.skipWhitespace(b, from: markerEnd, column: markerColumn + markerWidth)
        let spaces = afterColumn - (markerColumn + markerWidth)
        let isEmpty = contentOffset == b.count
        let contentColumn = (isEmpty || spaces > 4) ? markerColumn + markerWidth + 1 : afterColumn
        let index = items.count
        // The bullet, or the ordered marker's delimiter.
        let character = number < 0 ? b[scan.start] : b[markerEnd - 1]
        items.append(MarkdownItem(line: i + 1, indent: markerColumn, contentColumn: contentColumn, parent: owner(k),
                              number: number < 0 ? nil : number, markerByte: character))
        assign(i, .itemStart, depth: k)
        stack.append(index)
        roles[i] = LineRole(.itemStart, item: index)
        if !isEmpty, spaces <= 4, let box = checkbox(b, at: contentOffset) {
            makeTaskIfAny(item: index, line: i, b, box: box.box, boxOffset: box.boxOffset, bodyOffset: box.bodyOffset, depth: k)
        }
        // Content more than 4 columns after the marker is indented code, which no lazy line continues.
        let startsWithCode = !isEmpty && spaces > 4
        paragraph = isEmpty || startsWithCode ? nil : Paragraph(depth: stack.count, topLevelStart: nil)
        if startsWithCode { indentedCodeDepth = stack.count }
    }

    /// `[c]` followed by whitespace or the end of the line, with `c` one Unicode scalar. In an Obsidian note a
    /// no-break space after the checkbox is whitespace too, as Obsidian and the Tasks plugin read it.
    private func checkbox(_ b: Span<UInt8>, at offset: Int) -> (box: Unicode.Scalar, boxOffset: Int, bodyOffset: Int)? {
        guard offset + 2 < b.count, b[offset] == UInt8(ascii: "[") else { return nil }
        let lead = b[offset + 1]
        let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let close = offset + 1 + width
        guard close < b.count, b[close] == UInt8(ascii: "]"), lead != UInt8(ascii: "]") else { return nil }
        let noBreak = reading.isObsidian && close + 2 < b.count && b[close + 1] == 0xC2 && b[close + 2] == 0xA0
        guard close + 1 == b.count || b[close + 1] == .space || b[close + 1] == .tab || noBreak else { return nil }
        let bodyOffset = min(close + (noBreak ? 3 : 2), b.count)
        if width == 1 { return (Unicode.Scalar(lead), offset + 1, bodyOffset) }
        let scalarText = b.string((offset + 1)..<close)
        guard scalarText.unicodeScalars.count == 1, let box = scalarText.unicodeScalars.first else { return nil }
        return (box, offset + 1, bodyOffset)
    }

    private mutating func addHeading(line: Int, endLine: Int, level: Int, title: String, titleColumn: Int, isSetext: Bool) {
        while let last = headingStack.last, last.level >= level { headingStack.removeLast() }
        headingStack.append((level, title))
        headings.append(Heading(line: line + 1, endLine: endLine + 1, level: level, title: title, titleColumn: titleColumn,
                                path: headingStack.map(\.title), isSetext: isSetext))
    }

    private mutating func makeSetextHeading(from start: Int, underline: Int, level: Int) {
        let title = (start..<underline).map { lines.text($0).trimmingWhitespace() }.joined(separator: " ")
        for j in start..<underline { roles[j] = LineRole(.heading) }
        roles[underline] = LineRole(.setextUnderline)
        let indent = lines.text(start).utf8.prefix { $0 == .space || $0 == .tab }.count
        addHeading(line: start, endLine: underline, level: level, title: title, titleColumn: indent + 1, isSetext: true)
    }

    // MARK: Tasks

    /// Makes list item `item` (on 0-based line `i`, whose bytes are `b`, inside `k` open items) a task, unless
    /// the reading says its checkbox or its text makes it none.
    private mutating func makeTaskIfAny(item: Int, line i: Int, _ b: Span<UInt8>, box: Unicode.Scalar,
                                        boxOffset: Int, bodyOffset: Int, depth k: Int) {
        // Only checkbox items holding the global filter (the command line's or the environment's) are tasks.
        guard globalFilter?.isIncluded(in: b.extracting(bodyOffset..<b.count)) ?? true else { return }
        let status: TaskStatus
        var isTask = true
        switch reading.meaning(ofCheckbox: box) {
        case .task(let known): status = known
        case .notATask: status = .open; isTask = false
        case .unknown:
            status = .open
            diagnostics.append(.warning("unknown checkbox '[\(box)]' is read as open", line: i + 1,
                                        column: lineOffset + boxOffset + 1, code: .unknownCheckbox, length: String(box).utf8.count))
        }
        let lineStart = lines.range(i).lowerBound + lineOffset
        let bodyText = TextSlice(lines.text, (lineStart + bodyOffset)..<(lineStart + b.count))
        let parser = TaskBodyParser(allowsDoneMark: false, isClosed: status.isClosed, line: i + 1, column: lineOffset + bodyOffset + 1,
                                    reads: fields)
        var bodyDiagnostics: [Diagnostic] = []
        let body = parser.parse(bodyText, bytes: b.extracting(bodyOffset..<b.count), diagnostics: &bodyDiagnostics)
        guard isTask else {
            // Not a task to todofmt, nor to anything it warns about; the plugin's queries list it (as done).
            nonTasks.append(TodoTask(line: i + 1, item: item, checkbox: box, status: status, body: body,
                                     bodyColumn: lineOffset + bodyOffset + 1, parent: nil, depth: 0,
                                     heading: headings.isEmpty ? nil : headings.count - 1))
            return
        }
        diagnostics += bodyDiagnostics
        // The enclosing items are the open ones below this item; the nearest that is a task is the parent.
        var parent: Int?
        for open in stack[..<k].reversed() where parent == nil { parent = items[open].task }
        let index = tasks.count
        items[item].task = index
        tasks.append(TodoTask(line: i + 1, item: item, checkbox: box, status: status, body: body,
                              bodyColumn: lineOffset + bodyOffset + 1, parent: parent,
                              depth: parent.map { tasks[$0].depth + 1 } ?? 0,
                              heading: headings.isEmpty ? nil : headings.count - 1))
    }
}
