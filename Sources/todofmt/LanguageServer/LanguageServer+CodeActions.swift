import TodoKit

extension LanguageServer {
    /// A code action being offered: what it says, its kind, what it does, and the diagnostic it fixes.
    private struct Offer {
        var title: String
        var kind: String
        var action: TaskAction
        var diagnostic: Diagnostic?
        var isPreferred = false
    }

    /// Lists beyond this many are not offered as places to move a task to.
    static let moveTargetLimit = 20

    /// `textDocument/codeAction`: actions on the tasks under the cursor or selection, quick fixes for the
    /// dates in it that the calendar lacks, and the document's sort and archive. A client that resolves
    /// actions gets their edits when it picks one (`codeAction/resolve`); another gets them at once.
    func codeActions(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let open = try self.document(params)
        let positions = open.positions(encoding)
        let offsets = try positions.offsets(of: params["range"])
        guard open.notText == nil else { return .array([]) }
        let document = open.document
        let first = positions.position(of: offsets.lowerBound).line + 1
        let end = positions.position(of: offsets.upperBound)
        // A selection that ends at the start of a line does not take that line.
        let last = max(first, end.line + (end.character == 0 && !offsets.isEmpty ? 0 : 1))
        let targets = targetTasks(in: document, lines: first...last)
        var offers = taskOffers(targets, in: document)
        offers += dateFixes(in: document, lines: first...last)
        if !document.tasks.isEmpty, open.namesItsFormat {
            offers.append(Offer(title: "Sort the tasks", kind: CodeActionKind.sort, action: .sort))
        }
        if document.tasks.contains(where: { !$0.isOpen }), archivePath(of: open) != nil {
            offers.append(Offer(title: "Archive the done tasks", kind: CodeActionKind.archive, action: .archive))
        }
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        let resolves = (clientCapability("textDocument", "codeAction", "resolveSupport", "properties")?.array ?? [])
            .contains { $0.string == "edit" }
        var actions: [JSONValue] = []
        for offer in offers where CodeActionKind.matches(offer.kind, only: only) {
            var members: [(String, JSONValue)] = [("title", .string(offer.title)), ("kind", .string(offer.kind))]
            if let diagnostic = offer.diagnostic { members.append(("diagnostics", .array([lspDiagnostic(diagnostic, in: open)]))) }
            if offer.isPreferred { members.append(("isPreferred", .bool(true))) }
            if resolves {
                members.append(("data", .object([("uri", .string(open.uri)), ("version", .int(open.version)),
                                                 ("task", offer.action.json)])))
            } else {
                // Without resolving, an action whose edit is refused is not offered.
                guard let edit = try? workspaceEdit(offer.action, open) else { continue }
                members.append(("edit", edit))
            }
            actions.append(.object(members))
        }
        return .array(actions)
    }

    /// `codeAction/resolve`: the action's edit, computed on the document as it is now (which must be the
    /// version the action was offered for).
    func resolveCodeAction(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard case .object(var members) = params, let data = params["data"], let uri = data["uri"]?.string,
              let task = data["task"] else {
            throw .invalidParams("the code action has no data to resolve it by")
        }
        guard let open = documents[uri] else { throw .invalidParams("\(uri) is not open: send 'textDocument/didOpen' first") }
        guard data["version"]?.int == open.version else {
            throw .contentModified("\(uri) changed since the action was offered; ask for code actions again")
        }
        members.removeAll { $0.0 == "edit" }
        members.append(("edit", try workspaceEdit(TaskAction(task), open)))
        return .object(members)
    }

    /// The edit an action makes, computed and checked by TodoKit.
    func workspaceEdit(_ action: TaskAction, _ open: OpenDocument) throws(ResponseError) -> JSONValue {
        try open.requireText()
        let document = open.document
        var edit = WorkspaceEdit(clientCapabilities: clientCapabilities)
        let newText: String
        do {
            switch action {
            case .complete(let lines, let policy):
                newText = try Completion.complete(lines: lines, in: document, today: today(), subtasks: policy).document.text
            case .reopen(let lines):
                newText = try Completion.reopen(lines: lines, in: document).document.text
            case .priority(let priority, let lines):
                newText = try (priority.map { try TaskEditor.setPriority($0, lines: lines, in: document) }
                    ?? TaskEditor.removePriority(lines: lines, in: document)).document.text
            case .postpone(let period, let lines):
                newText = try TaskEditor.postpone(lines: lines, by: period, from: .dueDateOrToday(today()), in: document).document.text
            case .move(let lines, let list):
                newText = try TaskMover.move(lines: lines, to: ListPath(titles: list), in: document).document.text
            case .replaceDate(let line, let column, let date):
                newText = try DateRepair.replaceDate(atLine: line, column: column, with: date, in: document).document.text
            case .sort:
                try open.requireNamedFormat()
                newText = try Formatter.format(open.text, as: open.format, sortedBy: sortKeys ?? SortKey.defaultOrder).text
            case .archive:
                return try archiveEdit(open)
            }
        } catch let error as ResponseError {
            throw error
        } catch {
            throw .requestFailed("\(error)")
        }
        edit.edit(uri: open.uri, version: open.version, LineDiff.changes(from: open.text, to: newText), open.positions(encoding))
        return edit.json
    }

    /// The tasks whose lines are in `lines`; when there are none, the innermost task whose block holds the
    /// first line (the cursor on a note acts on its task).
    func targetTasks(in document: Document, lines: ClosedRange<Int>) -> [TodoTask] {
        let low = document.firstTask(fromLine: lines.lowerBound)
        var found: [TodoTask] = []
        var index = low
        while index < document.tasks.count, document.tasks[index].line <= lines.upperBound {
            found.append(document.tasks[index])
            index += 1
        }
        if !found.isEmpty { return found }
        var enclosing: Int? = low > 0 ? low - 1 : nil
        while let candidate = enclosing, document.tasks[candidate].endLine < lines.lowerBound {
            enclosing = document.tasks[candidate].parent
        }
        return enclosing.map { [document.tasks[$0]] } ?? []
    }

    private func taskOffers(_ targets: [TodoTask], in document: Document) -> [Offer] {
        guard !targets.isEmpty else { return [] }
        var offers: [Offer] = []
        let lines = targets.map(\.line)
        let open = targets.filter(\.isOpen)
        let several = targets.count > 1 ? " (\(targets.count) tasks)" : ""
        if !open.isEmpty {
            let addressed = Set(lines)
            let leftOpen = open.contains { task in
                document.descendants(of: document.task(atLine: task.line)!).contains {
                    document.tasks[$0].isOpen && !addressed.contains(document.tasks[$0].line)
                }
            }
            let openLines = open.map(\.line)
            if leftOpen {
                offers.append(Offer(title: "Mark done with its open subtasks\(several)", kind: CodeActionKind.toggle,
                                    action: .complete(lines: openLines, subtasks: .recursive)))
                offers.append(Offer(title: "Mark done, leaving its subtasks open\(several)", kind: CodeActionKind.toggle,
                                    action: .complete(lines: openLines, subtasks: .force)))
            } else {
                offers.append(Offer(title: "Mark done\(several)", kind: CodeActionKind.toggle,
                                    action: .complete(lines: openLines, subtasks: .refuse)))
            }
        }
        if open.count < targets.count {
            offers.append(Offer(title: "Reopen\(several)", kind: CodeActionKind.toggle,
                                action: .reopen(lines: targets.filter { !$0.isOpen }.map(\.line))))
        }
        if open.count == targets.count {
            for letter in ["A", "B", "C"] {
                let priority = Priority(Character(letter))!
                guard !targets.allSatisfy({ $0.priority == priority }) else { continue }
                offers.append(Offer(title: "Set priority (\(letter))\(several)", kind: CodeActionKind.priority,
                                    action: .priority(priority, lines: lines)))
            }
        }
        if targets.contains(where: { $0.priority != nil || (!$0.isOpen && $0.body.keptPriority != nil) }) {
            offers.append(Offer(title: "Remove the priority\(several)", kind: CodeActionKind.priority, action: .priority(nil, lines: lines)))
        }
        if open.count == targets.count, targets.allSatisfy({ $0.due != nil }) {
            offers.append(Offer(title: "Postpone a day\(several)", kind: CodeActionKind.postpone, action: .postpone(.day, lines: lines)))
            offers.append(Offer(title: "Postpone a week\(several)", kind: CodeActionKind.postpone, action: .postpone(.week, lines: lines)))
        }
        if document.format == .markdown {
            let current = Set(targets.map { document.list(under: $0.heading) })
            var seen = Set<[String]>()
            for heading in document.headings where !heading.title.isEmpty && seen.insert(heading.path).inserted {
                guard seen.count <= Self.moveTargetLimit else { break }
                if current == [heading.path] { continue }
                offers.append(Offer(title: "Move to \(heading.path.joined(separator: " / "))\(several)", kind: CodeActionKind.move,
                                    action: .move(lines: lines, list: heading.path)))
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
