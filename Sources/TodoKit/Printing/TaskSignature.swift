/// What one task of a parsed document means, as safe mode compares it: status (and the character of an
/// unknown checkbox), priority, dates, description, notes and list. Its parent is compared separately.
///
/// Everything is read from the parsed values in place: descriptions and notes are compared as trimmed
/// slices of the lines already held, without re-reading the text.
struct TaskSignature {
    let document: Document
    let index: Int

    var task: Task { document.tasks[index] }

    /// The checkbox character when it has no defined meaning; nil for `[ ]`, `[x]`, `[X]`, `[/]`, `[-]`.
    var unknownCheckbox: Character? {
        guard let box = task.checkbox, TaskStatus(checkbox: box) == nil else { return nil }
        return box
    }

    /// The description, whitespace-trimmed.
    var description: Substring {
        let body = task.body
        let utf8 = body.text.utf8
        var start = utf8.index(utf8.startIndex, offsetBy: min(body.descriptionStart, utf8.count))
        var end = utf8.endIndex
        while start < end, utf8[start] == .space || utf8[start] == .tab { start = utf8.index(after: start) }
        while end > start {
            let before = utf8.index(before: end)
            guard utf8[before] == .space || utf8[before] == .tab else { break }
            end = before
        }
        return body.text[start..<end]
    }

    /// The task's non-blank notes, each trimmed; a list item's marker line among them is read with its marker
    /// written canonically (`-` for a bullet, one space after the marker).
    var notes: NoteSequence { NoteSequence(document: document, lines: task.noteLines) }

    /// The first way in which `other` says something else than `self`, as a short phrase naming the task by
    /// its line in `self`'s document; nil when they mean the same (parents aside).
    func difference(from other: TaskSignature) -> String? {
        let a = task, b = other.task
        let name = "task on line \(a.line)"
        if a.status != b.status || unknownCheckbox != other.unknownCheckbox {
            return "\(name) changed from \(statusName) to \(other.statusName)"
        }
        if a.priority != b.priority {
            return "\(name) changed priority from \(a.priority.map { "(\($0))" } ?? "none") to \(b.priority.map { "(\($0))" } ?? "none")"
        }
        if a.completionDate != b.completionDate { return "\(name) changed its completion date" }
        if a.creationDate != b.creationDate { return "\(name) changed its creation date" }
        let text = description, otherText = other.description
        if !text.utf8.elementsEqual(otherText.utf8) {
            return "\(name) changed its text from \(quoted(text)) to \(quoted(otherText))"
        }
        var mine = notes.makeIterator(), theirs = other.notes.makeIterator()
        while true {
            switch (mine.next(), theirs.next()) {
            case (nil, nil):
                return listDifference(from: other).map { "\(name) \($0)" }
            case (let note?, nil):
                return "\(name) lost its note \(quoted(note))"
            case (nil, let note?):
                return "\(name) gained a note \(quoted(note))"
            case (let note?, let otherNote?):
                if !note.utf8.elementsEqual(otherNote.utf8) {
                    return "\(name) changed its note \(quoted(note)) to \(quoted(otherNote))"
                }
            }
        }
    }

    private func listDifference(from other: TaskSignature) -> String? {
        let list = task.list, otherList = other.task.list
        guard list != otherList else { return nil }
        return "moved from list \(listName(list)) to \(listName(otherList))"
    }

    var statusName: String {
        if let box = unknownCheckbox { return "[\(box)]" }
        return task.status.rawValue
    }

    /// Feeds what the task means, its list included, to `hasher`.
    func hash(into hasher: inout Hasher) {
        let t = task
        hasher.combine(t.status)
        hasher.combine(unknownCheckbox)
        hasher.combine(t.priority)
        hasher.combine(t.completionDate)
        hasher.combine(t.creationDate)
        combine(description, into: &hasher)
        for note in notes { combine(note, into: &hasher) }
        hasher.combine(0xFE as UInt8)
        hasher.combine(t.list)
    }

    private func combine(_ text: Substring, into hasher: inout Hasher) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if done == nil { for byte in text.utf8 { hasher.combine(byte) } }
        hasher.combine(0xFF as UInt8)  // never in UTF-8: ends the text
    }
}

/// A task's notes as safe mode reads them; see `TaskSignature.notes`.
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
