/// The parts of task lines an editor colours: priority, projects, contexts, tag keys and values, dates; with
/// whether the task is closed and whether a due date has passed. Any editor can then highlight a todo file
/// without a grammar of its own.
package struct Highlight: Hashable, Sendable {
    package enum Kind: Int, Hashable, Sendable, CaseIterable {
        case priority, project, context, tagKey, tagValue, date
    }

    package struct Modifiers: OptionSet, Hashable, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// The task is done or cancelled.
        package static let done = Modifiers(rawValue: 1)
        /// A due date before today, on an open task.
        package static let overdue = Modifiers(rawValue: 2)
    }

    /// 1-based line.
    package var line: Int
    /// 1-based UTF-8 column where the part starts.
    package var column: Int
    /// UTF-8 length.
    package var length: Int
    package var kind: Kind
    package var modifiers: Modifiers
    /// For a tag's key or value, the tag's key (`due` for both parts of `due:2026-12-01`); nil for a part of no
    /// tag (a priority, a project, a creation or completion date).
    package var tag: String?

    /// The highlights of the tasks on lines `lines` (every task when nil), in order of line and column.
    package static func all(in document: Document, lines: ClosedRange<Int>? = nil, today: CalendarDate) -> [Highlight] {
        var result: [Highlight] = []
        forEach(in: document, lines: lines, today: today) { result.append($0) }
        return result
    }

    /// `all`, one at a time: a whole file's highlights are never held at once.
    package static func forEach(in document: Document, lines: ClosedRange<Int>? = nil, today: CalendarDate,
                                _ visit: (Highlight) -> Void) {
        let first = lines.map { document.firstTask(fromLine: $0.lowerBound) } ?? 0
        for index in first..<document.tasks.count {
            let task = document.tasks[index]
            if let lines, task.line > lines.upperBound { break }
            highlights(of: task, today: today, visit)
        }
    }

    private static func highlights(of task: TodoTask, today: CalendarDate, _ visit: (Highlight) -> Void) {
        let body = task.body
        let done: Modifiers = task.isOpen ? [] : .done
        func add(_ range: Range<Int>, _ kind: Kind, _ extra: Modifiers = [], tag: String? = nil) {
            guard !range.isEmpty else { return }
            visit(Highlight(line: task.line, column: task.bodyColumn + range.lowerBound, length: range.count,
                            kind: kind, modifiers: done.union(extra), tag: tag))
        }
        // The prefix: priority and dates, in the order written.
        let prefix = Array(body.text.utf8.prefix(body.descriptionStart))
        var start = 0
        while start < prefix.count {
            while start < prefix.count, prefix[start] == .space || prefix[start] == .tab { start += 1 }
            var end = start
            while end < prefix.count, prefix[end] != .space, prefix[end] != .tab { end += 1 }
            if start == body.priorityOffset {
                add(start..<end, .priority)
            } else if end - start == 10, CalendarDate(iso: String(decoding: prefix[start..<end], as: UTF8.self)) != nil {
                add(start..<end, .date)
            }
            start = end
        }
        body.forEachToken { token in
            switch token.kind {
            case .word: break
            case .project: add(token.range, .project)
            case .context: add(token.range, .context)
            case .tag:
                let key = String(body.slice(token.nameRange))
                add(token.nameRange, .tagKey, tag: key)
                let value = token.valueRange
                if value.count == 10, let date = CalendarDate(iso: body.slice(value)) {
                    add(value, .date, key == "due" && task.isOpen && date < today ? .overdue : [], tag: key)
                } else {
                    add(value, .tagValue, tag: key)
                }
            }
            return true
        }
    }
}
