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
        var completionAndFlags: UInt32
        var creationPacked: Int32
        var descriptionStart32: UInt32
        var priorityOffset32: UInt32
        /// Whether the body was read as a closed task's (a Markdown task's checkbox says so; a todo.txt
        /// line says so in its body).
        var isClosed: Bool
    }

    let format: FileFormat
    /// The text the bodies are slices of.
    let storage: String
    /// Sorted by `start`.
    private(set) var entries: [Entry] = []

    /// The bodies of `document`'s tasks that are slices of the text most of its lines share; nil when the
    /// document has no such text.
    init?(of document: borrowing Document) {
        guard document.tasks.count > 0,
              let storage = document.source ?? (document.lines.isEmpty ? nil : document.lines[document.lines.count / 2].storage)
        else { return nil }
        self.storage = storage
        format = document.format
        let readsStatus = format == .markdown
        let bits = unsafeBitCast(storage, to: (UInt, UInt).self)
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
                guard unsafeBitCast(body.storage, to: (UInt, UInt).self) == bits else { continue }
                if let last = entries.last, last.start >= body.start { ascending = false }
                entries.append(Entry(start: body.start, count: body.count, completionAndFlags: body.completionAndFlags,
                                     creationPacked: body.creationPacked, descriptionStart32: body.descriptionStart32,
                                     priorityOffset32: body.priorityOffset32,
                                     isClosed: readsStatus && tasks[task].status.isClosed))
            }
        }
        if !ascending { entries.sort { $0.start < $1.start } }
    }

    /// Finds bodies in `entries`, quickly when asked in the order of their starts (as lines are read).
    struct Cursor {
        private var next = 0

        /// The body whose bytes are `count` bytes of `storage` from `start`, read in `format` for a task
        /// closed or not (always not in todo.txt), if kept.
        mutating func body(in bodies: ParsedBodies, format: FileFormat, storage: String, start: Int, count: Int,
                           isClosed: Bool) -> TaskBody? {
            guard format == bodies.format, unsafeBitCast(storage, to: (UInt, UInt).self) == unsafeBitCast(bodies.storage, to: (UInt, UInt).self)
            else { return nil }
            let entries = bodies.entries
            var at = next
            if at >= entries.count || Int(entries[at].start) != start {
                // Out of order (a sorted document): a binary search.
                var low = 0, high = entries.count
                while low < high {
                    let mid = (low + high) / 2
                    if Int(entries[mid].start) < start { low = mid + 1 } else { high = mid }
                }
                guard low < entries.count, Int(entries[low].start) == start else { return nil }
                at = low
            }
            next = at + 1
            let entry = entries[at]
            guard Int(entry.count) == count, entry.isClosed == isClosed else { return nil }
            var body = TaskBody(storage: storage, start: start, count: count)
            body.completionAndFlags = entry.completionAndFlags
            body.creationPacked = entry.creationPacked
            body.descriptionStart32 = entry.descriptionStart32
            body.priorityOffset32 = entry.priorityOffset32
            return body
        }
    }
}
