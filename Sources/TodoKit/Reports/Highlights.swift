/// The parts of task lines an editor colours: priority, projects, contexts, `#tags`, tag keys and values, dates,
/// in every dialect (a Tasks field's emoji and a Dataview field's name are keys, what follows their values); with
/// whether the task is closed and whether a due date has passed. Any editor can then highlight a todo file or a
/// note without a grammar of its own.
package struct Highlight: Hashable, Sendable {
    package enum Kind: Int, Hashable, Sendable, CaseIterable {
        case priority, project, context, tagKey, tagValue, date, hashtag
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
    /// For a tag's key or value, the tag's key (`due` for both parts of `due:2026-12-01`); for a Tasks or
    /// Dataview field, its Dataview name (`due` for `📅 2026-12-01` and `[due:: 2026-12-01]`, `repeat` for `🔁`);
    /// nil for a part of no tag (a priority, a project, a creation or completion date).
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

    /// The highlights of one task, in order of column.
    static func highlights(of task: TodoTask, today: CalendarDate, _ visit: (Highlight) -> Void) {
        let body = task.body
        let done: Modifiers = task.isOpen ? [] : .done
        func add(_ range: Range<Int>, _ kind: Kind, _ extra: Modifiers = [], tag: String? = nil) {
            guard !range.isEmpty else { return }
            visit(Highlight(line: task.line, column: task.bodyColumn + range.lowerBound, length: range.count,
                            kind: kind, modifiers: done.union(extra), tag: tag))
        }
        func addDate(_ range: Range<Int>, key: String) {
            guard range.count == 10, let date = CalendarDate(iso: body.slice(range)) else { return add(range, .tagValue, tag: key) }
            add(range, .date, key == "due" && task.isOpen && date < today ? .overdue : [], tag: key)
        }
        let bytes = Array(body.text.utf8)
        // The prefix: priority and dates, in the order written.
        var start = 0
        while start < body.descriptionStart {
            while start < body.descriptionStart, bytes[start] == .space || bytes[start] == .tab { start += 1 }
            var end = start
            while end < body.descriptionStart, bytes[end] != .space, bytes[end] != .tab { end += 1 }
            if start == body.priorityOffset {
                add(start..<end, .priority)
            } else if end - start == 10, CalendarDate(iso: String(decoding: bytes[start..<end], as: UTF8.self)) != nil {
                add(start..<end, .date)
            }
            start = end
        }
        // The Tasks or Dataview fields at the end, read as the description reads them.
        let trailing = body.hasTrailingFields ? TrailingFields(bytes, from: body.descriptionStart, to: body.descriptionEnd) : nil
        let fieldsStart = trailing?.start ?? .max
        body.forEachToken { token in
            guard token.range.lowerBound < fieldsStart else { return false }
            switch token.kind {
            case .word:
                if let tag = NameUsage.hashtag(in: token, of: body) { add(tag, .hashtag) }
            case .project: add(token.range, .project)
            case .context: add(token.range, .context)
            case .tag:
                let key = String(body.slice(token.nameRange))
                add(token.nameRange, .tagKey, tag: key)
                addDate(token.valueRange, key: key)
            }
            return true
        }
        for span in trailing?.spans ?? [] {
            guard let field = span.field else {
                add(span.range, .hashtag)
                continue
            }
            if field == .priority {
                add(span.value, .priority)
                continue
            }
            let key = field.dataviewKey
            if bytes[span.range.lowerBound] == UInt8(ascii: "[") || bytes[span.range.lowerBound] == UInt8(ascii: "(") {
                // `[due:: …]`: the name between the bracket and `::`.
                var end = span.range.lowerBound + 1
                while end + 1 < span.value.lowerBound, !(bytes[end] == UInt8(ascii: ":") && bytes[end + 1] == UInt8(ascii: ":")) { end += 1 }
                add((span.range.lowerBound + 1)..<end, .tagKey, tag: key)
            } else {
                // The emoji, with the variation selector that may follow it.
                let lead = bytes[span.range.lowerBound]
                var end = span.range.lowerBound + (lead < 0xE0 ? 1 : lead < 0xF0 ? 3 : 4)
                if end + 3 <= span.value.lowerBound, bytes[end] == 0xEF, bytes[end + 1] == 0xB8, bytes[end + 2] == 0x8F { end += 3 }
                add(span.range.lowerBound..<end, .tagKey, tag: key)
            }
            switch field {
            case .created, .start, .scheduled, .due, .done, .cancelled: addDate(span.value, key: key)
            default: add(span.value, .tagValue, tag: key)
            }
        }
    }
}
