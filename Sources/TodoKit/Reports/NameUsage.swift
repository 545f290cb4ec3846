/// Where a task's words are, and how widely a `+project` or `@context` is used: what an editor needs to
/// hover over a name, rename it (a `#tag` too), or complete one.
package enum NameUsage {
    /// The `#tag` word `token` of `body` starts with (its UTF-8 offsets in the body, `#` included), as the Tasks
    /// plugin reads one: `#`, then anything but whitespace and `!@#$%^&*(),.?":{}|<>`; nil for another word.
    package static func hashtag(in token: Token, of body: TaskBody) -> Range<Int>? {
        guard token.kind == .word else { return nil }
        let word = body.slice(token.range).utf8
        guard word.first == UInt8(ascii: "#") else { return nil }
        let length = 1 + word.dropFirst().prefix { !TrailingFields.isTagStop($0) }.count
        return length > 1 ? token.range.lowerBound..<(token.range.lowerBound + length) : nil
    }

    /// The task on 1-based line `line` and its word at 1-based UTF-8 `column` (a column just past a word's
    /// end counts as in it, where the cursor stands after typing it).
    package static func token(atLine line: Int, column: Int, in document: Document) -> (task: Int, token: Token)? {
        guard let index = document.task(atLine: line) else { return nil }
        let offset = column - document.tasks[index].bodyColumn
        var found: Token?
        document.tasks[index].body.forEachToken { token in
            if token.range.lowerBound <= offset, offset <= token.range.upperBound { found = token }
            return token.range.upperBound < offset
        }
        return found.map { (index, $0) }
    }

    /// How many open and how many closed tasks of `document` name `name` as a project (`kind: .project`) or
    /// context (`.context`), ignoring case as filters do.
    package static func counts(of name: String, _ kind: Token.Kind, in document: Document) -> (open: Int, closed: Int) {
        let wanted = name.lowercased()
        var counts = (open: 0, closed: 0)
        for task in document.tasks where (kind == .project ? task.projects : task.contexts).contains(where: { $0.lowercased() == wanted }) {
            if task.isOpen { counts.open += 1 } else { counts.closed += 1 }
        }
        return counts
    }

    /// Every `+project` (`kind: .project`) or `@context` (`.context`) name the tasks use, spelled as written,
    /// in order of first use, each with how many open tasks name it. Only the words starting with the sigil
    /// are read.
    package static func names(_ kind: Token.Kind, in document: Document) -> [(name: String, openTasks: Int)] {
        names(kind, in: document.tasks)
    }

    /// `names(_:in:)` of a document's tasks, or of a note's (`NoteTasks`).
    package static func names(_ kind: Token.Kind, in tasks: [TodoTask]) -> [(name: String, openTasks: Int)] {
        let sigil = kind == .project ? UInt8(ascii: "+") : UInt8(ascii: "@")
        var result: [(name: String, openTasks: Int)] = []
        var slot: [String: Int] = [:]
        var counted: [Int] = []  // for each name, the last task counted for it
        for (index, task) in tasks.enumerated() {
            let body = task.body
            let from = body.descriptionStart
            body.source.withBytes { b in
                var at = b.firstIndex(of: sigil, from: from)
                while at < b.count {
                    let end = b.word(from: at).end
                    if at == from || b[at - 1] == .space || b[at - 1] == .tab {
                        let token = TaskBodyParser.classify(b, at..<end)
                        if token.kind == kind {
                            let name = b.string(token.nameRange)
                            let k = slot[name] ?? {
                                slot[name] = result.count
                                result.append((name, 0))
                                counted.append(-1)
                                return result.count - 1
                            }()
                            if counted[k] != index {
                                counted[k] = index
                                if task.isOpen { result[k].openTasks += 1 }
                            }
                        }
                    }
                    at = b.firstIndex(of: sigil, from: max(end, at + 1))
                }
            }
        }
        return result
    }
}
