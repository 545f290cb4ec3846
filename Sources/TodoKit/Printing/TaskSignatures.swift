/// What the tasks of a parsed document mean, as safe mode compares them: status (and the character of an
/// unknown checkbox), priority, dates, description, notes and list. Parents are compared by the caller.
///
/// Everything is read from the parsed values in place: descriptions and notes are compared as trimmed
/// slices of the lines already held, without re-reading the text or copying tasks. A class, so that passing
/// it around does not copy (and retain) the document's arrays.
final class TaskSignatures {
    let document: Document
    /// Scratch space for notes read as bytes.
    private var noteA: [UInt8] = [], noteB: [UInt8] = []

    /// While `withCommonStorage` runs: the bytes of the string most task bodies are slices of, and its two
    /// words (the same two words are the same string).
    private var common: (bytes: UnsafeBufferPointer<UInt8>, bits: (UInt, UInt))?

    init(document: Document) {
        self.document = document
    }

    /// Runs `body` with the storage most lines share opened once, so that descriptions are sliced from it
    /// instead of each body opening its own.
    func withCommonStorage<R>(_ body: () -> R) -> R {
        guard let storage = commonStorage else { return body() }
        return storage.withUTF8Bytes { all in
            common = (all, unsafeBitCast(storage, to: (UInt, UInt).self))
            defer { common = nil }
            return body()
        }
    }

    /// The string most lines share: the text the document was read from, or that of its middle line.
    var commonStorage: String? {
        document.source ?? (document.lines.isEmpty ? nil : document.lines[document.lines.count / 2].storage)
    }

    /// While `withCommonStorage` runs: the bytes of `commonStorage`.
    var commonBytes: UnsafeBufferPointer<UInt8>? { common?.bytes }

    /// The checkbox character of task `i` when it has no defined meaning; nil for `[ ]`, `[x]`, `[X]`, `[/]`,
    /// `[-]` and todo.txt tasks.
    func unknownCheckbox(_ i: Int) -> Character? {
        guard let box = document.tasks[i].checkbox, TaskStatus(checkbox: box) == nil else { return nil }
        return box
    }

    /// Whether task `i`'s checkbox is one of `[ ]`, `[x]`, `[X]`, `[/]`, `[-]`, or it has none: what
    /// `unknownCheckbox(i) == nil` says, read without making a `Character`.
    private func hasKnownCheckbox(_ i: Int) -> Bool {
        switch document.tasks[i].checkbox32 {
        case CompactCharacter.none, 0x20, 0x78, 0x58, 0x2F, 0x2D: return true
        default: return false
        }
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
        func trimmed(_ b: UnsafeBufferPointer<UInt8>) -> R {
            var lower = min(start, b.count), upper = b.count
            while lower < upper, b[lower] == .space || b[lower] == .tab { lower += 1 }
            while upper > lower, b[upper - 1] == .space || b[upper - 1] == .tab { upper -= 1 }
            return body(UnsafeBufferPointer(rebasing: b[lower..<upper]))
        }
        if let common, unsafeBitCast(document.tasks[i].body.storage, to: (UInt, UInt).self) == common.bits {
            let from = Int(document.tasks[i].body.start), count = Int(document.tasks[i].body.count)
            return trimmed(UnsafeBufferPointer(rebasing: common.bytes[from..<(from + count)]))
        }
        return document.tasks[i].body.withUTF8Bytes(trimmed)
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
        if same(i, as: other, j) { return nil }
        return describedDifference(i, from: other, j)
    }

    /// Whether task `j` of `other` means what task `i` does (parents aside): what `difference` finds, read
    /// as bytes without making strings.
    func same(_ i: Int, as other: TaskSignatures, _ j: Int) -> Bool {
        document.tasks.withUnsafeBufferPointer { a in
            other.document.tasks.withUnsafeBufferPointer { b in
                guard a[i].status == b[j].status, Self.sameCheckbox(a[i].checkbox32, b[j].checkbox32),
                      a[i].body.priority == b[j].body.priority,
                      a[i].body.completionDate == b[j].body.completionDate,
                      a[i].body.creationDate == b[j].body.creationDate,
                      withDescriptionBytes(i, { mine in other.withDescriptionBytes(j) { ByteScan.equal(mine, $0) } })
                else { return false }
                if !a[i].noteLines.isEmpty || !b[j].noteLines.isEmpty {
                    guard sameNotes(a[i].noteLines, other, b[j].noteLines) else { return false }
                }
                return sameList(a[i].list, b[j].list)
            }
        }
    }

    /// Whether two checkboxes (as `CompactCharacter`s) mean the same: the same character, or both of defined
    /// meaning (`[x]` and `[X]`; the status tells them apart), or both none.
    static func sameCheckbox(_ a: UInt32, _ b: UInt32) -> Bool {
        if a == b { return true }
        let x = CompactCharacter.decode(a), y = CompactCharacter.decode(b)
        if x == y { return true }
        func unknown(_ box: Character?) -> Character? {
            guard let box, TaskStatus(checkbox: box) == nil else { return nil }
            return box
        }
        return unknown(x) == unknown(y)
    }

    /// Calls `body` with the bytes of each non-blank note of task `i`, as `noteBytes` reads them.
    func forEachNote(of i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        for line in document.tasks[i].noteLines where noteBytes(line: line, into: &noteB) {
            noteB.withUnsafeBufferPointer(body)
        }
    }

    /// The lists last found equal, by the addresses of their arrays: the tasks of one list share one array.
    private var lastSameLists: (UnsafeRawPointer?, UnsafeRawPointer?)?

    /// `a == b`, remembering the last equal pair of arrays (kept alive by their documents, so the same
    /// addresses are the same arrays).
    func sameList(_ a: [String], _ b: [String]) -> Bool {
        let addresses = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { (UnsafeRawPointer(a.baseAddress), UnsafeRawPointer($0.baseAddress)) } }
        if let last = lastSameLists, last == addresses, a.count == b.count { return true }
        guard a == b else { return false }
        lastSameLists = addresses
        return true
    }

    private func sameNotes(_ mine: [Int], _ other: TaskSignatures, _ theirs: [Int]) -> Bool {
        var x = 0, y = 0
        while true {
            while x < mine.count, !noteBytes(line: mine[x], into: &noteA) { x += 1 }
            while y < theirs.count, !other.noteBytes(line: theirs[y], into: &noteB) { y += 1 }
            let endA = x == mine.count, endB = y == theirs.count
            if endA || endB { return endA && endB }
            let equal = noteA.withUnsafeBufferPointer { p in noteB.withUnsafeBufferPointer { ByteScan.equal(p, $0) } }
            if !equal { return false }
            x += 1
            y += 1
        }
    }

    /// The note on line `number` (1-based) as `NoteSequence` reads it, as bytes in `out`; false (and `out`
    /// unspecified) when the line is blank and is no note.
    func noteBytes(line number: Int, into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        let isItem = document.roles[number - 1].kind == .itemStart
        return document.lines[number - 1].withUTF8Bytes { line -> Bool in
            var start = 0, end = line.count
            while start < end, line[start] == .space || line[start] == .tab { start += 1 }
            while end > start, line[end - 1] == .space || line[end - 1] == .tab { end -= 1 }
            if start == end { return false }
            let b = UnsafeBufferPointer(rebasing: line[start..<end])
            guard isItem else {
                out.append(contentsOf: b)
                return true
            }
            // `* foo` and `-   foo` read as `- foo`; `3.  foo` as `3. foo` (`NoteSequence`).
            var i = 0
            if b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "*") || b[0] == UInt8(ascii: "+") {
                out.append(UInt8(ascii: "-"))
                i = 1
            } else {
                while i < b.count, BlockStart.isDigit(b[i]) { i += 1 }
                guard i > 0, i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ")") else {
                    out.append(contentsOf: b)
                    return true
                }
                i += 1
                out.append(contentsOf: b[0..<i])
            }
            guard i == b.count || b[i] == .space || b[i] == .tab else {
                out.removeAll(keepingCapacity: true)
                out.append(contentsOf: b)
                return true
            }
            while i < b.count, b[i] == .space || b[i] == .tab { i += 1 }
            if i < b.count {
                out.append(.space)
                out.append(contentsOf: b[i...])
            }
            return true
        }
    }

    /// `difference` for two tasks known to differ: the phrase that says how.
    private func describedDifference(_ i: Int, from other: TaskSignatures, _ j: Int) -> String? {
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

    /// Feeds what task `i` means, its list included, to `hasher`: what `same` compares, so that tasks that
    /// are the same hash alike.
    func hash(_ i: Int, into hasher: inout MeaningHasher) {
        let task = document.tasks[i]
        let status: UInt64
        switch task.status {
        case .open: status = 0
        case .inProgress: status = 1
        case .done: status = 2
        case .cancelled: status = 3
        }
        hasher.combine(status | UInt64(checkboxCode(i)) << 8)
        // Priority, completion and creation date as the body packs them (one value each), without the done mark.
        hasher.combine(UInt64(task.body.completionAndFlags & ~(1 << 30)) << 32 | UInt64(UInt32(bitPattern: task.body.creationPacked)))
        withDescriptionBytes(i) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        var notes: UInt64 = 0
        for line in task.noteLines where noteBytes(line: line, into: &noteA) {
            noteA.withUnsafeBytes { hasher.combine(bytes: $0) }
            notes += 1
        }
        hasher.combine(notes)
        hasher.combine(UInt64(bitPattern: Int64(listHash(task.list))))
    }

    /// 0 for a checkbox of defined meaning (or none); otherwise a value for its character, equal for equal
    /// characters (`Character` equality, so a non-ASCII character goes by its hash value).
    private func checkboxCode(_ i: Int) -> UInt32 {
        if hasKnownCheckbox(i) { return 0 }
        let code = document.tasks[i].checkbox32
        if code < 0x80 { return code }
        return UInt32(truncatingIfNeeded: UInt(bitPattern: unknownCheckbox(i).hashValue)) | 0x80
    }

    /// The list last hashed, and its hash: the tasks of one list share one array, so most tasks find it here.
    private var lastList: (list: [String], hash: Int)?

    /// The hash of a list (heading path), computed once for a run of tasks sharing the same array.
    private func listHash(_ list: [String]) -> Int {
        // The kept array holds its storage alive, so the same address and count mean the same array.
        if let last = lastList, last.list.count == list.count,
           last.list.withUnsafeBufferPointer({ a in list.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }) {
            return last.hash
        }
        let hash = list.hashValue
        lastList = (list, hash)
        return hash
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
