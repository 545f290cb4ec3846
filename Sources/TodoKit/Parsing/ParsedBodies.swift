/// The parsed task bodies of a document, found by where their bytes lie in the text most of its lines
/// share: reading lines of that same text again (formatted, or sorted) in the same format takes a body's
/// fields from here instead of parsing its bytes again.
///
/// A body's fields depend on nothing but its bytes, the format, and (in Markdown) whether its task is
/// closed, so a body of the same bytes (the same place in the same immutable text) read the same way reads
/// the same. Only bodies that were read without a diagnostic are kept: reading one again must give none,
/// and does.
struct ParsedBodies: Sendable {
    struct Entry: Sendable {
        var start: UInt32
        var count: UInt32
        var fields: TaskBody.ParsedFields
        /// Whether the body was read as a closed task's: in Markdown as its checkbox says; never in todo.txt,
        /// where the body itself says so (`x `).
        var isClosed: Bool
    }

    let format: FileFormat
    /// The text the bodies are slices of.
    let storage: String
    /// Sorted by `start`.
    private(set) var entries: [Entry] = []
    /// Instead of `entries`, the tasks of a document read from `storage` (whose bodies' starts ascend), for a
    /// caller that holds that document anyway; and the tasks among them whose bodies are not to be taken.
    private var tasks: [Task]?
    private var flaggedTasks: Set<Int> = []
    /// Whether `tasks` holds the bodies.
    private var readsTasks: Bool { tasks != nil }
    /// For each 64-byte stretch of the text, the first entry starting in it or after: a body is found by
    /// its start in a step or two, in whatever order bodies are asked for (a sorted document's order).
    private var firstInStretch: [Int32] = []
    private static let stretchShift = 6

    /// The bodies of `document`'s tasks that are slices of the text most of its lines share; nil when the
    /// document has no such text.
    init?(of document: borrowing Document) {
        guard document.tasks.count > 0,
              let storage = document.commonStorage
        else { return nil }
        self.storage = storage
        format = document.format
        let readsStatus = format == .markdown
        let identity = storage.storageIdentity
        // Lines with a diagnostic (in line order), whose bodies are read again to report it again.
        var flagged = document.diagnostics.map(\.line)
        if !flagged.elementsEqual(flagged.sorted()) { flagged.sort() }
        var next = 0
        entries.reserveCapacity(document.tasks.count)
        var ascending = true
        document.tasks.withUnsafeBufferPointer { tasks in
            for task in tasks.indices {
                let line = Int(tasks[task].line32)
                while next < flagged.count, flagged[next] < line { next += 1 }
                if next < flagged.count, flagged[next] == line { continue }
                let body = tasks[task].body
                guard body.storage.storageIdentity == identity else { continue }
                if let last = entries.last, last.start >= body.start { ascending = false }
                entries.append(Entry(start: body.start, count: body.count, fields: body.parsedFields,
                                     isClosed: readsStatus && tasks[task].status.isClosed))
            }
        }
        if !ascending { entries.sort { $0.start < $1.start } }
        guard let last = entries.last else { return }
        firstInStretch = [Int32](repeating: 0, count: (Int(last.start) >> Self.stretchShift) + 2)
        var entry = 0
        for stretch in firstInStretch.indices {
            while entry < entries.count, Int(entries[entry].start) >> Self.stretchShift < stretch { entry += 1 }
            firstInStretch[stretch] = Int32(entry)
        }
    }

    /// The bodies of `document`'s tasks, read from the document itself, without a copy: for a caller that
    /// holds the document while the bodies are taken. nil when the document was not read from text.
    init?(readingFrom document: Document) {
        guard let source = document.source else { return nil }
        self.init(readingFrom: document, storage: source)
    }

    /// The bodies of `document`'s tasks that are slices of `storage`, read from the document itself: for a
    /// document of lines read from that text in order (a part of a file). nil when it has no tasks.
    init?(readingFrom document: Document, storage: String) {
        guard document.tasks.count > 0 else { return nil }
        self.storage = storage
        format = document.format
        tasks = document.tasks
        for diagnostic in document.diagnostics {
            if let task = document.task(atLine: diagnostic.line) { flaggedTasks.insert(task) }
        }
    }

    /// The position in `entries` of the body starting at `start`, if any.
    @inline(__always)
    func position(ofStart start: Int) -> Int? {
        let stretch = start >> Self.stretchShift
        guard stretch < firstInStretch.count else { return nil }
        var at = Int(firstInStretch[stretch])
        while at < entries.count, Int(entries[at].start) < start { at += 1 }
        return at < entries.count && Int(entries[at].start) == start ? at : nil
    }

    /// Finds bodies in `entries`, quickly when asked in the order of their starts (as lines are read).
    struct Cursor {
        private var next = 0

        /// The body whose bytes are `count` bytes of `storage` from `start`, read in `format` for a task
        /// closed or not (always not in todo.txt), if kept.
        mutating func body(in bodies: ParsedBodies, format: FileFormat, storage: String, start: Int, count: Int,
                           isClosed: Bool) -> TaskBody? {
            guard format == bodies.format, storage.storageIdentity == bodies.storage.storageIdentity
            else { return nil }
            if bodies.readsTasks {
                return bodyFromTasks(bodies, storage: storage, start: start, count: count, isClosed: isClosed)
            }
            let entries = bodies.entries
            var at = next
            if at >= entries.count || Int(entries[at].start) != start {
                // Out of order (a sorted document).
                guard let found = bodies.position(ofStart: start) else { return nil }
                at = found
            }
            next = at + 1
            let entry = entries[at]
            guard Int(entry.count) == count, entry.isClosed == isClosed else { return nil }
            var body = TaskBody(storage: storage, start: start, count: count)
            body.parsedFields = entry.fields
            return body
        }

        /// `body(in:…)` from the tasks of a document read from `storage`.
        @inline(never)
        private mutating func bodyFromTasks(_ bodies: ParsedBodies, storage: String, start: Int, count: Int,
                                            isClosed: Bool) -> TaskBody? {
            bodies.tasks!.withUnsafeBufferPointer { tasks in
                bodyFromTasks(tasks, bodies, storage: storage, start: start, count: count, isClosed: isClosed)
            }
        }

        private mutating func bodyFromTasks(_ tasks: UnsafeBufferPointer<Task>, _ bodies: ParsedBodies, storage: String,
                                            start: Int, count: Int, isClosed: Bool) -> TaskBody? {
            var at = next
            if at >= tasks.count || Int(tasks[at].body.start) != start {
                // Out of order: a binary search by start.
                var low = 0, high = tasks.count
                while low < high {
                    let mid = (low + high) / 2
                    if Int(tasks[mid].body.start) < start { low = mid + 1 } else { high = mid }
                }
                guard low < tasks.count, Int(tasks[low].body.start) == start else { return nil }
                at = low
            }
            next = at + 1
            let wasClosed = bodies.format == .markdown && tasks[at].status.isClosed
            // A body of its own string (a line too long to share the text's) has a start of another string.
            guard Int(tasks[at].body.count) == count, wasClosed == isClosed,
                  tasks[at].body.storage.storageIdentity == storage.storageIdentity,
                  bodies.flaggedTasks.isEmpty || !bodies.flaggedTasks.contains(at)
            else { return nil }
            var body = TaskBody(storage: storage, start: start, count: count)
            body.parsedFields = tasks[at].body.parsedFields
            return body
        }
    }
}
