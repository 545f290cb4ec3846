/// Collects the patches of one edit, then applies them, reads the result afresh and checks it in safe mode:
/// every task the edit did not touch must mean exactly what it meant, on the line its line moved to, under
/// the same parent; every task the edit wrote must mean what the edit says; and no other task may appear.
struct DocumentEdit {
    /// The parent an expected task should have.
    enum Parent {
        case none
        /// The original's task at this index (unchanged, or rewritten by this edit).
        case original(Int)
        /// The task of another expectation of this edit, by its index.
        case expected(Int)
    }

    /// A task the edit writes: where it lands, what it must mean, and under which parent.
    struct Expectation {
        var patch: Int
        var offset: Int
        var meaning: TaskMeaning
        var parent: Parent
        /// The original's task this one rewrites in place, if any: its subtasks stay under it.
        var replaces: Int?
        /// The original's task this one is, rewritten or moved (nil for a new task).
        var origin: Int?
        /// Report this task's new line among the changed tasks.
        var report: Bool
    }

    let document: Document
    private(set) var patches: [LinePatch] = []
    private(set) var expectations: [Expectation] = []
    var notes: [String] = []
    var warnings: [Diagnostic] = []
    var removedLines: [String] = []
    /// What tasks whose own lines the edit leaves alone must mean afterwards, by index in the original, when
    /// that changes: a task that gains a note, or whose list is renamed.
    private(set) var changedMeanings: [Int: TaskMeaning] = [:]
    /// Leaves the patched text as it is, even where the document was in canonical form (a new note written
    /// from its template, which is its author's).
    var keepsLayout = false

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
                patches[p].lines[patches[p].lines.count - 1] = patches[p].lines[patches[p].lines.count - 1].with(ending: ending)
            } else if !patches.contains(where: { $0.range.contains(lastIndex) }) {
                let patch = add(.replace(lastIndex, with: last.with(ending: ending)))
                // A task on that line is not edited: it must read as it did.
                if let task = document.task(atLine: lastIndex + 1) {
                    expectations.append(Expectation(patch: patch, offset: 0, meaning: document.meaning(of: task),
                                                    parent: document.tasks[task].parent.map { .original($0) } ?? .none,
                                                    replaces: task, origin: task, report: false))
                }
            }
        }
        return add(.insert(lines.map { $0.with(ending: ending) }, at: index))
    }

    /// Replaces a task's line with the edited one, which must read as a task of `status` (when given) with
    /// the task's notes, list and nesting; given `change`, it must mean exactly what the task meant so changed.
    mutating func rewrite(_ task: TodoTask, as line: TaskLine, status: TaskStatus? = nil,
                          meaning change: ((inout TaskMeaning) -> Void)? = nil, report: Bool = true) throws {
        let index = document.index(of: task)
        let patch = add(.replace(task.line - 1, with: line.line))
        var meaning = try line.meaning(in: document, at: task.line)
        if let status, meaning.status != status {
            if document.format == .todotxt, meaning.status == .done, line.text.hasPrefix("x ") { throw EditError.textReadsAsDone }
            throw EditError.unsafeEdit("line \(task.line) would read as \(meaning.status.rawValue), not \(status.rawValue)")
        }
        let original = document.meaning(of: index)
        (meaning.notes, meaning.depth, meaning.list) = (original.notes, original.depth, original.list)
        if let change {
            var wanted = original
            change(&wanted)
            if let difference = wanted.differences(from: meaning).first {
                throw EditError.misread(line: task.line, difference: difference)
            }
        }
        expectations.append(Expectation(patch: patch, offset: 0, meaning: meaning,
                                        parent: task.parent.map { .original($0) } ?? .none, replaces: index, origin: index,
                                        report: report))
    }

    /// Expects the original's task `index`, whose line the edit does not patch, to mean `meaning` afterwards.
    mutating func expect(task index: Int, toMean meaning: TaskMeaning) {
        changedMeanings[index] = meaning
    }

    /// Expects a task at line `offset` of patch `patch`, meaning `meaning`: a new one, or the original's task
    /// `origin` written elsewhere (moved, archived); returns the expectation's index.
    @discardableResult
    mutating func expect(patch: Int, offset: Int, _ meaning: TaskMeaning, parent: Parent = .none, origin: Int? = nil,
                         report: Bool = true) -> Int {
        expectations.append(Expectation(patch: patch, offset: offset, meaning: meaning, parent: parent, replaces: nil,
                                        origin: origin, report: report))
        return expectations.count - 1
    }

    /// Applies the patches, reads the result afresh and checks it. In a todo file that was in canonical form, the
    /// lines the patches wrote are put in canonical form too, and the blank lines the canonical form does not keep
    /// go (a removal leaves no double blank line); no other line changes, and a note's lines never do.
    ///
    /// An edit that only rewrites tasks' lines, each in place with a line that reads in place, is checked by
    /// those lines alone (`finishedInPlace`): the same answer, for what the whole check would find on the other
    /// lines is known without looking (`InPlaceEditPropertyTests` holds the two to each other).
    func finish() throws -> EditResult {
        switch DocumentEdit.checking {
        case .inPlaceWherePossible:
            if let result = try finishedInPlace() { return result }
        case .whole:
            break
        case .inPlaceOnly:
            guard let result = try finishedInPlace() else { throw EditError.unsafeEdit("not checked in place") }
            return result
        }
        return try finishedWhole()
    }

    /// How `finish` checks an edit: tests hold the check of the lines an edit rewrites to the whole check.
    enum Checking {
        case inPlaceWherePossible
        case whole
        /// Refuses every edit that cannot be checked in place.
        case inPlaceOnly
    }

    @TaskLocal static var checking = Checking.inPlaceWherePossible

    /// The edit checked by the lines it rewrites, when each of its patches rewrites one task's line, which reads
    /// in place (`Document(rewritingTaskLines:of:text:)`: every other line, task and block then reads as it
    /// did, so every task the edit leaves alone means what it meant, on its line, under its parent, and every
    /// other line is the same bytes), and in a todo file nothing but those lines could be put in canonical form
    /// (`Formatter.keepsRewrittenLines`); each
    /// rewritten task must then mean what the edit says. Nil where only the whole check tells: another kind of
    /// edit, a line that might read otherwise in place, a deliberate fault, or a task that would not mean what
    /// it should (the whole check then says how).
    private func finishedInPlace() throws -> EditResult? {
        if document.format == .todotxt, expectations.isEmpty, patches.allSatisfy({ $0.lines.isEmpty }) {
            return try finishedRemovingTodoTxtLines()
        }
        guard FaultInjection.alteration == nil, !patches.isEmpty, changedMeanings.isEmpty, expectations.count == patches.count
        else { return nil }
        var rewritten: [(task: Int, line: Line)] = []
        for (e, expectation) in expectations.enumerated() {
            let patch = patches[expectation.patch]
            guard expectation.patch == e, expectation.offset == 0, patch.range.count == 1, patch.lines.count == 1,
                  let task = expectation.replaces, expectation.origin == task, document.tasks[task].line == patch.range.lowerBound + 1
            else { return nil }
            switch expectation.parent {
            case .none: guard document.tasks[task].parent == nil else { return nil }
            case .original(let parent): guard document.tasks[task].parent == parent else { return nil }
            case .expected: return nil
            }
            rewritten.append((task, patch.lines[0]))
        }
        let patched = try PatchedLines(document.lines, patches: patches)
        guard let result = Document(rewritingTaskLines: rewritten, of: document, text: patched.text) else { return nil }
        let lines = rewritten.map { document.tasks[$0.task].line - 1 }
        // Only a todo file's written lines are put in canonical form.
        guard keepsLayout || document.kind != .todoFile || Formatter.keepsRewrittenLines(lines, of: document, in: result)
        else { return nil }
        for (expectation, (task, _)) in zip(expectations, rewritten) where result.meaning(of: task) != expectation.meaning {
            return nil
        }
        return EditResult(checked: CheckedDocument(original: document, document: result, origins: document.tasks.indices.map { $0 }),
                          patches: patches, lineMap: patched.lineMap.map { $0.map { $0 + 1 } },
                          changedTaskLines: Array(Set(zip(expectations, lines).filter { $0.0.report }.map { $0.1 + 1 })).sorted(),
                          removedLines: removedLines, notes: notes, warnings: warnings)
    }

    /// The edit checked by what it leaves, when it only removes lines of a todo.txt file: every line left reads as it
    /// did (`Document(removingTodoTxtLinesOf:lineMap:text:)`: a todo.txt line reads alone), so every task left means
    /// what it meant, on the line its line moved to; and each line left stands canonical as it did, so the result is
    /// canonical wherever the original was. Nil where only the whole check tells.
    private func finishedRemovingTodoTxtLines() throws -> EditResult? {
        guard FaultInjection.alteration == nil, !patches.isEmpty, changedMeanings.isEmpty else { return nil }
        let patched = try PatchedLines(document.lines, patches: patches)
        guard let result = Document(removingTodoTxtLinesOf: document, lineMap: patched.lineMap, text: patched.text) else { return nil }
        var origins: [Int?] = []
        origins.reserveCapacity(document.tasks.count)
        for index in document.tasks.indices where patched.lineMap[document.tasks[index].line - 1] != nil { origins.append(index) }
        return EditResult(checked: CheckedDocument(original: document, document: result, origins: origins),
                          patches: patches, lineMap: patched.lineMap.map { $0.map { $0 + 1 } }, changedTaskLines: [],
                          removedLines: removedLines, notes: notes, warnings: warnings)
    }

    /// The edit checked as a whole: its result read afresh and every task of it held to what it should mean.
    private func finishedWhole() throws -> EditResult {
        let patched = try PatchedLines(document.lines, patches: patches)
        var result = Document(parsing: patched.text, like: document)
        // Which lines of the result the patches wrote.
        var written = [Bool](repeating: false, count: result.lines.count)
        for (p, patch) in patches.enumerated() {
            for offset in patch.lines.indices { written[patched.patchStarts[p] + offset] = true }
        }
        // For each line of the patched text (0-based), its 1-based line in the result.
        var settled: [Int?]?
        // Most edits of a canonical document give a canonical one: the original is only looked at otherwise.
        if !patches.isEmpty, document.kind == .todoFile, !keepsLayout, let canonical = Formatter.canonicalText(of: result),
           Formatter.canonicalText(of: document) == nil {
            let canonicalDocument = Document(parsing: canonical, like: document)
            let map = Formatter.lineMap(from: result, toCanonical: canonicalDocument)
            var settling: [LinePatch] = []
            // The blank lines the canonical form adds go before the next line it kept.
            var mapped = [Bool](repeating: false, count: canonicalDocument.lines.count)
            for new in map { if let new { mapped[new] = true } }
            var nextKept = result.lines.count
            var insertions: [(at: Int, line: Line)] = []
            var line = result.lines.count - 1
            for new in canonicalDocument.lines.indices.reversed() {
                if mapped[new] {
                    while line >= 0, map[line] != new { line -= 1 }
                    nextKept = max(line, 0)
                } else if canonicalDocument.roles[new].kind == .blank {
                    insertions.append((nextKept, canonicalDocument.lines[new]))
                }
            }
            for (at, blank) in insertions.reversed() { settling.append(.insert([blank], at: at)) }
            for line in result.lines.indices {
                if let new = map[line] {
                    if written[line], canonicalDocument.lines[new] != result.lines[line] {
                        settling.append(.replace(line, with: canonicalDocument.lines[new]))
                    }
                } else if result.roles[line].kind == .blank {
                    settling.append(.delete(line..<(line + 1)))
                }
            }
            if !settling.isEmpty {
                let settledLines = try PatchedLines(result.lines, patches: settling)
                result = Document(parsing: settledLines.text, like: document)
                settled = settledLines.lineMap.map { $0.map { $0 + 1 } }
                var settledWritten = [Bool](repeating: false, count: result.lines.count)
                for (line, new) in settledLines.lineMap.enumerated() where written[line] { if let new { settledWritten[new] = true } }
                written = settledWritten
            }
        }
        func place(_ line: Int) -> Int? { settled.map { $0[line - 1] } ?? line }
        let lineMap = patched.lineMap.map { $0.flatMap { place($0 + 1) } }
        // Which original lines a patch replaces or deletes.
        var patchedLines = [Bool](repeating: false, count: document.lines.count)
        for patch in patches { for line in patch.range { patchedLines[line] = true } }
        func isPatched(_ index: Int) -> Bool { patchedLines[index] }
        // Every task of the result, by line: the original's untouched tasks where their lines went, and the
        // tasks the edit wrote.
        var wanted: [(line: Int, meaning: ExpectedTask.Meaning, parent: Parent, origin: Int?)] = []
        wanted.reserveCapacity(document.tasks.count + expectations.count)
        // The original's tasks whose lines the edit leaves alone (and keeps), in order: the first entries of `wanted`.
        var untouched: [Int] = []
        for index in document.tasks.indices {
            let line = document.tasks[index].line - 1
            guard !isPatched(line), let newLine = lineMap[line] else { continue }
            untouched.append(index)
            wanted.append((newLine, changedMeanings[index].map { .changed($0) } ?? .unchanged(index),
                           document.tasks[index].parent.map { .original($0) } ?? .none, index))
        }
        for expectation in expectations {
            // A line the canonical form cannot place (never a task's) is one the check then finds no task on.
            let line = place(patched.patchStarts[expectation.patch] + expectation.offset + 1) ?? 0
            wanted.append((line, .changed(expectation.meaning), expectation.parent, expectation.origin))
        }
        let order = wanted.indices.sorted { wanted[$0].line < wanted[$1].line }
        var position = [Int](repeating: 0, count: wanted.count)
        for (k, w) in order.enumerated() { position[w] = k }
        // Original task index -> the position of the task that stands for it in the result; -1 for none.
        var standsFor = [Int](repeating: -1, count: document.tasks.count)
        for (w, index) in untouched.enumerated() { standsFor[index] = position[w] }
        for (e, expectation) in expectations.enumerated() {
            if let index = expectation.replaces { standsFor[index] = position[untouched.count + e] }
        }
        let expected = order.map { w -> ExpectedTask in
            let parent: Int?
            switch wanted[w].parent {
            case .none: parent = nil
            case .original(let index): parent = standsFor[index]
            case .expected(let e): parent = position[untouched.count + e]
            }
            return ExpectedTask(wanted[w].meaning, parent: parent, line: wanted[w].line, origin: wanted[w].origin)
        }
        let scope = LineScope.patches(patched: patchedLines, kept: lineMap.map { $0.map { $0 - 1 } }, written: written)
        let checked: CheckedDocument
        do {
            checked = try ProposedChange(original: document, result: result, expected: expected, scope: scope).checked()
        } catch {
            throw EditError.unsafeEdit(error.description)
        }
        let changed = expectations.filter(\.report).compactMap { place(patched.patchStarts[$0.patch] + $0.offset + 1) }
        return EditResult(checked: checked, patches: patches, lineMap: lineMap,
                          changedTaskLines: Array(Set(changed)).sorted(), removedLines: removedLines, notes: notes,
                          warnings: warnings)
    }
}

extension Document {
    /// The task on a 1-based line, or why there is none.
    public func requireTask(atLine line: Int) throws -> TodoTask {
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
        case .comment: return "an Obsidian comment"
        case .blockQuote: return "a block quote"
        case .thematicBreak: return "a thematic break"
        case .text, .lazyText: return role.item == nil ? "text" : "a note"
        case .todoTxtTask: return "a task"
        }
    }

    func index(of task: TodoTask) -> Int { self.task(atLine: task.line)! }
}
