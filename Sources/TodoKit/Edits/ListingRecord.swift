/// What `todofmt ls` showed, kept so a later edit can tell whether a line number still names the task the
/// user saw: for each listed line, the task's raw text.
///
/// Stored as text: a `todofmt listing 1` line, the todo file's absolute path, then one `LINE<TAB>TEXT` line
/// per listed task.
public struct ListingRecord: Hashable, Sendable {
    public var path: String
    /// Raw line text by 1-based line number.
    public var entries: [Int: String]

    static let header = "todofmt listing 1"

    /// Records the tasks on `lines` (every task when nil) of a document read from `path`.
    public init(path: String, document: Document, lines: [Int]? = nil) {
        self.path = path
        var entries: [Int: String] = [:]
        for line in lines ?? document.tasks.map(\.line) where line >= 1 && line <= document.lines.count {
            entries[line] = String(document.lines[line - 1].text)
        }
        self.entries = entries
    }

    /// Reads a stored record; nil when the text is not one.
    public init?(parsing text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(ListingRecord.header), let path = lines.popFirst(), !path.isEmpty else { return nil }
        self.path = String(path)
        var entries: [Int: String] = [:]
        for line in lines where !line.isEmpty {
            guard let tab = line.firstIndex(of: "\t"), let number = Int(line[..<tab]) else { return nil }
            entries[number] = String(line[line.index(after: tab)...])
        }
        self.entries = entries
    }

    public var text: String {
        var out = "\(ListingRecord.header)\n\(path)\n"
        for line in entries.keys.sorted() { out += "\(line)\t\(entries[line]!)\n" }
        return out
    }

    /// The record's file name for a todo file's absolute path: a 64-bit FNV-1a hash in hex.
    public static func fileName(forPath path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".listing"
    }

    /// Throws when `line` was listed with other text than it has now, naming where that text is now.
    public func verify(line: Int, in document: Document) throws {
        guard let was = entries[line] else { return }
        let now = line >= 1 && line <= document.lines.count ? String(document.lines[line - 1].text) : ""
        guard now != was else { return }
        let movedTo = document.tasks.first { String(document.lines[$0.line - 1].text) == was }?.line
        throw EditError.changedSinceListing(line: line, was: was, now: now, movedTo: movedTo)
    }

    /// Follows an edit made through todofmt: a listed line the edit rewrote in place now has its new text,
    /// so `pri 12 A` then `append 12 …` works. Lines that moved keep their old entry, so a stale number is
    /// still refused, and so is a line that had already changed behind the record's back.
    public mutating func update(after result: EditResult) {
        for (line, text) in entries where line <= result.lineMap.count {
            guard result.lineMap[line - 1] == line, result.original.lines[line - 1].text == text else { continue }
            entries[line] = String(result.document.lines[line - 1].text)
        }
    }
}
