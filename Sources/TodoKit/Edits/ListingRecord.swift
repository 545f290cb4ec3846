/// What `todofmt ls` showed, kept so a later edit can tell whether a line number still names the task the
/// user saw: for each task's line, its raw text, and a fingerprint of the whole file as it was listed.
///
/// Stored as text: a `todofmt listing 2` line, the todo file's absolute path, the fingerprint, then one
/// `LINE<TAB>TEXT` line per task. While the file is as it was listed (its fingerprint matches), every
/// listed line is known to hold what was shown, and the entries are not even read.
public struct ListingRecord: Hashable, Sendable {
    public var path: String
    /// The fingerprint of a file's text whose lines every entry matches (see `Fingerprint`); 0 when no file is
    /// known to, after an edit moved listed lines (their entries keep the text they were listed with).
    public var fingerprint: UInt64
    /// The stored entries, read when first needed: raw line text by 1-based line number.
    private var storedEntries: Substring

    static let header = "todofmt listing 2"

    /// Records every task of a document read from `path`.
    public init(path: String, document: Document) {
        self.init(path: path, fingerprint: Fingerprint(document.text).value,
                  entries: document.tasks.map { ($0.line, document.lines.text($0.line - 1)) })
    }

    private init(path: String, fingerprint: UInt64, entries: [(Int, Substring)]) {
        self.path = path
        self.fingerprint = fingerprint
        var text = ByteBuffer()
        for (line, content) in entries {
            text.append(decimal: line)
            text.append(.tab)
            text.append(content)
            text.append(.newline)
        }
        storedEntries = Substring(text.text)
    }

    /// Reads a stored record; nil when the text is not one.
    public init?(parsing text: String) {
        var rest = Substring(text)
        func nextLine() -> Substring? {
            guard let newline = rest.firstIndex(of: "\n") else { return nil }
            defer { rest = rest[rest.index(after: newline)...] }
            return rest[..<newline]
        }
        guard nextLine() == Substring(ListingRecord.header), let path = nextLine(), !path.isEmpty,
              let fingerprint = nextLine().flatMap({ UInt64($0, radix: 16) }) else { return nil }
        self.path = String(path)
        self.fingerprint = fingerprint
        storedEntries = rest
    }

    public var text: String {
        "\(ListingRecord.header)\n\(path)\n\(String(fingerprint, radix: 16))\n" + storedEntries
    }

    /// Raw line text by 1-based line number.
    public var entries: [Int: String] {
        var entries: [Int: String] = [:]
        for line in storedEntries.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t"), let number = Int(line[..<tab]) else { continue }
            entries[number] = String(line[line.index(after: tab)...])
        }
        return entries
    }

    /// The record's file name for a todo file's absolute path: a 64-bit FNV-1a hash in hex.
    public static func fileName(forPath path: String) -> String {
        pathKey(path) + ".listing"
    }

    /// The 64-bit FNV-1a hash of a path's bytes, in 16 hex digits: what names the state kept for a todo file.
    public static func pathKey(_ path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Fingerprint.hex(hash)
    }

    /// Throws when `line` was listed with other text than it has now, naming where that text is now.
    public func verify(line: Int, in document: Document) throws {
        guard Fingerprint(document.text).value != fingerprint, let was = entries[line] else { return }
        let now = line >= 1 && line <= document.lines.count ? String(document.lines[line - 1].text) : ""
        guard now != was else { return }
        let movedTo = document.tasks.first { String(document.lines[$0.line - 1].text) == was }?.line
        throw EditError.changedSinceListing(line: line, was: was, now: now, movedTo: movedTo)
    }

    /// Follows an edit made through todofmt: a listed line the edit rewrote in place now has its new text,
    /// so `pri 12 A` then `append 12 …` works. Lines that moved keep their old entry, so a stale number is
    /// still refused, and so is a line that had already changed behind the record's back. The lines the edit
    /// printed (`changedTaskLines`: the task `add` wrote, where `mv` put a task) are recorded with their new
    /// text: the user has just been shown those numbers, so the next command may use them.
    public mutating func update(after result: EditResult) {
        let original = result.original
        var entries: [(Int, Substring)]
        var allInPlace = true
        if Fingerprint(original.text).value == fingerprint {
            // Every task line of the original was listed as it is there.
            entries = original.tasks.map { task in
                let line = task.line
                let inPlace = result.lineMap[line - 1] == line
                allInPlace = allInPlace && inPlace
                return (line, inPlace ? result.document.lines.text(line - 1) : original.lines.text(line - 1))
            }
        } else {
            allInPlace = false
            entries = self.entries.sorted { $0.key < $1.key }.map { line, text in
                guard line <= result.lineMap.count, result.lineMap[line - 1] == line,
                      original.lines[line - 1].text == text else { return (line, Substring(text)) }
                return (line, result.document.lines.text(line - 1))
            }
        }
        if !allInPlace, !result.changedTaskLines.isEmpty {
            let shown = Set(result.changedTaskLines)
            entries = entries.filter { !shown.contains($0.0) }
                + result.changedTaskLines.map { ($0, result.document.lines.text($0 - 1)) }
            entries.sort { $0.0 < $1.0 }
        }
        self = ListingRecord(path: path, fingerprint: allInPlace ? Fingerprint(result.document.text).value : 0, entries: entries)
    }
}
