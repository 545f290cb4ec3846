/// The todo.txt part of a task: optional priority and dates, then a description holding `+projects`,
/// `@contexts` and `key:value` tags anywhere.
///
/// The body keeps its text exactly as written; every parsed field points back into it, so an edit can
/// rewrite one field and leave the rest of the line byte for byte.
///
/// A body read from a document shares the document's storage (it holds where its bytes are), and its
/// tokens are read from its bytes when asked for rather than held: a document holds one body per task.
public struct TaskBody: Hashable, Sendable {
    /// The string holding the body's bytes: the body's own text, or the text of its line or file.
    var storage: String
    /// Where the body's bytes are in `storage` (UTF-8 offsets).
    var start: UInt32
    var count: UInt32
    /// Bits 0-22: `CalendarDate.packed` of the completion date (0 for none; years up to 9999 fit); bits
    /// 23-29: the priority's letter (0 for none); bit 30: the done mark.
    var completionAndFlags: UInt32
    /// `CalendarDate.packed` of the creation date, 0 for none.
    var creationPacked: Int32
    var descriptionStart32: UInt32
    /// `UInt32.max` for none.
    var priorityOffset32: UInt32

    private static let dateMask: UInt32 = (1 << 23) - 1
    private static let priorityShift: UInt32 = 23
    private static let doneMark: UInt32 = 1 << 30

    var completionPacked: Int {
        get { Int(completionAndFlags & TaskBody.dateMask) }
        set {
            precondition(newValue >= 0 && newValue <= Int(TaskBody.dateMask))
            completionAndFlags = completionAndFlags & ~TaskBody.dateMask | UInt32(newValue)
        }
    }

    var priorityCode: UInt8 {
        get { UInt8(truncatingIfNeeded: (completionAndFlags >> TaskBody.priorityShift) & 0x7F) }
        set { completionAndFlags = completionAndFlags & ~(0x7F << TaskBody.priorityShift) | UInt32(newValue & 0x7F) << TaskBody.priorityShift }
    }

    /// A todo.txt `x ` completion mark at the start.
    public internal(set) var hasDoneMark: Bool {
        get { completionAndFlags & TaskBody.doneMark != 0 }
        set { completionAndFlags = newValue ? completionAndFlags | TaskBody.doneMark : completionAndFlags & ~TaskBody.doneMark }
    }

    init(text: String) {
        self.init(storage: text, start: 0, count: text.utf8.count)
    }

    /// A body whose bytes are `count` bytes of `storage` from `start` (on character boundaries).
    init(storage: String, start: Int, count: Int) {
        self.storage = storage
        self.start = UInt32(start)
        self.count = UInt32(count)
        // Every field set here rather than by default values: those made the optimizer copy each new body.
        completionAndFlags = 0
        creationPacked = 0
        descriptionStart32 = 0
        priorityOffset32 = .max
    }

    /// Every field parsing sets, packed as the body holds them: what another body of the same bytes, read the
    /// same way, takes instead of parsing them again (`ParsedBodies`).
    struct ParsedFields: Sendable {
        var completionAndFlags: UInt32
        var creationPacked: Int32
        var descriptionStart32: UInt32
        var priorityOffset32: UInt32
    }

    var parsedFields: ParsedFields {
        get {
            ParsedFields(completionAndFlags: completionAndFlags, creationPacked: creationPacked,
                         descriptionStart32: descriptionStart32, priorityOffset32: priorityOffset32)
        }
        set {
            completionAndFlags = newValue.completionAndFlags
            creationPacked = newValue.creationPacked
            descriptionStart32 = newValue.descriptionStart32
            priorityOffset32 = newValue.priorityOffset32
        }
    }

    /// The body as written (for Markdown, the text after the checkbox; for todo.txt, the whole line).
    public var text: String {
        if start == 0, Int(count) == storage.utf8.count { return storage }
        return withUTF8Bytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the body is exactly `line`'s bytes, in the same string: a todo.txt task's body is its whole line.
    func isExactly(_ line: Line) -> Bool {
        start == line.start && count == line.count
            && storage.storageIdentity == line.storage.storageIdentity
    }

    /// Calls `body` with the body's UTF-8 bytes, without copying them.
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        storage.withUTF8Bytes { all in body(UnsafeBufferPointer(rebasing: all[Int(start)..<Int(start + count)])) }
    }

    public internal(set) var priority: Priority? {
        get { priorityCode == 0 ? nil : Priority(code: priorityCode) }
        set { priorityCode = newValue?.code ?? 0 }
    }
    public internal(set) var completionDate: CalendarDate? {
        get { completionPacked == 0 ? nil : CalendarDate(packed: completionPacked) }
        set { completionPacked = newValue?.packed ?? 0 }
    }
    public internal(set) var creationDate: CalendarDate? {
        get { creationPacked == 0 ? nil : CalendarDate(packed: Int(creationPacked)) }
        set { creationPacked = newValue.map { Int32($0.packed) } ?? 0 }
    }
    /// UTF-8 offset in `text` where the description starts (after the mark, priority and dates).
    public internal(set) var descriptionStart: Int {
        get { Int(descriptionStart32) }
        set { descriptionStart32 = UInt32(newValue) }
    }
    /// UTF-8 offset of the `(X)` priority, if any.
    public internal(set) var priorityOffset: Int? {
        get { priorityOffset32 == .max ? nil : Int(priorityOffset32) }
        set { priorityOffset32 = newValue.map { UInt32($0) } ?? .max }
    }

    /// Every word of the description, classified, in order.
    public var tokens: [Token] {
        var tokens: [Token] = []
        forEachToken { token, _ in
            tokens.append(token)
            return true
        }
        return tokens
    }

    /// Calls `visit` with each token of the description and the body's bytes, in order, until it returns false.
    func forEachToken(_ visit: (Token, UnsafeBufferPointer<UInt8>) -> Bool) {
        let from = Int(descriptionStart32)
        withUTF8Bytes { b in
            TaskBodyParser.forEachToken(b, from: from) { visit($0, b) }
        }
    }

    /// Calls `visit` with each tag token of key `key` (UTF-8), in order, until it returns false.
    func forEachTag(_ key: UnsafeBufferPointer<UInt8>, _ visit: (Token, UnsafeBufferPointer<UInt8>) -> Bool) {
        // Only words holding a colon can be tags: find the colons, and read just the words whose colon follows
        // the key at the word's start. The same tokens, in the same order, as `forEachToken` gives. (Each search
        // starts at a word's end, so the colon found is the first of its word.)
        let from = Int(descriptionStart32)
        withUTF8Bytes { b in
            var colon = ByteScan.next(UInt8(ascii: ":"), in: b, from: from)
            while colon < b.count {
                var start = colon
                while start > from, b[start - 1] != .space, b[start - 1] != .tab { start -= 1 }
                var end = colon + 1
                while end < b.count, b[end] != .space, b[end] != .tab { end += 1 }
                if colon - start == key.count, ByteScan.equal(key, UnsafeBufferPointer(rebasing: b[start..<colon])) {
                    let token = TaskBodyParser.classify(UnsafeBufferPointer(rebasing: b[start..<end]), at: start)
                    if token.kind == .tag, !visit(token, b) { return }
                }
                colon = ByteScan.next(UInt8(ascii: ":"), in: b, from: end)
            }
        }
    }

    func slice(_ range: Range<Int>) -> String {
        withUTF8Bytes { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The description: the body after the mark, priority and leading dates, tags kept, as written.
    public var description: String {
        withUTF8Bytes { b in
            var end = b.count
            let start = min(descriptionStart, end)
            while end > start, b[end - 1] == .space || b[end - 1] == .tab { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        }
    }

    /// The description without projects, contexts and tags, its spaces collapsed.
    public var title: String {
        var bytes: [UInt8] = []
        forEachToken { token, b in
            if token.kind == .word {
                if !bytes.isEmpty { bytes.append(.space) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[token.range]))
            }
            return true
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func text(of token: Token) -> String { slice(token.range) }

    /// Project names without the `+`, in order of first appearance, each once.
    public var projects: [String] { uniqueNames(of: .project) }
    /// Context names without the `@`, in order of first appearance, each once.
    public var contexts: [String] { uniqueNames(of: .context) }

    private func uniqueNames(of kind: Token.Kind) -> [String] {
        var names: [String] = []
        forEachToken { token, b in
            if token.kind == kind {
                let name = String(decoding: UnsafeBufferPointer(rebasing: b[token.nameRange]), as: UTF8.self)
                if !names.contains(name) { names.append(name) }
            }
            return true
        }
        return names
    }

    /// Every `key:value` tag in order, repeats kept.
    public var tags: [(key: String, value: String)] {
        var tags: [(key: String, value: String)] = []
        forEachToken { token, b in
            if token.kind == .tag {
                tags.append((String(decoding: UnsafeBufferPointer(rebasing: b[token.nameRange]), as: UTF8.self),
                             String(decoding: UnsafeBufferPointer(rebasing: b[token.valueRange]), as: UTF8.self)))
            }
            return true
        }
        return tags
    }

    /// The first value of a tag key, e.g. `tag("due")`.
    public func tag(_ key: String) -> String? {
        var key = key
        return key.withUTF8 { k in
            var value: String?
            forEachTag(k) { token, b in
                value = String(decoding: UnsafeBufferPointer(rebasing: b[token.valueRange]), as: UTF8.self)
                return false
            }
            return value
        }
    }

    /// The tokens of a given tag key, in order.
    public func tagTokens(_ key: String) -> [Token] {
        var key = key
        return key.withUTF8 { k in
            var tokens: [Token] = []
            forEachTag(k) { token, _ in
                tokens.append(token)
                return true
            }
            return tokens
        }
    }

    /// The first value of tag `key` read as a date, when it is a real one.
    private func tagDate(_ key: StaticString) -> CalendarDate? {
        var date: CalendarDate?
        forEachTag(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)) { token, b in
            let value = token.valueRange
            if value.count == 10, let (y, m, d) = CalendarDate.isoFields(b, at: value.lowerBound) {
                date = CalendarDate(year: y, month: m, day: d)
            }
            return false
        }
        return date
    }

    /// `due:` as a date, when it is a real one.
    public var due: CalendarDate? { tagDate("due") }
    /// `t:` (threshold, or start date) as a date, when it is a real one.
    public var threshold: CalendarDate? { tagDate("t") }
    /// `rec:` as a recurrence, when it is well formed.
    public var recurrence: Recurrence? { tag("rec").flatMap { Recurrence($0) } }
    /// `est:` as a duration, when it is well formed.
    public var estimate: Duration? { tag("est").flatMap { Duration(parsing: $0) } }
    /// `pri:` on a completed task, the priority it had.
    public var keptPriority: Priority? { tag("pri").flatMap { Priority(lenient: $0) } }

    public static func == (lhs: TaskBody, rhs: TaskBody) -> Bool {
        guard lhs.count == rhs.count, lhs.completionAndFlags == rhs.completionAndFlags,
              lhs.creationPacked == rhs.creationPacked, lhs.descriptionStart32 == rhs.descriptionStart32,
              lhs.priorityOffset32 == rhs.priorityOffset32 else { return false }
        return lhs.withUTF8Bytes { a in rhs.withUTF8Bytes { b in ByteScan.equal(a, b) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(completionAndFlags)
        hasher.combine(creationPacked)
        hasher.combine(descriptionStart32)
        hasher.combine(priorityOffset32)
    }
}
