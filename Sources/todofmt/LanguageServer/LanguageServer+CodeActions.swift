import TodoKit

extension LanguageServer {
    /// A code action being offered: what it says, its kind, what it does, and the diagnostic it fixes.
    struct Offer {
        var title: String
        var kind: String
        var action: TaskAction
        var diagnostic: Diagnostic?
        var isPreferred = false
    }

    /// Lists beyond this many are not offered as places to move a task to.
    static let moveTargetLimit = 20
    /// The command that applies an offered action (`workspace/executeCommand`): its argument is the action's
    /// `CodeActionData`, the server sends the edit back with `workspace/applyEdit`.
    static let applyCodeActionCommand = "todofmt.applyCodeAction"

    /// `textDocument/codeAction`: actions on the tasks under the cursor or selection, quick fixes for the
    /// dates in it that the calendar lacks, and the document's sort and archive.
    ///
    /// Only the list is computed here. A client that resolves actions gets each one's edit when it picks one
    /// (`codeAction/resolve`). Another gets the edits of the actions on the tasks under the cursor at once
    /// (done, priority, postpone: each a checked edit of those tasks), and the others, which may rewrite the
    /// whole file, as a command that computes the edit when picked.
    func codeActions(_ params: CodeActionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        let lines = try actionLines(open, params.range)
        guard open.notText == nil, open.outOfStep == nil else { return .array([]) }
        var actions: [JSONValue] = []
        for (index, offer) in offers(open, lines: lines).enumerated() where CodeActionKind.matches(offer.kind, only: params.only) {
            var members: [(String, JSONValue)] = [("title", .string(offer.title)), ("kind", .string(offer.kind))]
            if let diagnostic = offer.diagnostic { members.append(("diagnostics", .array([lspDiagnostic(diagnostic, in: open)]))) }
            if offer.isPreferred { members.append(("isPreferred", .bool(true))) }
            let data = CodeActionData(uri: open.uri, version: open.version, range: params.range, offer: index, title: offer.title)
            if client.resolvesEdits {
                members.append(("data", data.json))
            } else if offer.action.editsTheCursorsTasks {
                // An action whose edit is refused is not offered.
                guard let edit = try? workspaceEdit(offer.action, open) else { continue }
                members.append(("edit", edit))
            } else {
                members.append(("command", .object([("title", .string(offer.title)), ("command", .string(Self.applyCodeActionCommand)),
                                                    ("arguments", .array([data.json]))])))
            }
            actions.append(.object(members))
        }
        return .array(actions)
    }

    /// `codeAction/resolve`: the action's edit, computed on the document as it is now (which must be the
    /// version the action was offered for).
    func resolveCodeAction(_ params: JSONField) throws(ResponseError) -> JSONValue {
        guard case .object(var members)? = params.value else { throw params.invalid("must be a code action") }
        let edit = try actionEdit(params["data"].decode())
        members.removeAll { $0.0 == "edit" }
        members.append(("edit", edit))
        return .object(members)
    }

    /// `workspace/executeCommand`: the command a code action carries for a client that does not resolve: the
    /// edit is computed now and sent to the client to apply (`workspace/applyEdit`).
    func executeCommand(_ params: ExecuteCommandParams) throws(ResponseError) -> JSONValue {
        guard params.command == Self.applyCodeActionCommand else {
            throw .invalidParams("todofmt lsp has no command '\(params.command)'")
        }
        guard let argument = params.arguments.first else { throw .invalidParams("'arguments' must hold the code action's data") }
        let data: CodeActionData = try argument.decode()
        sendRequest("workspace/applyEdit", .object([("label", .string(data.title)), ("edit", try actionEdit(data))]))
        return .null
    }

    /// The edit of the action `data` names, offered again on the same version of its document.
    private func actionEdit(_ data: CodeActionData) throws(ResponseError) -> JSONValue {
        let open = try document(data.uri)
        guard data.version == open.version else {
            throw .contentModified("\(data.uri) changed since the action was offered; ask for code actions again")
        }
        let offers = offers(open, lines: try actionLines(open, data.range))
        guard offers.indices.contains(data.offer), offers[data.offer].title == data.title else {
            throw .contentModified("the action '\(data.title)' is no longer offered; ask for code actions again")
        }
        return try workspaceEdit(offers[data.offer].action, open)
    }

    /// The 1-based lines a cursor or selection covers. A selection that ends at the start of a line does not
    /// take that line.
    private func actionLines(_ open: OpenDocument, _ range: PositionRange) throws(ResponseError) -> ClosedRange<Int> {
        let positions = open.positions(encoding)
        let offsets = try positions.offsets(of: range)
        let first = positions.position(of: offsets.lowerBound).line + 1
        let end = positions.position(of: offsets.upperBound)
        return first...max(first, end.line + (end.character == 0 && !offsets.isEmpty ? 0 : 1))
    }

    /// Every action offered on `lines`, in order: the same list for the same version of the document, so that
    /// an action is found again by its place in it.
    func offers(_ open: OpenDocument, lines: ClosedRange<Int>) -> [Offer] {
        let document = open.document
        var offers = taskOffers(targetTasks(in: document, lines: lines), in: document)
        offers += dateFixes(in: document, lines: lines)
        if !document.tasks.isEmpty, open.namesItsFormat {
            offers.append(Offer(title: "Sort the tasks", kind: CodeActionKind.sort, action: .sort))
        }
        if document.tasks.contains(where: { !$0.isOpen }), archivePath(of: open) != nil {
            offers.append(Offer(title: "Archive the done tasks", kind: CodeActionKind.archive, action: .archive))
        }
        return offers
    }

    /// The edit an action makes, computed and checked by TodoKit.
    func workspaceEdit(_ action: TaskAction, _ open: OpenDocument) throws(ResponseError) -> JSONValue {
        try open.requireText()
        try open.requireInStep()
        let document = open.document
        var edit = WorkspaceEdit(client)
        let changes: [TextChange]
        do {
            switch action {
            case .complete(let lines, let policy):
                changes = try StatusChange.complete(lines: lines, in: document, today: today(), subtasks: policy).textChanges
            case .reopen(let lines):
                changes = try StatusChange.reopen(lines: lines, in: document).textChanges
            case .priority(let priority, let lines):
                changes = try (priority.map { try TaskEditor.setPriority($0, lines: lines, in: document) }
                    ?? TaskEditor.removePriority(lines: lines, in: document)).textChanges
            case .postpone(let period, let lines):
                changes = try TaskEditor.postpone(lines: lines, by: period, from: .dueDateOrToday(today()), in: document).textChanges
            case .move(let lines, let list):
                changes = try TaskMover.move(lines: lines, to: ListPath(titles: list), in: document).textChanges
            case .replaceDate(let line, let column, let date):
                changes = try DateRepair.replaceDate(atLine: line, column: column, with: date, in: document).textChanges
            case .sort:
                try open.requireNamedFormat()
                // A sort moves lines all over the document: it is one replacement of the lines between those it
                // leaves where they were, not a diff of many small moves.
                changes = LineDiff.replacement(from: open.text, to: try format(open, sortedBy: settings.sortKeys ?? SortKey.defaultOrder).text)
            case .archive:
                return try archiveEdit(open)
            }
        } catch let error as ResponseError {
            throw error
        } catch {
            throw .requestFailed("\(error)")
        }
        edit.edit(uri: open.uri, version: open.version, changes, open.positions(encoding))
        return edit.json
    }

    /// The tasks whose lines are in `lines`; when there are none, the innermost task whose block holds the
    /// first line (the cursor on a note acts on its task).
    func targetTasks(in document: Document, lines: ClosedRange<Int>) -> [Int] {
        let low = document.firstTask(fromLine: lines.lowerBound)
        var found: [Int] = []
        var index = low
        while index < document.tasks.count, document.tasks[index].line <= lines.upperBound {
            found.append(index)
            index += 1
        }
        if !found.isEmpty { return found }
        var enclosing: Int? = low > 0 ? low - 1 : nil
        while let candidate = enclosing, document.tasks[candidate].endLine < lines.lowerBound {
            enclosing = document.tasks[candidate].parent
        }
        return enclosing.map { [$0] } ?? []
    }

    /// The actions on the target tasks, each titled with how many tasks it changes. The preferred toggle does
    /// what `todofmt done` does: it ticks the open targets and refuses to leave their open subtasks behind, so
    /// where that would happen only the two explicit variants are offered, and neither is preferred.
    private func taskOffers(_ targets: [Int], in document: Document) -> [Offer] {
        guard !targets.isEmpty else { return [] }
        func count(_ n: Int) -> String { n > 1 ? " (\(n) tasks)" : "" }
        let tasks = targets.map { document.tasks[$0] }
        let lines = tasks.map(\.line)
        let open = targets.filter { document.tasks[$0].isOpen }
        let closed = tasks.filter { !$0.isOpen }
        var offers: [Offer] = []
        if !open.isEmpty {
            let openLines = open.map { document.tasks[$0].line }
            let addressed = Set(targets)
            // The open subtasks the targets would leave open: ticked too by the recursive variant.
            var leftOpen = Set<Int>()
            for index in open {
                for inner in document.descendants(of: index) where document.tasks[inner].isOpen && !addressed.contains(inner) {
                    leftOpen.insert(inner)
                }
            }
            if leftOpen.isEmpty {
                offers.append(Offer(title: "Mark done" + count(open.count), kind: CodeActionKind.toggle,
                                    action: .complete(lines: openLines, subtasks: .refuse), isPreferred: true))
            } else {
                offers.append(Offer(title: "Mark done with its open subtasks" + count(open.count + leftOpen.count), kind: CodeActionKind.toggle,
                                    action: .complete(lines: openLines, subtasks: .recursive)))
                offers.append(Offer(title: "Mark done, leaving its subtasks open" + count(open.count), kind: CodeActionKind.toggle,
                                    action: .complete(lines: openLines, subtasks: .force)))
            }
        }
        if !closed.isEmpty {
            offers.append(Offer(title: "Reopen" + count(closed.count), kind: CodeActionKind.toggle,
                                action: .reopen(lines: closed.map(\.line)), isPreferred: open.isEmpty))
        }
        if open.count == targets.count {
            // Tasks that write the plugin's fields take its levels (`pri` writes a letter as its level).
            let fileDialect = Dialect.of(document)
            let levels = tasks.allSatisfy { $0.writingDialect(in: fileDialect) != .todotxt }
            for letter in ["A", "B", "C"] {
                let priority = Priority(Character(letter))!
                let changed = tasks.filter { $0.priority != priority }.count
                guard changed > 0 else { continue }
                let level = PriorityLevel(priority)
                offers.append(Offer(title: (levels ? "Set priority \(level) \(level.emoji!)" : "Set priority (\(letter))") + count(changed),
                                    kind: CodeActionKind.priority, action: .priority(priority, lines: lines)))
            }
        }
        let prioritized = tasks.filter { $0.priority != nil || (!$0.isOpen && $0.body.keptPriority != nil) }.count
        if prioritized > 0 {
            offers.append(Offer(title: "Remove the priority" + count(prioritized), kind: CodeActionKind.priority,
                                action: .priority(nil, lines: lines)))
        }
        if open.count == targets.count, tasks.allSatisfy({ $0.due != nil }) {
            offers.append(Offer(title: "Postpone a day" + count(tasks.count), kind: CodeActionKind.postpone, action: .postpone(.day, lines: lines)))
            offers.append(Offer(title: "Postpone a week" + count(tasks.count), kind: CodeActionKind.postpone, action: .postpone(.week, lines: lines)))
        }
        if document.format == .markdown {
            // A subtask goes with its parent: the tasks that move are the outermost targets' blocks.
            var blocks: [Int] = []
            for index in targets where blocks.last.map({ document.tasks[index].line > document.tasks[$0].endLine }) ?? true {
                blocks.append(index)
            }
            var seen = Set<[String]>()
            for heading in document.headings where !heading.title.isEmpty && seen.insert(heading.path).inserted {
                guard seen.count <= Self.moveTargetLimit else { break }
                // Those already in the list stay where they are.
                let moving = blocks.filter { document.list(of: $0) != heading.path }
                guard !moving.isEmpty else { continue }
                let moved = moving.reduce(0) { $0 + 1 + document.descendants(of: $1).count }
                offers.append(Offer(title: "Move to \(heading.path.joined(separator: " / "))" + count(moved), kind: CodeActionKind.move,
                                    action: .move(lines: moving.map { document.tasks[$0].line }, list: heading.path)))
            }
        }
        return offers
    }

    /// For each date on `lines` that the calendar lacks: the real dates on either side, and removing it.
    private func dateFixes(in document: Document, lines: ClosedRange<Int>) -> [Offer] {
        var offers: [Offer] = []
        for diagnostic in document.diagnostics where diagnostic.code == .impossibleDate && lines.contains(diagnostic.line) {
            let lineRange = document.lines.range(diagnostic.line - 1)
            let start = lineRange.lowerBound + diagnostic.column - 1
            guard start + 10 <= lineRange.upperBound else { continue }
            let text = document.text.utf8.span.extracting(start..<(start + 10))
            let written = String(decoding: (0..<10).map { text[$0] }, as: UTF8.self)
            for (k, date) in DateRepair.nearestDates(to: written).enumerated() {
                offers.append(Offer(title: "Change \(written) to \(date)", kind: CodeActionKind.quickFix,
                                    action: .replaceDate(line: diagnostic.line, column: diagnostic.column, date: date),
                                    diagnostic: diagnostic, isPreferred: k == 0))
            }
            offers.append(Offer(title: "Remove \(written)", kind: CodeActionKind.quickFix,
                                action: .replaceDate(line: diagnostic.line, column: diagnostic.column, date: nil),
                                diagnostic: diagnostic))
        }
        return offers
    }
}
