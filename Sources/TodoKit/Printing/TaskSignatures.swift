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

    /// While `withCommonStorage` runs: the bytes of the string most task bodies are slices of, and its identity.
    private var common: (bytes: UnsafeBufferPointer<UInt8>, identity: StorageIdentity)?

    init(document: Document) {
        self.document = document
    }

    /// Runs `body` with the storage most lines share opened once, so that descriptions are sliced from it
    /// instead of each body opening its own.
    func withCommonStorage<R>(_ body: () -> R) -> R {
        guard let storage = commonStorage else { return body() }
        return storage.withUTF8Bytes { all in
            common = (all, storage.storageIdentity)
            defer { common = nil }
            return body()
        }
    }

    /// The string most lines share (`Document.commonStorage`).
    var commonStorage: String? { document.commonStorage }

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
    private func hasKnownCheckbox(_ i: Int) -> Bool { isKnownCheckbox(document.tasks[i].checkbox32) }

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
        TaskSignatures.withDescription(of: document.tasks[i].body, common: common, body)
    }

    /// Calls `body` with the trimmed description of `taskBody`: sliced from `common` (a string's bytes and its
    /// identity) when the body is a slice of that string, read from the body's own storage otherwise.
    @inline(__always)
    static func withDescription<R>(of taskBody: borrowing TaskBody, common: (bytes: UnsafeBufferPointer<UInt8>, identity: StorageIdentity)?,
                                   _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = taskBody.descriptionStart
        @inline(__always) func trimmed(_ b: UnsafeBufferPointer<UInt8>) -> R {
            var lower = min(start, b.count), upper = b.count
            while lower < upper, b[lower] == .space || b[lower] == .tab { lower += 1 }
            while upper > lower, b[upper - 1] == .space || b[upper - 1] == .tab { upper -= 1 }
            return body(UnsafeBufferPointer(rebasing: b[lower..<upper]))
        }
        if let common, taskBody.storage.storageIdentity == common.identity {
            let from = Int(taskBody.start), count = Int(taskBody.count)
            return trimmed(UnsafeBufferPointer(rebasing: common.bytes[from..<(from + count)]))
        }
        return taskBody.withUTF8Bytes(trimmed)
    }

    /// The non-blank notes of task `i`, each trimmed; a list item's marker line among them is read with its
    /// marker written canonically (`-` for a bullet, one space after the marker).
    func notes(_ i: Int) -> NoteSequence { NoteSequence(document: document, lines: document.noteLines(of: i)) }

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
                if a[i].mayHaveNoteLines || b[j].mayHaveNoteLines {
                    guard sameNotes(NoteLines(of: i, in: a), other, NoteLines(of: j, in: b)) else { return false }
                }
                return document.list(of: i) == other.document.list(of: j)
            }
        }
    }

    /// The first `k` in `range` where task `k` here and task `k` of `other` may differ, in meaning or in
    /// parent; `range.upperBound` when none does.
    ///
    /// Meant for long runs of equal tasks: each is read in place, without copying a task or making a string.
    /// What it finds is only a candidate (a task whose notes hold a list item, say, is not compared here):
    /// `difference` and the parents say whether it differs indeed.
    ///
    /// With an `offset`, task `k` here is compared with task `k - offset` of `other`, whose parent indexes are
    /// read `offset` higher (`other` holds the tasks of a part of this document, from its task `offset` on, or
    /// of several parts one after the other).
    func firstDifference(from other: TaskSignatures, offset: Int = 0, in range: Range<Int>) -> Int {
        withView { x in
            other.withView { y in
                var lists = SameLists(mine: self, theirs: other)
                let shift = Int32(offset)
                for k in range {
                    let j = k - offset, parent = y.tasks[j].parent32
                    guard x.tasks[k].parent32 == (parent < 0 ? parent : parent + shift), View.same(x, k, y, j, &lists) else { return k }
                }
                return range.upperBound
            }
        }
    }

    /// `firstDifference(from:in:)` with task `k` here compared with task `partners[k]` of `other`, whose
    /// parent must be the partner of task `k`'s parent (a sorted document, its tasks moved among siblings).
    func firstDifference(from other: TaskSignatures, partners: UnsafeBufferPointer<Int32>, in range: Range<Int>) -> Int {
        withView { x in
            other.withView { y in
                var lists = SameLists(mine: self, theirs: other)
                for k in range {
                    let j = Int(partners[k]), parent = x.tasks[k].parent32
                    guard y.tasks[j].parent32 == (parent < 0 ? parent : partners[Int(parent)]), View.same(x, k, y, j, &lists)
                    else { return k }
                }
                return range.upperBound
            }
        }
    }

    /// Calls `body` with a view of the document's tasks, lines and roles, and of the storage most lines share.
    private func withView<R>(_ body: (View) -> R) -> R {
        document.tasks.withUnsafeBufferPointer { tasks in
            document.lines.withUnsafeBufferPointer { lines in
                document.roles.withUnsafeBufferPointer { roles in
                    guard let storage = commonStorage else {
                        return body(View(tasks: tasks, lines: lines, roles: roles, common: UnsafeBufferPointer(start: nil, count: 0),
                                         commonIdentity: .none))
                    }
                    return storage.withUTF8Bytes { common in
                        body(View(tasks: tasks, lines: lines, roles: roles, common: common,
                                  commonIdentity: storage.storageIdentity))
                    }
                }
            }
        }
    }

    /// Compares the lists (heading paths) of tasks of two documents, remembering the last pair of headings
    /// found to hold the same list.
    private struct SameLists {
        let mine: TaskSignatures, theirs: TaskSignatures
        var last: (Int32, Int32)?

        mutating func same(_ x: View, _ i: Int, _ y: View, _ j: Int) -> Bool {
            let pair = (x.tasks[i].heading32, y.tasks[j].heading32)
            if let last, last == pair { return true }
            guard mine.document.list(under: pair.0.optionalIndex) == theirs.document.list(under: pair.1.optionalIndex)
            else { return false }
            last = pair
            return true
        }
    }

    /// A document's tasks, lines and roles read in place, and the bytes of the storage most lines and bodies
    /// share (empty when there is none) with its identity.
    private struct View {
        let tasks: UnsafeBufferPointer<Task>
        let lines: UnsafeBufferPointer<Line>
        let roles: UnsafeBufferPointer<LineRole>
        let common: UnsafeBufferPointer<UInt8>
        let commonIdentity: StorageIdentity

        /// Whether task `j` of `y` means what task `i` of `x` does (parents aside). True only when `same`
        /// says so; false also when the tasks are not simply read (a note on a list item's line, or on a line
        /// of its own storage).
        static func same(_ x: View, _ i: Int, _ y: View, _ j: Int, _ lists: inout SameLists) -> Bool {
            guard x.tasks[i].status == y.tasks[j].status,
                  x.tasks[i].checkbox32 == y.tasks[j].checkbox32
                    || isKnownCheckbox(x.tasks[i].checkbox32) && isKnownCheckbox(y.tasks[j].checkbox32)
            else { return false }
            // Priority, completion and creation date as the body packs them (one value each), without the done mark.
            if x.tasks[i].body.completionAndFlags & ~(1 << 30) != y.tasks[j].body.completionAndFlags & ~(1 << 30)
                || x.tasks[i].body.creationPacked != y.tasks[j].body.creationPacked {
                return false
            }
            // The same bytes of the same storage (a line the formatter left alone) are the same text.
            let sameSlice = x.tasks[i].body.start == y.tasks[j].body.start && x.tasks[i].body.count == y.tasks[j].body.count
                && x.tasks[i].body.descriptionStart32 == y.tasks[j].body.descriptionStart32
                && x.tasks[i].body.storage.storageIdentity == y.tasks[j].body.storage.storageIdentity
            guard sameSlice || x.withDescription(i, { mine in y.withDescription(j) { ByteScan.equal(mine, $0) } }) else { return false }
            if x.tasks[i].mayHaveNoteLines || y.tasks[j].mayHaveNoteLines {
                guard sameNotes(x, NoteLines(of: i, in: x.tasks), y, NoteLines(of: j, in: y.tasks)) else { return false }
            }
            return lists.same(x, i, y, j)
        }

        /// Calls `body` with task `i`'s trimmed description, as `TaskSignatures.withDescriptionBytes` does.
        @inline(__always)
        func withDescription<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            TaskSignatures.withDescription(of: tasks[i].body, common: common.baseAddress == nil ? nil : (common, commonIdentity), body)
        }

        /// The note on line `number` (1-based), trimmed (empty when blank), when it is plain text in the
        /// common storage; nil otherwise (a list item's line, whose marker `noteBytes` rewrites).
        @inline(__always)
        func plainNote(line number: Int) -> UnsafeBufferPointer<UInt8>? {
            let index = number - 1
            guard roles[index].kind != .itemStart, common.baseAddress != nil,
                  lines[index].storage.storageIdentity == commonIdentity else { return nil }
            var start = Int(lines[index].start), end = start + Int(lines[index].count)
            while start < end, common[start] == .space || common[start] == .tab { start += 1 }
            while end > start, common[end - 1] == .space || common[end - 1] == .tab { end -= 1 }
            return UnsafeBufferPointer(rebasing: common[start..<end])
        }

        /// Whether the notes on lines `mine` of `x` and `theirs` of `y` are the same (blank lines aside); false
        /// also when one of them is not a plain note.
        static func sameNotes(_ x: View, _ mine: NoteLines, _ y: View, _ theirs: NoteLines) -> Bool {
            var mine = mine, theirs = theirs
            while true {
                switch (x.nextNote(on: &mine), y.nextNote(on: &theirs)) {
                case (.end, .end): return true
                case (.note(let a), .note(let b)) where ByteScan.equal(a, b): continue
                default: return false
                }
            }
        }

        enum NextNote {
            case note(UnsafeBufferPointer<UInt8>)
            case end
            case notPlain
        }

        /// The next non-empty plain note on `lines` (which are read past it).
        func nextNote(on lines: inout NoteLines) -> NextNote {
            while let line = lines.next() {
                guard let note = plainNote(line: line) else { return .notPlain }
                if !note.isEmpty { return .note(note) }
            }
            return .end
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
        document.forEachNoteLine(of: i) { line in
            if noteBytes(line: line, into: &noteB) { noteB.withUnsafeBufferPointer(body) }
        }
    }

    /// The last list found equal to the list under a heading here, held (so the same address is the same
    /// array): the tasks of one list follow each other, so most tasks find it here.
    private var lastSameList: (list: [String], heading: Int32)?

    /// Whether `list` is the list of task `j` here.
    func sameList(_ list: [String], asListOf j: Int) -> Bool {
        let heading = document.tasks[j].heading32
        if let last = lastSameList, last.heading == heading, last.list.count == list.count,
           last.list.withUnsafeBufferPointer({ a in list.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }) {
            return true
        }
        guard list == document.list(under: heading.optionalIndex) else { return false }
        lastSameList = (list, heading)
        return true
    }

    private func sameNotes(_ mine: NoteLines, _ other: TaskSignatures, _ theirs: NoteLines) -> Bool {
        var mine = mine, theirs = theirs
        while true {
            var a = mine.next(), b = theirs.next()
            while let line = a, !noteBytes(line: line, into: &noteA) { a = mine.next() }
            while let line = b, !other.noteBytes(line: line, into: &noteB) { b = theirs.next() }
            if a == nil || b == nil { return a == nil && b == nil }
            let equal = noteA.withUnsafeBufferPointer { p in noteB.withUnsafeBufferPointer { ByteScan.equal(p, $0) } }
            if !equal { return false }
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
        if a[i].mayHaveNoteLines || b[j].mayHaveNoteLines {
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
        let (mine, theirs) = (document.list(of: i), other.document.list(of: j))
        if mine != theirs {
            return "\(name) moved from list \(listName(mine)) to \(listName(theirs))"
        }
        return nil
    }

    /// Feeds what task `i` means, its list included, to `hasher`: what `same` compares, so that tasks that
    /// are the same hash alike.
    func hash(_ i: Int, into hasher: inout MeaningHasher) {
        // Fields are read in place: a copy of the task would retain and release each of its references.
        hasher.combine(UInt64(document.tasks[i].status.code) | UInt64(checkboxCode(i)) << 8)
        // Priority, completion and creation date as the body packs them (one value each), without the done mark.
        hasher.combine(UInt64(document.tasks[i].body.completionAndFlags & ~(1 << 30)) << 32 | UInt64(UInt32(bitPattern: document.tasks[i].body.creationPacked)))
        withDescriptionBytes(i) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        var notes: UInt64 = 0
        document.forEachNoteLine(of: i) { line in
            guard noteBytes(line: line, into: &noteA) else { return }
            noteA.withUnsafeBytes { hasher.combine(bytes: $0) }
            notes += 1
        }
        hasher.combine(notes)
        hasher.combine(UInt64(bitPattern: Int64(listHash(document.tasks[i].heading32))))
    }

    /// 0 for a checkbox of defined meaning (or none); otherwise a value for its character, equal for equal
    /// characters (`Character` equality, so a non-ASCII character goes by its hash value).
    private func checkboxCode(_ i: Int) -> UInt32 {
        if hasKnownCheckbox(i) { return 0 }
        let code = document.tasks[i].checkbox32
        if code < 0x80 { return code }
        return UInt32(truncatingIfNeeded: UInt(bitPattern: unknownCheckbox(i).hashValue)) | 0x80
    }

    /// The heading whose list was last hashed, and the hash: the tasks of one list follow each other, so most
    /// tasks find it here.
    private var lastListHash: (heading: Int32, hash: Int)?

    /// The hash of the list (heading path) under heading `heading` (-1 for none).
    private func listHash(_ heading: Int32) -> Int {
        if let last = lastListHash, last.heading == heading { return last.hash }
        let hash = document.list(under: heading.optionalIndex).hashValue
        lastListHash = (heading, hash)
        return hash
    }

}

/// Whether a checkbox (as a `CompactCharacter`) is one of `[ ]`, `[x]`, `[X]`, `[/]`, `[-]`, or none: one of
/// defined meaning, which `TaskSignatures.sameCheckbox` finds the same as any other such.
@inline(__always)
private func isKnownCheckbox(_ code: UInt32) -> Bool {
    switch code {
    case CompactCharacter.none, 0x20, 0x78, 0x58, 0x2F, 0x2D: return true
    default: return false
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
