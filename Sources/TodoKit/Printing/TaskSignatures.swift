/// What the tasks of a parsed document mean, as safe mode compares them: status (and the character of an
/// unknown checkbox), priority, dates, description, notes and list. Parents are compared by the caller.
///
/// Everything is read from the parsed values in place: descriptions and notes are compared as trimmed
/// slices of the lines already held, without re-reading the text or copying tasks.
struct TaskSignatures {
    let document: Document

    /// The checkbox character of task `i` when it has no defined meaning; nil for `[ ]`, `[x]`, `[X]`, `[/]`,
    /// `[-]` and todo.txt tasks.
    func unknownCheckbox(_ i: Int) -> Character? {
        guard let box = document.tasks[i].checkbox, TaskStatus(checkbox: box) == nil else { return nil }
        return box
    }

    /// The description of task `i`, whitespace-trimmed.
    func description(_ i: Int) -> Substring {
        let text = document.tasks[i].body.text
        let utf8 = text.utf8
        var start = utf8.index(utf8.startIndex, offsetBy: min(document.tasks[i].body.descriptionStart, utf8.count))
        var end = utf8.endIndex
        while start < end, utf8[start] == .space || utf8[start] == .tab { start = utf8.index(after: start) }
        while end > start {
            let before = utf8.index(before: end)
            guard utf8[before] == .space || utf8[before] == .tab else { break }
            end = before
        }
        return text[start..<end]
    }

    /// Calls `body` with the UTF-8 bytes of task `i`'s trimmed description.
    func withDescriptionBytes<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = document.tasks[i].body.descriptionStart
        return document.tasks[i].body.text.withUTF8Bytes { b in
            var lower = min(start, b.count), upper = b.count
            while lower < upper, b[lower] == .space || b[lower] == .tab { lower += 1 }
            while upper > lower, b[upper - 1] == .space || b[upper - 1] == .tab { upper -= 1 }
            return body(UnsafeBufferPointer(rebasing: b[lower..<upper]))
        }
    }

    /// The non-blank notes of task `i`, each trimmed; a list item's marker line among them is read with its
    /// marker written canonically (`-` for a bullet, one space after the marker).
    func notes(_ i: Int) -> NoteSequence { NoteSequence(document: document, lines: document.tasks[i].noteLines) }

    func statusName(_ i: Int) -> String {
        if let box = unknownCheckbox(i) { return "[\(box)]" }
        return document.tasks[i].status.rawValue
    }

    /// The first way in which task `j` of `other` says something else than task `i`, as a short phrase naming
    /// the task by its line here; nil when they mean the same (parents aside).
    func difference(_ i: Int, from other: TaskSignatures, _ j: Int) -> String? {
        let a = document.tasks, b = other.document.tasks
        let name = "task on line \(a[i].line)"
        if a[i].status != b[j].status || a[i].checkbox != b[j].checkbox && unknownCheckbox(i) != other.unknownCheckbox(j) {
            return "\(name) changed from \(statusName(i)) to \(other.statusName(j))"
        }
        if a[i].body.priority != b[j].body.priority {
            func show(_ p: Priority?) -> String { p.map { "(\($0))" } ?? "none" }
            return "\(name) changed priority from \(show(a[i].body.priority)) to \(show(b[j].body.priority))"
        }
        if a[i].body.completionDate != b[j].body.completionDate { return "\(name) changed its completion date" }
        if a[i].body.creationDate != b[j].body.creationDate { return "\(name) changed its creation date" }
        let sameText = withDescriptionBytes(i) { mine in other.withDescriptionBytes(j) { mine.elementsEqual($0) } }
        if !sameText {
            return "\(name) changed its text from \(quoted(description(i))) to \(quoted(other.description(j)))"
        }
        if !a[i].noteLines.isEmpty || !b[j].noteLines.isEmpty {
            var mine = notes(i).makeIterator(), theirs = other.notes(j).makeIterator()
            while true {
                switch (mine.next(), theirs.next()) {
                case (nil, nil):
                    break
                case (let note?, nil):
                    return "\(name) lost its note \(quoted(note))"
                case (nil, let note?):
                    return "\(name) gained a note \(quoted(note))"
                case (let note?, let otherNote?):
                    if !note.utf8.elementsEqual(otherNote.utf8) {
                        return "\(name) changed its note \(quoted(note)) to \(quoted(otherNote))"
                    }
                    continue
                }
                break
            }
        }
        if a[i].list != b[j].list {
            return "\(name) moved from list \(listName(a[i].list)) to \(listName(b[j].list))"
        }
        return nil
    }

    /// Feeds what task `i` means, its list included, to `hasher`.
    func hash(_ i: Int, into hasher: inout Hasher) {
        let tasks = document.tasks
        hasher.combine(tasks[i].status)
        hasher.combine(unknownCheckbox(i))
        hasher.combine(tasks[i].body.priority)
        hasher.combine(tasks[i].body.completionDate)
        hasher.combine(tasks[i].body.creationDate)
        withDescriptionBytes(i) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(0xFF as UInt8)
        if !tasks[i].noteLines.isEmpty {
            for note in notes(i) { combine(note, into: &hasher) }
        }
        hasher.combine(0xFE as UInt8)
        hasher.combine(tasks[i].list)
    }

    private func combine(_ text: Substring, into hasher: inout Hasher) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if done == nil { for byte in text.utf8 { hasher.combine(byte) } }
        hasher.combine(0xFF as UInt8)  // never in UTF-8: ends the text
    }
}

/// A task's notes as safe mode reads them; see `TaskSignatures.notes(_:)`.
struct NoteSequence: Sequence {
    let document: Document
    let lines: [Int]

    struct Iterator: IteratorProtocol {
        let document: Document
        var lines: IndexingIterator<[Int]>

        mutating func next() -> Substring? {
            while let number = lines.next() {
                let text = document.lines[number - 1].text
                let note = trimmed(text)
                if note.isEmpty { continue }
                if document.roles[number - 1].kind == .itemStart { return canonicalMarker(note) }
                return note
            }
            return nil
        }

        private func trimmed(_ text: String) -> Substring {
            let utf8 = text.utf8
            var start = utf8.startIndex, end = utf8.endIndex
            while start < end, utf8[start] == .space || utf8[start] == .tab { start = utf8.index(after: start) }
            while end > start {
                let before = utf8.index(before: end)
                guard utf8[before] == .space || utf8[before] == .tab else { break }
                end = before
            }
            return text[start..<end]
        }

        /// `* foo` and `-   foo` read as `- foo`; `3.  foo` as `3. foo`.
        private func canonicalMarker(_ note: Substring) -> Substring {
            let bytes = Array(note.utf8)
            var i = 0
            var marker: [UInt8]
            if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "*") || bytes[0] == UInt8(ascii: "+") {
                marker = [UInt8(ascii: "-")]
                i = 1
            } else {
                while i < bytes.count, BlockStart.isDigit(bytes[i]) { i += 1 }
                guard i > 0, i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ")") else { return note }
                i += 1
                marker = Array(bytes[0..<i])
            }
            guard i == bytes.count || bytes[i] == .space || bytes[i] == .tab else { return note }
            while i < bytes.count, bytes[i] == .space || bytes[i] == .tab { i += 1 }
            if i < bytes.count {
                marker.append(.space)
                marker.append(contentsOf: bytes[i...])
            }
            return Substring(String(decoding: marker, as: UTF8.self))
        }
    }

    func makeIterator() -> Iterator { Iterator(document: document, lines: lines.makeIterator()) }
}

/// `"text"`, shortened to 40 characters.
func quoted(_ text: some StringProtocol) -> String {
    let limit = 40
    if text.count <= limit { return "\"\(text)\"" }
    return "\"\(text.prefix(limit - 1))…\""
}

func listName(_ path: [String]) -> String {
    path.isEmpty ? "(none)" : quoted(path.joined(separator: " > "))
}
