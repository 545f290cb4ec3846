/// Finds the structure of a Markdown todo file, one line at a time, following CommonMark's block rules
/// as far as a todo file needs them: headings, list items and their continuation lines, and the blocks
/// whose lines are never read as tasks (code, HTML, block quotes, front matter).
struct MarkdownStructureParser {
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

    private let lines: [Line]
    // The document's arrays, written in place while the lines are read, without a copy-on-write check at
    // every write: a role for every line, and the first `itemCount` items and `taskCount` tasks.
    private let roles: UnsafeMutablePointer<LineRole>
    private let items: UnsafeMutablePointer<ListItem>
    private let tasks: UnsafeMutablePointer<Task>
    private var itemCount = 0
    private var taskCount = 0
    private var headings: [Heading] = []
    private var headingStack: [(level: Int, title: String)] = []
    private var diagnostics: [Diagnostic] = []

    private var stack: [Int] = []
    private var paragraph: Paragraph?
    private var pendingBlanks: [Int] = []
    private var fence: Fence?
    private var html: HTMLBlock?
    /// Depth of the indented code block the previous non-blank line was in, so blank lines inside it stay code.
    private var indentedCodeDepth: Int?

    /// Bodies read before, taken instead of parsing them again (see `ParsedBodies`).
    private var parsedBodies: ParsedBodies?
    private var bodyCursor = ParsedBodies.Cursor()

    /// Reads `document`'s lines into its structure. Returns whether the lines leave a fenced code block or an
    /// HTML block open outside every list item: one that would go on into lines that followed them.
    @discardableResult
    static func parse(into document: inout Document, reusing bodies: ParsedBodies? = nil) -> Bool {
        let lines = document.lines
        // Room for every item and task the lines may hold, so the arrays are allocated once, and filled in place.
        let capacity = max(countCandidates(lines), 1)
        var headings: [Heading] = [], diagnostics: [Diagnostic] = []
        var roles: [LineRole] = [], items: [ListItem] = []
        var leavesBlockOpen = false
        let tasks = [Task](unsafeUninitializedCapacity: capacity) { tasks, taskCount in
            items = [ListItem](unsafeUninitializedCapacity: capacity) { items, itemCount in
                roles = [LineRole](unsafeUninitializedCapacity: max(lines.count, 1)) { roles, roleCount in
                    roles.initialize(repeating: LineRole(.blank))
                    var parser = MarkdownStructureParser(lines: lines, roles: roles.baseAddress!, items: items.baseAddress!,
                                                         tasks: tasks.baseAddress!)
                    parser.parsedBodies = bodies
                    leavesBlockOpen = parser.run()
                    (taskCount, itemCount, roleCount) = (parser.taskCount, parser.itemCount, lines.count)
                    (headings, diagnostics) = (parser.headings, parser.diagnostics)
                }
            }
        }
        document.tasks = tasks
        document.roles = roles
        document.items = items
        document.headings = headings
        if diagnostics.count > 1 {
            diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        }
        document.diagnostics = diagnostics
        return leavesBlockOpen
    }

    private init(lines: [Line], roles: UnsafeMutablePointer<LineRole>, items: UnsafeMutablePointer<ListItem>,
                 tasks: UnsafeMutablePointer<Task>) {
        self.lines = lines
        self.roles = roles
        self.items = items
        self.tasks = tasks
    }

    /// An upper bound on the number of list items (and so of tasks): lines whose first byte after their
    /// indentation may start a list marker. Read from the bytes most lines share, a few instructions a line.
    private static func countCandidates(_ lines: [Line]) -> Int {
        LineBytes.withCommonStorage(of: lines) { all, isShared, lines in
            var count = 0
            for i in lines.indices {
                guard isShared(i) else {
                    count += 1
                    continue
                }
                var at = Int(lines[i].start)
                let end = at + Int(lines[i].count)
                while at < end, all[at] == .space || all[at] == .tab { at += 1 }
                guard at < end else { continue }
                let c = all[at]
                if c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+") || (c >= 48 && c <= 57) { count += 1 }
            }
            return count
        }
    }

    /// Reads every line; returns whether a fence or HTML block outside every list item is left open.
    private mutating func run() -> Bool {
        var i = Self.frontMatterEnd(of: lines).map { end in
            for j in 0...end { roles[j] = LineRole(.frontMatter) }
            return end + 1
        } ?? 0
        LineBytes.withAccess(to: lines) { bytes, lp in
            while i < lp.count {
                if let b = bytes(i) { process(line: i, b) } else { lp[i].withUTF8Bytes { process(line: i, $0) } }
                i += 1
            }
        }
        let leavesBlockOpen = fence?.depth == 0 || html?.depth == 0
        flushBlanks(owner: nil)
        closeItems(downTo: 0)
        return leavesBlockOpen
    }

    /// The 0-based last line of the YAML front matter of `lines`, if they start with one.
    ///
    /// YAML front matter: `---` on the first line, closed by `---` or `...`.
    static func frontMatterEnd(of lines: [Line]) -> Int? {
        func isLine(_ j: Int, _ text: StaticString) -> Bool {
            lines[j].utf8Count == text.utf8CodeUnitCount
                && lines[j].withUTF8Bytes { $0.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
        }
        guard !lines.isEmpty, isLine(0, "---") else { return nil }
        for j in 1..<lines.count where isLine(j, "---") || isLine(j, "...") {
            return j
        }
        return nil
    }

    /// Whether a line starts afresh: an ATX heading, or a bullet list item with content, at column 0.
    ///
    /// Read as the block it starts (anywhere but inside a fenced code block or an HTML block outside every
    /// list item), such a line closes every open list item and paragraph and every block inside an item, and
    /// neither continues a paragraph nor ends a setext heading. So the lines from it on read as they do at the
    /// start of a document of their own, but for the headings above them. An ordered item is left out: but
    /// for `1.`, it cannot interrupt a paragraph.
    static func startsAfresh(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = b.first else { return false }
        if first == UInt8(ascii: "#") { return BlockStart.atxHeadingLevel(b, 0) != nil }
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") else { return false }
        // Most such lines: a bullet, a space, and content that neither makes a thematic break nor is blank.
        if b.count > 2, b[1] == .space, b[2] != .space, b[2] != .tab, b[2] != first { return true }
        guard let (end, _) = BlockStart.listMarkerEnd(b, 0),
              !(BlockStart.mayBeThematicBreak(b, 0) && BlockStart.isThematicBreak(b, 0)),
              BlockStart.setextLevel(b, 0) == nil
        else { return false }
        return LineScan.skipWhitespace(b, from: end, column: 1).offset < b.count
    }

    private func containerColumn(_ depth: Int) -> Int {
        depth == 0 ? 0 : Int(items[stack[depth - 1]].contentColumn32)
    }

    private func owner(_ depth: Int) -> Int? { depth == 0 ? nil : stack[depth - 1] }

    private mutating func assign(_ line: Int, _ kind: LineRole.Kind, depth: Int) {
        let item = owner(depth)
        roles[line] = LineRole(kind, item: item)
        // An open item's `endLine` is its last line so far.
        if let item { items[item].endLine32 = Int32(line + 1) }
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
            let endLine = items[item].endLine32
            let t = Int(items[item].task32)
            if t >= 0 { tasks[t].endLine32 = endLine }
            let parent = Int(items[item].parent32)
            if parent >= 0 { items[parent].endLine32 = max(items[parent].endLine32, endLine) }
        }
    }

    private mutating func process(line i: Int, _ b: UnsafeBufferPointer<UInt8>) {
        let scan = LineScan(b)

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
        if scan.isBlank {
            // CommonMark: a list item can begin with at most one blank line, so an item with nothing on its
            // marker line ends at a blank line right after it.
            if let last = stack.last, Int(items[last].line32) == i, lines[i - 1].withUTF8Bytes(Self.isEmptyItemLine) {
                closeItems(downTo: stack.count - 1)
            }
            pendingBlanks.append(i)
            paragraph = nil
            return
        }

        var k = 0
        while k < stack.count, Int(items[stack[k]].contentColumn32) <= scan.indent { k += 1 }

        if let open = paragraph {
            if let start = open.topLevelStart, k == 0, scan.indent < 4, let level = BlockStart.setextLevel(b, scan.start) {
                makeSetextHeading(from: start, underline: i, level: level)
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
            if k == 0 {
                addHeading(line: i, endLine: i, level: level, title: BlockStart.atxHeadingTitle(b, scan.start, level: level), isSetext: false)
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
            paragraph = Paragraph(depth: k, topLevelStart: nil, isQuote: true)
        } else if let (markerEnd, number) = BlockStart.listMarkerEnd(b, scan.start),
                  !interrupting || canInterruptParagraph(number, b, markerEnd) {
            openItem(line: i, b, scan: scan, number: number, markerEnd: markerEnd, depth: k)
        } else {
            assign(i, .text, depth: k)
            paragraph = Paragraph(depth: k, topLevelStart: k == 0 ? i : nil)
        }
    }

    /// Whether a line that would otherwise continue a paragraph starts a new block instead.
    /// `continuesParagraph`: the line is indented into the paragraph's list item (or the paragraph is at the
    /// top level), so a new block would interrupt that paragraph rather than follow a closed item.
    private func startsBlock(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, continuesParagraph: Bool) -> Bool {
        let first = b[s]
        // Most lines of text start with a letter, which starts no block.
        if BlockStart.isLetter(first) { return false }
        if (first == UInt8(ascii: "#") && BlockStart.atxHeadingLevel(b, s) != nil)
            || ((first == UInt8(ascii: "`") || first == UInt8(ascii: "~")) && BlockStart.fenceOpening(b, s) != nil)
            || (BlockStart.mayBeThematicBreak(b, s) && BlockStart.isThematicBreak(b, s)) || first == UInt8(ascii: ">")
            || (first == UInt8(ascii: "<") && BlockStart.htmlBlockStart(b, s, interruptsParagraph: continuesParagraph) != nil) {
            return true
        }
        if let (end, number) = BlockStart.listMarkerEnd(b, s) {
            return !continuesParagraph || canInterruptParagraph(number, b, end)
        }
        return false
    }

    /// Whether a list item's marker line holds nothing after the marker.
    private static func isEmptyItemLine(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let scan = LineScan(b)
        guard let (end, _) = BlockStart.listMarkerEnd(b, scan.start) else { return false }
        return LineScan.skipWhitespace(b, from: end, column: 0).offset == b.count
    }

    /// CommonMark: a list interrupting a paragraph must not be empty, and if ordered must start at 1.
    /// `number` is the ordered marker's number, -1 for a bullet.
    private func canInterruptParagraph(_ number: Int, _ b: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        let (offset, _) = LineScan.skipWhitespace(b, from: end, column: 0)
        guard offset < b.count else { return false }
        return number < 0 || number == 1
    }

    private mutating func openItem(line i: Int, _ b: UnsafeBufferPointer<UInt8>, scan: LineScan,
                                   number: Int, markerEnd: Int, depth k: Int) {
        let markerColumn = scan.indent
        let markerWidth = markerEnd - scan.start
        let (contentOffset, afterColumn) = LineScan.skipWhitespace(b, from: markerEnd, column: markerColumn + markerWidth)
        let spaces = afterColumn - (markerColumn + markerWidth)
        let isEmpty = contentOffset == b.count
        let contentColumn = (isEmpty || spaces > 4) ? markerColumn + markerWidth + 1 : afterColumn
        let index = itemCount
        // The bullet, or the ordered marker's delimiter.
        let character = number < 0 ? b[scan.start] : b[markerEnd - 1]
        (items + index).initialize(to: ListItem(line32: Int32(i + 1), indent32: Int32(markerColumn),
                                                contentColumn32: Int32(contentColumn), parent32: Int32(owner(k) ?? -1),
                                                number: number, character: character))
        itemCount += 1
        assign(i, .itemStart, depth: k)
        stack.append(index)
        roles[i] = LineRole(.itemStart, item: index)
        if !isEmpty, spaces <= 4, let box = checkbox(b, at: contentOffset) {
            makeTask(item: index, line: i, b, box: box.box, boxOffset: box.boxOffset, bodyOffset: box.bodyOffset, depth: k)
        }
        paragraph = isEmpty ? nil : Paragraph(depth: stack.count, topLevelStart: nil)
    }

    /// `[c]` followed by whitespace or the end of the line, with `c` one Unicode scalar.
    private func checkbox(_ b: UnsafeBufferPointer<UInt8>, at offset: Int) -> (box: Unicode.Scalar, boxOffset: Int, bodyOffset: Int)? {
        guard offset + 2 < b.count, b[offset] == UInt8(ascii: "[") else { return nil }
        let lead = b[offset + 1]
        let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let close = offset + 1 + width
        guard close < b.count, b[close] == UInt8(ascii: "]"), lead != UInt8(ascii: "]") else { return nil }
        guard close + 1 == b.count || b[close + 1] == .space || b[close + 1] == .tab else { return nil }
        if width == 1 { return (Unicode.Scalar(lead), offset + 1, min(close + 2, b.count)) }
        let scalarText = String(decoding: UnsafeBufferPointer(rebasing: b[(offset + 1)..<close]), as: UTF8.self)
        guard scalarText.unicodeScalars.count == 1, let box = scalarText.unicodeScalars.first else { return nil }
        return (box, offset + 1, min(close + 2, b.count))
    }

    private mutating func addHeading(line: Int, endLine: Int, level: Int, title: String, isSetext: Bool) {
        while let last = headingStack.last, last.level >= level { headingStack.removeLast() }
        headingStack.append((level, title))
        headings.append(Heading(line: line + 1, endLine: endLine + 1, level: level, title: title,
                                path: headingStack.map(\.title), isSetext: isSetext))
    }

    private mutating func makeSetextHeading(from start: Int, underline: Int, level: Int) {
        let title = lines[start..<underline].map { line in
            line.text.trimmingWhitespace()
        }.joined(separator: " ")
        for j in start..<underline { roles[j] = LineRole(.heading) }
        roles[underline] = LineRole(.setextUnderline)
        addHeading(line: start, endLine: underline, level: level, title: title, isSetext: true)
    }

    // MARK: Tasks

    /// Makes list item `item` (on 0-based line `i`, whose bytes are `b`, inside `k` open items) a task.
    private mutating func makeTask(item: Int, line i: Int, _ b: UnsafeBufferPointer<UInt8>, box: Unicode.Scalar,
                                   boxOffset: Int, bodyOffset: Int, depth k: Int) {
        var status: TaskStatus?
        switch box {
        case " ": status = .open
        case "x", "X": status = .done
        case "/": status = .inProgress
        case "-": status = .cancelled
        default: status = nil
        }
        if status == nil {
            status = .open
            diagnostics.append(.warning("unknown checkbox '[\(box)]' is read as open", line: i + 1, column: boxOffset + 1))
        }
        let body = readBody(line: i, b, from: bodyOffset, isClosed: status!.isClosed)
        // The enclosing items are the open ones below this item; the nearest that is a task is the parent.
        var parent = -1
        var d = k
        while d > 0 {
            d -= 1
            let t = Int(items[stack[d]].task32)
            if t >= 0 { parent = t; break }
        }
        let index = taskCount
        items[item].task32 = Int32(index)
        var depth = 0
        if parent >= 0 { depth = tasks[parent].depth + 1 }
        let heading = headings.count - 1
        (tasks + index).initialize(to: Task(line32: Int32(i + 1), item32: Int32(item), parent32: Int32(parent),
                                            depth: depth, heading32: Int32(heading),
                                            bodyColumn32: Int32(bodyOffset + 1), checkbox32: box.value, status: status!,
                                            body: body))
        taskCount += 1
    }

    /// The body of the task on 0-based line `i` (whose bytes are `b`), from byte `offset` on.
    private mutating func readBody(line i: Int, _ b: UnsafeBufferPointer<UInt8>, from offset: Int, isClosed: Bool) -> TaskBody {
        let storage = lines[i].storage, start = Int(lines[i].start) + offset
        if let parsedBodies, let known = bodyCursor.body(in: parsedBodies, format: .markdown, storage: storage, start: start,
                                                          count: b.count - offset, isClosed: isClosed) {
            return known
        }
        let parser = TaskBodyParser(allowsDoneMark: false, isClosed: isClosed, line: i + 1, column: offset + 1)
        return parser.parse(storage: storage, start: start, UnsafeBufferPointer(rebasing: b[offset...]), diagnostics: &diagnostics)
    }

    /// A note line's text: up to `columns` columns of indentation removed (a tab reaching past them leaves
    /// the spaces it covers beyond), and trailing spaces and tabs.
    static func noteText(_ b: UnsafeBufferPointer<UInt8>, droppingColumns columns: Int) -> String {
        var end = b.count
        while end > 0, b[end - 1] == .space || b[end - 1] == .tab { end -= 1 }
        var column = 0, i = 0, pad = 0
        while i < end, column < columns {
            if b[i] == .space {
                column += 1
            } else if b[i] == .tab {
                let next = column + 4 - column % 4
                if next > columns {
                    pad = next - columns
                    i += 1
                    break
                }
                column = next
            } else {
                break
            }
            i += 1
        }
        if pad == 0 { return String(decoding: UnsafeBufferPointer(rebasing: b[i..<end]), as: UTF8.self) }
        return String(repeating: " ", count: pad) + String(decoding: UnsafeBufferPointer(rebasing: b[i..<end]), as: UTF8.self)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        trimmingTrailingWhitespace().droppingIndentation(columns: .max)
    }

    func trimmingTrailingWhitespace() -> String {
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] == .space || utf8[before] == .tab else { break }
            end = before
        }
        return String(self[..<end])
    }

    /// Removes up to `columns` columns of leading spaces and tabs (tab stops of 4); a tab that reaches past
    /// the limit is replaced by the spaces left over.
    func droppingIndentation(columns: Int) -> String {
        var column = 0
        var index = utf8.startIndex
        while index < utf8.endIndex, column < columns {
            let byte = utf8[index]
            if byte == .space {
                column += 1
            } else if byte == .tab {
                let next = column + 4 - column % 4
                if next > columns {
                    return String(repeating: " ", count: next - columns) + String(self[utf8.index(after: index)...])
                }
                column = next
            } else {
                break
            }
            index = utf8.index(after: index)
        }
        return String(self[index...])
    }
}
