/// What the tasks of a document mean, as `TaskSignatures` compares them, held compactly and without the
/// document: safe mode keeps them for the input, so that the input's model can be let go while its sorted
/// form is built and read back.
///
/// A description is held as a slice of the text most lines share (kept alive here) or, for a task whose body
/// has its own storage, as a copy; notes are held as the bytes `TaskSignatures.noteBytes` reads.
struct TaskRecords: Sendable {
    /// 32 bytes a task.
    struct Record: Sendable {
        var checkbox32: UInt32
        /// Priority and completion date as the body packs them, without the done mark.
        var completionAndPriority: UInt32
        var creationPacked: Int32
        /// Where the trimmed description starts: in `storage`, or (with bit 31 set) in `extra`.
        var descriptionStart: UInt32
        var descriptionCount: UInt32
        /// The first of the task's non-blank notes in `noteSpans`; they end where the next task's begin.
        var firstNote: UInt32
        /// Bits 0-29: the list, an index into `lists`; bits 30-31: the status (`TaskStatus.code`).
        var listAndStatus: UInt32
        var parent32: Int32

        static let ownDescription: UInt32 = 1 << 31

        var status: UInt32 { listAndStatus >> 30 }
        var list: Int { Int(listAndStatus & ((1 << 30) - 1)) }
    }

    /// The text most descriptions are slices of.
    let storage: String?
    private(set) var records: [Record] = []
    /// Copied descriptions and every note.
    private var extra: [UInt8] = []
    private var noteSpans: [(start: UInt32, count: UInt32)] = []
    private var lists: [[String]] = []

    /// The records of `tasks`' document; call within `tasks.withCommonStorage`.
    init(_ tasks: TaskSignatures) {
        storage = tasks.commonStorage
        let document = tasks.document
        records.reserveCapacity(document.tasks.count)
        var lastHeading: Int32?
        var note: [UInt8] = []
        for i in document.tasks.indices {
            // Fields are read in place: a copy of the task would retain and release each of its references.
            var record = Record(checkbox32: document.tasks[i].checkbox32,
                                completionAndPriority: document.tasks[i].body.completionAndFlags & TaskRecords.completionAndPriorityMask,
                                creationPacked: document.tasks[i].body.creationPacked, descriptionStart: 0, descriptionCount: 0,
                                firstNote: UInt32(noteSpans.count), listAndStatus: 0, parent32: document.tasks[i].parent32)
            tasks.withDescriptionBytes(i) { bytes in
                if let common = tasks.commonBytes, let base = common.baseAddress, let at = bytes.baseAddress,
                   at >= base, at + bytes.count <= base + common.count {
                    record.descriptionStart = UInt32(at - base)
                } else {
                    record.descriptionStart = UInt32(extra.count) | Record.ownDescription
                    extra.append(contentsOf: bytes)
                }
                record.descriptionCount = UInt32(bytes.count)
            }
            document.forEachNoteLine(of: i) { line in
                guard tasks.noteBytes(line: line, into: &note) else { return }
                noteSpans.append((UInt32(extra.count), UInt32(note.count)))
                extra.append(contentsOf: note)
            }
            // The tasks of one list follow each other: a new list is one under another heading than the last.
            let heading = document.tasks[i].heading32
            if lists.isEmpty || heading != lastHeading {
                let list = document.list(under: heading.optionalIndex)
                if lists.last != list { lists.append(list) }
                lastHeading = heading
            }
            record.listAndStatus = UInt32(lists.count - 1) | UInt32(document.tasks[i].status.code) << 30
            records.append(record)
        }
    }

    /// Bits 0-29 of `TaskBody.completionAndFlags`: completion date and priority, not the done mark.
    static let completionAndPriorityMask: UInt32 = (1 << 30) - 1

    var count: Int { records.count }

    /// Calls `body` with a reader of the records' bytes.
    func withBytes<R>(_ body: (Bytes) -> R) -> R {
        extra.withUnsafeBufferPointer { extra in
            guard let storage else { return body(Bytes(records: self, storage: UnsafeBufferPointer(start: nil, count: 0), extra: extra)) }
            return storage.withUTF8Bytes { body(Bytes(records: self, storage: $0, extra: extra)) }
        }
    }

    /// The records with their bytes opened.
    struct Bytes {
        let records: TaskRecords
        let storage: UnsafeBufferPointer<UInt8>
        let extra: UnsafeBufferPointer<UInt8>

        func description(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            let record = records.records[i]
            let start = Int(record.descriptionStart & ~Record.ownDescription), end = start + Int(record.descriptionCount)
            return UnsafeBufferPointer(rebasing: (record.descriptionStart & Record.ownDescription != 0 ? extra : storage)[start..<end])
        }

        /// Task `i`'s notes, as positions in `noteSpans`.
        func notes(_ i: Int) -> Range<Int> {
            let end = i + 1 < records.records.count ? Int(records.records[i + 1].firstNote) : records.noteSpans.count
            return Int(records.records[i].firstNote)..<end
        }

        func note(_ k: Int) -> UnsafeBufferPointer<UInt8> { Bytes.note(k, records.noteSpans, extra) }

        /// Note `k`'s bytes: its span in `spans`, read from `extra`.
        @inline(__always)
        private static func note(_ k: Int, _ spans: [(start: UInt32, count: UInt32)], _ extra: UnsafeBufferPointer<UInt8>)
            -> UnsafeBufferPointer<UInt8> {
            let span = spans[k]
            return UnsafeBufferPointer(rebasing: extra[Int(span.start)..<Int(span.start + span.count)])
        }

        /// Whether task `j` of `other` means what task `i` here does (parents aside), as
        /// `TaskSignatures.same` finds.
        func same(_ i: Int, as other: TaskSignatures, _ j: Int) -> Bool {
            let a = records.records[i]
            // Fields are read in place, and the closures capture these rather than `self`: a copy of a task, or
            // of `self`, would retain (and release) its every reference.
            let mine = description(i), notes = self.notes(i), spans = records.noteSpans, extra = self.extra
            let tasks = other.document.tasks
            guard a.status == UInt32(tasks[j].status.code), TaskSignatures.sameCheckbox(a.checkbox32, tasks[j].checkbox32),
                  a.completionAndPriority == tasks[j].body.completionAndFlags & TaskRecords.completionAndPriorityMask,
                  a.creationPacked == tasks[j].body.creationPacked,
                  other.withDescriptionBytes(j, { ByteScan.equal(mine, $0) })
            else { return false }
            if !notes.isEmpty || tasks[j].mayHaveNoteLines {
                var k = notes.lowerBound
                var same = true
                other.forEachNote(of: j) { theirs in
                    guard same else { return }
                    if k == notes.upperBound || !ByteScan.equal(Bytes.note(k, spans, extra), theirs) { same = false }
                    k += 1
                }
                guard same, k == notes.upperBound else { return false }
            }
            return other.sameList(records.lists[a.list], asListOf: j)
        }

        /// Whether tasks `i` and `h` here mean the same (parents aside).
        func same(_ i: Int, _ h: Int) -> Bool {
            let a = records.records[i], b = records.records[h]
            let notesA = notes(i), notesB = notes(h)
            guard a.status == b.status, TaskSignatures.sameCheckbox(a.checkbox32, b.checkbox32),
                  a.completionAndPriority == b.completionAndPriority, a.creationPacked == b.creationPacked,
                  ByteScan.equal(description(i), description(h)), notesA.count == notesB.count
            else { return false }
            for (x, y) in zip(notesA, notesB) where !ByteScan.equal(note(x), note(y)) { return false }
            return a.list == b.list || records.lists[a.list] == records.lists[b.list]
        }
    }
}
