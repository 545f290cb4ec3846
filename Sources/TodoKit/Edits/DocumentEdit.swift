/// Collects the patches of one edit, then applies them and checks the result in safe mode: every task the
/// edit did not touch must read exactly as before (same text, status, notes, list and parent), and every
/// task the edit wrote must parse as the task it meant to write.
struct DocumentEdit {
    /// What a line written by the edit must be when the result is read again.
    struct Expectation {
        var patch: Int
        var offset: Int
        var status: TaskStatus?
        var bodyText: String?
        var notes: [String]?
        /// Report this task's new line among the changed tasks.
        var report: Bool
    }

    let document: Document
    private(set) var patches: [LinePatch] = []
    private var expectations: [Expectation] = []
    var notes: [String] = []
    var removedLines: [String] = []

    init(_ document: Document) { self.document = document }

    var ending: LineEnding { document.dominantLineEnding }

    /// Adds a patch; returns its index, for expectations.
    @discardableResult
    mutating func add(_ patch: LinePatch) -> Int {
        patches.append(patch)
        return patches.count - 1
    }

    /// Inserts lines before the 0-based line `index`; at the end of a file without a final newline, the
    /// last line gets one first (as todo.sh does). Returns the patch index.
    @discardableResult
    mutating func insert(_ lines: [Line], at index: Int) -> Int {
        if index == document.lines.count, let last = document.lines.last, last.ending == .none {
            let lastIndex = document.lines.count - 1
            if let p = patches.firstIndex(where: { $0.range == lastIndex..<(lastIndex + 1) && $0.isInPlace }) {
                patches[p].lines[patches[p].lines.count - 1].ending = ending
            } else if !patches.contains(where: { $0.range.contains(lastIndex) }) {
                add(.replace(lastIndex, with: Line(last.text, ending: ending)))
            }
        }
        return add(.insert(lines.map { Line($0.text, ending: ending) }, at: index))
    }

    /// Replaces a task's line with the edited one and expects a task there afterwards.
    mutating func rewrite(_ task: Task, as line: TaskLine, status: TaskStatus? = nil, report: Bool = true) {
        let index = add(.replace(task.line - 1, with: line.line))
        expect(patch: index, offset: 0, status: status, report: report)
    }

    mutating func expect(patch: Int, offset: Int, status: TaskStatus? = nil, bodyText: String? = nil,
                         notes: [String]? = nil, report: Bool = true) {
        expectations.append(Expectation(patch: patch, offset: offset, status: status, bodyText: bodyText,
                                         notes: notes, report: report))
    }

    /// Whether an original 0-based line lies inside a patch that replaces or deletes lines.
    private func isPatched(_ index: Int) -> Bool {
        patches.contains { $0.range.contains(index) }
    }

    func finish() throws -> EditResult {
        let patched = try PatchedLines(document.lines, patches: patches)
        let result = Document(lines: patched.lines, format: document.format, hasByteOrderMark: document.hasByteOrderMark)
        let lineMap = patched.lineMap.map { $0.map { $0 + 1 } }

        for (taskIndex, task) in document.tasks.enumerated() where !isPatched(task.line - 1) {
            guard let newLine = lineMap[task.line - 1], let index = result.task(atLine: newLine) else {
                throw EditError.unsafeEdit("the task on line \(task.line) would no longer be a task")
            }
            let after = result.tasks[index]
            let expectedParent = task.parent.map { lineMap[document.tasks[$0].line - 1] }
            let actualParent = after.parent.map { result.tasks[$0].line }
            var difference: String?
            if after.body.text != task.body.text || after.status != task.status { difference = "its text" }
            else if result.notes(of: index) != document.notes(of: taskIndex) { difference = "its notes" }
            else if result.list(of: index) != document.list(of: taskIndex) { difference = "its list" }
            else if after.depth != task.depth { difference = "its nesting" }
            else if let expectedParent, let expected = expectedParent, expected != actualParent { difference = "its parent" }
            if let difference {
                throw EditError.unsafeEdit("the task on line \(task.line) would change \(difference)")
            }
        }

        var changed: [Int] = []
        for expectation in expectations {
            let line = patched.patchStarts[expectation.patch] + expectation.offset + 1
            guard let index = result.task(atLine: line) else {
                throw EditError.unsafeEdit("line \(line) would not read as a task")
            }
            let task = result.tasks[index]
            if let status = expectation.status, task.status != status {
                throw EditError.unsafeEdit("line \(line) would read as \(task.status.rawValue), not \(status.rawValue)")
            }
            if let body = expectation.bodyText, task.body.text != body {
                throw EditError.unsafeEdit("line \(line) would read differently")
            }
            if let notes = expectation.notes, result.notes(of: index) != notes {
                throw EditError.unsafeEdit("the notes of line \(line) would read differently")
            }
            if expectation.report { changed.append(line) }
        }
        return EditResult(original: document, document: result, patches: patches, lineMap: lineMap,
                          changedTaskLines: Array(Set(changed)).sorted(), removedLines: removedLines, notes: notes)
    }
}

extension Document {
    /// The task on a 1-based line, or why there is none.
    public func requireTask(atLine line: Int) throws -> Task {
        guard line >= 1, line <= lines.count else { throw EditError.lineOutOfRange(line: line, lineCount: lines.count) }
        guard let index = task(atLine: line) else {
            throw EditError.notATask(line: line, what: describeLine(line))
        }
        return tasks[index]
    }

    /// What a non-task line is, for messages: `a heading`, `a blank line`, `text`.
    func describeLine(_ line: Int) -> String {
        let role = roles[line - 1]
        switch role.kind {
        case .blank: return "a blank line"
        case .heading, .setextUnderline: return "a heading"
        case .itemStart: return "a list item without a checkbox"
        case .code, .fence: return "code"
        case .frontMatter: return "front matter"
        case .html: return "HTML"
        case .blockQuote: return "a block quote"
        case .thematicBreak: return "a thematic break"
        case .text, .lazyText: return role.item == nil ? "text" : "a note"
        case .todoTxtTask: return "a task"
        }
    }

    func index(of task: Task) -> Int { self.task(atLine: task.line)! }
}
